package plugins

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/registry"
)

// Limits of a bundle, checked before and while it is unpacked.
const (
	MaxBundleBytes   = 256 << 20
	maxUnpackedBytes = 1 << 30
	maxBundleFiles   = 10000
)

// Pack writes the folder dir as a bundle (tar.gz of its files, executables keeping their mode).
func Pack(dir string, w io.Writer) error {
	gz, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
	tw := tar.NewWriter(gz)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." || d.Name() == marker {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if !d.IsDir() && !info.Mode().IsRegular() {
			return nil
		}
		hdr, err := tar.FileInfoHeader(info, "")
		if err != nil {
			return err
		}
		hdr.Name = filepath.ToSlash(rel)
		if d.IsDir() {
			hdr.Name += "/"
		}
		hdr.Uid, hdr.Gid, hdr.Uname, hdr.Gname = 0, 0, "", ""
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		fh, err := os.Open(p)
		if err != nil {
			return err
		}
		defer fh.Close()
		_, err = io.Copy(tw, fh)
		return err
	})
	if err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// Unpack writes the bundle's files under dir, refusing absolute paths, paths leaving dir, links
// and devices, and more than the size and file limits.
func Unpack(bundle []byte, dir string) error {
	gz, err := gzip.NewReader(bytes.NewReader(bundle))
	if err != nil {
		return fmt.Errorf("bundle: not a tar.gz: %w", err)
	}
	tr := tar.NewReader(gz)
	var total int64
	files := 0
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("bundle: %w", err)
		}
		name := path.Clean(hdr.Name)
		if path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") || strings.ContainsRune(name, 0) {
			return fmt.Errorf("bundle: %q: a bundle's paths stay inside it", hdr.Name)
		}
		if files++; files > maxBundleFiles {
			return fmt.Errorf("bundle: more than %d files", maxBundleFiles)
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if total += hdr.Size; total > maxUnpackedBytes {
				return fmt.Errorf("bundle: more than %d bytes unpacked", maxUnpackedBytes)
			}
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			mode := os.FileMode(0o644)
			if hdr.Mode&0o111 != 0 {
				mode = 0o755
			}
			fh, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
			if err != nil {
				return err
			}
			_, err = io.Copy(fh, io.LimitReader(tr, hdr.Size))
			if cerr := fh.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		default:
			return fmt.Errorf("bundle: %q: only files and folders are allowed", hdr.Name)
		}
	}
}

