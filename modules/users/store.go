package users

import (
	"context"
	"crypto/sha256"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
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

func hashCode(code string) []byte {
	h := sha256.Sum256([]byte(code))
	return h[:]
}

func (s *Store) createCode(ctx context.Context, tx pgx.Tx, userID, purpose, code string, ttl time.Duration) error {
	_, err := tx.Exec(ctx, `INSERT INTO user_codes (code_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
		hashCode(code), userID, purpose, time.Now().Add(ttl))
	return err
}

var errBadCode = errors.New("code not valid")

// useCode marks a live code of purpose used and returns its user; a used, expired or unknown
// code (or one of another user) is errBadCode.
func (s *Store) useCode(ctx context.Context, tx pgx.Tx, code, purpose, userID string) (string, error) {
	var uid string
	err := tx.QueryRow(ctx, `UPDATE user_codes SET used_at = now()
		WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND ($3 = '' OR user_id::text = $3)
		RETURNING user_id::text`, hashCode(code), purpose, userID).Scan(&uid)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", errBadCode
	}
	return uid, err
}
