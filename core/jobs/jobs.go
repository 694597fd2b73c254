// Package jobs is ITS's background job queue: River on the application's PostgreSQL (its own
// migrations applied at start), workers contributed by modules through an fx group, progress and
// results in job_progress, and the download queue's API (GET /api/jobs/{id}, cancel).
package jobs

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/db"
	"its/core/metrics"
	"its/core/storage"
)

// Registration is what a module contributes: its workers and periodic jobs.
type Registration struct {
	Workers  func(w *river.Workers)
	Periodic []*river.PeriodicJob
}

// AsRegistration annotates a constructor of Registration for the queue's fx group.
func AsRegistration(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"jobs"`)))
}

// Queue enqueues jobs, records their progress and results, and answers their status.
type Queue struct {
	db     *pgxpool.Pool
	client *river.Client[pgx.Tx]
	store  storage.Store
	cfg    *config.Config
}

// Params wire the queue.
type Params struct {
	fx.In
	Config *config.Config
	Log    *slog.Logger
	DB     *pgxpool.Pool
	Store  storage.Store
	// Metrics gets the queue's counts by state (optional: tools build the queue without).
	Metrics *metrics.Metrics `optional:"true"`
}

// NoopArgs is a job that does nothing (a health probe and the throughput benchmark's unit).
type NoopArgs struct{}

func (NoopArgs) Kind() string { return "jobs.noop" }

type noopWorker struct{ river.WorkerDefaults[NoopArgs] }

func (noopWorker) Work(context.Context, *river.Job[NoopArgs]) error { return nil }

func riverLogger(log *slog.Logger) *slog.Logger {
	return slog.New(levelFilter{h: log.With("component", "river").Handler(), min: slog.LevelWarn})
}

// New applies River's migrations and gives the queue. Its River client only inserts and
// cancels: the working client is built apart (startWorkers), because workers belong to modules
// whose services themselves enqueue.
func New(p Params) (*Queue, error) {
	ctx := context.Background()
	driver := riverpgxv5.New(p.DB)
	migrator, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: riverLogger(p.Log)})
	if err != nil {
		return nil, err
	}
	// River's migrator takes no lock of its own: servers starting together would race.
	err = db.Exclusive(ctx, p.DB, func(ctx context.Context) error {
		_, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("job queue migrations: %w", err)
	}
	client, err := river.NewClient(driver, &river.Config{Logger: riverLogger(p.Log)})
	if err != nil {
		return nil, err
	}
	p.Metrics.MustRegister(newStateCollector(p.DB))
	return &Queue{db: p.DB, client: client, store: p.Store, cfg: p.Config}, nil
}

// WorkerParams wire the working client.
type WorkerParams struct {
	fx.In
	LC            fx.Lifecycle
	Config        *config.Config
	Log           *slog.Logger
	DB            *pgxpool.Pool
	Queue         *Queue           // after the migrations
	Registrations []Registration   `group:"jobs"`
	Metrics       *metrics.Metrics `optional:"true"`
}

// startWorkers builds the working client with every module's workers and runs it with the app,
// stopping gracefully: running jobs finish, or are cancelled at the stop deadline.
func startWorkers(p WorkerParams) error {
	workers := river.NewWorkers()
	river.AddWorker(workers, &noopWorker{})
	var periodic []*river.PeriodicJob
	for _, r := range p.Registrations {
		if r.Workers != nil {
			r.Workers(workers)
		}
		periodic = append(periodic, r.Periodic...)
	}
	client, err := river.NewClient(riverpgxv5.New(p.DB), &river.Config{
		Queues:       map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: p.Config.Jobs.Workers}},
		Workers:      workers,
		PeriodicJobs: periodic,
		JobTimeout:   2 * time.Hour,
		// River fetches at most one batch per cooldown; its default (100 ms) caps a server at
		// ten batches a second, too slow for bursts of small jobs.
		FetchCooldown:     5 * time.Millisecond,
		FetchPollInterval: 500 * time.Millisecond,
		Logger:            riverLogger(p.Log),
		Middleware: []rivertype.Middleware{&workMetrics{m: p.Metrics},
			&heartbeat{db: p.DB, every: p.Config.Jobs.HeartbeatInterval.Duration, log: p.Log}},
	})
	if err != nil {
		return err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	p.LC.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go runSweeper(runCtx, p.DB, p.Config.Jobs.HeartbeatInterval.Duration, p.Config.Jobs.HeartbeatTimeout.Duration, p.Log)
			return client.Start(runCtx)
		},
		OnStop: func(ctx context.Context) error {
			defer cancel()
			if err := client.Stop(ctx); err != nil && !errors.Is(err, context.Canceled) {
				return client.StopAndCancel(context.Background())
			}
			return nil
		},
	})
	return nil
}

// Client is the River client, for modules that need more than Enqueue.
func (q *Queue) Client() *river.Client[pgx.Tx] { return q.client }

// Spec describes a job for the download queue.
type Spec struct {
	// UserID owns the job (only they may follow or cancel it); empty for system jobs.
	UserID string
	// Title is what the download queue shows, e.g. the zip's file name.
	Title string
	// CancelMessage is shown when the job is cancelled ('Your ZIP download has been cancelled').
	CancelMessage string
	// MaxAttempts defaults to 1: a user's download that failed is reported, not silently retried.
	MaxAttempts int
}

// Enqueue inserts the job inside tx (nil: its own transaction), so a request that fails
// enqueues nothing.
func (q *Queue) Enqueue(ctx context.Context, tx pgx.Tx, args river.JobArgs, spec Spec) (int64, error) {
	if tx == nil {
		var id int64
		err := db.InTx(ctx, q.db, func(tx pgx.Tx) error {
			var err error
			id, err = q.Enqueue(ctx, tx, args, spec)
			return err
		})
		return id, err
	}
	if spec.MaxAttempts <= 0 {
		spec.MaxAttempts = 1
	}
	res, err := q.client.InsertTx(ctx, tx, args, &river.InsertOpts{MaxAttempts: spec.MaxAttempts})
	if err != nil {
		return 0, err
	}
	var uid any
	if spec.UserID != "" {
		uid = spec.UserID
	}
	_, err = tx.Exec(ctx, `INSERT INTO job_progress (job_id, user_id, kind, title, cancel_message) VALUES ($1, $2, $3, $4, $5)`,
		res.Job.ID, uid, args.Kind(), spec.Title, spec.CancelMessage)
	return res.Job.ID, err
}

// Progress records pct (0-100) for a running job.
func (q *Queue) Progress(ctx context.Context, jobID int64, pct int) error {
	pct = min(max(pct, 0), 100)
	_, err := q.db.Exec(ctx, `UPDATE job_progress SET progress = $2, updated_at = now() WHERE job_id = $1`, jobID, pct)
	return err
}

// Fail records the message the download queue shows for a failed job; the worker then returns
// an error so River marks the job failed, or river.JobCancel for a refusal that a retry would not
// change (the job then reads failed with this message, not cancelled).
func (q *Queue) Fail(ctx context.Context, jobID int64, message string) error {
	_, err := q.db.Exec(ctx, `UPDATE job_progress SET message = $2, updated_at = now() WHERE job_id = $1`, jobID, message)
	return err
}

// SetResult records the blob a finished job produced; the status answer signs a URL for it.
func (q *Queue) SetResult(ctx context.Context, jobID int64, key, filename string) error {
	_, err := q.db.Exec(ctx, `UPDATE job_progress SET result_key = $2, result_filename = $3, progress = 100, updated_at = now() WHERE job_id = $1`, jobID, key, filename)
	return err
}

// Status is a job as the download queue shows it.
type Status struct {
	ID          string    `json:"id"`
	Kind        string    `json:"kind"`
	Title       string    `json:"title"`
	Status      string    `json:"status"` // pending | started | success | failed | cancelled
	Progress    int       `json:"progress"`
	Message     string    `json:"message,omitempty"`
	URL         string    `json:"url,omitempty"`
	Filename    string    `json:"filename,omitempty"`
	CreatedDate time.Time `json:"createdDate"`
	ownerID     string
	resultKey   string
}

// OwnerID is the user who started the job ("" for system jobs).
func (s *Status) OwnerID() string { return s.ownerID }

// statusOf maps River's states onto the download queue's.
func statusOf(state string) string {
	switch rivertype.JobState(state) {
	case rivertype.JobStateRunning:
		return "started"
	case rivertype.JobStateCompleted:
		return "success"
	case rivertype.JobStateDiscarded:
		return "failed"
	case rivertype.JobStateCancelled:
		return "cancelled"
	case "":
		// River's cleaner removed the row long after the job ended.
		return "failed"
	default: // available, scheduled, pending, retryable
		return "pending"
	}
}

const selectStatus = `SELECT p.job_id, p.kind, p.title, coalesce(j.state::text, ''), p.progress, p.message, p.cancel_message,
	p.result_key, p.result_filename, p.created_at, coalesce(p.user_id::text, '')
	FROM job_progress p LEFT JOIN river_job j ON j.id = p.job_id`

func (q *Queue) scan(ctx context.Context, row pgx.Row) (*Status, error) {
	var s Status
	var id int64
	var state, cancelMsg string
	if err := row.Scan(&id, &s.Kind, &s.Title, &state, &s.Progress, &s.Message, &cancelMsg, &s.resultKey, &s.Filename, &s.CreatedDate, &s.ownerID); err != nil {
		return nil, err
	}
	s.ID = strconv.FormatInt(id, 10)
	s.Status = statusOf(state)
	if state == "" && s.resultKey != "" {
		s.Status = "success"
	}
	switch s.Status {
	case "success":
		s.Progress = 100
		if s.resultKey != "" {
			u, err := q.store.SignedGetURL(ctx, s.resultKey, s.Filename, q.cfg.Storage.URLTTL.Duration)
			if err != nil {
				return nil, err
			}
			s.URL = u
		}
	case "cancelled":
		if s.Message != "" {
			// The worker refused the job with a reason (Fail, then river.JobCancel so it is not
			// retried): the user sees a failure and why, not a cancel they never asked for.
			s.Status = "failed"
			break
		}
		s.Message = cancelMsg
	case "failed":
		if s.Message == "" {
			s.Message = "The job failed."
		}
	}
	return &s, nil
}

// ErrNotFound is returned for an unknown job id.
var ErrNotFound = errors.New("jobs: no such job")

// Get answers one job's status.
func (q *Queue) Get(ctx context.Context, jobID int64) (*Status, error) {
	s, err := q.scan(ctx, q.db.QueryRow(ctx, selectStatus+` WHERE p.job_id = $1`, jobID))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return s, err
}

// List answers a user's most recent jobs, newest first.
func (q *Queue) List(ctx context.Context, userID string, limit int) ([]*Status, error) {
	rows, err := q.db.Query(ctx, selectStatus+` WHERE p.user_id = $1 ORDER BY p.created_at DESC LIMIT $2`, userID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Status{}
	for rows.Next() {
		s, err := q.scan(ctx, rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Cancel cancels a job: a pending one never runs, a running one has its context cancelled (on
// whichever server runs it), and one whose server stopped is cancelled at once (without a
// heartbeat for the timeout) or by the next sweep; a finished one stays as it is.
func (q *Queue) Cancel(ctx context.Context, jobID int64) (*Status, error) {
	if _, err := q.client.JobCancel(ctx, jobID); err != nil && !errors.Is(err, river.ErrNotFound) {
		return nil, err
	}
	if _, err := sweepDead(ctx, q.db, q.cfg.Jobs.HeartbeatTimeout.Duration); err != nil {
		return nil, err
	}
	return q.Get(ctx, jobID)
}

// levelFilter drops River's records below min (it logs every fetch at info).
type levelFilter struct {
	h   slog.Handler
	min slog.Level
}

func (f levelFilter) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= f.min && f.h.Enabled(ctx, l)
}
func (f levelFilter) Handle(ctx context.Context, r slog.Record) error { return f.h.Handle(ctx, r) }
func (f levelFilter) WithAttrs(a []slog.Attr) slog.Handler {
	return levelFilter{h: f.h.WithAttrs(a), min: f.min}
}
func (f levelFilter) WithGroup(n string) slog.Handler {
	return levelFilter{h: f.h.WithGroup(n), min: f.min}
}
