package searches

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
)

// Store holds the module's SQL.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// Saved is a saved search.
type Saved struct {
	ID           string          `json:"_id"`
	Name         string          `json:"name"`
	Query        json.RawMessage `json:"query"`
	QueryPath    string          `json:"queryPath"`
	CreatedDate  time.Time       `json:"createdDate"`
	ModifiedDate time.Time       `json:"modifiedDate"`
}

const columns = `id::text, name, query, query_path, created_at, modified_at`

func scan(r pgx.CollectableRow) (*Saved, error) {
	var s Saved
	err := r.Scan(&s.ID, &s.Name, &s.Query, &s.QueryPath, &s.CreatedDate, &s.ModifiedDate)
	return &s, err
}

// list reads an owner's saved searches, newest first, optionally of one page.
func (s *Store) list(ctx context.Context, ownerID, queryPath string) ([]*Saved, error) {
	rows, err := s.db.Query(ctx, `SELECT `+columns+` FROM saved_searches WHERE owner_id = $1 AND ($2 = '' OR query_path = $2)
		ORDER BY modified_at DESC LIMIT $3`, ownerID, queryPath, MaxSaved)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scan)
}

// save inserts a saved search, or replaces the owner's search of the same name and page;
// full answers whether the owner already keeps the most searches one may (nothing is written).
func (s *Store) save(ctx context.Context, ownerID string, v *Saved) (out *Saved, full bool, err error) {
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		// One owner's saves run one at a time, so the count below holds until the commit.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('saved_searches:' || $1))`, ownerID); err != nil {
			return err
		}
		var n int
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT count(*), coalesce(bool_or(name = $2 AND query_path = $3), false) FROM saved_searches WHERE owner_id = $1`,
			ownerID, v.Name, v.QueryPath).Scan(&n, &exists); err != nil {
			return err
		}
		if !exists && n >= MaxSaved {
			full = true
			return nil
		}
		rows, err := tx.Query(ctx, `INSERT INTO saved_searches (owner_id, name, query, query_path) VALUES ($1, $2, $3, $4)
			ON CONFLICT (owner_id, query_path, name) DO UPDATE SET query = EXCLUDED.query, modified_at = now()
			RETURNING `+columns, ownerID, v.Name, v.Query, v.QueryPath)
		if err != nil {
			return err
		}
		out, err = pgx.CollectExactlyOneRow(rows, scan)
		return err
	})
	return out, full, err
}

// delete removes one of the owner's saved searches; it answers whether there was one.
func (s *Store) delete(ctx context.Context, ownerID, id string) (bool, error) {
	tag, err := s.db.Exec(ctx, `DELETE FROM saved_searches WHERE owner_id = $1 AND id = $2`, ownerID, id)
	return tag.RowsAffected() == 1, err
}

// layout reads an owner's layout of a grid; nil when they keep none.
func (s *Store) layout(ctx context.Context, ownerID, grid string) ([]byte, error) {
	var raw []byte
	err := s.db.QueryRow(ctx, `SELECT layout FROM grid_layouts WHERE owner_id = $1 AND grid = $2`, ownerID, grid).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return raw, err
}

// saveLayout keeps an owner's layout of a grid, replacing the one kept.
func (s *Store) saveLayout(ctx context.Context, ownerID, grid string, layout []byte) error {
	_, err := s.db.Exec(ctx, `INSERT INTO grid_layouts (owner_id, grid, layout) VALUES ($1, $2, $3)
		ON CONFLICT (owner_id, grid) DO UPDATE SET layout = EXCLUDED.layout, modified_at = now()`, ownerID, grid, layout)
	return err
}

// deleteLayout forgets an owner's layout of a grid.
func (s *Store) deleteLayout(ctx context.Context, ownerID, grid string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM grid_layouts WHERE owner_id = $1 AND grid = $2`, ownerID, grid)
	return err
}
