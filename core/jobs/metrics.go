package jobs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"its/core/metrics"
)

// workMetrics counts the jobs this server works, by kind and outcome.
type workMetrics struct {
	river.MiddlewareDefaults
	m *metrics.Metrics
}

func (w *workMetrics) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	err := doInner(ctx)
	w.m.JobWorked(job.Kind, err)
	return err
}

// jobStates is every state River keeps a job in, so each is reported, as 0 when empty.
var jobStates = []rivertype.JobState{
	rivertype.JobStateAvailable, rivertype.JobStateCancelled, rivertype.JobStateCompleted,
	rivertype.JobStateDiscarded, rivertype.JobStatePending, rivertype.JobStateRetryable,
	rivertype.JobStateRunning, rivertype.JobStateScheduled,
}

// stateCollector reports the queue's jobs by state when scraped. The queue is shared by every
// server, so each server reports the same totals: aggregate with max, not sum.
type stateCollector struct {
	db   *pgxpool.Pool
	desc *prometheus.Desc
}

func newStateCollector(db *pgxpool.Pool) *stateCollector {
	return &stateCollector{db: db, desc: prometheus.NewDesc(
		metrics.Namespace+"_jobs",
		"Jobs in the queue (all servers), by state.",
		[]string{"state"}, nil)}
}

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	// A scrape must not hang on a busy database; a failed count reports nothing this time.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts := map[string]float64{}
	rows, err := c.db.Query(ctx, `SELECT state::text, count(*) FROM river_job GROUP BY state`)
	if err != nil {
		return
	}
	for rows.Next() {
		var state string
		var n int64
		if err := rows.Scan(&state, &n); err != nil {
			rows.Close()
			return
		}
		counts[state] = float64(n)
	}
	if rows.Err() != nil {
		return
	}
	for _, s := range jobStates {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, counts[string(s)], string(s))
	}
}
