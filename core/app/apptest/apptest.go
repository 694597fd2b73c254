// Package apptest runs the real ITS app in tests: the fx graph with the given modules on a fresh
// PostgreSQL database (from core/db/dbtest), served by an httptest server, plus a small client
// that keeps cookies and sends the CSRF header like the shell does.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/app"
	"its/core/config"
	"its/core/db/dbtest"
)

// App is a running test app.
type App struct {
	URL    string
	DB     *pgxpool.Pool
	Config *config.Config
	t      testing.TB
	stop   func()
	sent   *statements
}

// Start runs the app with modules; env holds extra ITS_* settings (demo data is on by default).
// The first start of a set of modules and settings in a test binary loads the demo data into a
// template; later starts get a copy of that database and blob store, as a server restarting on
// its own data does, instead of loading the demo data again. Settings a server only reads as it
// runs (see runtimeOnly) do not make a set of their own: the template is made without them and
// the test's server then starts on its copy with them.
func Start(t testing.TB, modules fx.Option, env ...string) *App {
	t.Helper()
	if !snapshottable(env) {
		return StartOn(t, dbtest.NewDatabase(t), t.TempDir(), modules, env...)
	}
	tpl, blobs, err := snapshot(modules, dataSettings(env))
	if err != nil {
		t.Fatalf("apptest: the app's first start: %v", err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(blobs)); err != nil {
		t.Fatal(err)
	}
	return StartOn(t, dbtest.NewDatabaseFrom(t, tpl), dir, modules, env...)
}

// snapshottable reports whether a start with env keeps all its data in the database and the data
// directory (a bucket of another storage driver is outside what a copy holds).
func snapshottable(env []string) bool {
	for _, e := range env {
		if strings.HasPrefix(e, "ITS_STORAGE_") {
			return false
		}
	}
	return true
}

// runtimeOnly are the settings (prefixes of ITS_* names) that change how a running server answers
// but not what its first start writes: sessions, logins, identity providers (SSO and SCIM),
// request limits, proxies, authorization deadlines, metrics, the PDF and image tools, jobs'
// timing and the CRM's delivery. The demo
// seeders get only the demo password, the tables and the blob store; a setting that could change
// them (the demo, the environment, the config file, plugins, storage) is not listed here.
var runtimeOnly = []string{"ITS_SESSION_", "ITS_LOGIN_", "ITS_AUTH_", "ITS_HTTP_", "ITS_BODY_LIMIT_BYTES=", "ITS_TRUSTED_PROXIES=",
	"ITS_AUTHZ_", "ITS_METRICS_", "ITS_PUBLIC_URL=", "ITS_PDF_", "ITS_IMAGES_", "ITS_JOBS_", "ITS_CRM_"}

// dataSettings is env without its runtimeOnly settings: what the first start's data depends on.
func dataSettings(env []string) []string {
	var out []string
	for _, e := range env {
		if !slices.ContainsFunc(runtimeOnly, func(p string) bool { return strings.HasPrefix(e, p) }) {
			out = append(out, e)
		}
	}
	return out
}

// started is one set of modules and settings started once: its database template and blob store.
type started struct {
	once     sync.Once
	tpl, dir string
	err      error
}

// snapshots holds the binary's first starts, keyed by the modules' and settings' description.
var snapshots sync.Map

// populate is how an fx.Populate shows in a description of options (an fx.Invoke of a function
// made by reflection). It only reads what the graph made, so a test's modules with one share the
// first start of the same modules without it.
const populate = "fx.Invoke(reflect.makeFuncStub())"

// modulesKey describes modules for the snapshot key, leaving out their fx.Populate options and
// the fx.Options around a single option (fx.Options(modules.All) is modules.All).
func modulesKey(modules fx.Option) string {
	key := strings.NewReplacer(", "+populate, "", populate+", ", "", populate, "").Replace(fmt.Sprint(modules))
	for {
		inner, ok := strings.CutPrefix(key, "fx.Options(")
		if !ok || !strings.HasSuffix(inner, ")") || !single(inner[:len(inner)-1]) {
			return key
		}
		key = inner[:len(inner)-1]
	}
}

// single reports whether the description of a list of options holds one option: no ", " outside
// brackets.
func single(list string) bool {
	depth := 0
	for i, r := range list {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 && strings.HasPrefix(list[i:], ", ") {
				return false
			}
		}
	}
	return list != "" && depth == 0
}

