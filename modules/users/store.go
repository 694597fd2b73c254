package users

import (
	"context"
	"encoding/json"
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

// refresh writes what a company sign-in says of an account: name, user code, department and
// country where the provider gives them, and always its strategy, flags and territories.
func (s *Store) refresh(ctx context.Context, tx pgx.Tx, id string, u identity.User) error {
	tbes, err := json.Marshal(u.UserTBEs)
	if err != nil {
		return err
	}
	if u.UserTBEs == nil {
		tbes = []byte("[]")
	}
	_, err = tx.Exec(ctx, `UPDATE users SET
		name = COALESCE(NULLIF($2, ''), name), last_name = COALESCE(NULLIF($3, ''), last_name),
		user_code = COALESCE(NULLIF($4, ''), user_code), country = COALESCE(NULLIF($5, ''), country),
		department_access = CASE WHEN cardinality($6::text[]) > 0 THEN $6 ELSE department_access END,
		strategy = $7, flags = $8, user_tbes = $9, employee = true, updated_at = now()
		WHERE id = $1`, id, u.Name, u.LastName, u.UserCode, u.Country, u.DepartmentAccess, u.Strategy, u.Flags, tbes)
	return err
}
