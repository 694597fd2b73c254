// Package dbtest gives tests a real PostgreSQL: a private cluster per test binary (or the server at
// ITS_TEST_DATABASE_URL), and a fresh, migrated database per test cloned from a template.
package dbtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/migrations"
)

var (
	adminURL string
	// appURL is adminURL's server as the role ITS works as (in a private cluster, not a
	// superuser: tests run as ITS does), and owner that role when databases need one named.
	appURL, owner string
	tplOnce       sync.Once
	tplName       string
	tplErr        error
	counter       atomic.Int64
	// scratch holds what a test binary keeps beyond one test (removed when Main returns).
	scratch string
	// derived holds this binary's templates made by Derived, one per key.
	derived sync.Map // key -> *derivedTemplate
)

// fuzzServerEnv passes a fuzzing test binary's server to the worker processes go test starts
// for it: they share the server and its template instead of each starting a cluster.
const (
	fuzzServerEnv = "ITS_DBTEST_FUZZ_SERVER"
	fuzzAppEnv    = "ITS_DBTEST_FUZZ_APP"
	fuzzOwnerEnv  = "ITS_DBTEST_FUZZ_OWNER"
)

// fuzzing reports whether the binary is fuzzing, and whether it is one of the workers.
func fuzzing() (coordinator, worker bool) {
	if !flag.Parsed() {
		flag.Parse()
	}
	fz, w := flag.Lookup("test.fuzz"), flag.Lookup("test.fuzzworker")
	worker = w != nil && w.Value.String() == "true"
	return fz != nil && fz.Value.String() != "" && !worker, worker
}

// Main runs a package's tests with a database server available; call it from TestMain.
func Main(m *testing.M) {
	code := func() int {
		var err error
		if scratch, err = os.MkdirTemp("", "its-test-scratch-"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(scratch)
		if u := os.Getenv("ITS_TEST_DATABASE_URL"); u != "" {
			adminURL, appURL = u, u
			defer dropDerived()
			return m.Run()
		}
		coordinator, worker := fuzzing()
		if u := os.Getenv(fuzzServerEnv); u != "" && worker {
			adminURL, appURL, owner = u, os.Getenv(fuzzAppEnv), os.Getenv(fuzzOwnerEnv)
			return m.Run()
		}
		log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		sweepOrphans(log)
		dir, err := os.MkdirTemp("", clusterPrefix)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		// A test binary that panics or times out never runs the deferred stop: the owner file
		// lets the next test binary find and stop the cluster it left behind.
		if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		c, err := db.NewCluster(dir+"/pg", log)
		if err == nil {
			c.Settings = testSettings
			err = c.Start(context.Background())
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "dbtest:", err)
			return 1
		}
		defer c.Stop(context.Background())
		// As in production: the bootstrap superuser makes the app role, which then works alone.
		if err := c.Bootstrap(context.Background(), "postgres"); err != nil {
			fmt.Fprintln(os.Stderr, "dbtest:", err)
			return 1
		}
		adminURL, _ = c.AdminURL("postgres")
		appURL, _ = c.URL("postgres")
		owner = db.AppRole
		if coordinator {
			os.Setenv(fuzzServerEnv, adminURL)
			os.Setenv(fuzzAppEnv, appURL)
			os.Setenv(fuzzOwnerEnv, owner)
		}
		return m.Run()
	}()
	os.Exit(code)
}

// testSettings turn a test cluster's durability off: no commit, checkpoint or database copy waits
// for the disk, and the cluster is removed when its tests end (a crash of the machine, the only
// case these settings lose data in, ends them too). Queries, locks and transactions work as with
// ITS's own settings.
var testSettings = []string{"fsync=off", "synchronous_commit=off", "full_page_writes=off"}

const (
	clusterPrefix = "its-test-pg-"
	ownerFile     = "owner.pid"
)

// sweepOrphans stops and removes the clusters of test binaries that died without cleaning up.
func sweepOrphans(log *slog.Logger) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), clusterPrefix+"*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue // not ours to judge: being set up, or from an older layout
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue // its owner still runs
		}
		if _, err := os.Stat(filepath.Join(dir, "pg", "postmaster.pid")); err == nil {
			// Start adopts the live postmaster, so Stop may stop it.
			if c, err := db.NewCluster(filepath.Join(dir, "pg"), log); err == nil && c.Start(context.Background()) == nil {
				_ = c.Stop(context.Background())
			}
		}
		_ = os.RemoveAll(dir)
	}
}

// AdminURL is the URL of the maintenance database of the test server.
func AdminURL() string { return adminURL }

// URLFor returns the URL of database name on the test server, as the role ITS works as.
func URLFor(name string) string {
	i := strings.LastIndex(appURL, "/")
	q := ""
	if j := strings.Index(appURL[i:], "?"); j >= 0 {
		q = appURL[i+j:]
	}
	return appURL[:i+1] + name + q
}

// ownerOption is the CREATE DATABASE option making the app role the owner (none on a server
// given from outside).
func ownerOption() string {
	if owner == "" {
		return ""
	}
	return " OWNER " + owner
}