func snapshot(modules fx.Option, env []string) (tpl, dir string, err error) {
	key := modulesKey(modules) + "\x00" + strings.Join(env, "\x00")
	v, _ := snapshots.LoadOrStore(key, &started{})
	s := v.(*started)
	s.once.Do(func() {
		if s.dir, s.err = dbtest.ScratchDir(); s.err != nil {
			return
		}
		s.tpl, s.err = dbtest.Derived(key, func(url string) error {
			fxApp, _, _, err := boot(url, s.dir, modules, env)
			if err != nil {
				return err
			}
			return fxApp.Stop(context.Background())
		})
	})
	return s.tpl, s.dir, s.err
}

// boot starts the fx app with modules on the database at databaseURL and blobs under dataDir.
func boot(databaseURL, dataDir string, modules fx.Option, env []string) (*fx.App, http.Handler, *config.Config, error) {
	// A test machine running several test binaries at once can starve one decision for longer
	// than a server's deadline allows: tests of the deadline itself set their own.
	environ := append([]string{"ITS_DATABASE_URL=" + databaseURL, "ITS_DATA_DIR=" + dataDir, "ITS_LOG_LEVEL=warn", "ITS_AUTHZ_DECISION_DEADLINE=2s", "ITS_AUTHZ_DECISION_BUDGET=1s"}, env...)
	cfg, err := config.LoadFrom(environ)
	if err != nil {
		return nil, nil, nil, err
	}
	var h http.Handler
	fxApp := fx.New(app.Handler(cfg, modules), fx.Populate(&h), fx.NopLogger)
	if err := fxApp.Start(context.Background()); err != nil {
		return nil, nil, nil, err
	}
	return fxApp, h, cfg, nil
}

// StartOn runs the app with modules on the database at databaseURL, keeping its blobs under
// dataDir: several apps started on the same two are several servers of one installation.
func StartOn(t testing.TB, databaseURL, dataDir string, modules fx.Option, env ...string) *App {
	t.Helper()
	var pool *pgxpool.Pool
	sent := &statements{}
	fxApp, h, cfg, err := boot(databaseURL, dataDir, fx.Options(modules, fx.Populate(&pool),
		fx.Supply(fx.Annotate(sent, fx.As(new(pgx.QueryTracer))))), env)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			srv.Close()
			_ = fxApp.Stop(context.Background())
		})
	}
	t.Cleanup(stop)
	return &App{URL: srv.URL, DB: pool, Config: cfg, t: t, stop: stop, sent: sent}
}

// Statements answers the statements the app sent to the database while fn ran that contain
// every one of parts: what a request reads or writes, counted.
func (a *App) Statements(fn func(), parts ...string) []string {
	return a.sent.during(fn, parts...)
}

// statements records the SQL the app's pool sends while a Statements call is open (none
// otherwise, so a long test keeps no record of what it did not ask for).
type statements struct {
	mu        sync.Mutex
	listening int
	sql       []string
}

func (s *statements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listening > 0 {
		s.sql = append(s.sql, d.SQL)
	}
	return ctx
}

func (*statements) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (s *statements) during(fn func(), parts ...string) []string {
	s.mu.Lock()
	s.listening++
	from := len(s.sql)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.listening--; s.listening == 0 {
			s.sql = nil
		}
	}()
	fn()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, q := range s.sql[from:] {
		if !slices.ContainsFunc(parts, func(p string) bool { return !strings.Contains(q, p) }) {
			out = append(out, q)
		}
	}
	return out
}

// Eventually polls check until it passes or a second is over, for what another server (or the
// database) shows shortly after a change; the failure is the last check's answer.
func Eventually(t testing.TB, what string, check func() error) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		err := check()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not seen within a second: %v", what, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Peer runs another server of the same installation: modules on a's database and blob store.
func (a *App) Peer(t testing.TB, modules fx.Option, env ...string) *App {
	t.Helper()
	return StartOn(t, a.Config.DatabaseURL, a.Config.DataDir, modules, env...)
}

// Via is a reached through another address, such as a load balancer in front of several
// servers: its clients send their requests there.
func (a *App) Via(url string) *App {
	b := *a
	b.URL = url
	return &b
}

// Stop shuts the app down before the test ends (it is stopped after the test anyway).
func (a *App) Stop() { a.stop() }

// Client is a browser-like client: a cookie jar and the CSRF header from the its_csrf cookie.
type Client struct {
	app  *App
	HTTP *http.Client
	// Header is added to every request.
	Header http.Header
}

// Client returns a new client with an empty cookie jar.
func (a *App) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{app: a, HTTP: &http.Client{Jar: jar}, Header: http.Header{}}
}

