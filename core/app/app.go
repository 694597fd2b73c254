// Package app wires ITS together with fx: configuration, logging, the database, sessions,
// authorization, mail, the module registry, the HTTP server and the modules handed to it.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"its/core/audit"
	"its/core/authz"
	"its/core/comments"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/jobs"
	"its/core/live"
	"its/core/logging"
	"its/core/mail"
	"its/core/metrics"
	"its/core/pdf"
	"its/core/plugins"
	"its/core/policyversions"
	"its/core/registry"
	"its/core/session"
	"its/core/sso"
	"its/core/storage"
	"its/core/uploads"
	"its/core/web"
)

// Core is everything but the HTTP server: what `its migrate` and `its seed` need too.
func Core(cfg *config.Config, modules fx.Option) fx.Option {
	return fx.Options(
		fx.Supply(cfg),
		fx.Provide(logging.New),
		// The time the server reads; a test replaces it with a clock it moves forward.
		fx.Provide(clockwork.NewRealClock),
		metrics.Module,
		fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
			l := &fxevent.SlogLogger{Logger: log}
			l.UseLogLevel(slog.LevelDebug)
			return l
		}),
		db.Module,
		fx.Provide(identity.NewStore, audit.New, func(l *audit.Log) registry.DenialRecorder { return l }, func(l *audit.Log) authz.DeadlineRecorder { return l }),
		session.Module,
		sso.Module,
		authz.Module,
		mail.Module,
		comments.Module,
		storage.Module,
		jobs.Module,
		uploads.Module,
		live.Module,
		pdf.Module,
		fx.Provide(func() *registryRef { return &registryRef{} }),
		registry.AsModule(newCoreModule),
		registry.FxModule,
		policyversions.Module,
		fx.Invoke(func(ref *registryRef, reg *registry.Registry, log *slog.Logger) {
			ref.reg = reg
			log.Info("registry loaded", "summary", reg.Describe())
		}),
		modules,
	)
}

// Handler is the core plus the HTTP handler, demo loading and housekeeping: the whole server
// but for the listener (tests serve the handler themselves).
func Handler(cfg *config.Config, modules fx.Option) fx.Option {
	return fx.Options(
		Core(cfg, modules),
		plugins.Module,
		fx.Provide(web.New, NewRouter),
		fx.Invoke(runDemo, runSweeper),
	)
}

// Serve is the whole server.
func Serve(cfg *config.Config, modules fx.Option) *fx.App {
	return fx.New(
		Handler(cfg, modules),
		fx.Invoke(runServer, runMetricsServer),
		fx.StartTimeout(2*time.Minute),
		fx.StopTimeout(30*time.Second),
	)
}

// RouterParams wire the router.
type RouterParams struct {
	fx.In
	Config   *config.Config
	Log      *slog.Logger
	Sessions *session.Manager
	Registry *registry.Registry
	Web      *web.Handler
	Blobs    *storage.Handler
	Metrics  *metrics.Metrics
	Plugins  *plugins.Host
	// Endpoints are modules' handlers outside /api with credentials of their own.
	Endpoints []registry.Endpoint `group:"endpoints"`
}

// NewRouter builds the chi router: base middleware, sessions, module routes, the frontend.
func NewRouter(p RouterParams) http.Handler {
	r := chi.NewRouter()
	r.Use(httpx.Base(p.Log, p.Config.BodyLimitBytes))
	r.Use(p.Metrics.HTTP(p.Registry.RouteModule))
	// Secure cookies mean ITS is served over TLS: then browsers may be told to insist on it.
	r.Use(httpx.SecurityHeaders(p.Config.Session.SecureCookies))
	r.Use(httpx.CleanInput(p.Log))
	r.Use(httpx.MinBodyRate(p.Config.HTTP.BodyMinRate, p.Config.HTTP.BodyGrace.Duration))
	r.Handle(MetricsPath, metricsOnMain(p.Config, p.Log, p.Metrics))
	for _, e := range p.Endpoints {
		r.Handle(e.Prefix, e.Handler)
		r.Handle(e.Prefix+"/*", e.Handler)
	}
	r.Group(func(api chi.Router) {
		api.Use(p.Sessions.Middleware)
		api.Use(live.Tab)
		p.Registry.Mount(api)
		// Plugin routes change while ITS runs: the host dispatches them (404 for no route).
		api.Handle("/api/*", p.Plugins)
	})
	p.Registry.MountCrossSite(r)
	r.MethodNotAllowed(httpx.Wrap(p.Log, func(w http.ResponseWriter, r *http.Request) error {
		return &httpx.Error{Status: http.StatusMethodNotAllowed, Code: "ITS_ERR_METHOD", Message: "Method " + r.Method + " is not allowed on " + r.URL.Path}
	}))
	// Signed blob URLs carry their own credential: no session, no CSRF.
	r.Handle(storage.URLPrefix+"*", p.Blobs)
	// Plugins' built remotes, public like the compiled-in remotes.
	r.Handle(plugins.AssetsPrefix+"*", p.Plugins.Assets())
	r.Handle("/*", p.Web)
	return r
}

