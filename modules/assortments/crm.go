package assortments

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/jobs"
)

// CRM takes an assortment to sync to the customer relationship system (POST
// /api/assortments/crmSync/{id}). Queue runs inside the request's transaction, so a request
// that fails queues nothing.
type CRM interface {
	Queue(ctx context.Context, tx pgx.Tx, a *Assortment, userID string) error
}

// The CRM drivers (crm.driver), like the order module's address verifiers: both write the sync
// as a row of the CRM outbox (assortment_crm_syncs), which is its record. outbox stops there: the
// CRM, or an admin, reads the table (GET /api/assortments/admin/crmOutbox). http also queues a
// job that POSTs the row's payload to crm.url, signed with crm.secret, retried with the job
// queue's backoff until crm.max_attempts; each attempt is recorded on the row.
const (
	CRMDriverOutbox = "outbox"
	CRMDriverHTTP   = "http"
)

// CRMSignatureHeader carries "sha256=" and the hex HMAC-SHA256 of the body under crm.secret.
const CRMSignatureHeader = "X-ITS-Signature"

// CRMDeliveryHeader carries the outbox row's id: the same sync retried has the same one.
const CRMDeliveryHeader = "X-ITS-Delivery"

// crmDriver is the CRM of the configuration.
type crmDriver struct {
	db          *pgxpool.Pool
	queue       *jobs.Queue
	driver      string
	poster      *crmPoster // http only
	maxAttempts int
}

// NewCRM gives the CRM the configuration names (crm.driver).
func NewCRM(cfg *config.Config, db *pgxpool.Pool, queue *jobs.Queue) CRM {
	c := &crmDriver{db: db, queue: queue, driver: cfg.CRM.Driver, maxAttempts: cfg.CRM.MaxAttempts}
	if c.driver == CRMDriverHTTP {
		c.poster = &crmPoster{url: cfg.CRM.URL, secret: []byte(cfg.CRM.Secret), client: &http.Client{Timeout: cfg.CRM.Timeout.Duration}}
	}
	return c
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

// CRMDeliverArgs is the http driver's job: POST one outbox row to the CRM.
type CRMDeliverArgs struct {
	SyncID int64 `json:"syncId"`
}

func (CRMDeliverArgs) Kind() string { return "assortments.crmDeliver" }

func (c *crmDriver) Queue(ctx context.Context, tx pgx.Tx, a *Assortment, userID string) error {
	payload, err := json.Marshal(crmPayload{ID: a.ID, Title: a.Title, SubTitle: a.SubTitle, Channel: a.Channel, Region: a.Region,
		Season: a.Season, Year: a.Year, OrgType: a.OrgType, Requested: time.Now().UTC()})
	if err != nil {
		return err
	}
	id, err := insertCRMSync(ctx, tx, a.ID, userID, payload, c.driver)
	if err != nil {
		return err
	}
	if c.poster == nil {
		return nil
	}
	_, err = c.queue.Enqueue(ctx, tx, CRMDeliverArgs{SyncID: id}, jobs.Spec{MaxAttempts: c.maxAttempts})
	return err
}

// crmPoster sends a payload to the CRM over HTTP.
type crmPoster struct {
	url    string
	secret []byte
	client *http.Client
}

// crmSignature is the value of CRMSignatureHeader for body.
func crmSignature(secret, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// maxCRMError is the most of the CRM's answer kept as a failed attempt's error.
const maxCRMError = 300

// post sends body as sync id and answers the CRM's HTTP status (0 when it was not reached); any
// status but 2xx is an error carrying the start of the CRM's answer.
func (p *crmPoster) post(ctx context.Context, id int64, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(CRMSignatureHeader, crmSignature(p.secret, body))
	req.Header.Set(CRMDeliveryHeader, strconv.FormatInt(id, 10))
	res, err := p.client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("CRM not reached: %w", err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(res.Body, maxCRMError))
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20))
	if res.StatusCode/100 == 2 {
		return res.StatusCode, nil
	}
	text := strings.Join(strings.Fields(strings.ToValidUTF8(string(answer), "")), " ")
	if text == "" {
		return res.StatusCode, fmt.Errorf("CRM answered %d", res.StatusCode)
	}
	return res.StatusCode, fmt.Errorf("CRM answered %d: %s", res.StatusCode, text)
}

