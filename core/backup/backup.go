// Package backup writes a whole ITS into one archive and brings it back: the database as a
// pg_dump in the custom format and the local blob store's objects, in a tar.gz. A restore goes
// into an empty database (and an empty blob folder), all or nothing.
package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/config"
	"its/core/db"
)

// Archive entries.
const (
	manifestName = "its-backup.json"
	dumpName     = "database.dump"
	blobsPrefix  = "blobs/"
	// signingKey keeps signed blob URLs valid across a restore (the server generates it when
	// storage.signing_secret is empty).
	signingKey = "blob-signing.key"
	format     = 1
)

// Manifest describes an archive; it is its first entry.
type Manifest struct {
	Format  int       `json:"format"`
	Created time.Time `json:"created"`
	Version string    `json:"version"`
	// Blobs is "local" when the archive holds the blob store, "s3" when the blobs stayed in
	// the bucket (back that up with the bucket's own versioning or replication).
	Blobs string `json:"blobs"`
	Files int    `json:"files"`
	Bytes int64  `json:"bytes"`
}

// Summary is what a backup or restore did.
type Summary struct {
	Manifest
	DumpBytes int64
}

// Options name what to back up or restore into.
type Options struct {
	Config  *config.Config
	Log     *slog.Logger
	Version string
}

func (o Options) blobRoot() string { return filepath.Join(o.Config.DataDir, "blobs", "objects") }

// Backup writes the archive to file: the database first (pg_dump reads one consistent
// snapshot), then the blobs. A blob written after the snapshot is harmless; one deleted after
// it would be missing, so for an exact pair take it with writes stopped (site_updating).
// The file appears only when complete.
func Backup(ctx context.Context, file string, o Options) (*Summary, error) {
	tmpDir, err := os.MkdirTemp("", "its-backup-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmpDir)
	dump := filepath.Join(tmpDir, dumpName)
	err = WithDatabase(ctx, o, func(dbURL string) error {
		return pgTool(ctx, o, dbURL, "pg_dump", "--format=custom", "--file="+dump)
	})
	if err != nil {
		return nil, err
	}
	partial := file + ".partial"
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, err
	}
	defer os.Remove(partial)
	sum, err := write(f, dump, o)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return sum, os.Rename(partial, file)
}

func write(w io.Writer, dump string, o Options) (*Summary, error) {
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	m := Manifest{Format: format, Created: time.Now().UTC(), Version: o.Version, Blobs: o.Config.Storage.Driver}
	var blobs []string
	if m.Blobs == "local" {
		err := filepath.WalkDir(o.blobRoot(), func(p string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && p == o.blobRoot() {
				return nil
			}
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			blobs = append(blobs, p)
			m.Files++
			m.Bytes += info.Size()
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("reading the blob store: %w", err)
		}
	} else {
		o.Log.Warn("blobs are in S3 and not in the archive: back the bucket up with its own versioning or replication", "bucket", o.Config.Storage.Bucket)
	}
	mb, _ := json.MarshalIndent(m, "", "  ")
	if err := addBytes(tw, manifestName, mb); err != nil {
		return nil, err
	}
	dumpSize, err := addFile(tw, dumpName, dump)
	if err != nil {
		return nil, err
	}
	if key, err := os.ReadFile(filepath.Join(o.Config.DataDir, signingKey)); err == nil {
		if err := addBytes(tw, signingKey, key); err != nil {
			return nil, err
		}
	}
	for _, p := range blobs {
		rel, _ := filepath.Rel(o.blobRoot(), p)
		if _, err := addFile(tw, blobsPrefix+filepath.ToSlash(rel), p); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return &Summary{Manifest: m, DumpBytes: dumpSize}, nil
}

func addBytes(tw *tar.Writer, name string, b []byte) error {
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: int64(len(b)), ModTime: time.Now()}); err != nil {
		return err
	}
	_, err := tw.Write(b)
	return err
}

func addFile(tw *tar.Writer, name, file string) (int64, error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: st.Size(), ModTime: st.ModTime()}); err != nil {
		return 0, err
	}
	// CopyN: a file growing while it is read must not overrun its header's size.
	n, err := io.CopyN(tw, f, st.Size())
	return n, err
}

