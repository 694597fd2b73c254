package plugins

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	goplugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"its/core/httpx"
	"its/core/identity"
	"its/core/plugins/pluginapi"
	"its/core/session"
)

// Back-off between restarts of a plugin that died: doubling from the first to the last, back to
// the first once it stayed up for resetAfter.
const (
	firstBackoff = 100 * time.Millisecond
	lastBackoff  = 10 * time.Second
	resetAfter   = 30 * time.Second
	watchEvery   = 20 * time.Millisecond
)

// process is one running executable of a plugin.
type process struct {
	client *goplugin.Client
	module *pluginapi.ModuleClient
	run    *runDir
	// pidFile is the process's record in the sandbox's PIDDir ("" for none).
	pidFile string
}

// Launch starts f's executable in sb (nil: DefaultSandbox) — a verified copy, its limits, its
// user and the contract's environment only — checks that the routes it serves are exactly the
// manifest's and hands it the host services.
func Launch(ctx context.Context, f *Folder, sb *Sandbox, log *slog.Logger, host pluginapi.HostServer) (*process, error) {
	if sb == nil {
		sb = DefaultSandbox()
	}
	cmd, run, err := sb.command(f)
	if err != nil {
		return nil, err
	}
	client := goplugin.NewClient(&goplugin.ClientConfig{
		HandshakeConfig:  pluginapi.Handshake,
		Plugins:          pluginapi.Plugins(nil),
		Cmd:              cmd,
		SkipHostEnv:      true,
		UnixSocketConfig: &goplugin.UnixSocketConfig{Group: run.gid},
		AllowedProtocols: []goplugin.Protocol{goplugin.ProtocolGRPC},
		GRPCDialOptions:  pluginapi.DialOptions(),
		Logger:           pluginLogger(log.With("plugin", f.ID())),
		StartTimeout:     20 * time.Second,
	})
	p := &process{client: client, run: run}
	fail := func(err error) (*process, error) {
		p.kill()
		return nil, err
	}
	rpc, err := client.Client()
	run.started()
	if err != nil {
		return fail(fmt.Errorf("starting %s: %w", f.Manifest.Plugin.Executable, err))
	}
	if sb.PIDDir != "" {
		rec := PIDRecord{PID: p.PID(), Host: hostID, Exe: run.exe, Dir: run.dir}
		if err := WritePIDFile(sb.PIDDir, f.ID(), rec); err != nil {
			return fail(fmt.Errorf("recording the plugin's process: %w", err))
		}
		p.pidFile = filepath.Join(sb.PIDDir, pidFileName(f.ID(), rec.PID))
	}
	raw, err := rpc.Dispense(pluginapi.PluginName)
	if err != nil {
		return fail(err)
	}
	p.module = raw.(*pluginapi.ModuleClient)
	d, err := p.module.Describe(ctx)
	if err != nil {
		return fail(fmt.Errorf("describing the plugin: %w", err))
	}
	if d.ID != f.ID() {
		return fail(fmt.Errorf("module.yaml: field /id: the manifest says %q, the executable serves %q", f.ID(), d.ID))
	}
	if err := sameRoutes(f, d.Routes); err != nil {
		return fail(err)
	}
	if err := p.module.Init(ctx, f.ID(), host); err != nil {
		return fail(fmt.Errorf("initialising the plugin: %w", err))
	}
	return p, nil
}

// sameRoutes compares the routes the executable registered with the manifest's api list.
func sameRoutes(f *Folder, served []pluginapi.Route) error {
	declared := map[string]bool{}
	for _, r := range f.Manifest.API {
		declared[r.Method+" "+r.Path] = true
	}
	got := map[string]bool{}
	for _, r := range served {
		k := r.Method + " " + r.Path
		got[k] = true
		if !declared[k] {
			return fmt.Errorf("module.yaml: field /api: undeclared route: the plugin serves %s, which the manifest does not declare", k)
		}
	}
	for i, r := range f.Manifest.API {
		if !got[r.Method+" "+r.Path] {
			return fmt.Errorf("module.yaml: field /api/%d: route %s %s is declared in the manifest but the plugin does not serve it", i, r.Method, r.Path)
		}
	}
	return nil
}

