package imports

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/httpx"
	"its/core/identity"
)

// Store holds the import's SQL: the files uploaded to be imported.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// file is an uploaded file waiting to be imported.
type file struct {
	ID, Key, Filename, Kind string
	// ParsedKey holds the rows the upload-complete step kept ("" for a file recorded before).
	ParsedKey string
	Size      int64
}

// record notes a completed upload as a file to import (inside the upload's transaction).
func record(ctx context.Context, tx pgx.Tx, userID, uploadID, key, parsedKey, filename, kind string, size int64) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO import_files (user_id, upload_id, blob_key, parsed_key, filename, kind, file_size)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`, userID, uploadID, key, parsedKey, filename, kind, size).Scan(&id)
	return id, err
}

// get reads one of the caller's files; another user's, or none, is not found.
func (s *Store) get(ctx context.Context, id string) (*file, error) {
	u := identity.FromContext(ctx)
	if u == nil || !httpx.IsUUID(id) {
		return nil, httpx.NotFound("Import file")
	}
	var f file
	err := s.db.QueryRow(ctx, `SELECT id::text, blob_key, coalesce(parsed_key, ''), filename, kind, file_size FROM import_files WHERE id = $1 AND user_id = $2`, id, u.ID).
		Scan(&f.ID, &f.Key, &f.ParsedKey, &f.Filename, &f.Kind, &f.Size)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound("Import file")
	}
	return &f, err
}
