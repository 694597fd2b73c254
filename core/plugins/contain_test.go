package plugins_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/core/httpx"
	"its/core/plugins"
	"its/core/plugins/pluginapi"
	"its/core/plugins/plugintest"
	"its/core/registry"
	"its/modules/users"
)

// hostEnv names the folder of a plugin the test binary, run again by TestPluginDiesWithItsHost,
// starts as its host before any test runs.
const hostEnv = "ITS_TEST_PLUGIN_HOST"

func init() {
	if dir := os.Getenv(hostEnv); dir != "" {
		os.Exit(runTestHost(dir))
	}
}

// runTestHost starts the plugin in dir, says "launched" and waits to be killed.
func runTestHost(dir string) int {
	f, err := plugins.ReadFolder(dir)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	if _, err := plugins.Launch(context.Background(), f, nil, slog.New(slog.NewTextHandler(os.Stderr, nil)), nil); err != nil {
		fmt.Println(err)
		return 1
	}
	fmt.Println("launched")
	select {}
}

// withLimits states the plugin's limits in its manifest.
func withLimits(t *testing.T, limits string) func(dir string) {
	return func(dir string) {
		plugintest.Edit(t, filepath.Join(dir, "module.yaml"), "  executable: hello\n", "  executable: hello\n  limits: "+limits+"\n")
	}
}

// The plugin's process gets the contract's environment only, runs as another OS user than a
// root ITS, cannot read ITS's files and is held to its memory limit.
func TestPluginProcessContained(t *testing.T) {
	const secret = "demo-password-the-plugin-must-not-see"
	t.Setenv("ITS_DEMO_PASSWORD", secret)
	t.Setenv("ITS_STORAGE_SIGNING_SECRET", secret)
	// A data folder others could traverse, holding a file others could read: ITS makes it its own.
	data, err := os.MkdirTemp("", "its-data-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(data) })
	if err := os.Chmod(data, 0o755); err != nil {
		t.Fatal(err)
	}
	probe := filepath.Join(data, "probe.txt")
	if err := os.WriteFile(probe, []byte("core data"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &server{}
	var reg *registry.Registry
	s.App = apptest.StartOn(t, dbtest.NewDatabase(t), data, fx.Options(users.Module, fx.Populate(&s.host, &reg)), "ITS_DEMO_PASSWORD="+secret)
	s.inst = &plugins.Installer{Pool: s.DB, Registry: reg}

	if _, err := s.inst.Install(context.Background(), plugintest.HelloBundle(t, withLimits(t, "{memoryMB: 200, cpuSeconds: 2}")), ""); err != nil {
		t.Fatal(err)
	}
	user := s.Client()
	user.Login("user@example.com")
	eventually(t, "the plugin's route", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })

	key := filepath.Join(data, "blob-signing.key")
	r := user.Do("GET", "/api/hello/env?read="+key+"&read="+probe, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("env: %d %s", r.Status, r.Raw)
	}
	var got struct {
		Env  []string          `json:"env"`
		UID  int               `json:"uid"`
		Read map[string]string `json:"read"`
	}
	if err := json.Unmarshal(mustJSON(t, r.Body["data"]), &got); err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{pluginapi.Handshake.MagicCookieKey: true}
	for _, k := range pluginapi.Environment {
		allowed[k] = true
	}
	for _, kv := range got.Env {
		k, v, _ := strings.Cut(kv, "=")
		if strings.Contains(v, secret) {
			t.Errorf("the plugin's environment holds ITS's secret: %s", k)
		}
		if !allowed[k] && !strings.HasPrefix(k, "PLUGIN_") {
			t.Errorf("the plugin's environment has %s, which the contract does not pass", k)
		}
	}
	t.Run("user", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("ITS does not run as root here")
		}
		if got.UID == 0 {
			t.Fatal("the plugin runs as root")
		}
		for path, what := range got.Read {
			if !strings.Contains(what, "permission denied") {
				t.Errorf("the plugin reading %s: %s", path, what)
			}
		}
	})

	// Within its limit it works; past it the allocation fails, the process goes and is
	// restarted, and the core keeps serving.
	if r := user.Do("POST", "/api/hello/alloc?mb=16", nil); r.Status != http.StatusOK {
		t.Fatalf("a small allocation: %d %s", r.Status, r.Raw)
	}
	restarted := s.host.Restarted("hello")
	if r := user.Do("POST", "/api/hello/alloc?mb=600", nil); r.Status == http.StatusOK {
		t.Fatalf("600 MB allocated past a 200 MB limit: %s", r.Raw)
	}
	if r := user.Do("GET", "/api/modules", nil); r.Status != http.StatusOK {
		t.Fatalf("the core after the plugin's allocation: %d", r.Status)
	}
	select {
	case <-restarted:
	case <-time.After(15 * time.Second):
		t.Fatal("the plugin was not restarted")
	}
	eventually(t, "the restarted plugin", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })

	// Past its CPU time the process is killed (and started again).
	restarted = s.host.Restarted("hello")
	user.HTTP.Timeout = 30 * time.Second // unbounded, the spin would never end
	r, err = user.Send("POST", "/api/hello/spin", nil)
	user.HTTP.Timeout = 0
	if err != nil || r.Status != http.StatusServiceUnavailable {
		t.Fatalf("spinning past a CPU limit of 2 s: %v %v", err, r)
	}
	select {
	case <-restarted:
	case <-time.After(15 * time.Second):
		t.Fatal("the plugin was not restarted after its CPU time")
	}

	// A limit above the host's maximum is refused, naming the field.
	_, err = s.inst.Install(context.Background(), plugintest.HelloBundle(t, withLimits(t, "{memoryMB: 1000000}")), "")
	if err == nil || !strings.Contains(err.Error(), "/plugin/limits/memoryMB") {
		t.Fatalf("a limit above the maximum: %v", err)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The core's security headers win over the plugin's: no cookie, CSP, HSTS, CORS or framing
// header of a plugin reaches the browser, and its HTML falls under the core's CSP.
// (The server is given a cgroup folder it cannot use: plugins then run with their rlimits only.)
func TestPluginCannotSetCoreHeaders(t *testing.T) {
	s := start(t, "ITS_PLUGINS_CGROUP="+t.TempDir())
	if _, err := s.inst.Install(context.Background(), plugintest.HelloBundle(t, nil), ""); err != nil {
		t.Fatal(err)
	}
	user := s.Client()
	user.Login("user@example.com")
	eventually(t, "the plugin's route", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })
	r := user.Do("GET", "/api/hello/headers", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("headers: %d %s", r.Status, r.Raw)
	}
	for _, k := range []string{"Set-Cookie", "Strict-Transport-Security", "Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "X-Frame-Options", "Location", "Refresh"} {
		if v := r.Header.Values(k); len(v) > 0 {
			t.Errorf("the plugin set %s: %q", k, v)
		}
	}
	want := map[string]string{"Content-Security-Policy": httpx.APICSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin",
		// What a plugin may say about its answer passes.
		"Cache-Control": "private, max-age=5"}
	for k, v := range want {
		if got := r.Header.Values(k); len(got) != 1 || got[0] != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
	u, _ := http.NewRequest("GET", s.URL+"/", nil)
	for _, c := range user.HTTP.Jar.Cookies(u.URL) {
		if c.Value == "planted" {
			t.Errorf("the plugin planted cookie %s", c.Name)
		}
	}
}

// descendant is the first process whose parent is pid (0 for none).
func descendant(pid int) int {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st := plugins.ProcStat(p); len(st) > 1 && st[1] == strconv.Itoa(pid) {
			return p
		}
	}
	return 0
}

