package db

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Cluster is a private PostgreSQL cluster run from the system's PostgreSQL binaries.
type Cluster struct {
	Dir     string // the cluster's data directory
	Port    int
	binDir  string
	runAs   *syscall.Credential
	log     *slog.Logger
	started bool // this process started the postmaster and so stops it
	// Adopted is set when Start found the postmaster already running (another ITS process may
	// be using it: a one-off command such as a backup leaves it running).
	Adopted bool
	// Settings are more server settings (name=value) Start gives the postmaster, after and so
	// over ITS's own: the test clusters turn durability off with them, as their data is thrown
	// away anyway. ITS itself sets none.
	Settings []string
}

// AppRole is the role ITS works as in its cluster: the owner of its database, allowed to create
// roles (for the plugins'), not a superuser. Its password lives in <dir>-password.
const AppRole = "its"

// superuser is the cluster's bootstrap superuser, used only to create the app role and its
// database; its password lives in <dir>-superuser-password. (A cluster initialised before has
// no such file: there AppRole is the bootstrap superuser.)
const superuser = "postgres"

// FindBinaries returns the folder holding initdb, pg_ctl and postgres: from PATH, else the newest
// /usr/lib/postgresql/<version>/bin.
func FindBinaries() (string, error) {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("PostgreSQL server binaries not found (initdb, pg_ctl, postgres): install them (Debian: apt-get install postgresql) or set ITS_DATABASE_URL")
}

