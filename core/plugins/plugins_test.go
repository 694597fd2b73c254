package plugins_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/core/plugins"
	"its/core/plugins/plugintest"
	"its/core/registry"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

type server struct {
	*apptest.App
	host *plugins.Host
	inst *plugins.Installer
}

func start(t testing.TB, env ...string) *server {
	t.Helper()
	s := &server{}
	var reg *registry.Registry
	s.App = apptest.Start(t, fx.Options(users.Module, fx.Populate(&s.host, &reg)), env...)
	s.inst = &plugins.Installer{Pool: s.DB, Registry: reg, Dir: s.Config.PluginsDir()}
	return s
}

func (s *server) peer(t testing.TB, env ...string) *server {
	t.Helper()
	p := &server{}
	var reg *registry.Registry
	p.App = s.Peer(t, fx.Options(users.Module, fx.Populate(&p.host, &reg)), env...)
	p.inst = &plugins.Installer{Pool: p.DB, Registry: reg, Dir: p.Config.PluginsDir()}
	return p
}

// eventually retries fn until it reports true or 15 seconds passed.
func eventually(t testing.TB, what string, fn func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !fn() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestInstallServeRemove(t *testing.T) {
	s := start(t)
	ctx := context.Background()
	if _, err := s.inst.Install(ctx, plugintest.HelloBundle(t, nil), ""); err != nil {
		t.Fatal(err)
	}
	user := s.Client()
	user.Login("user@example.com")
	eventually(t, "the plugin's route", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })

	r := user.Do("GET", "/api/hello/greeting", nil)
	if got := r.Body["data"].(map[string]any)["hello"]; got != "user@example.com" {
		t.Fatalf("the plugin saw user %v, want user@example.com: %s", got, r.Raw)
	}
	// The session cookie and CSRF token stay in the core: a plugin holding them could act as the
	// user on every route of ITS.
	if got := r.Body["data"].(map[string]any)["credentials"]; got != "" {
		t.Fatalf("the plugin received the browser's credentials %q", got)
	}
	if r := s.Client().Do("GET", "/api/hello/greeting", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("anonymous: %d %s", r.Status, r.Raw)
	}
	// Refused by the policy before the plugin: the envelope is the core's, the secret unseen.
	if r := user.Do("GET", "/api/hello/secret", nil); r.Status != http.StatusForbidden || r.Body["messageCode"] != "ITS_ERR_FORBIDDEN" || strings.Contains(string(r.Raw), "the secret") {
		t.Fatalf("secret as a user: %d %s", r.Status, r.Raw)
	}
	admin := s.Client()
	admin.Login("admin@example.com")
	if r := admin.Do("GET", "/api/hello/secret", nil); r.Status != http.StatusOK || r.Body["data"] != "the secret" {
		t.Fatalf("secret as admin: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("GET", "/api/hello/items/a%20b?q=x", nil); r.Status != http.StatusOK || r.Body["data"].(map[string]any)["item"] != "a b" || r.Body["data"].(map[string]any)["q"] != "x" {
		t.Fatalf("path parameter and query: %d %s", r.Status, r.Raw)
	}
	// A body larger than one frame goes and comes back whole.
	big := strings.Repeat("0123456789abcdef", 20000)
	if r := user.Do("POST", "/api/hello/echo", big); r.Status != http.StatusCreated || string(r.Raw) != big || r.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("echo: %d, %d bytes of %d", r.Status, len(r.Raw), len(big))
	}
	// Without the CSRF header a state-changing call stops at the core.
	req, _ := http.NewRequest("POST", s.URL+"/api/hello/echo", strings.NewReader("x"))
	if res, err := user.HTTP.Do(req); err != nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("echo without CSRF: %v %v", res, err)
	}
	if r := user.Do("GET", "/api/hello/stream", nil); r.Status != http.StatusOK || strings.Count(string(r.Raw), "\n") != 5 || r.Header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("stream: %d %q", r.Status, r.Raw)
	}
	// Requests follow one another on the streams the core keeps open: a handler that answered
	// without reading the body (bad JSON, 400) leaves nothing behind for the next request, and a
	// request whose client went away before the answer does not hand its answer to another.
	for i := range 3 {
		bad := "x" + strings.Repeat("y", 100000*(i+1))
		if r := user.Do("POST", "/api/hello/notes", bad); r.Status != http.StatusBadRequest {
			t.Fatalf("notes with a bad body: %d %s", r.Status, r.Raw)
		}
		want := fmt.Sprintf("after-%d", i)
		if r := user.Do("GET", "/api/hello/items/"+want, nil); r.Status != http.StatusOK || r.Body["data"].(map[string]any)["item"] != want {
			t.Fatalf("the request after an unread body: %d %s", r.Status, r.Raw)
		}
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", s.URL+"/api/hello/stream", nil)
		res, err := user.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		cancel()
		res.Body.Close()
		if r := user.Do("GET", "/api/hello/items/"+want, nil); r.Status != http.StatusOK || r.Body["data"].(map[string]any)["item"] != want {
			t.Fatalf("the request after a cancelled one: %d %s", r.Status, r.Raw)
		}
	}
	// The plugin's own schema, through its role; the core's tables stay out of reach.
	if r := user.Do("POST", "/api/hello/notes", map[string]string{"text": "first"}); r.Status != http.StatusCreated {
		t.Fatalf("notes insert: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("GET", "/api/hello/notes", nil); r.Status != http.StatusOK || !strings.Contains(string(r.Raw), "first") {
		t.Fatalf("notes: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("GET", "/api/hello/notes?core=1", nil); r.Status != http.StatusForbidden || !strings.Contains(string(r.Raw), "permission denied") {
		t.Fatalf("core table through the plugin's role: %d %s", r.Status, r.Raw)
	}
	if n := s.Count(`SELECT count(*) FROM plugin_hello.notes`); n != 1 {
		t.Fatalf("notes rows: %d", n)
	}
	// Blobs under the plugin's prefix, handed out through a signed URL.
	r = user.Do("POST", "/api/hello/blobs", "blob body")
	if r.Status != http.StatusOK || !strings.Contains(r.Body["data"].(map[string]any)["escape"].(string), "clean relative path") {
		t.Fatalf("blobs: %d %s", r.Status, r.Raw)
	}
	res, err := http.Get(s.URL + r.Body["data"].(map[string]any)["url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(b) != "blob body" {
		t.Fatalf("signed URL: %d %q", res.StatusCode, b)
	}
	// The shell sees the plugin like a compiled-in module, loads its remote from the core and
	// words its title from the manifest's titles (its catalogs hold no plugin's).
	if r := user.Do("GET", "/api/modules", nil); !strings.Contains(string(r.Raw), `"id":"hello"`) || !strings.Contains(string(r.Raw), "/plugins/hello/mf-manifest.json") ||
		!strings.Contains(string(r.Raw), `"title":"module.hello","titles":{"de-DE":"Hallo"`) {
		t.Fatalf("modules: %s", r.Raw)
	}
	if r := s.Client().Do("GET", "/plugins/hello/mf-manifest.json", nil); r.Status != http.StatusOK || !strings.Contains(string(r.Raw), `"hello"`) {
		t.Fatalf("remote assets: %d %s", r.Status, r.Raw)
	}

	if err := s.inst.SetEnabled(ctx, "hello", false); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the disabled plugin's route to go", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusNotFound })
	if err := s.inst.SetEnabled(ctx, "hello", true); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the enabled plugin's route", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })

	if err := s.inst.Remove(ctx, "hello"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the removed plugin's route to go", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusNotFound })
	if r := user.Do("GET", "/api/modules", nil); strings.Contains(string(r.Raw), `"id":"hello"`) {
		t.Fatalf("modules after remove: %s", r.Raw)
	}
	if _, err := os.Stat(filepath.Join(s.Config.PluginsDir(), "hello")); !os.IsNotExist(err) {
		t.Fatalf("the removed plugin's folder: %v", err)
	}
}

// startHello starts a server with the hello plugin installed and serving, and a client logged
// in as a plain user.
func startHello(t *testing.T) (*server, *apptest.Client) {
	t.Helper()
	s := start(t)
	if _, err := s.inst.Install(context.Background(), plugintest.HelloBundle(t, nil), ""); err != nil {
		t.Fatal(err)
	}
	user := s.Client()
	user.Login("user@example.com")
	eventually(t, "the plugin's route", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })
	return s, user
}

func TestCrashAnswers503AndRestarts(t *testing.T) {
	s, user := startHello(t)
	pid := s.host.PID("hello")
	restarted := s.host.Restarted("hello")

	r := user.Do("POST", "/api/hello/crash", nil)
	if r.Status != http.StatusServiceUnavailable || r.Body["messageCode"] != "ITS_ERR_UNAVAILABLE" {
		t.Fatalf("request that killed the plugin: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("GET", "/api/modules", nil); r.Status != http.StatusOK {
		t.Fatalf("the core while the plugin is down: %d %s", r.Status, r.Raw)
	}
	select {
	case <-restarted:
	case <-time.After(15 * time.Second):
		t.Fatal("the plugin was not restarted")
	}
	if r := user.Do("GET", "/api/hello/greeting", nil); r.Status != http.StatusOK {
		t.Fatalf("after the restart: %d %s", r.Status, r.Raw)
	}
	if now := s.host.PID("hello"); now == 0 || now == pid {
		t.Fatalf("pid before %d, after %d", pid, now)
	}
}

func TestRefusedBundles(t *testing.T) {
	s := start(t)
	cases := []struct {
		name, want string
		change     func(dir string)
	}{
		{"wrong checksum", "checksum mismatch", func(dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, "module.yaml"))
			i := bytes.Index(b, []byte("sha256: ")) + len("sha256: ")
			b[i] = map[byte]byte{'0': '1'}[b[i]]
			if b[i] == 0 {
				b[i] = '0'
			}
			_ = os.WriteFile(filepath.Join(dir, "module.yaml"), b, 0o644)
		}},
		{"undeclared route", "undeclared route: the plugin serves GET /api/hello/stream", func(dir string) {
			plugintest.Edit(t, filepath.Join(dir, "module.yaml"), "  - {method: GET, path: /api/hello/stream, action: hello.view}\n", "")
		}},
		{"failing policy test", "policy tests failed: test_secret_deny_user", func(dir string) {
			plugintest.Edit(t, filepath.Join(dir, "policy", "hello_test.rego"), `not t.allowed("hello.secret"`, `t.allowed("hello.secret"`)
		}},
		{"policy granting a core action", "allow rule of a plugin", func(dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, "policy", "hello.rego"))
			_ = os.WriteFile(filepath.Join(dir, "policy", "hello.rego"), append(b, []byte("\nallow if input.action == \"admin.view\"\n")...), 0o644)
		}},
		{"migration touching a core table", "migrations/0002_evil.sql: permission denied for schema public", func(dir string) {
			_ = os.WriteFile(filepath.Join(dir, "migrations", "0002_evil.sql"), []byte("UPDATE public.users SET email = 'x';"), 0o644)
		}},
		{"migration leaving its role", "may not change the database role", func(dir string) {
			_ = os.WriteFile(filepath.Join(dir, "migrations", "0002_evil.sql"), []byte("RESET ROLE; DROP TABLE public.users;"), 0o644)
		}},
	}
	roles := pluginRoles(t, s)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := s.inst.Install(context.Background(), plugintest.HelloBundle(t, c.change), "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error naming %q", err, c.want)
			}
			assertNothingLeft(t, s, roles)
		})
	}
	bundle := plugintest.HelloBundle(t, nil)
	if _, err := s.inst.Install(context.Background(), bundle, strings.Repeat("0", 64)); err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Fatalf("bundle with a wrong published checksum: %v", err)
	}
	if _, err := s.inst.Install(context.Background(), bundle, plugins.SHA256(bundle)); err != nil {
		t.Fatalf("bundle with its checksum: %v", err)
	}
}

