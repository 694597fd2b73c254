package jobs_test

import (
	"context"
	"testing"
	"time"

	"its/core/db/dbtest"
	"its/core/jobs"
)

// TestBeatAfterTheJobEnded holds a sweep's ending of a job (its state changed and its beat
// removed, not yet committed) while the job's server beats once more, as a server killed in the
// middle of a beat does (its database session finishes the statement after the process is gone):
// the late beat leaves no row behind, whether the job had beaten before or not.
func TestBeatAfterTheJobEnded(t *testing.T) {
	ctx := context.Background()
	_, pool := queueOn(t, []string{"ITS_DATABASE_URL=" + dbtest.NewDatabase(t), "ITS_DATA_DIR=" + t.TempDir()})

	for _, beatenBefore := range []bool{false, true} {
		var id int64
		if err := pool.QueryRow(ctx, `INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, attempted_at)
			VALUES ('{}', 'test.beat', 1, 'default', 'running', 1, now() - interval '1 hour') RETURNING id`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if beatenBefore {
			jobs.Beat(ctx, pool, id)
		}
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// What sweepDead does to a dead job, held open.
		if _, err := tx.Exec(ctx, `UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE id = $1`, id); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM job_heartbeats WHERE job_id = $1`, id); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { defer close(done); jobs.Beat(context.Background(), pool, id) }()
		// The late beat either finished already or waits for the sweep's transaction.
		deadline := time.Now().Add(30 * time.Second)
		for waiting := false; !waiting; {
			select {
			case <-done:
				waiting = true
				continue
			default:
			}
			if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
				WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%job_heartbeats%')`).Scan(&waiting); err != nil {
				t.Fatal(err)
			}
			if time.Now().After(deadline) {
				t.Fatal("the late beat neither finished nor waited")
			}
			time.Sleep(10 * time.Millisecond)
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		<-done
		var beats int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM job_heartbeats WHERE job_id = $1`, id).Scan(&beats); err != nil {
			t.Fatal(err)
		}
		if beats != 0 {
			t.Errorf("beaten before: %v: a late beat left %d rows for a job no longer running", beatenBefore, beats)
		}
	}
}