// Restore reads the archive into an empty database and an empty blob folder; either holding
// anything stops it before a change. The database is restored in one transaction.
func Restore(ctx context.Context, file string, o Options) (*Summary, error) {
	tmpDir, err := os.MkdirTemp("", "its-restore-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmpDir)
	if o.Config.Storage.Driver == "local" {
		if err := mustBeEmpty(o.blobRoot()); err != nil {
			return nil, err
		}
	}
	staged := filepath.Join(tmpDir, "blobs")
	sum, err := unpack(file, tmpDir, staged)
	if err != nil {
		return nil, err
	}
	if sum.Blobs == "local" && o.Config.Storage.Driver != "local" {
		return nil, errors.New("the archive holds local blobs but storage.driver is not local: restore with the local driver, then copy the blobs into the bucket")
	}
	err = WithDatabase(ctx, o, func(dbURL string) error {
		if err := mustBeEmptyDB(ctx, dbURL); err != nil {
			return err
		}
		return pgTool(ctx, o, dbURL, "pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", filepath.Join(tmpDir, dumpName))
	})
	if err != nil {
		return nil, err
	}
	if sum.Blobs == "local" {
		if err := os.MkdirAll(filepath.Dir(o.blobRoot()), 0o755); err != nil {
			return nil, err
		}
		_ = os.Remove(o.blobRoot()) // empty, checked above
		if err := moveTree(staged, o.blobRoot()); err != nil {
			return nil, err
		}
	}
	if key, err := os.ReadFile(filepath.Join(tmpDir, signingKey)); err == nil && o.Config.Storage.SigningSecret == "" {
		if err := os.WriteFile(filepath.Join(o.Config.DataDir, signingKey), key, 0o600); err != nil {
			return nil, err
		}
	}
	return sum, nil
}

// unpack checks the manifest and extracts the dump and key into dir and the blobs into staged,
// refusing entries that would leave their folder.
func unpack(file, dir, staged string) (*Summary, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s is not an ITS backup (gzip): %w", file, err)
	}
	tr := tar.NewReader(gz)
	var sum *Summary
	var files int
	var bytes int64
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if sum == nil {
			if h.Name != manifestName {
				return nil, fmt.Errorf("%s is not an ITS backup: it does not start with %s", file, manifestName)
			}
			var m Manifest
			if err := json.NewDecoder(io.LimitReader(tr, 1<<20)).Decode(&m); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", file, manifestName, err)
			}
			if m.Format != format {
				return nil, fmt.Errorf("%s: backup format %d, this ITS reads format %d", file, m.Format, format)
			}
			sum = &Summary{Manifest: m}
			continue
		}
		if h.Typeflag != tar.TypeReg {
			return nil, fmt.Errorf("%s: entry %q is not a regular file", file, h.Name)
		}
		var dst string
		switch {
		case h.Name == dumpName || h.Name == signingKey:
			dst = filepath.Join(dir, h.Name)
		case strings.HasPrefix(h.Name, blobsPrefix):
			rel := strings.TrimPrefix(h.Name, blobsPrefix)
			if clean := path.Clean(rel); clean != rel || rel == "" || strings.HasPrefix(rel, "../") || path.IsAbs(rel) {
				return nil, fmt.Errorf("%s: entry %q leaves the blob folder", file, h.Name)
			}
			dst = filepath.Join(staged, filepath.FromSlash(rel))
			files++
			bytes += h.Size
		default:
			return nil, fmt.Errorf("%s: unexpected entry %q", file, h.Name)
		}
		n, err := extract(tr, dst, h.Size)
		if err != nil {
			return nil, err
		}
		if h.Name == dumpName {
			sum.DumpBytes = n
		}
	}
	switch {
	case sum == nil:
		return nil, fmt.Errorf("%s is an empty archive", file)
	case sum.DumpBytes == 0:
		return nil, fmt.Errorf("%s holds no database dump", file)
	case files != sum.Files || bytes != sum.Bytes:
		return nil, fmt.Errorf("%s: %d blobs of %d bytes, the manifest says %d of %d: the archive is incomplete", file, files, bytes, sum.Files, sum.Bytes)
	}
	return sum, nil
}

func extract(r io.Reader, dst string, size int64) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return 0, err
	}
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.CopyN(f, r, size)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// moveTree renames staged into place, copying when they sit on different file systems.
func moveTree(src, dst string) error {
	if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dst, 0o755)
	}
	if err := os.Rename(src, dst); err == nil {
		return nil
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}

func mustBeEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("the blob folder %s is not empty: restore into an empty data_dir", dir)
	}
	return nil
}

// mustBeEmptyDB refuses a database holding any table, view or sequence of its own.
func mustBeEmptyDB(ctx context.Context, dbURL string) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var n int
	err = conn.QueryRow(ctx, `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\_toast%'
		AND n.nspname NOT LIKE 'pg\_temp%'`).Scan(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return fmt.Errorf("the database is not empty (%d relations): restore into an empty database", n)
	}
	return nil
}

// WithDatabase runs fn with the URL of ITS's database: database_url, or the private cluster
// under data_dir, started for fn (initialised when new) and stopped after unless another
// process was already running it.
func WithDatabase(ctx context.Context, o Options, fn func(dbURL string) error) error {
	if o.Config.DatabaseURL != "" {
		return fn(o.Config.DatabaseURL)
	}
	c, err := db.NewCluster(filepath.Join(o.Config.DataDir, "pg"), o.Log)
	if err != nil {
		return err
	}
	if err := c.Start(ctx); err != nil {
		return err
	}
	stop := func() error {
		if c.Adopted {
			return nil
		}
		return c.Stop(context.WithoutCancel(ctx))
	}
	if err := c.Bootstrap(ctx, db.DatabaseName); err != nil {
		return errors.Join(err, stop())
	}
	dbURL, _ := c.URL(db.DatabaseName)
	return errors.Join(fn(dbURL), stop())
}

// pgTool runs pg_dump or pg_restore on dbURL. The password goes in the environment, not the
// command line, where any local user could read it.
func pgTool(ctx context.Context, o Options, dbURL, tool string, args ...string) error {
	bin, err := db.FindBinaries()
	if err != nil {
		return err
	}
	env := os.Environ()
	if u, err := url.Parse(dbURL); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok {
			env = append(env, "PGPASSWORD="+pw)
			u.User = url.User(u.User.Username())
			dbURL = u.String()
		}
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, tool), append([]string{"--dbname=" + dbURL}, args...)...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w: %s", tool, err, strings.TrimSpace(string(out)))
	}
	return nil
}
