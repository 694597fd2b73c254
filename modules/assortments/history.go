package assortments

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/jobs"
)

// rowHistory answers a row's history: ?field= one field, ?before= older than that entry,
// ?limit= at most that many (grid.HistoryMaxLimit).
func (h *Handler) rowHistory(r *http.Request) (*grid.HistoryPage, error) {
	hq, err := grid.ParseHistoryQuery(r.URL.Query(), chi.URLParam(r, "rowId"))
	if err != nil {
		return nil, err
	}
	return h.svc.RowHistory(r.Context(), chi.URLParam(r, "id"), hq)
}

// RowHistory reads the history of a row of assortment id (GET /api/assortments/{id}/rows/{rowId}/
// history) under the policy of reading its rows (the same snapshot and load as Rows: an
// assortment the caller may not see, like a row not in it, is a 404); the fields the
// assortment's organisation type hides are left out.
func (s *Service) RowHistory(ctx context.Context, id string, hq grid.HistoryQuery) (*grid.HistoryPage, error) {
	if !httpx.IsUUID(id) {
		return nil, notFound()
	}
	if !validRowID(hq.RowID) {
		return nil, httpx.NotFound("Row")
	}
	var out *grid.HistoryPage
	err := db.InSnapshot(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.load(ctx, tx, id, false)
		if err != nil {
			return err
		}
		if _, err := s.store.rowVersion(ctx, tx, a.ID, hq.RowID); errors.Is(err, pgx.ErrNoRows) {
			return httpx.NotFound("Row")
		} else if err != nil {
			return err
		}
		hidden := s.hiddenFields(a)
		if slices.Contains(hidden, hq.Field) {
			return httpx.NotFound("Field")
		}
		if out, err = rowGrid.History(ctx, tx, hq); err != nil {
			return err
		}
		shown := out.Entries[:0]
		for _, e := range out.Entries {
			if !slices.Contains(hidden, e.Field) {
				shown = append(shown, e)
			}
		}
		out.Entries = shown
		return nil
	})
	return out, err
}

// hiddenFields are the row fields a's organisation type hides (none for assortments).
func (s *Service) hiddenFields(a *Assortment) []string {
	if s.org == nil {
		return nil
	}
	return s.org.Hidden(a)
}

// HistoryPruneArgs is the periodic prune of the detail grid's cell history.
type HistoryPruneArgs struct{}

// Kind names the job.
func (HistoryPruneArgs) Kind() string { return "assortments.historyPrune" }

// historyPruneEvery is how often the prune runs (and once at start-up).
const historyPruneEvery = 6 * time.Hour

type historyPruneWorker struct {
	river.WorkerDefaults[HistoryPruneArgs]
	svc *Service
}

func (w *historyPruneWorker) Work(ctx context.Context, _ *river.Job[HistoryPruneArgs]) error {
	n, err := w.svc.PruneHistory(ctx, time.Now())
	if n > 0 {
		w.svc.log.Info("cell history pruned", "grid", rowGrid.Name, "count", n)
	}
	return err
}

// PruneHistory deletes the detail grid's history entries older than history.retention_days
// before now (none when it is 0) and answers how many.
func (s *Service) PruneHistory(ctx context.Context, now time.Time) (int64, error) {
	days := s.cfg.History.RetentionDays
	if days <= 0 {
		return 0, nil
	}
	return rowGrid.PruneHistory(ctx, s.db, now.AddDate(0, 0, -days))
}

// historyRegistration runs the prune at start-up and every historyPruneEvery, on one server of
// the installation at a time (the queue's leader).
func historyRegistration(svc *Service) jobs.Registration {
	return jobs.Registration{
		Workers: func(w *river.Workers) { river.AddWorker(w, &historyPruneWorker{svc: svc}) },
		Periodic: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(historyPruneEvery),
			func() (river.JobArgs, *river.InsertOpts) { return HistoryPruneArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true})},
	}
}
