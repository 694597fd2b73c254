package users

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/identity"
)

// Store is the users module's SQL.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// failures counts failed logins in the window for an account and for an address.
func (s *Store) failures(ctx context.Context, account, address string, window time.Duration) (perAccount, perAddress int, err error) {
	since := time.Now().Add(-window)
	err = s.db.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM login_failures WHERE account = $1 AND at > $3),
		(SELECT count(*) FROM login_failures WHERE address = $2 AND at > $3)`, account, address, since).Scan(&perAccount, &perAddress)
	return
}

func (s *Store) recordFailure(ctx context.Context, account, address string) error {
	_, err := s.db.Exec(ctx, `INSERT INTO login_failures (account, address) VALUES ($1, $2)`, account, address)
	return err
}

func (s *Store) clearFailures(ctx context.Context, account string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM login_failures WHERE account = $1 OR at < now() - interval '1 day'`, account)
	return err
}

// searchActive lists active accounts other than exclude whose name, e-mail or user code
// contains text, in name order, limit from offset.
func (s *Store) searchActive(ctx context.Context, text, exclude string, offset, limit int) ([]*identity.User, error) {
	return identity.ScanAll(s.db.Query(ctx, `SELECT `+identity.SelectUser+` FROM users u
		WHERE u.status = 'active' AND u.id::text <> $1
		AND (u.name || ' ' || u.last_name ILIKE $2 OR u.email ILIKE $2 OR u.user_code ILIKE $2)
		ORDER BY lower(u.name), lower(u.last_name), u.id OFFSET $3 LIMIT $4`, exclude, "%"+db.EscapeLike(text)+"%", offset, limit))
}
