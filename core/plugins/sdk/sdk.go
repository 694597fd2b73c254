// Package sdk is what a plugin author builds on: a Mux to register the routes of the plugin's
// module.yaml with ordinary http.Handlers, Serve to run it under the core, and typed access to
// the request's user and to the core's host services (blob store, the plugin's own database
// schema). The wire contract is core/plugins/pluginapi.
//
//	func main() {
//		m := sdk.NewMux()
//		m.HandleFunc("GET", "/api/hello/greeting", func(w http.ResponseWriter, r *http.Request) {
//			sdk.JSON(w, http.StatusOK, map[string]string{"hello": sdk.UserOf(r).FullName})
//		})
//		sdk.Serve("hello", "1.0.0", m)
//	}
package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"sync"

	goplugin "github.com/hashicorp/go-plugin"

	"its/core/plugins/pluginapi"
)

// User is who a request acts for.
type User = pluginapi.User

// Host is the core's services for this plugin.
type Host = pluginapi.HostClient

// Mux routes the plugin's requests; every route registered here must be in the manifest's api
// list with the same method and path (the core compares them before it installs the plugin).
type Mux struct {
	mux    *http.ServeMux
	routes []pluginapi.Route
}

// NewMux returns an empty Mux.
func NewMux() *Mux { return &Mux{mux: http.NewServeMux()} }

// Handle registers h for method and path ("/api/<id>/items/{itemId}", path parameters read with
// r.PathValue).
func (m *Mux) Handle(method, path string, h http.Handler) {
	m.mux.Handle(method+" "+path, h)
	m.routes = append(m.routes, pluginapi.Route{Method: method, Path: path})
}

// HandleFunc registers f for method and path.
func (m *Mux) HandleFunc(method, path string, f func(http.ResponseWriter, *http.Request)) {
	m.Handle(method, path, http.HandlerFunc(f))
}

// ServeHTTP serves a request (also usable in the plugin's own tests).
func (m *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) { m.mux.ServeHTTP(w, r) }

// Routes lists the registered routes.
func (m *Mux) Routes() []pluginapi.Route { return append([]pluginapi.Route(nil), m.routes...) }

type ctxKey int

const (
	userKey ctxKey = iota
	hostKey
)

// UserOf is the request's user (nil on a public route called anonymously).
func UserOf(r *http.Request) *User {
	u, _ := r.Context().Value(userKey).(*User)
	return u
}

// HostOf is the core's host services.
func HostOf(r *http.Request) *Host {
	h, _ := r.Context().Value(hostKey).(*Host)
	return h
}

// WithUser returns r acting for u (for a plugin's own tests of its handlers).
func WithUser(r *http.Request, u *User) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), userKey, u))
}

// HasFlag reports whether u has flag.
func HasFlag(u *User, flag string) bool {
	if u == nil {
		return false
	}
	for _, f := range u.Flags {
		if f == flag {
			return true
		}
	}
	return false
}

// JSON writes v with status as the ITS {"data": ...} envelope.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"data": v})
}

// Error writes the ITS error envelope.
func Error(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"message": message, "messageCode": code})
}

// Log is a logger whose lines reach the core's log tagged with the plugin's id.
var Log = slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{
	Level: slog.LevelDebug,
	ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if len(groups) > 0 {
			return a
		}
		switch a.Key {
		case slog.TimeKey:
			a.Key = "@timestamp"
		case slog.LevelKey:
			a.Key, a.Value = "@level", slog.StringValue(levelName(a.Value.Any()))
		case slog.MessageKey:
			a.Key = "@message"
		}
		return a
	},
}))

func levelName(v any) string {
	l, _ := v.(slog.Level)
	switch {
	case l >= slog.LevelError:
		return "error"
	case l >= slog.LevelWarn:
		return "warn"
	case l >= slog.LevelInfo:
		return "info"
	}
	return "debug"
}

// Serve runs the plugin under the core; it returns when the core stops it. Run by hand, it
// prints that it must be started by ITS and exits.
//
// The plugin runs its Go code on one thread at a time (GOMAXPROCS 1) unless the environment
// variable ITS_PLUGIN_GOMAXPROCS names another number: each request passes from the goroutine
// reading the core's socket to the handler and back to the one writing, and with more than one
// thread each hand-off woke another thread, which cost a small request more CPU than its
// handler (30 to 50 us of about 130). Work outside the plugin's process (a browser it drives,
// the core's database) is not limited by it.
func Serve(id, version string, m *Mux) {
	procs := 1
	if n, err := strconv.Atoi(os.Getenv("ITS_PLUGIN_GOMAXPROCS")); err == nil && n > 0 {
		procs = n
	}
	runtime.GOMAXPROCS(procs)
	goplugin.Serve(&goplugin.ServeConfig{
		HandshakeConfig: pluginapi.Handshake,
		Plugins:         pluginapi.Plugins(&server{id: id, version: version, mux: m}),
		GRPCServer:      pluginapi.NewServer,
	})
}

type server struct {
	id, version string
	mux         *Mux
	mu          sync.RWMutex
	host        *Host
}

