package db

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// startCluster starts a private cluster in a fresh folder and answers it, its data directory and
// a pool on the application database; the caller stops the cluster.
func startCluster(ctx context.Context, t *testing.T, log *slog.Logger) (*Cluster, string, *pgxpool.Pool) {
	t.Helper()
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
	if err := c.Bootstrap(ctx, DatabaseName); err != nil {
		_ = c.Stop(ctx)
		t.Fatal(err)
	}
	url, _ := c.URL(DatabaseName)
	pool, err := Open(ctx, url)
	if err != nil {
		_ = c.Stop(ctx)
		t.Fatal(err)
	}
	return c, dir, pool
}

// TestClusterSurvivesRestart starts a private cluster from the system's binaries, migrates and
// writes, stops it, starts it again (on a new port) and reads the data back.
func TestClusterSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c, dir, pool := startCluster(ctx, t, log)
	t.Cleanup(func() { _ = c.Stop(ctx) })
	if err := Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if err := Migrate(ctx, pool); err != nil {
		t.Fatalf("migrations are not idempotent: %v", err)
	}
	// ITS works as a role that owns its database and may create (plugin) roles, not as a
	// superuser: the migrations above ran as it.
	var super, createRole, owner bool
	if err := pool.QueryRow(ctx, `SELECT rolsuper, rolcreaterole, (SELECT datdba = r.oid FROM pg_database WHERE datname = current_database())
		FROM pg_roles r WHERE rolname = current_user`).Scan(&super, &createRole, &owner); err != nil {
		t.Fatal(err)
	}
	if super || !createRole || !owner {
		t.Fatalf("the app role: superuser %v, createrole %v, owns the database %v; want false, true, true", super, createRole, owner)
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
	url, _ := c2.URL(DatabaseName)
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

// TestClusterStartsAfterKilledPostmaster kills the postmaster outright, as a crash of the machine's
// processes would, leaving a stale postmaster.pid (and, until its parent reaps it, a zombie with
// that pid): the next Start must wait it out, start a new postmaster and find the data intact.
func TestClusterStartsAfterKilledPostmaster(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c, dir, pool := startCluster(ctx, t, log)
	if _, err := pool.Exec(ctx, `CREATE TABLE crash_probe (v text); INSERT INTO crash_probe VALUES ('kept')`); err != nil {
		_ = c.Stop(ctx)
		t.Fatal(err)
	}
	pool.Close()
	pid, _ := c.pidFile()
	if pid <= 0 {
		t.Fatal("no postmaster.pid after Start")
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for processExists(pid) && !zombie(pid) {
		time.Sleep(10 * time.Millisecond)
	}
	if p, _ := c.pidFile(); p != pid {
		t.Fatalf("postmaster.pid changed by the kill: %d, want the stale %d", p, pid)
	}

	c2, _ := NewCluster(dir, log)
	if err := c2.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c2.Stop(ctx) })
	if p, _ := c2.pidFile(); p == pid || p <= 0 {
		t.Fatalf("no new postmaster: pid %d (killed: %d)", p, pid)
	}
	url, _ := c2.URL(DatabaseName)
	pool, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var v string
	if err := pool.QueryRow(ctx, `SELECT v FROM crash_probe`).Scan(&v); err != nil || v != "kept" {
		t.Fatalf("data lost across the crash: %q %v", v, err)
	}
}

func TestZombie(t *testing.T) {
	if zombie(os.Getpid()) {
		t.Fatal("a running process is not a zombie")
	}
	if zombie(1 << 30) {
		t.Fatal("a missing process is not a zombie")
	}
}

func TestRedact(t *testing.T) {
	if got := redact("postgres://its:secret@127.0.0.1:5432/its"); got != "postgres://***@127.0.0.1:5432/its" {
		t.Fatal(got)
	}
}

// TestClusterStartWaitsForAStoppingPostmaster starts again while the previous postmaster is still
// shutting down (a smart stop waits for its last client): the new Start must not adopt it (it
// would answer "the database system is shutting down" to every connection) but wait until it is
// gone and start the cluster afresh.
func TestClusterStartWaitsForAStoppingPostmaster(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c, dir, pool := startCluster(ctx, t, log)
	t.Cleanup(func() { _ = c.Stop(ctx) })
	// A client that stays: the smart shutdown below waits for it.
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	oldPid, _ := c.pidFile()
	if err := c.run(ctx, "pg_ctl", "stop", "-W", "-m", "smart", "-D", c.Dir); err != nil {
		t.Fatal(err)
	}
	for strings.TrimSpace(c.pidStatus()) != "stopping" {
		time.Sleep(10 * time.Millisecond)
	}
	// The client leaves a little after the new start begins, as the old server's last request
	// would.
	go func() {
		time.Sleep(time.Second)
		conn.Release()
		pool.Close()
	}()
	c2, _ := NewCluster(dir, log)
	if err := c2.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c2.Stop(ctx) })
	if c2.Adopted {
		t.Fatal("adopted a postmaster that was shutting down")
	}
	if p, _ := c2.pidFile(); p == oldPid || p <= 0 {
		t.Fatalf("no new postmaster: pid %d (stopping: %d)", p, oldPid)
	}
	url, _ := c2.URL(DatabaseName)
	pool2, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool2.Close()
	if err := pool2.Ping(ctx); err != nil {
		t.Fatalf("the new start answers: %v", err)
	}
}
