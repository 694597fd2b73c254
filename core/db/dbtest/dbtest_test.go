package dbtest

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestMain(m *testing.M) { Main(m) }

// TestCrashedBinaryLeavesNothing runs this test binary again with a test that panics after its
// cluster started, as a timed-out or crashed test binary does, and checks that the next binary's
// sweep stops that cluster and removes its folder.
func TestCrashedBinaryLeavesNothing(t *testing.T) {
	if os.Getenv("ITS_DBTEST_CRASH") != "" {
		panic("crashing on purpose, leaving the cluster behind")
	}
	if os.Getenv("ITS_TEST_DATABASE_URL") != "" {
		t.Skip("an external test server has no per-binary cluster to leave behind")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashedBinaryLeavesNothing$")
	cmd.Env = append(os.Environ(), "ITS_DBTEST_CRASH=1")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "crashing on purpose") {
		t.Fatalf("the child should have crashed: %v\n%s", err, out)
	}

	left := ownedBy(cmd.Process.Pid)
	if len(left) != 1 {
		t.Fatalf("the crashed binary should leave exactly its own cluster folder, found %v", left)
	}
	pidFile := filepath.Join(left[0], "pg", "postmaster.pid")
	pm := postmasterPID(t, pidFile)
	if syscall.Kill(pm, 0) != nil {
		t.Fatalf("the crashed binary's postmaster %d should still run before the sweep", pm)
	}

	sweepOrphans(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))

	if _, err := os.Stat(left[0]); !os.IsNotExist(err) {
		t.Fatalf("the sweep should remove %s: %v", left[0], err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pm, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("postmaster %d still runs after the sweep", pm)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// This binary's own cluster is untouched by its own sweep.
	if err := New(t).Ping(context.Background()); err != nil {
		t.Fatalf("own cluster: %v", err)
	}
}

// ownedBy lists the test cluster folders whose owner file names pid.
func ownedBy(pid int) []string {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), clusterPrefix+"*"))
	var out []string
	for _, d := range dirs {
		if b, err := os.ReadFile(filepath.Join(d, ownerFile)); err == nil && strings.TrimSpace(string(b)) == strconv.Itoa(pid) {
			out = append(out, d)
		}
	}
	return out
}

func postmasterPID(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("postmaster.pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil {
		t.Fatalf("postmaster.pid: %v", err)
	}
	return pid
}

// A test's database is used as ITS uses its own: as a role that owns the database and may
// create roles, not as a superuser.
func TestDatabaseIsNotSuperuser(t *testing.T) {
	var super, createRole, owns bool
	err := New(t).QueryRow(context.Background(), `SELECT rolsuper, rolcreaterole, (SELECT datdba = r.oid FROM pg_database WHERE datname = current_database())
		FROM pg_roles r WHERE rolname = current_user`).Scan(&super, &createRole, &owns)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("ITS_TEST_DATABASE_URL") == "" && (super || !createRole || !owns) {
		t.Fatalf("superuser %v, createrole %v, owns the database %v; want false, true, true", super, createRole, owns)
	}
}

// TestClusterWithoutDurability: a test binary's own cluster runs with testSettings (it does not
// wait for the disk), seen from a fresh database made from the template.
func TestClusterWithoutDurability(t *testing.T) {
	if os.Getenv("ITS_TEST_DATABASE_URL") != "" {
		t.Skip("an external test server has its own settings")
	}
	pool := New(t)
	for _, set := range testSettings {
		name, want, _ := strings.Cut(set, "=")
		var got string
		if err := pool.QueryRow(context.Background(), "SELECT current_setting($1)", name).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s is %s, want %s", name, got, want)
		}
	}
}
