package backup_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/backup"
	"its/core/config"
	"its/core/db"
	"its/core/db/dbtest"
	"its/core/storage"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// tableDigests answers, per table of the database, its row count and a digest of its rows.
func tableDigests(t *testing.T, pool *pgxpool.Pool) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT schemaname, tablename FROM pg_tables
		WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`)
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (string, error) {
		var s, n string
		err := r.Scan(&s, &n)
		return pgx.Identifier{s, n}.Sanitize(), err
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, n := range names {
		var count int64
		var digest string
		if err := pool.QueryRow(ctx, `SELECT count(*), coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM `+n+` t`).Scan(&count, &digest); err != nil {
			t.Fatal(err)
		}
		out[n] = fmt.Sprintf("%d rows %s", count, digest)
	}
	return out
}

// blobFiles answers every blob under root with its bytes.
func blobFiles(t *testing.T, root string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBackupRestoresIntoAFreshCluster(t *testing.T) {
	ctx := context.Background()
	var store storage.Store
	a := apptest.Start(t, fx.Invoke(func(s storage.Store) { store = s }))
	// Demo-like content: accounts, an upload record, and blobs of several sizes and folders.
	if _, err := a.DB.Exec(ctx, `INSERT INTO users (email, name, last_name, flags)
		SELECT 'user' || i || '@example.com', 'Nämé ' || i, E'O\'Brien\n' || i, ARRAY['seen', i::text]
		FROM generate_series(1, 5000) i`); err != nil {
		t.Fatal(err)
	}
	for i, size := range []int{0, 1, 4096, 3 << 20} {
		b := make([]byte, size)
		_, _ = rand.Read(b)
		key := fmt.Sprintf("files/footwear/2026/asset-%d.bin", i)
		if i%2 == 1 {
			key = fmt.Sprintf("folders/A%d/Spring 26 logo.png", i)
		}
		if err := store.Put(ctx, key, bytes.NewReader(b), int64(len(b)), "application/octet-stream"); err != nil {
			t.Fatal(err)
		}
	}
	// The server's background work (its job queue's rows) goes on between a digest and the
	// backup's snapshot: stop it, so both read the same rows.
	a.Stop()
	source, err := db.Open(ctx, a.Config.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer source.Close()
	wantRows := tableDigests(t, source)
	wantBlobs := blobFiles(t, filepath.Join(a.Config.DataDir, "blobs", "objects"))
	if len(wantBlobs) != 4 || len(wantRows) < 10 {
		t.Fatalf("source: %d blobs, %d tables", len(wantBlobs), len(wantRows))
	}

	log := slog.New(slog.DiscardHandler)
	file := filepath.Join(t.TempDir(), "its.tar.gz")
	sum, err := backup.Backup(ctx, file, backup.Options{Config: a.Config, Log: log, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Files != 4 || sum.Bytes != 4096+1+(3<<20) || sum.DumpBytes == 0 {
		t.Fatalf("backup summary %+v", sum)
	}

	// Restore into a new data_dir: a private cluster is initialised there for it.
	// Not t.TempDir(): its nested 0700 folders would keep the postgres user out when run as root.
	dataDir, err := os.MkdirTemp("", "its-restore-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dataDir) })
	cfg, err := config.LoadFrom([]string{"ITS_DATA_DIR=" + dataDir})
	if err != nil {
		t.Fatal(err)
	}
	o := backup.Options{Config: cfg, Log: log}
	if _, err := backup.Restore(ctx, file, o); err != nil {
		t.Fatal(err)
	}
	c, err := db.NewCluster(filepath.Join(dataDir, "pg"), log)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Stop(context.Background()) })
	url, _ := c.URL(db.DatabaseName)
	restored, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	gotRows := tableDigests(t, restored)
	for table, want := range wantRows {
		if gotRows[table] != want {
			t.Errorf("%s: restored %q, backed up %q", table, gotRows[table], want)
		}
	}
	if len(gotRows) != len(wantRows) {
		t.Errorf("restored %d tables, backed up %d", len(gotRows), len(wantRows))
	}
	gotBlobs := blobFiles(t, filepath.Join(dataDir, "blobs", "objects"))
	for k, want := range wantBlobs {
		if !bytes.Equal(gotBlobs[k], want) {
			t.Errorf("blob %s: %d bytes restored, %d backed up (or different)", k, len(gotBlobs[k]), len(want))
		}
	}
	if len(gotBlobs) != len(wantBlobs) {
		t.Errorf("restored %d blobs, backed up %d", len(gotBlobs), len(wantBlobs))
	}

	// A second restore into what is no longer empty is refused and changes nothing.
	if _, err := backup.Restore(ctx, file, o); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("restore over data: %v", err)
	}
	if again := tableDigests(t, restored); fmt.Sprint(again) != fmt.Sprint(gotRows) {
		t.Fatal("a refused restore changed the database")
	}
}

func TestRestoreRefusesABrokenArchive(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg, err := config.LoadFrom([]string{"ITS_DATA_DIR=" + dir, "ITS_DATABASE_URL=" + dbtest.NewDatabase(t)})
	if err != nil {
		t.Fatal(err)
	}
	o := backup.Options{Config: cfg, Log: slog.New(slog.DiscardHandler)}
	bad := filepath.Join(dir, "bad.tar.gz")
	if err := os.WriteFile(bad, []byte("not a backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := backup.Restore(ctx, bad, o); err == nil || !strings.Contains(err.Error(), "not an ITS backup") {
		t.Fatalf("restore of garbage: %v", err)
	}
	if _, err := backup.Restore(ctx, filepath.Join(dir, "missing.tar.gz"), o); err == nil {
		t.Fatal("restore of a missing file succeeded")
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "blobs", "objects")); len(entries) != 0 {
		t.Fatalf("a refused restore wrote blobs: %v", entries)
	}
}

// A backup next to a running server uses the server's private cluster and leaves it running.
func TestBackupLeavesARunningClusterRunning(t *testing.T) {
	ctx := context.Background()
	dataDir, err := os.MkdirTemp("", "its-backup-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dataDir) })
	log := slog.New(slog.DiscardHandler)
	server, err := db.NewCluster(filepath.Join(dataDir, "pg"), log)
	if err != nil {
		t.Fatal(err)
	}
	if err := server.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = server.Stop(context.Background()) })
	cfg, err := config.LoadFrom([]string{"ITS_DATA_DIR=" + dataDir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := backup.Backup(ctx, filepath.Join(dataDir, "its.tar.gz"), backup.Options{Config: cfg, Log: log}); err != nil {
		t.Fatal(err)
	}
	admin, _ := server.URL("postgres")
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("the server's cluster stopped with the backup: %v", err)
	}
	conn.Close(ctx)
}

// writeArchive writes a tar.gz of name/content pairs.
func writeArchive(t *testing.T, file string, entries ...string) {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for i := 0; i+1 < len(entries); i += 2 {
		if err := tw.WriteHeader(&tar.Header{Name: entries[i], Mode: 0o600, Size: int64(len(entries[i+1]))}); err != nil {
			t.Fatal(err)
		}
		_, _ = tw.Write([]byte(entries[i+1]))
	}
	_ = tw.Close()
	_ = gz.Close()
	if err := os.WriteFile(file, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestRestoreRefusesEntriesOutsideTheBlobFolder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg, err := config.LoadFrom([]string{"ITS_DATA_DIR=" + filepath.Join(dir, "data"), "ITS_DATABASE_URL=" + dbtest.NewDatabase(t)})
	if err != nil {
		t.Fatal(err)
	}
	o := backup.Options{Config: cfg, Log: slog.New(slog.DiscardHandler)}
	manifest := `{"format":1,"blobs":"local","files":1,"bytes":4}`
	for _, name := range []string{"blobs/../../escaped", "blobs//etc/x", "../escaped", "blobs/a/../../b"} {
		file := filepath.Join(dir, "evil.tar.gz")
		writeArchive(t, file, "its-backup.json", manifest, "database.dump", "dump", name, "evil")
		if _, err := backup.Restore(ctx, file, o); err == nil {
			t.Fatalf("entry %q was accepted", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "escaped")); err == nil {
		t.Fatal("an entry escaped the blob folder")
	}
	// A manifest that does not match the blobs is an incomplete archive.
	file := filepath.Join(dir, "short.tar.gz")
	writeArchive(t, file, "its-backup.json", `{"format":1,"blobs":"local","files":2,"bytes":8}`, "database.dump", "dump", "blobs/a.bin", "abcd")
	if _, err := backup.Restore(ctx, file, o); err == nil || !strings.Contains(err.Error(), "incomplete") {
		t.Fatalf("short archive: %v", err)
	}
}