// kill stops the process (when it still runs) and removes its working folder and record.
func (p *process) kill() {
	if p.module != nil {
		p.module.Close()
	}
	p.client.Kill()
	p.run.remove()
	if p.pidFile != "" {
		_ = os.Remove(p.pidFile)
	}
}

// PID is the process id (0 before the handshake).
func (p *process) PID() int {
	if rc := p.client.ReattachConfig(); rc != nil {
		return rc.Pid
	}
	return 0
}

func (p *process) exited() bool { return p.client.Exited() }

// instance is a plugin the host runs: its folder and, while up, its process; a supervisor
// restarts the process when it dies.
type instance struct {
	folder   *Folder
	checksum string
	log      *slog.Logger
	sandbox  *Sandbox
	services pluginapi.HostServer

	mu      sync.RWMutex
	proc    *process
	lastErr error

	// restarted is signalled after each successful restart (tests and benchmarks wait on it).
	restarted chan struct{}
	stop      chan struct{}
	done      chan struct{}
}

func newInstance(f *Folder, checksum string, sb *Sandbox, log *slog.Logger, services pluginapi.HostServer) *instance {
	return &instance{folder: f, checksum: checksum, sandbox: sb, log: log, services: services,
		restarted: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
}

// start launches the process once (its error is the caller's) and supervises it from then on.
func (in *instance) start(ctx context.Context) error {
	p, err := Launch(ctx, in.folder, in.sandbox, in.log, in.services)
	if err != nil {
		close(in.done)
		return err
	}
	in.mu.Lock()
	in.proc = p
	in.mu.Unlock()
	go in.supervise()
	return nil
}

func (in *instance) current() (*process, error) {
	in.mu.RLock()
	defer in.mu.RUnlock()
	return in.proc, in.lastErr
}

// supervise watches the process and restarts it with back-off when it dies.
func (in *instance) supervise() {
	defer close(in.done)
	backoff := firstBackoff
	upSince := time.Now()
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	for {
		select {
		case <-in.stop:
			if p, _ := in.current(); p != nil {
				p.kill()
			}
			return
		case <-tick.C:
		}
		p, _ := in.current()
		if p != nil && !p.exited() {
			continue
		}
		if p != nil {
			p.kill() // its folder and record
			in.log.Error("plugin process exited; restarting", "plugin", in.folder.ID(), "after", backoff.String())
			in.mu.Lock()
			in.proc, in.lastErr = nil, errors.New("the plugin's process exited")
			in.mu.Unlock()
			if time.Since(upSince) > resetAfter {
				backoff = firstBackoff
			}
		}
		select {
		case <-in.stop:
			return
		case <-time.After(backoff):
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		np, err := Launch(ctx, in.folder, in.sandbox, in.log, in.services)
		cancel()
		if err != nil {
			in.log.Error("plugin restart failed", "plugin", in.folder.ID(), "error", err)
			in.mu.Lock()
			in.lastErr = err
			in.mu.Unlock()
			backoff = min(backoff*2, lastBackoff)
			continue
		}
		in.mu.Lock()
		in.proc, in.lastErr = np, nil
		in.mu.Unlock()
		upSince = time.Now()
		in.log.Info("plugin restarted", "plugin", in.folder.ID())
		select {
		case in.restarted <- struct{}{}:
		default:
		}
	}
}

// shutdown stops supervising and kills the process.
func (in *instance) shutdown() {
	select {
	case <-in.stop:
	default:
		close(in.stop)
	}
	<-in.done
	if p, _ := in.current(); p != nil {
		p.kill()
	}
	if s, ok := in.services.(interface{ close() }); ok {
		s.close() // the plugin's database pool
	}
}

// PID is the process id of the running executable (0 while down).
func (in *instance) PID() int {
	p, _ := in.current()
	if p == nil {
		return 0
	}
	return p.PID()
}

func unavailable(id string) *httpx.Error {
	return &httpx.Error{Status: http.StatusServiceUnavailable, Code: "ITS_ERR_UNAVAILABLE",
		Message: "This module is restarting. Please try again in a moment.", Details: map[string]string{"module": id}}
}

// proxy streams one request to the plugin and its answer back; the guard in front of it has
// checked session, CSRF and the policy.
func (in *instance) proxy(route, action string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, _ := in.current()
		if p == nil || p.exited() {
			return unavailable(in.folder.ID())
		}
		head := &pluginapi.RequestHead{
			Method: r.Method, Path: r.URL.Path, RawQuery: r.URL.RawQuery, Header: withoutCredentials(r.Header),
			Host: r.Host, RemoteAddr: r.RemoteAddr, RequestID: httpx.RequestID(r.Context()),
			Route: route, Action: action, Params: routeParams(r), User: pluginUser(identity.FromContext(r.Context())),
		}
		ex, err := p.module.Exchange(r.Context())
		if err != nil {
			return in.callError(err)
		}
		defer ex.Close()
		hasBody := r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0
		bodyErr := func() error { return nil }
		if hasBody {
			if err := ex.Send(&pluginapi.RequestFrame{Head: head}); err != nil {
				return in.callError(err)
			}
			// The plugin may answer while the body still arrives (an echo, a streamed import):
			// HTTP/1 would otherwise cut the body off once the answer's head is out.
			_ = http.NewResponseController(w).EnableFullDuplex()
			sent := make(chan error, 1)
			go func() {
				err := sendBody(ex, r.Body)
				if err != nil {
					ex.Abort() // the plugin would wait for the rest of the body
				}
				sent <- err
			}()
			bodyErr = sync.OnceValue(func() error { return <-sent })
			// The exchange is only closed (its stream reused) once the body is sent.
			defer bodyErr()
		} else if err := ex.Send(&pluginapi.RequestFrame{Head: head, EOF: true}); err != nil {
			return in.callError(err)
		}
		first, err := ex.Recv()
		if err != nil {
			if e := bodyErr(); e != nil && !errors.Is(e, io.EOF) {
				return httpx.AsError(e)
			}
			return in.callError(err)
		}
		if first.Head == nil {
			ex.Abort()
			return httpx.Internal(fmt.Errorf("plugin %s answered without a head", in.folder.ID()))
		}
		h := w.Header()
		for k, vs := range first.Head.Header {
			if k = http.CanonicalHeaderKey(k); answerHeaders[k] {
				h[k] = vs
			} else if k == "Location" && len(vs) == 1 && sameOrigin(vs[0]) {
				h[k] = vs
			}
		}
		if first.EOF && h.Get("Content-Length") == "" {
			h.Set("Content-Length", strconv.Itoa(len(first.Body)))
		}
		w.WriteHeader(first.Head.Status)
		flusher, _ := w.(http.Flusher)
		f := first
		for {
			if len(f.Body) > 0 {
				if _, err := w.Write(f.Body); err != nil {
					ex.Abort()
					return nil
				}
				if flusher != nil && !f.EOF {
					flusher.Flush()
				}
			}
			if f.EOF {
				// The answer is complete.
				return nil
			}
			f, err = ex.Recv()
			if err != nil {
				in.log.Warn("plugin answer cut short", "plugin", in.folder.ID(), "route", route, "error", err)
				return nil
			}
		}
	}
}

// answerHeaders are the headers of a plugin's answer that reach the browser: what describes
// the answer itself. The rest — cookies, CSP, HSTS, CORS, framing, referrer and sniffing
// policies, refresh — is the core's: its own headers stay as they are (SecurityHeaders), so a
// plugin's HTML falls under the core's CSP and runs no script.
var answerHeaders = map[string]bool{
	"Content-Type": true, "Content-Length": true, "Content-Disposition": true, "Content-Encoding": true,
	"Content-Language": true, "Content-Range": true, "Accept-Ranges": true, "Cache-Control": true,
	"Expires": true, "Etag": true, "Last-Modified": true, "Vary": true, "Retry-After": true,
}

// sameOrigin reports whether a Location stays on the core's origin (a path, not //host).
func sameOrigin(loc string) bool {
	return strings.HasPrefix(loc, "/") && !strings.HasPrefix(loc, "//") && !strings.HasPrefix(loc, "/\\")
}

// withoutCredentials returns h without the browser's credentials for the core, which a plugin
// never receives (h itself is left as it is).
func withoutCredentials(h http.Header) http.Header {
	out := h.Clone()
	for _, k := range []string{"Cookie", "Authorization", "Proxy-Authorization", session.CSRFHeader} {
		out.Del(k)
	}
	return out
}

func sendBody(st *pluginapi.Exchange, body io.Reader) error {
	buf := make([]byte, pluginapi.ChunkSize)
	for {
		n, err := body.Read(buf)
		if n > 0 {
			if e := st.Send(&pluginapi.RequestFrame{Body: buf[:n]}); e != nil {
				return e
			}
		}
		if errors.Is(err, io.EOF) {
			return st.Send(&pluginapi.RequestFrame{EOF: true})
		}
		if err != nil {
			return err
		}
	}
}

// callError turns a failed call into the answer: 503 when the plugin is gone.
func (in *instance) callError(err error) error {
	if s, ok := status.FromError(err); ok && (s.Code() == codes.Unavailable || s.Code() == codes.Canceled) {
		return unavailable(in.folder.ID())
	}
	if p, _ := in.current(); p == nil || p.exited() {
		return unavailable(in.folder.ID())
	}
	return httpx.Internal(fmt.Errorf("plugin %s: %w", in.folder.ID(), err))
}

func pluginUser(u *identity.User) *pluginapi.User {
	if u == nil {
		return nil
	}
	perms := make([]pluginapi.Permission, len(u.Permissions))
	for i, p := range u.Permissions {
		perms[i] = pluginapi.Permission{Domain: p.Domain, Role: p.Role, Channel: p.Channel, Region: p.Region, ProductType: p.ProductType}
	}
	return &pluginapi.User{ID: u.ID, Name: u.Name, LastName: u.LastName, FullName: u.FullName, Email: u.Email,
		UserCode: u.UserCode, DepartmentAccess: u.DepartmentAccess, Permissions: perms, Flags: u.Flags,
		Country: u.Country, Language: u.Language}
}

// Bounds of what a plugin's process may write to the core's log (its stderr and go-plugin's
// lines about it): lines per second, with a burst, and bytes per line. Past them lines are
// dropped and counted; the count is logged once lines flow again.
const (
	logLinesPerSecond = 50
	logBurst          = 200
	maxLogLine        = 4 << 10
)

// pluginLogger passes the plugin's log lines (go-plugin's hclog JSON) to the core's log with
// the plugin's id, bounded (see logLinesPerSecond).
func pluginLogger(log *slog.Logger) hclog.Logger {
	return hclogTo(&slogWriter{log: log, tokens: logBurst, last: time.Now(), now: time.Now})
}

func hclogTo(w *slogWriter) hclog.Logger {
	return hclog.New(&hclog.LoggerOptions{Name: "plugin", Output: w, JSONFormat: true, Level: hclog.Debug})
}

type slogWriter struct {
	log *slog.Logger
	now func() time.Time

	mu      sync.Mutex
	tokens  float64
	last    time.Time
	dropped int
}

// allow takes a token for one line (a bucket of logBurst refilled at logLinesPerSecond).
func (s *slogWriter) allow() (bool, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.tokens = min(logBurst, s.tokens+now.Sub(s.last).Seconds()*logLinesPerSecond)
	s.last = now
	if s.tokens < 1 {
		s.dropped++
		return false, 0
	}
	s.tokens--
	d := s.dropped
	s.dropped = 0
	return true, d
}

func (s *slogWriter) Write(p []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimSpace(string(p)), "\n") {
		ok, dropped := s.allow()
		if !ok {
			continue
		}
		if dropped > 0 {
			s.log.Warn("plugin log lines dropped: it wrote faster than its bound", "lines", dropped)
		}
		if len(line) > maxLogLine {
			line = line[:maxLogLine] + "…"
		}
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) != nil {
			s.log.Info(line)
			continue
		}
		msg, _ := entry["@message"].(string)
		lvl, _ := entry["@level"].(string)
		level := slog.LevelInfo
		switch lvl {
		case "trace", "debug":
			level = slog.LevelDebug
		case "warn":
			level = slog.LevelWarn
		case "error":
			level = slog.LevelError
		}
		keys := make([]string, 0, len(entry))
		for k := range entry {
			if !strings.HasPrefix(k, "@") && k != "timestamp" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		args := make([]any, 0, 2*len(keys))
		for _, k := range keys {
			name := k
			if k == "plugin" {
				name = "path" // go-plugin's name for the executable; "plugin" is the id here
			}
			args = append(args, name, entry[k])
		}
		s.log.Log(context.Background(), level, msg, args...)
	}
	return len(p), nil
}

var discardLog = slog.New(slog.DiscardHandler)
