package app

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/httpx"
	"its/core/pdf"
	"its/core/storage"
)

// probeTimeout bounds each readiness probe, so a hung dependency answers 503 before a load
// balancer's own check times out.
const probeTimeout = 2 * time.Second

// readiness answers whether this server can serve requests: liveness (/api/health) only says
// the process answers, readiness that what it depends on answers too.
type readiness struct {
	db    *pgxpool.Pool
	store storage.Store
	pdf   *pdf.Renderer
	log   *slog.Logger
}

type probe struct {
	name string
	run  func(context.Context) error
}

func (rd readiness) probes() []probe {
	return []probe{
		{"database", func(ctx context.Context) error { return rd.db.Ping(ctx) }},
		{"storage", func(ctx context.Context) error {
			if p, ok := rd.store.(storage.Pinger); ok {
				return p.Ping(ctx)
			}
			return nil
		}},
		{"pdf", func(context.Context) error { return rd.pdf.Ready() }},
	}
}

// serve answers 200 with every part "ok", or 503 naming the failing parts. Causes go to the
// log only: the endpoint is public and an error text can name hosts and paths.
func (rd readiness) serve(w http.ResponseWriter, r *http.Request) error {
	checks := map[string]string{}
	var failing []string
	for _, p := range rd.probes() {
		ctx, cancel := context.WithTimeout(r.Context(), probeTimeout)
		err := p.run(ctx)
		cancel()
		if err != nil {
			checks[p.name] = "down"
			failing = append(failing, p.name)
			rd.log.WarnContext(r.Context(), "not ready", "part", p.name, "error", err)
			continue
		}
		checks[p.name] = "ok"
	}
	if len(failing) > 0 {
		return &httpx.Error{
			Status:  http.StatusServiceUnavailable,
			Code:    "ITS_ERR_NOT_READY",
			Message: "Not ready: " + strings.Join(failing, ", "),
			Details: map[string]any{"failing": failing, "checks": checks},
		}
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"status": "ok", "checks": checks})
	return nil
}
