package jobs_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/app/apptest"
	"its/core/config"
	"its/core/db"
	"its/core/db/dbtest"
	"its/core/jobs"
)

// TestJobOfAKilledServer kills (-9) a server in the middle of two jobs: the next server finds
// them without a heartbeat and, within the heartbeat timeout, fails the one without an attempt
// left (saying why) and works the other again; a job whose server is dead is cancelled at once.
// queueOn opens the database of env and a queue on it that works no job (its tables migrated).
func queueOn(t *testing.T, env []string) (*jobs.Queue, *pgxpool.Pool) {
	t.Helper()
	cfg, err := config.LoadFrom(env)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := db.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	q, err := jobs.New(jobs.Params{Config: cfg, Log: slog.New(slog.DiscardHandler), DB: pool})
	if err != nil {
		t.Fatal(err)
	}
	return q, pool
}

func TestJobOfAKilledServer(t *testing.T) {
	ctx := context.Background()
	env := []string{"ITS_DATABASE_URL=" + dbtest.NewDatabase(t), "ITS_DATA_DIR=" + t.TempDir(),
		"ITS_JOBS_HEARTBEAT_INTERVAL=200ms", "ITS_JOBS_HEARTBEAT_TIMEOUT=2s"}
	first := apptest.StartProcess(t, env...)

	// The test's own queue only inserts, reads and cancels: the servers work the jobs.
	q, pool := queueOn(t, env)
	once, err := q.Enqueue(ctx, nil, stepArgs{Wait: true}, jobs.Spec{Title: "once.pdf"})
	if err != nil {
		t.Fatal(err)
	}
	twice, err := q.Enqueue(ctx, nil, stepArgs{Wait: true}, jobs.Spec{Title: "twice.pdf", MaxAttempts: 2})
	if err != nil {
		t.Fatal(err)
	}
	status := func(id int64) *jobs.Status {
		s, err := q.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	until := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(time.Minute)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("waited a minute for %s", what)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	until("both jobs to run on the first server", func() bool {
		return status(once).Progress == 40 && status(twice).Progress == 40
	})
	first.Kill()
	if s := status(once); s.Status != "started" {
		t.Fatalf("right after the kill: %s", s.Status)
	}

	second := apptest.StartProcess(t, env...)
	until("the job without an attempt left to fail", func() bool { return status(once).Status == "failed" })
	if s := status(once); s.Message != jobs.StoppedMessage {
		t.Fatalf("failed job's message: %q", s.Message)
	}
	attempt := func() (n int, state string) {
		if err := pool.QueryRow(ctx, `SELECT attempt, state::text FROM river_job WHERE id = $1`, twice).Scan(&n, &state); err != nil {
			t.Fatal(err)
		}
		return n, state
	}
	until("the job with an attempt left to run again", func() bool {
		n, state := attempt()
		return n == 2 && state == "running"
	})

	// Its second server dies too: a cancel, with nobody left to work or sweep, still ends it.
	second.Kill()
	until("the cancel of a job whose server died", func() bool {
		s, err := q.Cancel(ctx, twice)
		if err != nil {
			t.Fatal(err)
		}
		return s.Status == "cancelled"
	})
	var beats int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM job_heartbeats`).Scan(&beats); err != nil || beats != 0 {
		t.Fatalf("%d heartbeats left of ended jobs (%v)", beats, err)
	}
}
