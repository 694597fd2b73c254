package jobs

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"its/core/db"
)

// StoppedMessage is what the download queue shows for a job whose server stopped while working
// it and that has no attempt left.
const StoppedMessage = "The server working on this job stopped. Start it again."

// heartbeat records, while a job runs, that its server is alive: a row in job_heartbeats
// written when the job starts and every interval after, removed when it ends.
type heartbeat struct {
	river.MiddlewareDefaults
	db    *pgxpool.Pool
	every time.Duration
	log   *slog.Logger
}

func (h *heartbeat) beat(ctx context.Context, id int64) {
	ctx, cancel := context.WithTimeout(ctx, h.every)
	defer cancel()
	// Only while the job runs: the share lock waits for whatever is ending the job (a sweep, a
	// cancel) and then finds it no longer running, so a beat late for its job (its server killed
	// mid-statement, or paused past the timeout) cannot leave a row the ending removed.
	if _, err := h.db.Exec(ctx, `INSERT INTO job_heartbeats (job_id, beat_at)
		SELECT id, now() FROM river_job WHERE id = $1 AND state = 'running' FOR SHARE
		ON CONFLICT (job_id) DO UPDATE SET beat_at = now()`, id); err != nil && !errors.Is(err, context.Canceled) {
		h.log.Warn("job heartbeat not recorded", "job", id, "error", err)
	}
}

func (h *heartbeat) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	// Beats outlive the job's own context (cancelled on a cancel or the timeout) until it returns.
	bg := context.WithoutCancel(ctx)
	h.beat(bg, job.ID)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(h.every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				h.beat(bg, job.ID)
			}
		}
	}()
	err := doInner(ctx)
	close(stop)
	wg.Wait()
	if _, derr := h.db.Exec(bg, `DELETE FROM job_heartbeats WHERE job_id = $1`, job.ID); derr != nil {
		h.log.Warn("job heartbeat not removed", "job", job.ID, "error", derr)
	}
	return err
}

// sweepDead finishes the running jobs whose server stopped beating for longer than timeout (or
// never beat, timeout after the job was fetched): a job whose cancel was asked is cancelled, one
// with an attempt left is made available again, any other is discarded with StoppedMessage.
// Every server sweeps; SKIP LOCKED keeps two from finishing the same job. It answers how many
// jobs it finished.
func sweepDead(ctx context.Context, pool *pgxpool.Pool, timeout time.Duration) (int, error) {
	var n int
	err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `WITH dead AS (
				SELECT j.id FROM river_job j LEFT JOIN job_heartbeats h ON h.job_id = j.id
				WHERE j.state = 'running' AND coalesce(h.beat_at, j.attempted_at, j.created_at) < now() - $1::interval
				FOR UPDATE OF j SKIP LOCKED
			), next AS (
				SELECT j.id, CASE
						WHEN j.metadata ? 'cancel_attempted_at' THEN 'cancelled'
						WHEN j.attempt < j.max_attempts THEN 'available'
						ELSE 'discarded' END::river_job_state AS state
				FROM river_job j JOIN dead USING (id)
			)
			UPDATE river_job j SET state = next.state,
				finalized_at = CASE WHEN next.state = 'available' THEN NULL ELSE now() END,
				scheduled_at = CASE WHEN next.state = 'available' THEN now() ELSE j.scheduled_at END,
				errors = array_append(j.errors, jsonb_build_object('at', now(), 'attempt', j.attempt,
					'error', 'the server working this job stopped beating', 'trace', ''))
			FROM next WHERE j.id = next.id
			RETURNING j.id, next.state::text`, timeout.String())
		if err != nil {
			return err
		}
		type ended struct {
			id    int64
			state string
		}
		list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ended, error) {
			var e ended
			return e, r.Scan(&e.id, &e.state)
		})
		if err != nil {
			return err
		}
		for _, e := range list {
			if e.state == string(rivertype.JobStateDiscarded) {
				if _, err := tx.Exec(ctx, `UPDATE job_progress SET message = $2, updated_at = now() WHERE job_id = $1 AND message = ''`, e.id, StoppedMessage); err != nil {
					return err
				}
			}
		}
		n = len(list)
		// Beats of jobs no longer running (their server died before removing them).
		_, err = tx.Exec(ctx, `DELETE FROM job_heartbeats h WHERE NOT EXISTS
			(SELECT 1 FROM river_job j WHERE j.id = h.job_id AND j.state = 'running')`)
		return err
	})
	return n, err
}

// runSweeper sweeps dead jobs every interval until ctx ends.
func runSweeper(ctx context.Context, db *pgxpool.Pool, every, timeout time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if n, err := sweepDead(ctx, db, timeout); err != nil && ctx.Err() == nil {
			log.Warn("sweeping jobs of stopped servers", "error", err)
		} else if n > 0 {
			log.Warn("finished jobs whose server stopped", "jobs", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
