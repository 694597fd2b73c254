package plugins

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/config"
	"its/core/httpx"
	"its/core/registry"
	"its/core/storage"
)

// Channel is the PostgreSQL notification channel announcing a change of the plugins table.
const Channel = "its_plugins"

// marker is the file in an unpacked plugin folder holding the checksum of the bundle it came
// from; a folder without it was put there by hand.
const marker = ".its-bundle"

// Host runs the plugins of one server.
type Host struct {
	cfg   *config.Config
	log   *slog.Logger
	pool  *pgxpool.Pool
	authz *authz.Engine
	reg   *registry.Registry
	store storage.Store
	// sandbox is how this server starts plugin processes.
	sandbox *Sandbox

	syncMu    sync.Mutex
	instances map[string]*instance // guarded by syncMu

	// failures holds, by plugin id, why the last sync did not start an enabled plugin.
	failures  atomic.Pointer[map[string]string]
	mux       atomic.Pointer[chi.Mux]
	manifests atomic.Pointer[[]*registry.Manifest]
	assets    atomic.Pointer[map[string]http.Handler]

	cancel context.CancelFunc
	done   chan struct{}
}

// Params wire the host.
type Params struct {
	fx.In
	LC       fx.Lifecycle
	Config   *config.Config
	Log      *slog.Logger
	DB       *pgxpool.Pool
	Authz    *authz.Engine
	Registry *registry.Registry
	Store    storage.Store
}

// New builds the host; it starts the installed plugins when the app starts and follows the
// plugins table until the app stops.
func New(p Params) *Host {
	h := &Host{cfg: p.Config, log: p.Log, pool: p.DB, authz: p.Authz, reg: p.Registry, store: p.Store, instances: map[string]*instance{},
		sandbox: SandboxFor(p.Config)}
	h.sandbox.Log = p.Log
	h.publish(nil)
	h.failures.Store(&map[string]string{})
	p.Registry.SetDynamic(h)
	p.LC.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := os.MkdirAll(h.cfg.PluginsDir(), 0o755); err != nil {
				return fmt.Errorf("plugins.dir: %w", err)
			}
			if os.Geteuid() == 0 {
				// Plugins run as another user: the data folder (blobs, keys, the embedded
				// database's files) is ITS's alone. The folder itself stays traversable
				// (0711): the embedded PostgreSQL runs as its own user and stats its cluster
				// folder by path when it restarts after a crashed backend; everything in it
				// loses the other users' rights (the cluster folder is PostgreSQL's own, 0700).
				if err := os.MkdirAll(h.cfg.DataDir, 0o711); err != nil {
					return fmt.Errorf("data_dir: %w", err)
				}
				if err := os.Chmod(h.cfg.DataDir, 0o711); err != nil {
					return fmt.Errorf("data_dir: %w", err)
				}
				entries, err := os.ReadDir(h.cfg.DataDir)
				if err != nil {
					return fmt.Errorf("data_dir: %w", err)
				}
				for _, e := range entries {
					p := filepath.Join(h.cfg.DataDir, e.Name())
					if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o007 != 0 {
						if err := os.Chmod(p, fi.Mode().Perm()&^0o007); err != nil {
							return fmt.Errorf("data_dir: %w", err)
						}
					}
				}
			}
			// Processes left by a server of this folder that was killed before it stopped them.
			Reap(h.sandbox.PIDDir, h.log)
			if err := h.Sync(ctx); err != nil {
				return err
			}
			runCtx, cancel := context.WithCancel(context.Background())
			h.cancel, h.done = cancel, make(chan struct{})
			go h.follow(runCtx)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			if h.cancel != nil {
				h.cancel()
				<-h.done
			}
			h.syncMu.Lock()
			defer h.syncMu.Unlock()
			for id, in := range h.instances {
				in.shutdown()
				delete(h.instances, id)
			}
			return nil
		},
	})
	return h
}

// Module provides the host.
var Module = fx.Module("plugins", fx.Provide(New))

// Failures answers, by plugin id, why this server does not run an enabled plugin (its last
// attempt to unpack or start it failed).
func (h *Host) Failures() map[string]string { return *h.failures.Load() }

// Manifests lists the manifests of the plugins serving now (registry.Dynamic).
func (h *Host) Manifests() []*registry.Manifest { return *h.manifests.Load() }

// ServeHTTP dispatches an API request to the plugin route it matches (404 for none): mounted
// under the API router, so the routes change without rebuilding the main router.
func (h *Host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rctx := chi.NewRouteContext()
	h.mux.Load().ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), chi.RouteCtxKey, rctx)))
}

// Assets serves each running plugin's remote/ folder under /plugins/<id>/.
func (h *Host) Assets() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest := strings.TrimPrefix(r.URL.Path, AssetsPrefix)
		id, _, _ := strings.Cut(rest, "/")
		fs := (*h.assets.Load())[id]
		if fs == nil {
			httpx.WriteError(w, r, h.log, httpx.NotFound("Plugin "+id))
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		fs.ServeHTTP(w, r)
	})
}