// ServerParams wire the HTTP server.
type ServerParams struct {
	fx.In
	LC      fx.Lifecycle
	Config  *config.Config
	Log     *slog.Logger
	Handler http.Handler
	Live    *live.Hub
}

// runServer listens synchronously in OnStart (a taken port fails start-up) and shuts down
// gracefully in OnStop.
func runServer(p ServerParams) {
	// No whole-request read timeout: it would cut large uploads on slow links. Bodies are held to a
	// minimum rate instead (httpx.MinBodyRate).
	srv := &http.Server{Handler: p.Handler, ReadHeaderTimeout: p.Config.HTTP.ReadHeaderTimeout.Duration, IdleTimeout: p.Config.HTTP.IdleTimeout.Duration}
	// Live streams never go idle: they end when shutdown begins, so it does not wait on them.
	srv.RegisterOnShutdown(p.Live.Close)
	p.LC.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", p.Config.Addr)
			if err != nil {
				return fmt.Errorf("listen on %s: %w", p.Config.Addr, err)
			}
			p.Log.Info("ITS is listening", "url", "http://"+ln.Addr().String(), "env", p.Config.Env, "version", Version)
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					p.Log.Error("http server", "error", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}

// DemoParams wire demo loading.
type DemoParams struct {
	fx.In
	LC       fx.Lifecycle
	Config   *config.Config
	Log      *slog.Logger
	DB       *pgxpool.Pool
	Registry *registry.Registry
}

// runDemo loads the demo data at start when asked and the database has no users yet.
func runDemo(p DemoParams) {
	if !p.Config.Demo || p.Config.Production() {
		return
	}
	p.LC.Append(fx.Hook{OnStart: func(ctx context.Context) error {
		_, err := Seed(ctx, p.DB, p.Registry, p.Config, p.Log, false)
		return err
	}})
}

// Seed runs every module's seeder in one transaction when the database has no accounts yet; an
// existing account means the data is there (demo or real) and nothing is loaded twice, also when
// several servers start on one empty database together.
func Seed(ctx context.Context, pool *pgxpool.Pool, reg *registry.Registry, cfg *config.Config, log *slog.Logger, verbose bool) (loaded bool, err error) {
	err = db.Exclusive(ctx, pool, func(ctx context.Context) error {
		loaded, err = seed(ctx, pool, reg, cfg, log, verbose)
		return err
	})
	return loaded, err
}

func seed(ctx context.Context, pool *pgxpool.Pool, reg *registry.Registry, cfg *config.Config, log *slog.Logger, verbose bool) (bool, error) {
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM users`).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		if verbose {
			log.Info("database already has accounts: demo data not loaded again", "users", n)
		}
		return false, nil
	}
	start := time.Now()
	env := registry.SeedEnv{DemoPassword: cfg.DemoPassword, Log: log}
	if err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		for _, s := range reg.Seeders() {
			if err := s(ctx, tx, env); err != nil {
				return fmt.Errorf("demo data: %w", err)
			}
		}
		return nil
	}); err != nil {
		return false, err
	}
	log.Info("demo data loaded", "ms", time.Since(start).Milliseconds())
	return true, nil
}

// runSweeper deletes expired sessions now and then.
func runSweeper(lc fx.Lifecycle, m *session.Manager, log *slog.Logger) {
	stop := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				t := time.NewTicker(10 * time.Minute)
				defer t.Stop()
				for {
					select {
					case <-stop:
						return
					case <-t.C:
						if n, err := m.Sweep(context.Background()); err != nil {
							log.Warn("session sweep", "error", err)
						} else if n > 0 {
							log.Debug("expired sessions deleted", "count", n)
						}
					}
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error { close(stop); return nil },
	})
}
