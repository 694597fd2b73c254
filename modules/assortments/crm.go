package assortments

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"its/core/httpx"
	"its/core/jobs"
)

// CRM takes an assortment to sync to the customer relationship system (POST
// /api/assortments/crmSync/{id}). Queue runs inside the request's transaction, so a request
// that fails queues nothing; delivering is the CRM's own business.
type CRM interface {
	Queue(ctx context.Context, tx pgx.Tx, a *Assortment, userID string) error
}

// outboxCRM is the local CRM: a table of pending syncs, handed on by a worker that marks them
// sent. A connector to a real CRM replaces Deliver.
type outboxCRM struct {
	db    *pgxpool.Pool
	queue *jobs.Queue
	// Deliver hands one pending sync to the CRM; the local outbox keeps it as its record.
	Deliver func(ctx context.Context, assortmentID string, payload json.RawMessage) error
}

// NewOutboxCRM gives the local CRM.
func NewOutboxCRM(db *pgxpool.Pool, queue *jobs.Queue) CRM {
	return &outboxCRM{db: db, queue: queue, Deliver: func(context.Context, string, json.RawMessage) error { return nil }}
}

// crmPayload is what a sync sends: the assortment's head (not its rows) at the time asked.
type crmPayload struct {
	ID        string    `json:"_id"`
	Title     string    `json:"title"`
	SubTitle  string    `json:"subTitle"`
	Channel   string    `json:"channel"`
	Region    string    `json:"region"`
	Season    string    `json:"season"`
	Year      *int      `json:"year"`
	OrgType   string    `json:"orgType"`
	Requested time.Time `json:"requested"`
}

// CRMSyncArgs wakes the outbox worker.
type CRMSyncArgs struct{}

func (CRMSyncArgs) Kind() string { return "assortments.crmSync" }

func (c *outboxCRM) Queue(ctx context.Context, tx pgx.Tx, a *Assortment, userID string) error {
	payload, err := json.Marshal(crmPayload{ID: a.ID, Title: a.Title, SubTitle: a.SubTitle, Channel: a.Channel, Region: a.Region,
		Season: a.Season, Year: a.Year, OrgType: a.OrgType, Requested: time.Now().UTC()})
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO assortment_crm_syncs (assortment_id, requested_by, payload) VALUES ($1, $2, $3)`, a.ID, userID, payload); err != nil {
		return err
	}
	_, err = c.queue.Enqueue(ctx, tx, CRMSyncArgs{}, jobs.Spec{MaxAttempts: 5})
	return err
}

// sendPending delivers the pending syncs in order, each marked sent in its own transaction, so
// a delivery that fails leaves it and those after it pending for the next run.
func (c *outboxCRM) sendPending(ctx context.Context) error {
	for {
		done, err := c.sendOne(ctx)
		if err != nil || done {
			return err
		}
	}
}

func (c *outboxCRM) sendOne(ctx context.Context) (done bool, err error) {
	err = pgx.BeginFunc(ctx, c.db, func(tx pgx.Tx) error {
		var id int64
		var assortment string
		var payload json.RawMessage
		err := tx.QueryRow(ctx, `SELECT id, assortment_id::text, payload FROM assortment_crm_syncs WHERE status = 'pending'
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &assortment, &payload)
		if err == pgx.ErrNoRows {
			done = true
			return nil
		}
		if err != nil {
			return err
		}
		if err := c.Deliver(ctx, assortment, payload); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE assortment_crm_syncs SET status = 'sent', sent_at = now() WHERE id = $1`, id)
		return err
	})
	return done, err
}

type crmWorker struct {
	river.WorkerDefaults[CRMSyncArgs]
	crm *outboxCRM
}

func (w *crmWorker) Work(ctx context.Context, _ *river.Job[CRMSyncArgs]) error {
	return w.crm.sendPending(ctx)
}

// crmRegistration runs the outbox worker for the local CRM, and every CRMSweep sends what an
// earlier run left pending.
func crmRegistration(c CRM) jobs.Registration {
	o, ok := c.(*outboxCRM)
	if !ok {
		return jobs.Registration{}
	}
	return jobs.Registration{
		Workers: func(w *river.Workers) { river.AddWorker(w, &crmWorker{crm: o}) },
		Periodic: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(CRMSweep),
			func() (river.JobArgs, *river.InsertOpts) { return CRMSyncArgs{}, nil }, &river.PeriodicJobOpts{RunOnStart: true})},
	}
}

// CRMSweep is how often the outbox worker looks for syncs left pending.
const CRMSweep = 5 * time.Minute

// CRMSync queues assortment id for the CRM and sets its lastSyncDate: the caller must be allowed
// to edit it; a folder has nothing to sync.
func (s *Service) CRMSync(ctx context.Context, id string) (*time.Time, error) {
	var at time.Time
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.load(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := s.mayEdit(ctx, a); err != nil {
			return err
		}
		if a.Type == "folder" {
			return httpx.Invalid(httpx.FieldError{Field: "id", Rule: "folder", Message: "A folder has no assortment to sync"})
		}
		if err := s.crm.Queue(ctx, tx, a, me(ctx).ID); err != nil {
			return err
		}
		at, err = s.store.setLastSync(ctx, tx, a.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &at, nil
}
