package dashboard

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/httpx"
)

const selectAnnouncement = `SELECT id::text, title, body, link, published, start_date, end_date, modified_at, COALESCE(asset_id::text, '') FROM announcements`

func scanAnnouncement(r pgx.Row) (Announcement, error) {
	var a Announcement
	err := r.Scan(&a.ID, &a.Title, &a.Body, &a.Link, &a.Published, &a.StartDate, &a.EndDate, &a.Modified, &a.AssetID)
	return a, err
}

// Get reads one announcement; pgx.ErrNoRows when there is none.
func (s *Store) Get(ctx context.Context, q pgx.Tx, id string) (Announcement, error) {
	if !httpx.IsUUID(id) {
		return Announcement{}, pgx.ErrNoRows
	}
	return scanAnnouncement(q.QueryRow(ctx, selectAnnouncement+` WHERE id = $1 FOR UPDATE`, id))
}

// Store reads and writes the announcements.
type Store struct{ db *pgxpool.Pool }

// List returns announcements, only published ones live today when published is true.
func (s *Store) List(ctx context.Context, published bool) ([]Announcement, error) {
	rows, err := s.db.Query(ctx, selectAnnouncement+`
		WHERE NOT $1 OR (published AND (start_date IS NULL OR start_date <= current_date) AND (end_date IS NULL OR end_date >= current_date))
		ORDER BY modified_at DESC LIMIT 50`, published)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Announcement, error) { return scanAnnouncement(r) })
}

const returningAnnouncement = `RETURNING id::text, title, body, link, published, start_date, end_date, modified_at, COALESCE(asset_id::text, '')`

// insert adds the announcement a and answers it as stored.
func (s *Store) insert(ctx context.Context, tx pgx.Tx, a Announcement) (Announcement, error) {
	return scanAnnouncement(tx.QueryRow(ctx, `INSERT INTO announcements (title, body, link, published, start_date, end_date, asset_id)
		VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, '')::uuid) `+returningAnnouncement,
		a.Title, a.Body, a.Link, a.Published, a.StartDate, a.EndDate, a.AssetID))
}

// update writes a's editable fields to the announcement id and answers it as stored.
func (s *Store) update(ctx context.Context, tx pgx.Tx, id string, a Announcement) (Announcement, error) {
	return scanAnnouncement(tx.QueryRow(ctx, `UPDATE announcements SET title = $2, body = $3, link = $4, published = $5,
		start_date = $6, end_date = $7, modified_at = now() WHERE id = $1 `+returningAnnouncement,
		id, a.Title, a.Body, a.Link, a.Published, a.StartDate, a.EndDate))
}

// delete removes the announcement id and answers how many rows went (0 or 1).
func (s *Store) delete(ctx context.Context, id string) (int64, error) {
	tag, err := s.db.Exec(ctx, `DELETE FROM announcements WHERE id = $1`, id)
	return tag.RowsAffected(), err
}
