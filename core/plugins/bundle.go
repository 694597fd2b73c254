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
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

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
	err = pgx.BeginFunc(ctx, in.Pool, func(tx pgx.Tx) error {
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

// ErrNotInstalled is a plugin id the plugins table does not hold.
var ErrNotInstalled = errors.New("plugin not installed")

// Remove uninstalls plugin id: every server stops it and deletes its files. Its schema, its
// database role and its blobs stay (drop the schema plugin_<id> and the role plugin_roles names
// by hand to delete its data); installing it again finds them.
func (in *Installer) Remove(ctx context.Context, id string) error {
	return in.change(ctx, id, "remove", `DELETE FROM plugins WHERE id = $1`)
}

// SetEnabled disables (stops, keeping it installed) or enables plugin id.
func (in *Installer) SetEnabled(ctx context.Context, id string, enabled bool) error {
	q, what := `UPDATE plugins SET enabled = false, updated_at = now() WHERE id = $1`, "disable"
	if enabled {
		q, what = `UPDATE plugins SET enabled = true, updated_at = now() WHERE id = $1`, "enable"
	}
	return in.change(ctx, id, what, q)
}

func (in *Installer) change(ctx context.Context, id, what, q string) error {
	return pgx.BeginFunc(ctx, in.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, q, id)
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

// Installed is a plugin as `its plugins list` shows it.
type Installed struct {
	ID, Version, Checksum string
	Enabled               bool
}

// List lists the installed plugins.
func (in *Installer) List(ctx context.Context) ([]Installed, error) {
	rows, err := in.Pool.Query(ctx, `SELECT id, version, checksum, enabled FROM plugins ORDER BY id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Installed, error) {
		var i Installed
		return i, r.Scan(&i.ID, &i.Version, &i.Checksum, &i.Enabled)
	})
}