// SHA256 is the hex SHA-256 of b.
func SHA256(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// Installer installs bundles into the plugins table of one installation.
type Installer struct {
	Pool     *pgxpool.Pool
	Registry *registry.Registry
	// TempDir holds the bundle unpacked while it is checked (empty: the system's).
	TempDir string
	// Record, when set, runs in the transaction of each change (change is install, remove,
	// enable or disable): an audit entry commits with the change or not at all.
	Record func(ctx context.Context, tx pgx.Tx, change, id string, data map[string]any) error
	// Sandbox starts the executable for its check (nil: DefaultSandbox, whose maximum the
	// manifest's limits must keep within).
	Sandbox *Sandbox
	// Dir is the plugins folder: the plugins put there by hand are listed, disabled and enabled
	// beside the installed bundles (empty: only the bundles).
	Dir string
	// Host, when set, is this server's: List names why it does not run an enabled plugin.
	Host *Host
}

// Install checks bundle and installs (or upgrades) it: the manifest and the executable's
// checksum, the policy with its tests, the routes the executable serves against the manifest,
// and its migrations applied into its own schema, all in one transaction with the row every
// server follows. Any failure names the problem and installs nothing. wantSum, when given, is
// the bundle's published SHA-256.
func (in *Installer) Install(ctx context.Context, bundle []byte, wantSum string) (*registry.Manifest, error) {
	if len(bundle) > MaxBundleBytes {
		return nil, fmt.Errorf("bundle: larger than %d bytes", MaxBundleBytes)
	}
	sum := SHA256(bundle)
	if wantSum != "" && !strings.EqualFold(wantSum, sum) {
		return nil, fmt.Errorf("bundle: checksum mismatch: the file has SHA-256 %s, its checksum file says %s", sum, wantSum)
	}
	dir, err := os.MkdirTemp(in.TempDir, "its-plugin-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := Unpack(bundle, dir); err != nil {
		return nil, err
	}
	f, err := ReadFolder(dir)
	if err != nil {
		return nil, err
	}
	if err := f.CheckStatic(in.Registry); err != nil {
		return nil, err
	}
	if err := f.RunPolicyTests(ctx); err != nil {
		return nil, err
	}
	// The executable is started once: go-plugin checks its checksum and the handshake, and the
	// routes it registered are compared with the manifest.
	p, err := Launch(ctx, f, in.Sandbox, discardLog, nil)
	if err != nil {
		return nil, err
	}
	p.kill()
	// The migrations run on the plugin's own connection, as its role, before the row is written:
	// a refused migration, or a failure writing the row, drops the role and schema it created.
	role, err := Migrate(ctx, in.Pool, f)
	if err != nil {
		return nil, err
	}
	err = db.InTx(ctx, in.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO plugins (id, version, checksum, bundle) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO UPDATE SET version = $2, checksum = $3, bundle = $4, enabled = true, updated_at = now()`,
			f.ID(), f.Manifest.Plugin.Version, sum, bundle)
		if err != nil {
			return err
		}
		if in.Record != nil {
			if err := in.Record(ctx, tx, "install", f.ID(), map[string]any{"version": f.Manifest.Plugin.Version, "checksum": sum}); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, f.ID())
		return err
	})
	if err != nil {
		return nil, errors.Join(err, role.undo(context.WithoutCancel(ctx), in.Pool))
	}
	return f.Manifest, nil
}

// ErrNotInstalled is a plugin id neither the plugins table nor the plugins folder holds.
var ErrNotInstalled = errors.New("plugin not installed")

// ErrFolderPlugin refuses to remove a plugin put into the plugins folder by hand.
var ErrFolderPlugin = errors.New("the plugin was put into the plugins folder by hand: disable it, or delete its folder on each server to remove it")

// Remove uninstalls plugin id: every server stops it and deletes its files. Its schema, its
// database role and its blobs stay (drop the schema plugin_<id> and the role plugin_roles names
// by hand to delete its data); installing it again finds them.
func (in *Installer) Remove(ctx context.Context, id string) error {
	err := in.change(ctx, id, "remove", `DELETE FROM plugins WHERE id = $1`, id)
	if errors.Is(err, ErrNotInstalled) && in.Dir != "" && handPlaced(in.Dir, id) {
		return fmt.Errorf("%s: %w", id, ErrFolderPlugin)
	}
	return err
}

// SetEnabled disables (stops, keeping it installed) or enables plugin id: a bundle of the
// plugins table, else a plugin put into the plugins folder by hand.
func (in *Installer) SetEnabled(ctx context.Context, id string, enabled bool) error {
	what := map[bool]string{false: "disable", true: "enable"}[enabled]
	err := in.change(ctx, id, what, `UPDATE plugins SET enabled = $2, updated_at = now() WHERE id = $1`, id, enabled)
	if !errors.Is(err, ErrNotInstalled) || in.Dir == "" || !handPlaced(in.Dir, id) {
		return err
	}
	return in.change(ctx, id, what, `INSERT INTO plugin_folders (id, enabled) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET enabled = $2, updated_at = now()`, id, enabled)
}

// change runs q (with args) for plugin id in a transaction with its audit entry and the
// notification every server follows; a q changing no row is ErrNotInstalled.
func (in *Installer) change(ctx context.Context, id, what, q string, args ...any) error {
	return db.InTx(ctx, in.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, q, args...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%s: %w", id, ErrNotInstalled)
		}
		if in.Record != nil {
			if err := in.Record(ctx, tx, what, id, nil); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, id)
		return err
	})
}

// Where a plugin came from.
const (
	// SourceUploaded is a bundle installed through the plugins page or `its plugins install`.
	SourceUploaded = "uploaded"
	// SourceFolder is a folder put into the plugins folder by hand.
	SourceFolder = "folder"
)

// Installed is a plugin as `its plugins list` and the plugins page show it. Checksum is the
// bundle's SHA-256 for an uploaded plugin, the executable's for a folder. Error, when set, is why
// the plugin cannot serve.
type Installed struct {
	ID, Version, Checksum, Source string
	Enabled                       bool
	Error                         string
}

// List lists every plugin that serves or would: the installed bundles, then the plugins put into
// the plugins folder by hand (a folder of the same id as a bundle is the bundle's), by id.
func (in *Installer) List(ctx context.Context) ([]Installed, error) {
	rows, err := in.Pool.Query(ctx, `SELECT id, version, checksum, enabled FROM plugins ORDER BY id`)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Installed, error) {
		i := Installed{Source: SourceUploaded}
		return i, r.Scan(&i.ID, &i.Version, &i.Checksum, &i.Enabled)
	})
	if err != nil {
		return nil, err
	}
	if in.Dir != "" {
		entries, err := os.ReadDir(in.Dir)
		if err != nil && !os.IsNotExist(err) {
			return nil, fmt.Errorf("plugins.dir: %w", err)
		}
		disabled, err := disabledFolders(ctx, in.Pool)
		if err != nil {
			return nil, err
		}
		inTable := map[string]bool{}
		for _, p := range list {
			inTable[p.ID] = true
		}
		for _, e := range entries {
			if !inTable[e.Name()] && handPlaced(in.Dir, e.Name()) {
				list = append(list, folderListing(filepath.Join(in.Dir, e.Name()), !disabled[e.Name()]))
			}
		}
	}
	if in.Host != nil {
		failures := in.Host.Failures()
		for i, p := range list {
			if f, ok := failures[p.ID]; ok && p.Enabled {
				list[i].Error = f
			}
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list, nil
}

// folderListing is the plugin in folder as listed, with the first problem a look at its files
// finds (the server starting it checks more).
func folderListing(folder string, enabled bool) Installed {
	i := Installed{ID: filepath.Base(folder), Source: SourceFolder, Enabled: enabled}
	f, err := ReadFolder(folder)
	if err != nil {
		i.Error = err.Error()
		return i
	}
	i.Version = f.Manifest.Plugin.Version
	i.Checksum, err = f.ExecutableSHA256()
	if err == nil {
		err = f.checkPlace()
	}
	if err != nil {
		i.Error = err.Error()
	}
	return i
}

// disabledFolders are the ids of the folder plugins an admin disabled.
func disabledFolders(ctx context.Context, pool *pgxpool.Pool) (map[string]bool, error) {
	rows, err := pool.Query(ctx, `SELECT id FROM plugin_folders WHERE NOT enabled`)
	if err != nil {
		return nil, fmt.Errorf("reading disabled plugin folders: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("reading disabled plugin folders: %w", err)
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
