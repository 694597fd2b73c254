package plugins_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"its/core/plugins/plugintest"
)

// pwnedFile is a path in the shared temporary folder (the cluster may run as another OS user)
// that a command run through COPY ... TO PROGRAM would create.
func pwnedFile(t *testing.T) string {
	t.Helper()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	p := filepath.Join(os.TempDir(), "its-pwned-"+hex.EncodeToString(b))
	t.Cleanup(func() { _ = os.Remove(p) })
	return p
}

// A plugin sends whatever SQL it likes through the host services: none of it reaches beyond
// its schema, whether it ends the transaction, changes role, runs a program, reads a server
// file or calls another database.
func TestPluginSQLStaysInItsSchema(t *testing.T) {
	s, user := startHello(t)
	run := func(sql string, exec bool) (int, string) {
		r := user.Do("POST", "/api/hello/sql", map[string]any{"sql": sql, "exec": exec})
		return r.Status, string(r.Raw)
	}
	// The plugin's own schema works as before.
	if st, raw := run(`INSERT INTO notes (text) VALUES ('mine')`, true); st != http.StatusOK {
		t.Fatalf("insert into its own table: %d %s", st, raw)
	}
	if st, raw := run(`SELECT text FROM notes`, false); st != http.StatusOK || !strings.Contains(raw, "mine") {
		t.Fatalf("read its own table: %d %s", st, raw)
	}
	file := pwnedFile(t)
	escapes := []string{
		`COMMIT; CREATE TABLE public.t AS SELECT count(*) FROM public.users`,
		`COMMIT; COPY (SELECT 1) TO PROGRAM 'touch ` + file + `'`,
		`COPY (SELECT 1) TO PROGRAM 'touch ` + file + `'`,
		`SELECT 1; SELECT 2`,
		`SELECT count(*) FROM public.users`,
		`SET ROLE its`,
		`SET/**/ROLE its`,
		`RESET/**/ROLE; SELECT count(*) FROM public.users`,
		`SET/**/SESSION AUTHORIZATION its`,
		`SELECT pg_read_file('/etc/passwd')`,
		`COMMIT; SELECT pg_read_file('/etc/passwd')`,
		`SELECT * FROM dblink('dbname=postgres', 'SELECT 1') AS t(x int)`,
		`CREATE EXTENSION dblink`,
		`COMMIT; CREATE EXTENSION dblink`,
		`CREATE SCHEMA elsewhere`,
		`CREATE TABLE public.t (x int)`,
		`SELECT lo_import('/etc/passwd')`,
	}
	for _, sql := range escapes {
		for _, exec := range []bool{false, true} {
			if st, raw := run(sql, exec); st != http.StatusForbidden {
				t.Errorf("%q (exec %v) was not refused: %d %s", sql, exec, st, raw)
			}
		}
	}
	// A role change that is refused, or one back to the session's own role, leaves the next
	// statement where it was: in the plugin's role, without a core table.
	for _, sql := range []string{`RESET/**/ROLE`, `SELECT set_config('search_path', 'public', false)`} {
		run(sql, true)
		if st, raw := run(`SELECT count(*) FROM public.users`, false); st != http.StatusForbidden {
			t.Errorf("core table after %q: %d %s", sql, st, raw)
		}
		if st, raw := run(`SELECT current_user`, false); st != http.StatusOK || !strings.Contains(raw, "its_plugin_hello") {
			t.Errorf("role after %q: %d %s", sql, st, raw)
		}
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("a program ran on the database server: %s exists (%v)", file, err)
	}
	if n := s.Count(`SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 't'`); n != 0 {
		t.Error("the plugin created a table in the core's schema")
	}
	if n := s.Count(`SELECT count(*) FROM information_schema.schemata WHERE schema_name = 'elsewhere'`); n != 0 {
		t.Error("the plugin created a schema")
	}
	if n := s.Count(`SELECT count(*) FROM pg_extension WHERE extname = 'dblink'`); n != 0 {
		t.Error("the plugin installed dblink")
	}
	// Its statements run on connections that log in as its role, not on the core's.
	if n := s.Count(`SELECT count(*) FROM pg_stat_activity WHERE usename LIKE 'its_plugin_hello%' AND datname = current_database()`); n == 0 {
		t.Error("no connection logged in as the plugin's role")
	}
}