func routeParams(r *http.Request) map[string]string {
	rc := chi.RouteContext(r.Context())
	if rc == nil || len(rc.URLParams.Keys) == 0 {
		return nil
	}
	out := make(map[string]string, len(rc.URLParams.Keys))
	for i, k := range rc.URLParams.Keys {
		out[k] = rc.URLParams.Values[i]
	}
	return out
}

// publish swaps in the routes, manifests and assets of ins.
func (h *Host) publish(ins map[string]*instance) {
	mux := chi.NewRouter()
	mux.NotFound(httpx.Wrap(h.log, func(w http.ResponseWriter, r *http.Request) error {
		return httpx.NotFound("API route " + r.Method + " " + r.URL.Path)
	}))
	mux.MethodNotAllowed(httpx.Wrap(h.log, func(w http.ResponseWriter, r *http.Request) error {
		return &httpx.Error{Status: http.StatusMethodNotAllowed, Code: "ITS_ERR_METHOD", Message: "Method " + r.Method + " is not allowed on " + r.URL.Path}
	}))
	mans := []*registry.Manifest{}
	assets := map[string]http.Handler{}
	ids := make([]string, 0, len(ins))
	for id := range ins {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		in := ins[id]
		m := in.folder.Manifest
		for _, rt := range m.API {
			mux.Method(rt.Method, rt.Path, h.reg.Guard(id, rt.Method, rt.Path, rt.Action, nil, in.proxy(rt.Method+" "+rt.Path, rt.Action)))
		}
		mans = append(mans, m)
		if m.Remote != nil {
			assets[id] = http.StripPrefix(AssetsPrefix+id+"/", http.FileServer(http.Dir(filepath.Join(in.folder.Dir, "remote"))))
		}
	}
	h.mux.Store(mux)
	h.manifests.Store(&mans)
	h.assets.Store(&assets)
}

// overlayName is the authorization overlay holding plugin id's rules.
func overlayName(id string) string { return "plugin-" + id }

// installed is a row of the plugins table.
type installed struct {
	id, checksum string
	enabled      bool
}

// Sync makes the running plugins what the plugins table and the plugins folder say: unpacks
// new or changed bundles, starts, restarts and stops plugins, then swaps policies and routes.
// A plugin that fails to start is logged and left out; the others keep serving.
func (h *Host) Sync(ctx context.Context) error {
	h.syncMu.Lock()
	defer h.syncMu.Unlock()
	rows, err := h.pool.Query(ctx, `SELECT id, checksum, enabled FROM plugins`)
	if err != nil {
		return fmt.Errorf("reading installed plugins: %w", err)
	}
	rs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (installed, error) {
		var i installed
		return i, r.Scan(&i.id, &i.checksum, &i.enabled)
	})
	if err != nil {
		return fmt.Errorf("reading installed plugins: %w", err)
	}
	disabled, err := disabledFolders(ctx, h.pool)
	if err != nil {
		return err
	}
	dir := h.cfg.PluginsDir()
	want := map[string]string{} // id -> checksum
	inTable := map[string]bool{}
	failed := map[string]string{}
	defer func() { h.failures.Store(&failed) }()
	for _, row := range rs {
		inTable[row.id] = true
		if !row.enabled {
			continue
		}
		if err := h.unpack(ctx, dir, row); err != nil {
			h.log.Error("plugin not unpacked", "plugin", row.id, "error", err)
			failed[row.id] = "unpacking the bundle: " + err.Error()
			continue
		}
		want[row.id] = row.checksum
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("plugins.dir: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || inTable[e.Name()] {
			continue
		}
		folder := filepath.Join(dir, e.Name())
		if _, err := os.Stat(filepath.Join(folder, marker)); err == nil {
			// Unpacked from a bundle since removed: remove its files too.
			if err := os.RemoveAll(folder); err != nil {
				h.log.Error("removed plugin's folder not deleted", "plugin", e.Name(), "error", err)
			}
			continue
		}
		if disabled[e.Name()] {
			continue
		}
		sum, err := FileSHA256(filepath.Join(folder, "module.yaml"))
		if err != nil {
			continue
		}
		want[e.Name()] = "local:" + sum
	}
	next := map[string]*instance{}
	for id, in := range h.instances {
		if sum, ok := want[id]; ok && sum == in.checksum {
			next[id] = in
		}
	}
	started := map[string]*instance{}
	for id, sum := range want {
		if next[id] != nil {
			continue
		}
		in, err := h.startOne(ctx, filepath.Join(dir, id), sum)
		if err != nil {
			h.log.Error("plugin not started", "plugin", id, "error", err)
			failed[id] = err.Error()
			if old := h.instances[id]; old != nil && old.checksum == sum {
				next[id] = old
			}
			continue
		}
		next[id], started[id] = in, in
	}
	if len(started) == 0 && len(next) == len(h.instances) {
		return nil // nothing changed (a poll, or a notification another sync already handled)
	}
	// Policies first for what comes, routes next, policies of what goes last: a route is never
	// mounted without its rules. Each plugin's rules are an overlay of the authorization engine, so
	// they join whatever policy version admins have made live.
	for id, in := range started {
		if err := h.authz.SetOverlay(ctx, overlayName(id), in.folder.PolicyFS()); err != nil {
			for _, s := range started {
				s.shutdown()
			}
			return fmt.Errorf("loading the policies of plugin %s: %w", id, err)
		}
	}
	h.publish(next)
	for id := range h.instances {
		if next[id] == nil {
			if err := h.authz.RemoveOverlay(ctx, overlayName(id)); err != nil {
				h.log.Error("plugin policies not removed", "plugin", id, "error", err)
			}
		}
	}
	for id, in := range h.instances {
		if next[id] != in {
			in.shutdown()
			h.log.Info("plugin stopped", "plugin", id)
		}
	}
	h.instances = next
	for id := range started {
		h.log.Info("plugin serving", "plugin", id, "version", next[id].folder.Manifest.Plugin.Version)
	}
	return nil
}

