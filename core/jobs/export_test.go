package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Beat records one heartbeat of job id on pool, as the heartbeat middleware does while the job
// runs (for a test of a beat late for its job).
func Beat(ctx context.Context, pool *pgxpool.Pool, id int64) {
	(&heartbeat{db: pool, every: time.Minute, log: slog.New(slog.DiscardHandler)}).beat(ctx, id)
}
