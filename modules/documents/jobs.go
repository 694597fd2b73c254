package documents

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/jobs"
)

// RenderArgs asks for a document for the download queue.
type RenderArgs struct {
	UserID   string  `json:"userId"`
	FileType string  `json:"fileType"`
	Request  Request `json:"request"`
	Filename string  `json:"filename"`
}

func (RenderArgs) Kind() string { return "documents.render" }

// DueArgs is the periodic look for scheduled documents that are due.
type DueArgs struct{}

func (DueArgs) Kind() string { return "documents.due" }

// SendArgs is one run of a scheduled document.
type SendArgs struct {
	DocumentID string `json:"documentId"`
}

func (SendArgs) Kind() string { return "documents.send" }

// Queue checks the request as the caller (a mistake is a 400 and queues nothing) and queues
// the render; the download queue follows the job.
func (s *Service) Queue(ctx context.Context, fileType string, req *Request) (int64, string, error) {
	if err := s.check(ctx, req); err != nil {
		return 0, "", err
	}
	if fileType == FileTypePdf {
		if err := s.pdf.Ready(); err != nil {
			return 0, "", errNoRenderer(err)
		}
	}
	name := fileName(req.Filename, "", req.DocumentType, fileType)
	if req.Filename == "" {
		name = ""
	}
	u := me(ctx)
	id, err := s.queue.Enqueue(ctx, nil, RenderArgs{UserID: u.ID, FileType: fileType, Request: *req, Filename: name},
		jobs.Spec{UserID: u.ID, Title: orTitle(name, req), CancelMessage: MsgCancelled})
	return id, name, err
}

func orTitle(name string, req *Request) string {
	if name != "" {
		return name
	}
	return req.DocumentType.Type + " " + req.DocumentType.SubType
}

type renderWorker struct {
	river.WorkerDefaults[RenderArgs]
	svc *Service
}

// Work renders as the user who asked (what they may no longer see fails the job), reporting
// progress, then stores the file as the job's download. A cancelled job stops at the next step
// and stores nothing.
func (w *renderWorker) Work(ctx context.Context, job *river.Job[RenderArgs]) error {
	s, a := w.svc, job.Args
	ctx, err := s.asUser(ctx, a.UserID)
	if err != nil {
		return err
	}
	file, err := s.Render(ctx, &a.Request, a.FileType, s.progressOf(ctx, job.ID))
	if err != nil {
		return s.jobFailed(ctx, job.ID, err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.storeDownload(ctx, job.ID, file.Filename, file.ContentType, bytes.NewReader(file.Data), int64(len(file.Data)))
}

// asUser runs a job as the user who asked for it (a user gone since cancels the job).
func (s *Service) asUser(ctx context.Context, userID string) (context.Context, error) {
	u, err := s.users.ByID(ctx, userID)
	if err != nil {
		return ctx, river.JobCancel(err)
	}
	return identity.WithUser(ctx, u), nil
}

// progressOf reports a job's progress, once per change.
func (s *Service) progressOf(ctx context.Context, jobID int64) func(int) {
	last := -1
	return func(p int) {
		if p != last {
			last = p
			_ = s.queue.Progress(ctx, jobID, p)
		}
	}
}

// jobFailed ends a job whose work failed: a refusal (4xx, or 503 without Chromium) is shown
// in the download queue and not retried; anything else is retried.
func (s *Service) jobFailed(ctx context.Context, jobID int64, err error) error {
	if e := httpx.AsError(err); e.Status < 500 || e.Status == 503 {
		_ = s.queue.Fail(ctx, jobID, e.Message)
		return river.JobCancel(err)
	}
	return err
}

// storeDownload keeps a job's file in the blob store as its download.
func (s *Service) storeDownload(ctx context.Context, jobID int64, filename, contentType string, r io.Reader, size int64) error {
	key := fmt.Sprintf("downloads/%d/%s", jobID, filename)
	if err := s.blobs.Put(ctx, key, r, size, contentType); err != nil {
		return err
	}
	return s.queue.SetResult(ctx, jobID, key, filename)
}

type dueWorker struct {
	river.WorkerDefaults[DueArgs]
	svc *Service
}

// Work claims every due schedule (moving its next run on in the same transaction) and queues
// one send job each, so a slow document does not hold the others up.
func (w *dueWorker) Work(ctx context.Context, _ *river.Job[DueArgs]) error {
	s := w.svc
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		ids, err := s.store.due(ctx, tx, s.now())
		if err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := s.queue.Client().InsertTx(ctx, tx, SendArgs{DocumentID: id}, &river.InsertOpts{MaxAttempts: 3}); err != nil {
				return err
			}
		}
		return nil
	})
}

type sendWorker struct {
	river.WorkerDefaults[SendArgs]
	svc *Service
}

func (w *sendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	err := w.svc.run(ctx, job.Args.DocumentID)
	var he *httpx.Error
	if errors.As(err, &he) && he.Status < 500 {
		// The assortment is gone or no longer visible: retrying will not help.
		return river.JobCancel(err)
	}
	return err
}

// DuePeriod is how often the periodic job looks for due schedules.
const DuePeriod = time.Minute

func (s *Service) registration() jobs.Registration {
	return jobs.Registration{
		Workers: func(w *river.Workers) {
			river.AddWorker(w, &renderWorker{svc: s})
			river.AddWorker(w, &dueWorker{svc: s})
			river.AddWorker(w, &sendWorker{svc: s})
			river.AddWorker(w, &packageWorker{svc: s})
		},
		Periodic: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(DuePeriod),
			func() (river.JobArgs, *river.InsertOpts) { return DueArgs{}, nil }, &river.PeriodicJobOpts{RunOnStart: true})},
	}
}
