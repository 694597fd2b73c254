package admin

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/identity"
)

// Store is the admin module's SQL.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// List returns accounts, optionally of one status and matching text in name, e-mail or code.
func (s *Store) List(ctx context.Context, status, text string) ([]*identity.User, error) {
	return identity.ScanAll(s.db.Query(ctx, `SELECT `+identity.SelectUser+` FROM users u
		WHERE ($1 = '' OR u.status = $1)
		  AND ($2 = '' OR u.email ILIKE '%' || $3 || '%' OR (u.name || ' ' || u.last_name) ILIKE '%' || $3 || '%' OR u.user_code ILIKE $3 || '%')
		ORDER BY u.status <> 'pendingApproval', lower(u.email) LIMIT 500`, status, text, db.EscapeLike(text)))
}

// lockUser reads a user for update inside tx.
func (s *Store) lockUser(ctx context.Context, tx pgx.Tx, id string) (*identity.User, error) {
	return identity.Scan(tx.QueryRow(ctx, `SELECT `+identity.SelectUser+` FROM users u WHERE u.id::text = $1 FOR UPDATE`, id))
}

// user reads a user inside tx.
func (s *Store) user(ctx context.Context, tx pgx.Tx, id string) (*identity.User, error) {
	return identity.Scan(tx.QueryRow(ctx, `SELECT `+identity.SelectUser+` FROM users u WHERE u.id = $1`, id))
}

// Active returns every active account (the simulator's "who can").
func (s *Store) Active(ctx context.Context) ([]*identity.User, error) {
	return identity.ScanAll(s.db.Query(ctx, `SELECT `+identity.SelectUser+` FROM users u WHERE u.status = 'active' ORDER BY lower(u.email)`))
}

// CurrencyCodes lists the currency codes in order (a location's currency options).
func (s *Store) CurrencyCodes(ctx context.Context) ([]string, error) {
	return s.strings(ctx, `SELECT currency_code FROM currencies ORDER BY currency_code`)
}

// LocationCodes lists the location codes in order (a territory's location options).
func (s *Store) LocationCodes(ctx context.Context) ([]string, error) {
	return s.strings(ctx, `SELECT code FROM locations ORDER BY code`)
}

func (s *Store) strings(ctx context.Context, query string) ([]string, error) {
	rows, err := s.db.Query(ctx, query)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