// A migration that ends its transaction and runs a program is refused, runs nothing, and the
// refused install leaves no schema, role or row behind.
func TestRefusedMigrationLeavesNothing(t *testing.T) {
	s := start(t)
	roles := pluginRoles(t, s)
	file := pwnedFile(t)
	bundle := plugintest.HelloBundle(t, func(dir string) {
		_ = os.WriteFile(filepath.Join(dir, "migrations", "0002_evil.sql"),
			[]byte("CREATE TABLE half (x int);\nCOMMIT;\nCOPY (SELECT 1) TO PROGRAM 'touch "+file+"';\n"), 0o644)
	})
	_, err := s.inst.Install(context.Background(), bundle, "")
	if err == nil || !strings.Contains(err.Error(), "0002_evil.sql") {
		t.Fatalf("got %v, want an error naming the migration", err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the migration ran a program on the database server: %s exists (%v)", file, err)
	}
	assertNothingLeft(t, s, roles)
	// The same plugin without the bad migration installs afterwards.
	if _, err := s.inst.Install(context.Background(), plugintest.HelloBundle(t, nil), ""); err != nil {
		t.Fatal(err)
	}
}

// pluginRoles counts the plugin roles of the cluster (roles are the cluster's, shared by the
// databases of the other tests).
func pluginRoles(t *testing.T, s *server) int {
	t.Helper()
	return s.Count(`SELECT count(*) FROM pg_roles WHERE rolname LIKE 'its\_plugin\_%'`)
}

// assertNothingLeft checks that no trace of the hello plugin is in the database, and that the
// cluster has the plugin roles it had before (roles).
func assertNothingLeft(t *testing.T, s *server, roles int) {
	t.Helper()
	if n := s.Count(`SELECT count(*) FROM plugins`); n != 0 {
		t.Errorf("%d plugins installed", n)
	}
	if n := s.Count(`SELECT count(*) FROM information_schema.schemata WHERE schema_name = 'plugin_hello'`); n != 0 {
		t.Error("the refused plugin's schema was left")
	}
	if n := pluginRoles(t, s); n != roles {
		t.Errorf("the refused plugin's role was left: %d plugin roles, %d before", n, roles)
	}
	if n := s.Count(`SELECT count(*) FROM plugin_migrations WHERE plugin_id = 'hello'`); n != 0 {
		t.Error("the refused plugin's migrations were recorded")
	}
	if n := s.Count(`SELECT count(*) FROM pg_class WHERE relname = 'half'`); n != 0 {
		t.Error("the refused migration's table was left")
	}
}

// A database restored from a backup has the plugin's schema owned by the core (pg_restore
// --no-owner) and the core's schema open to every role again (--no-privileges): installing
// gives the schema back to the plugin's role and closes the core's.
func TestRestoredSchemaGoesBackToItsRole(t *testing.T) {
	s, user := startHello(t)
	if r := user.Do("POST", "/api/hello/notes", map[string]string{"text": "kept"}); r.Status != http.StatusCreated {
		t.Fatalf("notes insert: %d %s", r.Status, r.Raw)
	}
	ctx := context.Background()
	for _, q := range []string{`ALTER TABLE plugin_hello.notes OWNER TO CURRENT_USER`, `ALTER TABLE plugin_hello.its_migrations OWNER TO CURRENT_USER`,
		`ALTER SCHEMA plugin_hello OWNER TO CURRENT_USER`, `GRANT USAGE ON SCHEMA public TO PUBLIC`} {
		if _, err := s.DB.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, err := s.inst.Install(ctx, plugintest.HelloBundle(t, nil), ""); err != nil {
		t.Fatal(err)
	}
	if n := s.Count(`SELECT count(*) FROM pg_class WHERE relnamespace = 'plugin_hello'::regnamespace AND pg_get_userbyid(relowner) NOT LIKE 'its\_plugin\_hello\_%'`); n != 0 {
		t.Errorf("%d relations of the schema are not the plugin role's", n)
	}
	if n := s.Count(`SELECT count(*) FROM pg_namespace WHERE nspname = 'plugin_hello' AND pg_get_userbyid(nspowner) LIKE 'its\_plugin\_hello\_%'`); n != 1 {
		t.Error("the schema is not the plugin role's")
	}
	if n := s.Count(`SELECT count(*) FROM pg_roles WHERE rolname LIKE 'its\_plugin\_hello\_%' AND has_schema_privilege(oid, 'public', 'USAGE')`); n != 0 {
		t.Error("the core's schema is open to the plugin's role")
	}
	eventually(t, "the plugin writing again", func() bool {
		return user.Do("POST", "/api/hello/notes", map[string]string{"text": "again"}).Status == http.StatusCreated
	})
	if r := user.Do("GET", "/api/hello/notes", nil); !strings.Contains(string(r.Raw), "kept") || !strings.Contains(string(r.Raw), "again") {
		t.Fatalf("notes: %d %s", r.Status, r.Raw)
	}
}

// A plugin cannot take the core's advisory locks (a session lock held on a pooled connection
// would stop every server's start-up, which runs under one).
func TestPluginTakesNoAdvisoryLock(t *testing.T) {
	if os.Getenv("ITS_TEST_DATABASE_URL") != "" {
		t.Skip("closing the advisory locks takes the bootstrap superuser of a private cluster")
	}
	_, user := startHello(t)
	for _, sql := range []string{`SELECT pg_advisory_lock(24476295)`, `SELECT pg_try_advisory_lock(24476295)`, `SELECT pg_advisory_xact_lock(1, 2)`} {
		if r := user.Do("POST", "/api/hello/sql", map[string]any{"sql": sql}); r.Status != http.StatusForbidden {
			t.Errorf("%s: %d %s", sql, r.Status, r.Raw)
		}
	}
}