func (h *Host) startOne(ctx context.Context, folder, checksum string) (*instance, error) {
	f, err := ReadFolder(folder)
	if err != nil {
		return nil, err
	}
	if err := f.checkPlace(); err != nil {
		return nil, err
	}
	if err := f.CheckStatic(h.reg); err != nil {
		return nil, err
	}
	role, err := Migrate(ctx, h.pool, f)
	if err != nil {
		return nil, err
	}
	db, err := role.Pool(h.pool)
	if err != nil {
		return nil, err
	}
	in := newInstance(f, checksum, h.sandbox, h.log, &hostServices{id: f.ID(), store: h.store, db: db, urlTTL: h.cfg.Storage.URLTTL.Duration})
	if err := in.start(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return in, nil
}

// unpack writes row's bundle into dir/<id> unless the folder already holds it.
func (h *Host) unpack(ctx context.Context, dir string, row installed) error {
	folder := filepath.Join(dir, row.id)
	if b, err := os.ReadFile(filepath.Join(folder, marker)); err == nil && string(b) == row.checksum {
		return nil
	}
	var bundle []byte
	if err := h.pool.QueryRow(ctx, `SELECT bundle FROM plugins WHERE id = $1`, row.id).Scan(&bundle); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(dir, "."+row.id+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := Unpack(bundle, tmp); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, marker), []byte(row.checksum), 0o644); err != nil {
		return err
	}
	old := filepath.Join(dir, "."+row.id+"-old-"+fmt.Sprint(time.Now().UnixNano()))
	if err := os.Rename(folder, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	defer os.RemoveAll(old)
	if err := os.Rename(tmp, folder); err != nil {
		// Another server sharing the folder may have unpacked the same bundle first.
		if b, e := os.ReadFile(filepath.Join(folder, marker)); e == nil && string(b) == row.checksum {
			return nil
		}
		return err
	}
	return nil
}

// follow re-syncs on every notification of the plugins channel, and every poll interval.
func (h *Host) follow(ctx context.Context) {
	defer close(h.done)
	for ctx.Err() == nil {
		err := h.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("plugins: listening for changes failed; retrying", "error", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

func (h *Host) listen(ctx context.Context) error {
	// A connection of its own, outside the pool: closing the pool never waits for it.
	conn, err := pgx.ConnectConfig(ctx, h.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(context.Background()) }()
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return err
	}
	// A change made while not listening is caught up at once.
	if err := h.Sync(ctx); err != nil {
		h.log.Error("plugins: sync failed", "error", err)
	}
	for {
		wctx, cancel := context.WithTimeout(ctx, h.cfg.Plugins.PollInterval.Duration)
		_, err := conn.WaitForNotification(wctx)
		cancel()
		if ctx.Err() != nil {
			return nil
		}
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		if err := h.Sync(ctx); err != nil {
			h.log.Error("plugins: sync failed", "error", err)
		}
	}
}

// PID is the process id of plugin id's executable (0 when it is not running).
func (h *Host) PID(id string) int {
	h.syncMu.Lock()
	in := h.instances[id]
	h.syncMu.Unlock()
	if in == nil {
		return 0
	}
	return in.PID()
}

// Restarted is signalled each time plugin id's process was restarted after a crash.
func (h *Host) Restarted(id string) <-chan struct{} {
	h.syncMu.Lock()
	defer h.syncMu.Unlock()
	if in := h.instances[id]; in != nil {
		return in.restarted
	}
	return nil
}
