package orders

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"its/core/grid"
	"its/core/httpx"
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

// SaveAssignment creates (id "") or patches an assignment. A patch needs the version it was read
// at; a stale one is the userLock conflict.
func (s *Service) SaveAssignment(ctx context.Context, id string, f AssignmentFields) (*Assignment, error) {
	a := &Assignment{ID: id}
	if id != "" {
		cur, err := s.store.AssignmentByID(ctx, id)
		if errors.Is(err, ErrNotFound) {
			return nil, httpx.NotFound("Coordinator assignment")
		} else if err != nil {
			return nil, err
		}
		if f.Version == nil {
			return nil, httpx.Invalid(httpx.FieldError{Field: "version", Rule: "version", Message: "The assignment version is required"})
		}
		if *f.Version != cur.Version {
			return nil, httpx.Conflict(MsgOrderChanged, map[string]any{"errorType": "userLock", "reason": "stale", "version": *f.Version, "currentVersion": cur.Version})
		}
		a = cur
	}
	setStr(&a.CoordinatorCode, f.CoordinatorCode)
	setStr(&a.Name, f.Name)
	setStr(&a.LastName, f.LastName)
	setStr(&a.Email, f.Email)
	a.CoordinatorCode = strings.ToUpper(a.CoordinatorCode)
	if a.CoordinatorCode == "" {
		return nil, httpx.Invalid(httpx.FieldError{Field: "coordinatorCode", Rule: "required", Message: "The coordinator code is required"})
	}
	out, err := s.store.SaveAssignment(ctx, a)
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == "23505":
		return nil, httpx.Invalid(httpx.FieldError{Field: "coordinatorCode", Rule: "unique", Message: "Another assignment has the code " + a.CoordinatorCode})
	case errors.Is(err, ErrNotFound):
		return nil, httpx.Conflict(MsgOrderChanged, map[string]any{"errorType": "userLock", "reason": "stale"})
	}
	return out, err
}

// DeleteAssignment removes an assignment.
func (s *Service) DeleteAssignment(ctx context.Context, id string) error {
	ok, err := s.store.DeleteAssignment(ctx, id)
	if err == nil && !ok {
		return httpx.NotFound("Coordinator assignment")
	}
	return err
}
