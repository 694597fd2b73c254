package plugins

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os/exec"
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
}

// Launch starts f's executable (its checksum verified by go-plugin against the manifest), checks
// that the routes it serves are exactly the manifest's and hands it the host services.
func Launch(ctx context.Context, f *Folder, log *slog.Logger, host pluginapi.HostServer) (*process, error) {
	sum, err := hex.DecodeString(f.Manifest.Plugin.SHA256)
	if err != nil {
		return nil, fmt.Errorf("module.yaml: field /plugin/sha256: %w", err)
	}
	client := goplugin.NewClient(&goplugin.ClientConfig{
		HandshakeConfig:  pluginapi.Handshake,
		Plugins:          pluginapi.Plugins(nil),
		Cmd:              exec.Command(f.Executable()),
		SecureConfig:     &goplugin.SecureConfig{Checksum: sum, Hash: sha256.New()},
		AllowedProtocols: []goplugin.Protocol{goplugin.ProtocolGRPC},
		GRPCDialOptions:  pluginapi.DialOptions(),
		Logger:           pluginLogger(log.With("plugin", f.ID())),
		StartTimeout:     20 * time.Second,
	})
	p := &process{client: client}
	fail := func(err error) (*process, error) {
		client.Kill()
		return nil, err
	}
	rpc, err := client.Client()
	if err != nil {
		if errors.Is(err, goplugin.ErrChecksumsDoNotMatch) {
			return fail(fmt.Errorf("module.yaml: field /plugin/sha256: checksum mismatch: %s is not the executable the manifest names", f.Manifest.Plugin.Executable))
		}
		return fail(fmt.Errorf("starting %s: %w", f.Manifest.Plugin.Executable, err))
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

func (p *process) kill() {
	if p.module != nil {
		p.module.Close()
	}
	p.client.Kill()
}

func (p *process) exited() bool { return p.client.Exited() }

// instance is a plugin the host runs: its folder and, while up, its process; a supervisor
// restarts the process when it dies.
type instance struct {
	folder   *Folder
	checksum string
	log      *slog.Logger
	services pluginapi.HostServer

	mu      sync.RWMutex
	proc    *process
	lastErr error

	// restarted is signalled after each successful restart (tests and benchmarks wait on it).
	restarted chan struct{}
	stop      chan struct{}
	done      chan struct{}
}

func newInstance(f *Folder, checksum string, log *slog.Logger, services pluginapi.HostServer) *instance {
	return &instance{folder: f, checksum: checksum, log: log, services: services,
		restarted: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
}

// start launches the process once (its error is the caller's) and supervises it from then on.
func (in *instance) start(ctx context.Context) error {
	p, err := Launch(ctx, in.folder, in.log, in.services)
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
		np, err := Launch(ctx, in.folder, in.log, in.services)
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
	rc := p.client.ReattachConfig()
	if rc == nil {
		return 0
	}
	return rc.Pid
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
			h[k] = vs
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

// pluginLogger passes the plugin's log lines (go-plugin's hclog JSON) to the core's log with
// the plugin's id.
func pluginLogger(log *slog.Logger) hclog.Logger {
	return hclog.New(&hclog.LoggerOptions{Name: "plugin", Output: &slogWriter{log: log}, JSONFormat: true, Level: hclog.Debug})
}

type slogWriter struct{ log *slog.Logger }

func (s *slogWriter) Write(p []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimSpace(string(p)), "\n") {
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