// On is a client with the same cookies that sends its requests to a: the same browser talking
// to another server of the installation.
func (c *Client) On(a *App) *Client {
	return &Client{app: a, HTTP: c.HTTP, Header: c.Header}
}

// Response is a decoded answer.
type Response struct {
	Status int
	Body   map[string]any
	Raw    []byte
	Header http.Header
}

// Decode reads the answer's data into out; the test fails unless the answer has status want.
func (r *Response) Decode(t testing.TB, want int, out any) {
	t.Helper()
	if r.Status != want {
		t.Fatalf("want %d, got %d %s", want, r.Status, r.Raw)
	}
	var env struct{ Data json.RawMessage }
	if err := json.Unmarshal(r.Raw, &env); err != nil {
		t.Fatalf("answer: %v %s", err, r.Raw)
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		t.Fatalf("answer's data: %v %s", err, env.Data)
	}
}

// Data is the answer's data object (nil when its data is not an object); the test fails unless
// the answer has status want.
func (r *Response) Data(t testing.TB, want int) map[string]any {
	t.Helper()
	if r.Status != want {
		t.Fatalf("want %d, got %d %s", want, r.Status, r.Raw)
	}
	d, _ := r.Body["data"].(map[string]any)
	return d
}

// Do sends method path with body (marshalled to JSON unless it is a string or []byte).
func (c *Client) Do(method, path string, body any) *Response {
	c.app.t.Helper()
	r, err := c.Send(method, path, body)
	if err != nil {
		c.app.t.Fatal(err)
	}
	return r
}

// Send is Do returning a failed request as an error, for requests sent beside the test's own
// goroutine or expected to fail (a server that dies while answering).
func (c *Client) Send(method, path string, body any) (*Response, error) {
	res, err := c.Stream(method, path, body)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	out := &Response{Status: res.StatusCode, Raw: raw, Header: res.Header}
	_ = json.Unmarshal(raw, &out.Body)
	return out, nil
}

// Stream sends a request as Send does and answers the response unread, for answers too large
// to hold (a benchmark reading a long answer as a browser streams it); the caller closes its body.
func (c *Client) Stream(method, path string, body any) (*http.Response, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.app.URL+path, rd)
	if err != nil {
		return nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	u, _ := url.Parse(c.app.URL)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == "its_csrf" {
			req.Header.Set("X-CSRF-Token", ck.Value)
		}
	}
	for k, v := range c.Header {
		req.Header[k] = v
	}
	return c.HTTP.Do(req)
}

// Upload posts a multipart form as a browser does: fields first (in order of names), then the
// file under fileField.
func (c *Client) Upload(path string, fields [][2]string, fileField, fileName string, file []byte) *Response {
	c.app.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, f := range fields {
		_ = mw.WriteField(f[0], f[1])
	}
	fw, _ := mw.CreateFormFile(fileField, fileName)
	_, _ = fw.Write(file)
	_ = mw.Close()
	prev, had := c.Header["Content-Type"]
	c.Header.Set("Content-Type", mw.FormDataContentType())
	defer func() {
		if had {
			c.Header["Content-Type"] = prev
		} else {
			c.Header.Del("Content-Type")
		}
	}()
	return c.Do("POST", path, body.Bytes())
}

// Login logs in as email with the demo password and fails the test otherwise.
func (c *Client) Login(email string) *Response {
	c.app.t.Helper()
	r := c.Do("POST", "/api/users/session", map[string]string{"email": email, "password": c.app.Config.DemoPassword})
	if r.Status != http.StatusOK {
		c.app.t.Fatalf("login %s: %d %s", email, r.Status, r.Raw)
	}
	return r
}

// WaitJob follows download-queue job id (GET /api/jobs/{id}) until it ends or a minute has
// passed, and answers its last status.
func (c *Client) WaitJob(id string) map[string]any {
	c.app.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		r := c.Do("GET", "/api/jobs/"+id, nil)
		d, _ := r.Body["data"].(map[string]any)
		if r.Status != http.StatusOK || d == nil {
			c.app.t.Fatalf("job %s: %d %s", id, r.Status, r.Raw)
		}
		if s := d["status"]; s == "success" || s == "failed" || s == "cancelled" || time.Now().After(deadline) {
			return d
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Count runs a count query, for asserting that a refused request wrote nothing.
func (a *App) Count(query string, args ...any) int {
	a.t.Helper()
	var n int
	if err := a.DB.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		a.t.Fatal(err)
	}
	return n
}
