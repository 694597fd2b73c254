package notifications

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/httpx"
)

// Store is the module's SQL; every query is scoped to the calling user.
type Store struct{ db *pgxpool.Pool }

// Query lists the user's notifications of type ("all" for every type), newest first.
func (s *Store) Query(ctx context.Context, userID, typ string) (Page, error) {
	p := Page{Items: []Item{}}
	rows, err := s.db.Query(ctx, `SELECT `+itemColumns+`, count(*) OVER (),
		count(*) FILTER (WHERE state = 'New') OVER ()
		FROM notifications WHERE user_id = $1 AND ($2 = 'all' OR type = $2) ORDER BY created_at DESC LIMIT $3`, userID, typ, pageSize)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var it Item
		if err := rows.Scan(append(it.fields(), &p.Total, &p.NewCount)...); err != nil {
			return p, err
		}
		p.Items = append(p.Items, it)
	}
	return p, rows.Err()
}

// SetState marks the user's notifications of type (all of them, or only ids) with state.
func (s *Store) SetState(ctx context.Context, userID, typ, state string, ids []string) (int64, error) {
	tag, err := s.db.Exec(ctx, `UPDATE notifications SET state = $3 WHERE user_id = $1 AND ($2 = 'all' OR type = $2)
		AND ($4::text[] IS NULL OR id::text = ANY($4))`, userID, typ, state, ids)
	return tag.RowsAffected(), err
}

// Get reads one notification of the user.
func (s *Store) Get(ctx context.Context, userID, id string) (Item, error) {
	var it Item
	err := s.db.QueryRow(ctx, `SELECT `+itemColumns+` FROM notifications WHERE user_id = $1 AND id::text = $2`, userID, id).Scan(it.fields()...)
	if err == pgx.ErrNoRows {
		return it, httpx.NotFound("Notification")
	}
	return it, err
}