func (s *server) Describe(context.Context) (*pluginapi.Description, error) {
	return &pluginapi.Description{ID: s.id, Version: s.version, Routes: s.mux.Routes()}, nil
}

func (s *server) Init(_ context.Context, req *pluginapi.InitRequest, host *pluginapi.HostClient) error {
	if req.PluginID != s.id {
		return fmt.Errorf("the core started plugin %q, this executable is %q", req.PluginID, s.id)
	}
	s.mu.Lock()
	s.host = host
	s.mu.Unlock()
	return nil
}

// Serve serves the requests the core passes on one stream, one after the other, until the core
// closes it.
func (s *server) Serve(stream pluginapi.ServeStream) error {
	for {
		first, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.serveOne(stream, first); err != nil {
			return err
		}
	}
}

// serveOne serves the request whose first frame is first, and reads the rest of its body (which
// the handler may have left) so that the stream is ready for the next request.
func (s *server) serveOne(stream pluginapi.ServeStream, first *pluginapi.RequestFrame) error {
	head := first.Head
	if head == nil {
		return fmt.Errorf("the first frame of a request has no head")
	}
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	var body io.ReadCloser = http.NoBody
	var pumped chan error
	if !first.EOF {
		pr, pw := io.Pipe()
		body, pumped = pr, make(chan error, 1)
		go func() { pumped <- pump(stream, pw, first.Body) }()
		defer pr.Close()
	} else if len(first.Body) > 0 {
		body = io.NopCloser(bytes.NewReader(first.Body))
	}
	req, err := http.NewRequestWithContext(ctx, head.Method, (&url.URL{Path: head.Path, RawQuery: head.RawQuery}).String(), body)
	if err != nil {
		return err
	}
	req.Header = http.Header(head.Header)
	if req.Header == nil {
		req.Header = http.Header{}
	}
	req.Host, req.RemoteAddr, req.RequestURI = head.Host, head.RemoteAddr, req.URL.RequestURI()
	s.mu.RLock()
	host := s.host
	s.mu.RUnlock()
	req = req.WithContext(context.WithValue(context.WithValue(ctx, userKey, head.User), hostKey, host))
	rw := &responseWriter{stream: stream, header: http.Header{}}
	func() {
		defer func() {
			if p := recover(); p != nil {
				Log.Error("handler panicked", "route", head.Route, "panic", fmt.Sprint(p))
				if !rw.sent {
					rw.header = http.Header{}
					rw.buf = nil
					Error(rw, http.StatusInternalServerError, "ITS_ERR_INTERNAL", "Unexpected Server Error")
				}
			}
		}()
		s.mux.ServeHTTP(rw, req)
	}()
	if err := rw.finish(); err != nil {
		return err
	}
	if pumped != nil {
		body.Close() // the rest of the body is read and dropped
		return <-pumped
	}
	return nil
}

// pump feeds the request's body frames (the first frame's body, then the following frames') into
// the handler's body, and reads them to the request's last frame even when the handler stopped
// reading. A non-nil error means the stream cannot carry another request.
func pump(stream pluginapi.ServeStream, pw *io.PipeWriter, first []byte) error {
	reading := true
	write := func(p []byte) {
		if reading && len(p) > 0 {
			if _, err := pw.Write(p); err != nil {
				reading = false
			}
		}
	}
	write(first)
	for {
		f, err := stream.Recv()
		if err != nil {
			pw.CloseWithError(err)
			return err
		}
		write(f.Body)
		if f.EOF {
			_ = pw.Close()
			return nil
		}
	}
}

// responseWriter sends the handler's answer as frames: the head with the first chunk, then a
// chunk whenever ChunkSize bytes are buffered or the handler flushes.
type responseWriter struct {
	stream pluginapi.ServeStream
	header http.Header
	status int
	buf    []byte
	sent   bool
	err    error
}

func (w *responseWriter) Header() http.Header { return w.header }

func (w *responseWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *responseWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.WriteHeader(http.StatusOK)
	n := len(p)
	for len(p) > 0 {
		room := pluginapi.ChunkSize - len(w.buf)
		take := min(room, len(p))
		w.buf = append(w.buf, p[:take]...)
		p = p[take:]
		if len(w.buf) >= pluginapi.ChunkSize {
			w.Flush()
			if w.err != nil {
				return n - len(p), w.err
			}
		}
	}
	return n, nil
}

// Flush sends what is buffered (and the head, the first time).
func (w *responseWriter) Flush() { w.send(false) }

// send sends what is buffered (and the head, the first time); last marks the answer's end.
func (w *responseWriter) send(last bool) {
	if w.err != nil {
		return
	}
	w.WriteHeader(http.StatusOK)
	f := &pluginapi.ResponseFrame{Body: w.buf, EOF: last}
	if !w.sent {
		f.Head = &pluginapi.ResponseHead{Status: w.status, Header: w.header}
		w.sent = true
	} else if len(w.buf) == 0 && !last {
		return
	}
	w.err = w.stream.Send(f)
	w.buf = w.buf[:0]
}

func (w *responseWriter) finish() error {
	w.send(true)
	return w.err
}