func template(ctx context.Context) (string, error) {
	tplOnce.Do(func() {
		h := sha256.New()
		_ = fs.WalkDir(migrations.FS, ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				b, _ := fs.ReadFile(migrations.FS, p)
				h.Write([]byte(p))
				h.Write(b)
			}
			return nil
		})
		tplName = "its_tpl_" + hex.EncodeToString(h.Sum(nil))[:12]
		conn, err := pgx.Connect(ctx, adminURL)
		if err != nil {
			tplErr = err
			return
		}
		defer conn.Close(ctx)
		// Several test binaries may share one server: build the template under a lock.
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(4242)`); err != nil {
			tplErr = err
			return
		}
		defer conn.Exec(ctx, `SELECT pg_advisory_unlock(4242)`)
		var exists bool
		if err := conn.QueryRow(ctx, `SELECT EXISTS(SELECT 1 FROM pg_database WHERE datname=$1)`, tplName).Scan(&exists); err != nil || exists {
			tplErr = err
			return
		}
		building := tplName + "_build"
		_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+building)
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+building+ownerOption()); err != nil {
			tplErr = err
			return
		}
		pool, err := db.Open(ctx, URLFor(building))
		if err != nil {
			tplErr = err
			return
		}
		err = db.Migrate(ctx, pool)
		pool.Close()
		if err != nil {
			tplErr = err
			return
		}
		_, tplErr = conn.Exec(ctx, "ALTER DATABASE "+building+" RENAME TO "+tplName)
	})
	return tplName, tplErr
}

// NewDatabase creates a fresh migrated database and returns its URL; it is dropped after the test.
func NewDatabase(t testing.TB) string {
	t.Helper()
	if adminURL == "" {
		t.Fatal("dbtest: no database server; call dbtest.Main from TestMain")
	}
	tpl, err := template(context.Background())
	if err != nil {
		t.Fatalf("dbtest template: %v", err)
	}
	return createDatabase(t, " TEMPLATE "+tpl)
}

// NewEmptyDatabase creates a database without any migration applied, for tests of start-up
// itself; it is dropped after the test.
func NewEmptyDatabase(t testing.TB) string {
	t.Helper()
	if adminURL == "" {
		t.Fatal("dbtest: no database server; call dbtest.Main from TestMain")
	}
	return createDatabase(t, "")
}

func createDatabase(t testing.TB, options string) string {
	t.Helper()
	ctx := context.Background()
	name := fmt.Sprintf("its_t_%d_%d", os.Getpid(), counter.Add(1))
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+options+ownerOption()); err != nil {
		t.Fatalf("dbtest create: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), adminURL)
		if err == nil {
			_, _ = c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			c.Close(context.Background())
		}
	})
	return URLFor(name)
}

// New returns a pool on a fresh migrated database, closed after the test.
func New(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool, err := db.Open(context.Background(), NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// derivedTemplate is one template made by Derived.
type derivedTemplate struct {
	once sync.Once
	name string
	err  error
}

// Derived returns the name of a template database made once per key in this test binary: build
// fills a fresh migrated database (its URL given) and closes its connections, and every database
// made from the template by NewDatabaseFrom starts with what build left. Tests that start the
// same app share its start-up work (the demo data) instead of each doing it again.
func Derived(key string, build func(url string) error) (string, error) {
	if adminURL == "" {
		return "", fmt.Errorf("dbtest: no database server; call dbtest.Main from TestMain")
	}
	v, _ := derived.LoadOrStore(key, &derivedTemplate{})
	d := v.(*derivedTemplate)
	d.once.Do(func() { d.name, d.err = makeDerived(build) })
	return d.name, d.err
}

func makeDerived(build func(url string) error) (string, error) {
	ctx := context.Background()
	tpl, err := template(ctx)
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("its_d_%d_%d", os.Getpid(), counter.Add(1))
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE "+tpl+ownerOption()); err != nil {
		return "", err
	}
	if err := build(URLFor(name)); err != nil {
		_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		return "", err
	}
	// A copy needs its template without sessions: end any the app left behind.
	if _, err := conn.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, name); err != nil {
		return "", err
	}
	return name, nil
}

// dropDerived drops this binary's derived templates from a server that outlives it.
func dropDerived() {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return
	}
	defer conn.Close(ctx)
	derived.Range(func(_, v any) bool {
		if d := v.(*derivedTemplate); d.name != "" {
			_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+d.name+" WITH (FORCE)")
		}
		return true
	})
}

// ScratchDir makes a directory that lasts until the test binary ends, for what tests share.
func ScratchDir() (string, error) {
	if scratch == "" {
		return "", fmt.Errorf("dbtest: call dbtest.Main from TestMain")
	}
	return os.MkdirTemp(scratch, "")
}

// NewDatabaseFrom creates a database copied from template tpl (see Derived) and returns its URL;
// it is dropped after the test.
func NewDatabaseFrom(t testing.TB, tpl string) string {
	t.Helper()
	return createDatabase(t, " TEMPLATE "+tpl)
}