func versionOf(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// NewCluster prepares (but does not start) the cluster in dir.
func NewCluster(dir string, log *slog.Logger) (*Cluster, error) {
	bin, err := FindBinaries()
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &Cluster{Dir: abs, binDir: bin, log: log}
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root; the OS package creates the postgres user for this.
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, errors.New("running as root and no postgres OS user exists: PostgreSQL refuses to run as root (apt-get install postgresql creates the user)")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.runAs = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	return c, nil
}

func (c *Cluster) passwordFile() string { return c.Dir + "-password" }

func (c *Cluster) superuserPasswordFile() string { return c.Dir + "-superuser-password" }

// Start initialises the cluster on first use and starts it on a free loopback port. A postmaster
// left running by an earlier process that died is adopted.
func (c *Cluster) Start(ctx context.Context) error {
	parent := filepath.Dir(c.Dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	if c.runAs != nil {
		// The postgres user must be able to reach the cluster folder.
		_ = os.Chmod(parent, 0o755)
		if err := traversable(parent); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(c.Dir, "PG_VERSION")); err != nil {
		if err := c.initdb(ctx); err != nil {
			return err
		}
	}
	port, ok, err := c.previous(ctx)
	if err != nil {
		return err
	}
	if ok {
		c.Port = port
		c.log.Info("adopting running PostgreSQL", "dir", c.Dir, "port", port)
		c.started, c.Adopted = true, true
		return nil
	}
	logFile := filepath.Join(c.Dir, "server.log")
	// A second try covers the backends of a killed postmaster still holding its shared memory
	// for a moment (PostgreSQL refuses to start until they are gone).
	for attempt := 1; ; attempt++ {
		if port, err = freePort(); err != nil {
			return err
		}
		c.Port = port
		// random_page_cost 1.1: the data sits on SSD, where an index lookup costs about what a
		// sequential read does; with the default 4 the planner hash-joins whole catalog tables
		// where a few thousand index lookups are twice as fast (and stream in order).
		opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -c unix_socket_directories='' -c max_connections=200 -c shared_buffers=256MB -c random_page_cost=1.1 -c fsync=on", port)
		for _, set := range c.Settings {
			opts += " -c " + set
		}
		err = c.run(ctx, "pg_ctl", "start", "-w", "-t", "60", "-D", c.Dir, "-l", logFile, "-o", opts)
		if err == nil {
			break
		}
		if attempt == 3 || ctx.Err() != nil {
			return fmt.Errorf("starting PostgreSQL in %s (see %s): %w", c.Dir, logFile, err)
		}
		c.log.Warn("PostgreSQL did not start, trying again", "dir", c.Dir, "error", err)
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	c.started = true
	c.log.Info("PostgreSQL started", "dir", c.Dir, "port", port)
	return nil
}

func (c *Cluster) initdb(ctx context.Context) error {
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return err
	}
	var pass string
	for _, file := range []string{c.passwordFile(), c.superuserPasswordFile()} {
		pw := make([]byte, 24)
		if _, err := rand.Read(pw); err != nil {
			return err
		}
		pass = hex.EncodeToString(pw)
		if err := os.WriteFile(file, []byte(pass), 0o600); err != nil {
			return err
		}
	}
	pwfile := filepath.Join(filepath.Dir(c.Dir), ".pg-pwfile")
	if err := os.WriteFile(pwfile, []byte(pass+"\n"), 0o600); err != nil {
		return err
	}
	defer os.Remove(pwfile)
	if err := c.chown(c.Dir, pwfile); err != nil {
		return err
	}
	c.log.Info("initialising PostgreSQL cluster", "dir", c.Dir)
	return c.run(ctx, "initdb", "-D", c.Dir, "-U", superuser, "--pwfile="+pwfile, "--auth=scram-sha-256", "-E", "UTF8", "--locale=C")
}

func (c *Cluster) chown(paths ...string) error {
	if c.runAs == nil {
		return nil
	}
	for _, p := range paths {
		if err := os.Chown(p, int(c.runAs.Uid), int(c.runAs.Gid)); err != nil {
			return err
		}
	}
	return nil
}

// previousWait bounds how long Start waits for a postmaster left by an earlier process to
// either answer (adopted) or be gone.
const previousWait = 30 * time.Second

// previous looks at the postmaster.pid an earlier process left: a postmaster answering on its
// port is adopted (ok); a dead one leaves a stale file, which PostgreSQL itself discards at
// start. In between, a postmaster still starting, recovering or shutting down, or one killed
// but not yet reaped by its parent (a zombie keeps its pid, and PostgreSQL would refuse to start
// while that pid exists), is waited for.
func (c *Cluster) previous(ctx context.Context) (port int, ok bool, err error) {
	deadline := time.Now().Add(previousWait)
	for {
		pid, port := c.pidFile()
		if pid <= 0 || !processExists(pid) {
			return 0, false, nil
		}
		if !zombie(pid) && port > 0 && c.pidStatus() == pmStatusReady && c.answers(ctx, port) {
			return port, true, nil
		}
		if time.Now().After(deadline) {
			return 0, false, fmt.Errorf("PostgreSQL in %s: process %d named by postmaster.pid neither answers on port %d nor exits; stop it, or remove postmaster.pid if it is not a postmaster", c.Dir, pid, port)
		}
		if err := sleep(ctx, 250*time.Millisecond); err != nil {
			return 0, false, err
		}
	}
}

// answers reports whether the postmaster on port takes connections: one starting up, recovering
// or shutting down answers 57P03 (cannot_connect_now), and is not adopted.
func (c *Cluster) answers(ctx context.Context, port int) bool {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	c.Port = port
	url, err := c.AdminURL("postgres")
	if err != nil {
		return false
	}
	conn, err := pgx.Connect(ctx, url)
	if err == nil {
		_ = conn.Close(ctx)
		return true
	}
	var pgErr *pgconn.PgError
	// Any other refusal (a password changed by hand, say) still comes from a working server.
	return errors.As(err, &pgErr) && pgErr.Code != "57P03" // cannot_connect_now
}

// pidFile reads the pid and port from postmaster.pid (0s when there is none).
func (c *Cluster) pidFile() (pid, port int) {
	b, err := os.ReadFile(filepath.Join(c.Dir, "postmaster.pid"))
	if err != nil {
		return 0, 0
	}
	lines := strings.Split(string(b), "\n")
	pid, _ = strconv.Atoi(strings.TrimSpace(lines[0]))
	if len(lines) >= 4 {
		port, _ = strconv.Atoi(strings.TrimSpace(lines[3]))
	}
	return pid, port
}

// pmStatusReady is PostgreSQL's PM_STATUS_READY as postmaster.pid holds it (padded to eight
// characters, as every status is): the state of a postmaster that takes connections.
const pmStatusReady = "ready   "

// pidStatus is the postmaster's state line as postmaster.pid holds it (PM_STATUS_STARTING,
// _READY, _STANDBY or _STOPPING, each padded to eight characters; "" when there is none).
func (c *Cluster) pidStatus() string {
	b, err := os.ReadFile(filepath.Join(c.Dir, "postmaster.pid"))
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 8 {
		return ""
	}
	return strings.TrimRight(lines[7], "\r")
}

func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// zombie reports a process that has exited but is not yet reaped (Linux; elsewhere false).
func zombie(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command name, which is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && i+2 < len(b) && b[i+2] == 'Z'
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// URL is the connection URL of database name, as the app role.
func (c *Cluster) URL(name string) (string, error) {
	return c.url(AppRole, c.passwordFile(), name)
}

// AdminURL is the connection URL of database name as the bootstrap superuser (the app role in a
// cluster initialised before it had one).
func (c *Cluster) AdminURL(name string) (string, error) {
	if _, err := os.Stat(c.superuserPasswordFile()); err != nil {
		return c.URL(name)
	}
	return c.url(superuser, c.superuserPasswordFile(), name)
}

func (c *Cluster) url(role, pwFile, name string) (string, error) {
	pw, err := os.ReadFile(pwFile)
	if err != nil {
		return "", fmt.Errorf("cluster password: %w", err)
	}
	return fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/%s?sslmode=disable", role, strings.TrimSpace(string(pw)), c.Port, name), nil
}

// Bootstrap makes database name ready for ITS, as the bootstrap superuser: the app role exists
// (allowed to create roles, not a superuser) and owns the database. ITS then works as the app
// role only.
func (c *Cluster) Bootstrap(ctx context.Context, name string) error {
	admin, err := c.AdminURL("postgres")
	if err != nil {
		return err
	}
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = $1)`, AppRole).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		pw, err := os.ReadFile(c.passwordFile())
		if err != nil {
			return fmt.Errorf("cluster password: %w", err)
		}
		// The password is hex: a safe literal.
		if _, err := conn.Exec(ctx, `CREATE ROLE `+AppRole+` LOGIN CREATEROLE PASSWORD '`+strings.TrimSpace(string(pw))+`'`); err != nil {
			return err
		}
	}
	if err := ensureDatabase(ctx, conn, name, AppRole); err != nil {
		return err
	}
	// template1 too: the databases made later (a test's) copy its catalog.
	for _, db := range []string{"template1", name} {
		if err := closeAdvisoryLocks(ctx, admin, db); err != nil {
			return err
		}
	}
	return nil
}

// closeAdvisoryLocks keeps the advisory lock functions to the app role in database db: by
// default every role may call them, and another role (a plugin's) holding the locks ITS starts
// and migrates under would stop every server.
func closeAdvisoryLocks(ctx context.Context, adminURL, db string) error {
	cc, err := pgx.ParseConfig(adminURL)
	if err != nil {
		return err
	}
	cc.Database = db
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `DO $$ DECLARE f regprocedure; BEGIN
		FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname LIKE 'pg\_%advisory\_%' AND pronamespace = 'pg_catalog'::regnamespace LOOP
			EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
			EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f, '`+AppRole+`');
		END LOOP; END $$`)
	return err
}

// Stop stops the postmaster this process started.
func (c *Cluster) Stop(ctx context.Context) error {
	if !c.started {
		return nil
	}
	c.started = false
	err := c.run(ctx, "pg_ctl", "stop", "-w", "-m", "fast", "-D", c.Dir)
	if err == nil {
		c.log.Info("PostgreSQL stopped", "dir", c.Dir)
	}
	return err
}

func (c *Cluster) run(ctx context.Context, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, name), args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Dir = "/"
	if c.runAs != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.runAs}
	}
	// The postmaster must outlive a cancelled start-up context of ours only through pg_ctl.
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, strings.TrimSpace(out.String()))
	}
	return nil
}

// traversable checks that every folder above dir lets other users through, since the cluster
// runs as the postgres user when ITS runs as root.
func traversable(dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("PostgreSQL runs as the postgres user and cannot enter %s: allow it (chmod o+x %s) or choose another data_dir", d, d)
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