// alive reports whether pid runs (a zombie no longer does).
func alive(pid int) bool {
	st := plugins.ProcStat(pid)
	return len(st) > 0 && st[0] != "Z" && st[0] != "X"
}

// A plugin dies with its host, even one killed with SIGKILL.
func TestPluginDiesWithItsHost(t *testing.T) {
	dir := plugintest.HelloFolder(t, nil)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), hostEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "launched" {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("the test host: %q", line)
	}
	plugin := descendant(cmd.Process.Pid)
	if plugin == 0 || !alive(plugin) {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatal("the plugin's process was not found")
	}
	t.Cleanup(func() { _ = syscall.Kill(plugin, syscall.SIGKILL) })
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	eventually(t, "the plugin to die with its host", func() bool { return !alive(plugin) })
}

// A plugin process left by a server that is gone is killed when ITS starts; a process that
// merely has a recorded pid now (another program) is left alone.
func TestStalePluginProcessReaped(t *testing.T) {
	data := t.TempDir()
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	bin, err := os.ReadFile(sleep)
	if err != nil {
		t.Fatal(err)
	}
	run := t.TempDir()
	startSleep := func(name string) *exec.Cmd {
		path := filepath.Join(run, name)
		if err := os.WriteFile(path, bin, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(path, "600")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		return cmd
	}
	stale, other := startSleep("hello"), startSleep("unrelated")
	// A host that has exited: a process that ran and ended.
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	write := func(p *exec.Cmd, exe string) {
		if err := plugins.WritePIDFile(filepath.Join(data, plugins.PIDDir), "hello", plugins.PIDRecord{
			PID: p.Process.Pid, Host: fmt.Sprintf("%d:1", gone.Process.Pid), Exe: exe}); err != nil {
			t.Fatal(err)
		}
	}
	write(stale, stale.Path)
	write(other, filepath.Join(run, "not-this-one"))

	exited := make(chan struct{})
	go func() { _ = stale.Wait(); close(exited) }()
	s := &server{}
	s.App = apptest.StartOn(t, dbtest.NewDatabase(t), data, fx.Options(users.Module, fx.Populate(&s.host)))
	select {
	case <-exited:
	case <-time.After(15 * time.Second):
		t.Fatal("the stale plugin process was not killed")
	}
	if !alive(other.Process.Pid) {
		t.Fatal("a process whose command is not the recorded plugin's was killed")
	}
	if left, _ := filepath.Glob(filepath.Join(data, plugins.PIDDir, "*")); len(left) != 0 {
		t.Fatalf("pid files left: %v", left)
	}
}
