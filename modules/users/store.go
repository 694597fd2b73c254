package users

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
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