// deliver makes one attempt at outbox row id and records it: sent on a 2xx answer, failed when
// it was the last attempt, pending (to be retried) otherwise. A row gone (its assortment
// deleted) or no longer pending is done.
func (c *crmDriver) deliver(ctx context.Context, id int64, last bool) error {
	body, err := pendingCRMPayload(ctx, c.db, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	code, sendErr := c.poster.post(ctx, id, body)
	status, text := "sent", ""
	if sendErr != nil {
		status, text = "pending", sendErr.Error()
		if last {
			status = "failed"
		}
	}
	var lastStatus *int
	if code != 0 {
		lastStatus = &code
	}
	// The attempt is recorded even when the job's context ended with it.
	rec, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := recordCRMAttempt(rec, c.db, id, status, lastStatus, text); err != nil {
		return errors.Join(sendErr, err)
	}
	return sendErr
}

type crmWorker struct {
	river.WorkerDefaults[CRMDeliverArgs]
	crm *crmDriver
}

func (w *crmWorker) Work(ctx context.Context, job *river.Job[CRMDeliverArgs]) error {
	return w.crm.deliver(ctx, job.Args.SyncID, job.Attempt >= job.MaxAttempts)
}

// crmRegistration runs the http driver's worker; the outbox driver has none.
func crmRegistration(c CRM) jobs.Registration {
	d, ok := c.(*crmDriver)
	if !ok || d.poster == nil {
		return jobs.Registration{}
	}
	return jobs.Registration{Workers: func(w *river.Workers) { river.AddWorker(w, &crmWorker{crm: d}) }}
}

// CRMSyncEntry is one row of the CRM outbox: a sync asked, the driver that took it and, for
// http, its delivery so far.
type CRMSyncEntry struct {
	ID           int64  `json:"id"`
	AssortmentID string `json:"assortmentId"`
	// Title is the assortment's title now (the listing's; the payload has the one sent).
	Title         string          `json:"title,omitempty"`
	RequestedBy   string          `json:"requestedBy"`
	Driver        string          `json:"driver"`
	Status        string          `json:"status"`
	Payload       json.RawMessage `json:"payload,omitempty"`
	Requested     time.Time       `json:"requested"`
	SentAt        *time.Time      `json:"sentAt"`
	Attempts      int             `json:"attempts"`
	LastAttemptAt *time.Time      `json:"lastAttemptAt"`
	LastStatus    *int            `json:"lastStatus"`
	LastError     string          `json:"lastError"`
}

// crmStatuses are the states of an outbox row.
var crmStatuses = []string{"pending", "sent", "failed"}

// CRMOutboxQuery selects rows of the CRM outbox listing: by status and assortment, newest
// first, at most Limit (1 to maxListPage).
type CRMOutboxQuery struct {
	Status       string
	AssortmentID string
	Limit        int
}

// CRMOutbox lists the CRM outbox for an admin (the route's action decides who).
func (s *Service) CRMOutbox(ctx context.Context, q CRMOutboxQuery) ([]CRMSyncEntry, error) {
	var bad []httpx.FieldError
	if q.Status != "" && !slices.Contains(crmStatuses, q.Status) {
		bad = append(bad, httpx.FieldError{Field: "status", Rule: "enum", Message: "status must be one of " + strings.Join(crmStatuses, ", ")})
	}
	if q.AssortmentID != "" && !httpx.IsUUID(q.AssortmentID) {
		bad = append(bad, httpx.FieldError{Field: "assortment", Rule: "format", Message: "assortment must be an assortment id"})
	}
	if q.Limit == 0 {
		q.Limit = ListBlock
	}
	if q.Limit < 1 || q.Limit > MaxListPage {
		bad = append(bad, httpx.FieldError{Field: "limit", Rule: "range", Message: fmt.Sprintf("limit must be 1 to %d", MaxListPage)})
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	b := selectCRMSyncs().Limit(uint64(q.Limit))
	if q.Status != "" {
		b = b.Where(sq.Eq{"s.status": q.Status})
	}
	if q.AssortmentID != "" {
		b = b.Where(sq.Eq{"s.assortment_id": q.AssortmentID})
	}
	return s.queryCRMSyncs(ctx, b)
}

// LastCRMSync answers the latest sync of assortment id, for whoever may see it (nil: never
// synced); the manage page shows its result.
func (s *Service) LastCRMSync(ctx context.Context, id string) (*CRMSyncEntry, error) {
	a, err := s.load(ctx, s.db, id, false)
	if err != nil {
		return nil, err
	}
	list, err := s.queryCRMSyncs(ctx, selectCRMSyncs().Where(sq.Eq{"s.assortment_id": a.ID}).Limit(1))
	if err != nil || len(list) == 0 {
		return nil, err
	}
	e := list[0]
	e.Title, e.Payload = "", nil
	return &e, nil
}

// CRMSync queues assortment id for the CRM and sets its lastSyncDate: the caller must be allowed
// to edit it; a folder has nothing to sync.
func (s *Service) CRMSync(ctx context.Context, id string) (*time.Time, error) {
	var at time.Time
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
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
