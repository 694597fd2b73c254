package users

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/identity"
)

// Store is the users module's SQL.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// Tables of counted attempts (same columns): failed logins and password-reset requests.
const (
	loginFailures = "login_failures"
	resetRequests = "password_reset_requests"
)

// attempt records an attempt in table, then counts the window's attempts of the account and of
// the address, this one included. Recording before counting (two statements, each committed)
// makes the check atomic: of parallel attempts, the n-th to count sees at least n, so no more
// than the limit get through however many race.
func (s *Store) attempt(ctx context.Context, table, account, address string, window time.Duration) (id int64, perAccount, perAddress int, err error) {
	if err = s.db.QueryRow(ctx, `INSERT INTO `+table+` (account, address) VALUES ($1, $2) RETURNING id`, account, address).Scan(&id); err != nil {
		return 0, 0, 0, err
	}
	since := time.Now().Add(-window)
	err = s.db.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM `+table+` WHERE account = $1 AND at > $3),
		(SELECT count(*) FROM `+table+` WHERE address = $2 AND at > $3)`, account, address, since).Scan(&perAccount, &perAddress)
	return id, perAccount, perAddress, err
}

// forget removes one attempt: a refused one (it did no work, so it does not extend the lock).
func (s *Store) forget(ctx context.Context, table string, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM `+table+` WHERE id = $1`, id)
	return err
}

// clearAttempts forgets the account's attempts in table (a successful login) and any older
// than a day.
func (s *Store) clearAttempts(ctx context.Context, table, account string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM `+table+` WHERE account = $1 OR at < now() - interval '1 day'`, account)
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

// adminEmails answers the e-mail addresses of the active user administrators, read in tx.
func (s *Store) adminEmails(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT u.email FROM users u JOIN user_permissions p ON p.user_id = u.id
		WHERE p.domain = 'its:admin:users' AND p.role = 'admin' AND u.status = 'active'`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