// An install on one server reaches another server of the installation (through the table
// and its notification), which unpacks the bundle into its own plugins folder.
func TestInstallReachesPeers(t *testing.T) {
	s := start(t)
	other := s.peer(t, "ITS_PLUGINS_DIR="+t.TempDir())
	if _, err := s.inst.Install(context.Background(), plugintest.HelloBundle(t, nil), ""); err != nil {
		t.Fatal(err)
	}
	c := other.Client()
	c.Login("user@example.com")
	eventually(t, "the plugin on the other server", func() bool { return c.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })
	if err := s.inst.Remove(context.Background(), "hello"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the plugin gone from the other server", func() bool { return c.Do("GET", "/api/hello/greeting", nil).Status == http.StatusNotFound })
}

// folderPlugin lays the hello plugin out in a plugins folder of its own, as an operator unpacks
// one by hand (no bundle in the plugins table); the folder is returned.
func folderPlugin(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "hello"), os.DirFS(plugintest.HelloFolder(t, nil))); err != nil {
		t.Fatal(err)
	}
	return dir
}

func find(t *testing.T, list []plugins.Installed, id string) plugins.Installed {
	t.Helper()
	for _, p := range list {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("plugin %s is not listed: %+v", id, list)
	return plugins.Installed{}
}

// A plugin unpacked into the plugins folder by hand serves, so it is listed like an uploaded one
// (version, the executable's checksum, its source) and an admin disables and enables it on
// every server; one whose folder cannot serve is listed as failed with the reason; removing a
// folder plugin is refused (its folder is the operator's) and changes nothing.
func TestFolderPluginListedDisabledEnabled(t *testing.T) {
	ctx := context.Background()
	dir := folderPlugin(t)
	if err := os.MkdirAll(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken", "module.yaml"), []byte("id: broken\ntitle: module.broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := start(t, "ITS_PLUGINS_DIR="+dir)
	other := s.peer(t, "ITS_PLUGINS_DIR="+folderPlugin(t))
	user, peerUser := s.Client(), other.Client()
	user.Login("user@example.com")
	peerUser.Login("user@example.com")
	serving := func(c *apptest.Client, want int) func() bool {
		return func() bool { return c.Do("GET", "/api/hello/greeting", nil).Status == want }
	}
	eventually(t, "the folder plugin's route", serving(user, http.StatusOK))
	eventually(t, "the folder plugin's route on the other server", serving(peerUser, http.StatusOK))

	sum, err := plugins.FileSHA256(filepath.Join(dir, "hello", "hello"))
	if err != nil {
		t.Fatal(err)
	}
	list, err := s.inst.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := find(t, list, "hello")
	if want := (plugins.Installed{ID: "hello", Version: "1.0.0", Checksum: sum, Source: plugins.SourceFolder, Enabled: true}); got != want {
		t.Fatalf("listed %+v, want %+v", got, want)
	}
	if b := find(t, list, "broken"); b.Source != plugins.SourceFolder || !b.Enabled || !strings.Contains(b.Error, "plugin section") {
		t.Fatalf("the broken folder is listed as %+v, want failed naming the missing plugin section", b)
	}
	// The server lists what it saw when it started the plugin.
	withHost := *s.inst
	withHost.Host = s.host
	list, err = withHost.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if b := find(t, list, "broken"); !strings.Contains(b.Error, "plugin section") {
		t.Fatalf("the server lists the broken folder as %+v", b)
	}

	if err := s.inst.Remove(ctx, "hello"); !errors.Is(err, plugins.ErrFolderPlugin) {
		t.Fatalf("removing a folder plugin: %v, want ErrFolderPlugin", err)
	}
	if err := s.inst.SetEnabled(ctx, "nosuch", false); !errors.Is(err, plugins.ErrNotInstalled) {
		t.Fatalf("disabling an unknown plugin: %v", err)
	}
	if err := s.inst.SetEnabled(ctx, "../hello", false); !errors.Is(err, plugins.ErrNotInstalled) {
		t.Fatalf("disabling a path: %v", err)
	}

	if err := s.inst.SetEnabled(ctx, "hello", false); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the disabled folder plugin's route to go", serving(user, http.StatusNotFound))
	eventually(t, "the disabled folder plugin's route to go on the other server", serving(peerUser, http.StatusNotFound))
	if list, err = s.inst.List(ctx); err != nil || find(t, list, "hello").Enabled {
		t.Fatalf("after disable: %+v %v", list, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "hello", "module.yaml")); err != nil {
		t.Fatalf("the disabled folder plugin's files: %v", err)
	}
	if err := s.inst.SetEnabled(ctx, "hello", true); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the enabled folder plugin's route", serving(user, http.StatusOK))
	eventually(t, "the enabled folder plugin's route on the other server", serving(peerUser, http.StatusOK))
	if list, err = s.inst.List(ctx); err != nil || !find(t, list, "hello").Enabled {
		t.Fatalf("after enable: %+v %v", list, err)
	}
}
