package searches

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/db"
)

// View is a saved view of a grid as its owner or a user it is shared with reads it.
type View struct {
	ID    string          `json:"_id"`
	Grid  string          `json:"grid"`
	Name  string          `json:"name"`
	Query json.RawMessage `json:"query"`
	// Layout is the view's columns in order (hidden ones marked) and row height.
	Layout       json.RawMessage `json:"layout"`
	OwnerEmail   string          `json:"ownerEmail"`
	Mine         bool            `json:"mine"`
	SharedWith   []string        `json:"sharedWith"` // e-mails; only the owner sees them
	ModifiedDate time.Time       `json:"modifiedDate"`
}

const viewColumns = `v.id::text, v.grid, v.name, v.query, v.layout, o.email, v.owner_id = $1,
	CASE WHEN v.owner_id = $1 THEN coalesce((SELECT array_agg(u.email ORDER BY u.email) FROM grid_view_shares s
		JOIN users u ON u.id = s.user_id WHERE s.view_id = v.id), '{}') ELSE '{}' END, v.modified_at`

const viewFrom = ` FROM grid_views v JOIN users o ON o.id = v.owner_id
	WHERE (v.owner_id = $1 OR EXISTS (SELECT 1 FROM grid_view_shares s WHERE s.view_id = v.id AND s.user_id = $1))`

func scanView(r pgx.CollectableRow) (*View, error) {
	var v View
	err := r.Scan(&v.ID, &v.Grid, &v.Name, &v.Query, &v.Layout, &v.OwnerEmail, &v.Mine, &v.SharedWith, &v.ModifiedDate)
	return &v, err
}

// views reads the views of grid that userID owns or that are shared with them, theirs first.
func (s *Store) views(ctx context.Context, userID, grid string) ([]*View, error) {
	rows, err := s.db.Query(ctx, `SELECT `+viewColumns+viewFrom+` AND v.grid = $2 ORDER BY v.owner_id <> $1, lower(v.name) LIMIT $3`, userID, grid, MaxSaved)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanView)
}

// view reads one view userID owns or that is shared with them; nil when there is none.
func (s *Store) view(ctx context.Context, userID, id string) (*View, error) {
	rows, err := s.db.Query(ctx, `SELECT `+viewColumns+viewFrom+` AND v.id = $2::uuid`, userID, id)
	if err != nil {
		return nil, err
	}
	v, err := pgx.CollectExactlyOneRow(rows, scanView)
	if err == pgx.ErrNoRows {
		return nil, nil
	}
	return v, err
}

// Why saveView kept nothing (empty when it kept the view).
const (
	saveFull    = "full"    // the owner keeps the most views one may
	saveMissing = "missing" // the view to rename is not the owner's (or not of this grid)
	saveTaken   = "taken"   // the new name is another of the owner's views of the grid
)

// saveView inserts a view or replaces the owner's view of the same grid and name, with exactly
// the given users (ids) to share it with; with v.ID it renames that view of the owner instead
// (its query, layout and shares replaced too). problem says why nothing was written.
func (s *Store) saveView(ctx context.Context, ownerID string, v *View, shareIDs []string) (id, problem string, err error) {
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('grid_views:' || $1))`, ownerID); err != nil {
			return err
		}
		var n int
		var exists bool
		var other string
		if err := tx.QueryRow(ctx, `SELECT count(*), coalesce(bool_or(grid = $2 AND name = $3), false), coalesce(max(id::text) FILTER (WHERE grid = $2 AND name = $3), '')
			FROM grid_views WHERE owner_id = $1`, ownerID, v.Grid, v.Name).Scan(&n, &exists, &other); err != nil {
			return err
		}
		switch {
		case v.ID != "" && exists && other != v.ID:
			problem = saveTaken
			return nil
		case v.ID != "":
			err := tx.QueryRow(ctx, `UPDATE grid_views SET name = $3, query = $4, layout = $5, modified_at = now()
				WHERE id = $1::uuid AND owner_id = $2 AND grid = $6 RETURNING id::text`, v.ID, ownerID, v.Name, v.Query, v.Layout, v.Grid).Scan(&id)
			if errors.Is(err, pgx.ErrNoRows) {
				problem = saveMissing
				return nil
			}
			if err != nil {
				return err
			}
		case !exists && n >= MaxSaved:
			problem = saveFull
			return nil
		default:
			if err := tx.QueryRow(ctx, `INSERT INTO grid_views (owner_id, grid, name, query, layout) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (owner_id, grid, name) DO UPDATE SET query = EXCLUDED.query, layout = EXCLUDED.layout, modified_at = now()
				RETURNING id::text`, ownerID, v.Grid, v.Name, v.Query, v.Layout).Scan(&id); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM grid_view_shares WHERE view_id = $1`, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO grid_view_shares (view_id, user_id) SELECT $1, unnest($2::uuid[])`, id, shareIDs)
		return err
	})
	return id, problem, err
}

// deleteView removes one of the owner's views; it answers whether there was one.
func (s *Store) deleteView(ctx context.Context, ownerID, id string) (bool, error) {
	tag, err := s.db.Exec(ctx, `DELETE FROM grid_views WHERE owner_id = $1 AND id = $2::uuid`, ownerID, id)
	return tag.RowsAffected() == 1, err
}
