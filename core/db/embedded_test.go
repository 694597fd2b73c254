package db

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
)

// TestClusterSurvivesRestart starts a private cluster from the system's binaries, migrates and
// writes, stops it, starts it again (on a new port) and reads the data back.
func TestClusterSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Not t.TempDir(): its nested 0700 folders would keep the postgres user out when run as root.
	base, err := os.MkdirTemp("", "its-db-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	dir := filepath.Join(base, "pg")
	c, err := NewCluster(dir, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Stop(ctx) })
	admin, _ := c.URL("postgres")
	if err := EnsureDatabase(ctx, admin, DatabaseName); err != nil {
		t.Fatal(err)
	}
	url, _ := c.URL(DatabaseName)
	pool, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if err := Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if err := Migrate(ctx, pool); err != nil {
		t.Fatalf("migrations are not idempotent: %v", err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO currencies VALUES ('CHF', 2, 'Fr.')`); err != nil {
		t.Fatal(err)
	}
	pool.Close()
	firstPort := c.Port
	if err := c.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "postmaster.pid")); err == nil {
		t.Fatal("postmaster still running after Stop")
	}

	c2, err := NewCluster(dir, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := c2.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c2.Stop(ctx) })
	url, _ = c2.URL(DatabaseName)
	pool, err = Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var sym string
	if err := pool.QueryRow(ctx, `SELECT currency_symbol FROM currencies WHERE currency_code = 'CHF'`).Scan(&sym); err != nil || sym != "Fr." {
		t.Fatalf("data lost across restart (ports %d, %d): %q %v", firstPort, c2.Port, sym, err)
	}

	// A cluster left running by a process that died is adopted, not started twice.
	c3, _ := NewCluster(dir, log)
	if err := c3.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if c3.Port != c2.Port {
		t.Fatalf("did not adopt the running postmaster: %d vs %d", c3.Port, c2.Port)
	}
}

func TestRedact(t *testing.T) {
	if got := redact("postgres://its:secret@127.0.0.1:5432/its"); got != "postgres://***@127.0.0.1:5432/its" {
		t.Fatal(got)
	}
}
