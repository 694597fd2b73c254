package orders

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

const assignmentColumns = `id::text, coordinator_code, name, last_name, email, created_at, version`

func scanAssignment(row pgx.Row) (*Assignment, error) {
	a := &Assignment{}
	err := row.Scan(&a.ID, &a.CoordinatorCode, &a.Name, &a.LastName, &a.Email, &a.CreatedDate, &a.Version)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return a, err
}

// Assignment loads the assignment of a coordinator code.
func (s *Store) Assignment(ctx context.Context, q pgx.Tx, code string) (*Assignment, error) {
	return scanAssignment(q.QueryRow(ctx, `SELECT `+assignmentColumns+` FROM coordinator_assignments WHERE coordinator_code = $1`, code))
}

// AssignmentByID loads one assignment, locked for tx's write.
func (s *Store) AssignmentByID(ctx context.Context, tx pgx.Tx, id string) (*Assignment, error) {
	return scanAssignment(tx.QueryRow(ctx, `SELECT `+assignmentColumns+` FROM coordinator_assignments WHERE id::text = $1 FOR UPDATE`, id))
}

// Assignments lists every assignment by coordinator code.
func (s *Store) Assignments(ctx context.Context) ([]*Assignment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+assignmentColumns+` FROM coordinator_assignments ORDER BY coordinator_code`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Assignment{}
	for rows.Next() {
		a, err := scanAssignment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// SaveAssignment inserts a (new) or updates a checked against its version, in tx; it answers
// the row.
func (s *Store) SaveAssignment(ctx context.Context, tx pgx.Tx, a *Assignment) (*Assignment, error) {
	if a.ID == "" {
		return scanAssignment(tx.QueryRow(ctx, `INSERT INTO coordinator_assignments (coordinator_code, name, last_name, email)
			VALUES ($1, $2, $3, $4) RETURNING `+assignmentColumns, a.CoordinatorCode, a.Name, a.LastName, a.Email))
	}
	return scanAssignment(tx.QueryRow(ctx, `UPDATE coordinator_assignments SET coordinator_code = $3, name = $4,
		last_name = $5, email = $6, version = version + 1 WHERE id::text = $1 AND version = $2 RETURNING `+assignmentColumns,
		a.ID, a.Version, a.CoordinatorCode, a.Name, a.LastName, a.Email))
}

// DeleteAssignment removes an assignment in tx and answers it as it was; ErrNotFound when there
// was none.
func (s *Store) DeleteAssignment(ctx context.Context, tx pgx.Tx, id string) (*Assignment, error) {
	return scanAssignment(tx.QueryRow(ctx, `DELETE FROM coordinator_assignments WHERE id::text = $1 RETURNING `+assignmentColumns, id))
}
