package app

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"

	"its/core/config"
	"its/core/httpx"
	"its/core/metrics"
)

// MetricsPath is where Prometheus scrapes; outside /api, so it has no session, CSRF or policy
// action: its access rule is the token or the separate listener.
const MetricsPath = "/metrics"

// metricsOnMain guards /metrics on the main listener, which a load balancer may expose to
// anyone: without a configured token it does not exist, with one it wants that bearer token.
func metricsOnMain(cfg *config.Config, log *slog.Logger, m *metrics.Metrics) http.Handler {
	token := cfg.Metrics.Token
	notFound := httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		return httpx.NotFound("Path " + r.URL.Path)
	})
	if token == "" {
		return notFound
	}
	h := m.Handler()
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			httpx.WriteError(w, r, log, httpx.Unauthenticated("A metrics token is required."))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// MetricsServerParams wire the separate metrics listener.
type MetricsServerParams struct {
	fx.In
	LC      fx.Lifecycle
	Config  *config.Config
	Log     *slog.Logger
	Metrics *metrics.Metrics
}

// runMetricsServer serves only /metrics on metrics.addr, without credentials: the address is
// meant for a private interface the scraper reaches and users do not.
func runMetricsServer(p MetricsServerParams) {
	addr := p.Config.Metrics.Addr
	if addr == "" {
		return
	}
	mux := http.NewServeMux()
	mux.Handle("GET "+MetricsPath, p.Metrics.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	p.LC.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("listen on metrics.addr %s: %w", addr, err)
			}
			if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() && !tcp.IP.IsPrivate() {
				p.Log.Warn("metrics are served without credentials on a public address", "addr", ln.Addr().String())
			}
			p.Log.Info("metrics are listening", "url", "http://"+ln.Addr().String()+MetricsPath)
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					p.Log.Error("metrics server", "error", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}
