package orders

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"its/core/authz"
	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	liverows "its/core/live"
	"its/modules/actions"
)

// Assignment is a coordinator that sample orders can be assigned to (spec §3.3).
type Assignment struct {
	ID              string    `json:"_id"`
	CoordinatorCode string    `json:"coordinatorCode"`
	Name            string    `json:"name"`
	LastName        string    `json:"lastName"`
	Email           string    `json:"email"`
	CreatedDate     time.Time `json:"createdDate"`
	Version         int64     `json:"version"`
}

// assignmentGrid declares the coordinator assignments grid for the generic export (core/grid):
// the page's columns over the table.
var assignmentGrid = grid.MustNew(grid.Grid{
	Name:  "orders.assignments",
	Table: "coordinator_assignments",
	Columns: []grid.Column{
		{Field: "coordinatorCode", Header: "Coordinator", Type: grid.Text, Column: "coordinator_code"},
		{Field: "name", Header: "Name", Type: grid.Text, Column: "name"},
		{Field: "lastName", Header: "Last name", Type: grid.Text, Column: "last_name"},
		{Field: "email", Header: "Email", Type: grid.Text, Column: "email"},
		{Field: "createdDate", Header: "Created", Type: grid.DateTime, Column: "created_at"},
	},
	DefaultSort: []grid.Sort{{Field: "coordinatorCode"}},
})

// ExportAssignments writes the coordinator assignments as the page shows them (columns,
// filters, sort, grouping) to an .xlsx or .csv download.
func (s *Service) ExportAssignments(ctx context.Context, w http.ResponseWriter, _ string, req grid.ExportRequest) error {
	name := grid.ExportFileNameAs(req.FileName, "CoordinatorAssignments_"+s.now().Format("2006-01-02"), req.Format)
	return assignmentGrid.Export(ctx, w, s.db, req, nil, name)
}

// AssignmentFields are the fields a create or patch sets; nil leaves one as it is.
type AssignmentFields struct {
	CoordinatorCode *string `json:"coordinatorCode"`
	Name            *string `json:"name"`
	LastName        *string `json:"lastName"`
	Email           *string `json:"email"`
	Version         *int64  `json:"version"`
}

// Assignments lists the coordinator assignments.
func (s *Service) Assignments(ctx context.Context) ([]*Assignment, error) {
	return s.store.Assignments(ctx)
}

// AssignmentRows answers the coordinator assignments on the grid protocol: a query's rows by
// their ids (what the grid's live topic names, read again), filters and sort.
func (s *Service) AssignmentRows(ctx context.Context, _ string, q grid.Query) (*grid.Page, error) {
	return assignmentGrid.Page(ctx, s.db, q, nil)
}

// SaveAssignment creates (id "") or patches an assignment, in one transaction that tells the
// assignments' open grids (AssignmentsTopic). A patch needs the version it was read at; a
// stale one is the userLock conflict.
func (s *Service) SaveAssignment(ctx context.Context, id string, f AssignmentFields) (*Assignment, error) {
	var out, a *Assignment
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var before *grid.Row
		var err error
		a, before, err = s.assignmentFor(ctx, tx, id, f.Version)
		if err != nil {
			return err
		}
		setStr(&a.CoordinatorCode, f.CoordinatorCode)
		setStr(&a.Name, f.Name)
		setStr(&a.LastName, f.LastName)
		setStr(&a.Email, f.Email)
		a.CoordinatorCode = strings.ToUpper(a.CoordinatorCode)
		if a.CoordinatorCode == "" {
			return httpx.Invalid(httpx.FieldError{Field: "coordinatorCode", Rule: "required", Message: "The coordinator code is required"})
		}
		if out, err = s.store.SaveAssignment(ctx, tx, a); err != nil {
			return err
		}
		return publishChange(ctx, tx, AssignmentsTopic, assignmentGrid, out.ID, before, assignmentRow(out))
	})
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == "23505":
		return nil, httpx.Invalid(httpx.FieldError{Field: "coordinatorCode", Rule: "unique", Message: "Another assignment has the code " + a.CoordinatorCode})
	case errors.Is(err, ErrNotFound):
		return nil, httpx.Conflict(MsgOrderChanged, map[string]any{"errorType": "userLock", "reason": "stale"})
	case err != nil:
		return nil, err
	}
	return out, nil
}

// assignmentFor is the assignment a save of id starts from, with its grid row before the
// save: a new one for id "", else the stored one locked in tx, checked against version. The
// row is made from the assignment read (assignmentRow), not read again.
func (s *Service) assignmentFor(ctx context.Context, tx pgx.Tx, id string, version *int64) (*Assignment, *grid.Row, error) {
	if id == "" {
		return &Assignment{}, nil, nil
	}
	cur, err := s.store.AssignmentByID(ctx, tx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, nil, httpx.NotFound("Coordinator assignment")
	} else if err != nil {
		return nil, nil, err
	}
	if version == nil {
		return nil, nil, httpx.Invalid(httpx.FieldError{Field: "version", Rule: "version", Message: "The assignment version is required"})
	}
	if *version != cur.Version {
		return nil, nil, httpx.Conflict(MsgOrderChanged, map[string]any{"errorType": "userLock", "reason": "stale", "version": *version, "currentVersion": cur.Version})
	}
	return cur, assignmentRow(cur), nil
}

// assignmentRow is a's row of assignmentGrid as a read of the grid by id answers it (its id,
// version and columns), made from an assignment a write has just read or written; nil for none.
func assignmentRow(a *Assignment) *grid.Row {
	if a == nil {
		return nil
	}
	values := map[string]any{"coordinatorCode": a.CoordinatorCode, "name": a.Name, "lastName": a.LastName, "email": a.Email, "createdDate": a.CreatedDate}
	r := &grid.Row{Fields: []string{"id", "version"}, Values: []any{a.ID, a.Version}}
	for _, c := range assignmentGrid.Columns {
		r.Fields = append(r.Fields, c.Field)
		r.Values = append(r.Values, values[c.Field])
	}
	return r
}

// DeleteAssignment removes an assignment, in one transaction that tells the assignments' open
// grids (the row the delete answers, not read before it).
func (s *Service) DeleteAssignment(ctx context.Context, id string) error {
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		gone, err := s.store.DeleteAssignment(ctx, tx, id)
		if errors.Is(err, ErrNotFound) {
			return httpx.NotFound("Coordinator assignment")
		} else if err != nil {
			return err
		}
		return publishChange(ctx, tx, AssignmentsTopic, assignmentGrid, gone.ID, assignmentRow(gone), nil)
	})
}

// AssignmentsTopic is the live topic of the coordinator assignments grid: each write of an
// assignment names it there (added, updated with the fields changed, deleted).
const AssignmentsTopic = TopicCoordinatorAssignments + ":" + TopicCoordinatorAssignmentsKey

// assignmentsTopic lets a user follow the coordinator assignments exactly when the routes that
// read them let them (orders.sample.view; otherwise a 404): every assignment and field is
// theirs to read.
func assignmentsTopic(az *authz.Engine) liverows.Topic {
	return liverows.ActionTopic(TopicCoordinatorAssignments, "Topic", az, liverows.Fixed(map[string]string{TopicCoordinatorAssignmentsKey: actions.OrdersSampleView}))
}
