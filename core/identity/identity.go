// Package identity is who a request acts for: the User of the spec with its permissions, flags
// and territories, loaded from the accounts tables, and argon2id password hashing.
package identity

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Permission is one grant: a role in a permission domain, narrowed by channel, region and
// product type ("All" where not narrowed).
type Permission struct {
	Domain      string `json:"domain"`
	Role        string `json:"role"`
	Channel     string `json:"channel"`
	Region      string `json:"region"`
	ProductType string `json:"productType"`
}

// TBE is a territory / business entity assignment with its locations.
type TBE struct {
	Territory      string              `json:"territory"`
	BusinessEntity string              `json:"businessEntity"`
	Locations      []LocationKey       `json:"locations"`
	ColorFilters   map[string][]string `json:"colorFilters"`
}

// LocationKey names a location a TBE covers.
type LocationKey struct {
	Key string `json:"key"`
}

// WOF holds the wholesale-order settings of a user.
type WOF struct {
	Country    string `json:"country,omitempty"`
	DateFormat string `json:"dateFormat,omitempty"`
}

// User is the spec's User as the API shows it; it never carries the password hash.
type User struct {
	ID                 string       `json:"id"`
	Name               string       `json:"name"`
	LastName           string       `json:"lastName"`
	FullName           string       `json:"fullName"`
	Email              string       `json:"email"`
	UserCode           string       `json:"userCode"`
	Status             string       `json:"status"`
	UserActiveLocation string       `json:"userActiveLocation"`
	Strategy           string       `json:"strategy"`
	DepartmentAccess   []string     `json:"departmentAccess"`
	Permissions        []Permission `json:"permissions"`
	UserTBEs           []TBE        `json:"userTBEs"`
	Flags              []string     `json:"flags"`
	WOF                WOF          `json:"wof"`
	Entity             string       `json:"entity"`
	Country            string       `json:"country"`
	Language           string       `json:"language"`
	Employee           bool         `json:"employee"`
}

// HasRole reports whether u holds one of roles in domain (any narrowing).
func (u *User) HasRole(domain string, roles ...string) bool {
	for _, p := range u.Permissions {
		if p.Domain != domain {
			continue
		}
		if len(roles) == 0 {
			return true
		}
		for _, r := range roles {
			if p.Role == r {
				return true
			}
		}
	}
	return false
}

// ErrNotFound is returned when no account matches.
var ErrNotFound = errors.New("user not found")

// Store reads and writes accounts.
type Store struct{ DB *pgxpool.Pool }

// NewStore gives the account store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{DB: db} }

// SelectUser is the column list Scan expects; sessions join it to load a user in one query.
const SelectUser = `u.id::text, u.email, u.name, u.last_name, u.user_code, u.status, u.user_active_location,
 u.strategy, u.department_access, u.flags, u.user_tbes, u.wof, u.entity, u.country, u.language, u.employee,
 COALESCE((SELECT json_agg(json_build_object('domain', p.domain, 'role', p.role, 'channel', p.channel,
   'region', p.region, 'productType', p.product_type) ORDER BY p.domain, p.role)
   FROM user_permissions p WHERE p.user_id = u.id), '[]'::json)`

// Scan reads the SelectUser columns (plus extra destinations after them).
func Scan(row pgx.Row, extra ...any) (*User, error) {
	u := &User{}
	var tbes, wof, perms []byte
	dest := append([]any{&u.ID, &u.Email, &u.Name, &u.LastName, &u.UserCode, &u.Status, &u.UserActiveLocation,
		&u.Strategy, &u.DepartmentAccess, &u.Flags, &tbes, &wof, &u.Entity, &u.Country, &u.Language, &u.Employee, &perms}, extra...)
	if err := row.Scan(dest...); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	if err := json.Unmarshal(tbes, &u.UserTBEs); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(wof, &u.WOF); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(perms, &u.Permissions); err != nil {
		return nil, err
	}
	u.FullName = strings.TrimSpace(u.Name + " " + u.LastName)
	if u.UserTBEs == nil {
		u.UserTBEs = []TBE{}
	}
	return u, nil
}

// ScanAll reads every row of a SelectUser query and closes rows.
func ScanAll(rows pgx.Rows, err error) ([]*User, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*User{}
	for rows.Next() {
		u, err := Scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// ByID loads one user.
func (s *Store) ByID(ctx context.Context, id string) (*User, error) {
	return Scan(s.DB.QueryRow(ctx, `SELECT `+SelectUser+` FROM users u WHERE u.id::text = $1`, id))
}

// ByEmail loads one user and its password hash by e-mail (case-insensitive).
func (s *Store) ByEmail(ctx context.Context, email string) (*User, string, error) {
	var hash string
	u, err := Scan(s.DB.QueryRow(ctx, `SELECT `+SelectUser+`, u.password_hash FROM users u WHERE lower(u.email) = lower($1)`, email), &hash)
	return u, hash, err
}

// NewUser is what Create writes.
type NewUser struct {
	User
	PasswordHash string
}

// Create inserts a user with its permissions in tx and returns its id.
func (s *Store) Create(ctx context.Context, tx pgx.Tx, n NewUser) (string, error) {
	tbes, _ := json.Marshal(nonNil(n.UserTBEs))
	wof, _ := json.Marshal(n.WOF)
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO users (email, name, last_name, user_code, password_hash, status,
		user_active_location, strategy, department_access, flags, user_tbes, wof, entity, country, language, employee)
		VALUES (lower($1),$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16) RETURNING id::text`,
		n.Email, n.Name, n.LastName, n.UserCode, n.PasswordHash, n.Status, n.UserActiveLocation, n.Strategy,
		nonNilS(n.DepartmentAccess), nonNilS(n.Flags), tbes, wof, n.Entity, n.Country, n.Language, n.Employee).Scan(&id)
	if err != nil {
		return "", err
	}
	if err := addPermissions(ctx, tx, id, n.Permissions); err != nil {
		return "", err
	}
	return id, nil
}

// SetPermissions replaces the permissions of user id in tx.
func (s *Store) SetPermissions(ctx context.Context, tx pgx.Tx, id string, perms []Permission) error {
	if _, err := tx.Exec(ctx, `DELETE FROM user_permissions WHERE user_id = $1`, id); err != nil {
		return err
	}
	return addPermissions(ctx, tx, id, perms)
}

// SetAccess writes u's status, flags, department access and TBEs in tx (an administrator's edit
// of an account).
func (s *Store) SetAccess(ctx context.Context, tx pgx.Tx, u *User) error {
	tbes, _ := json.Marshal(u.UserTBEs)
	_, err := tx.Exec(ctx, `UPDATE users SET status = $2, flags = $3, department_access = $4, user_tbes = $5, updated_at = now() WHERE id = $1`,
		u.ID, u.Status, u.Flags, u.DepartmentAccess, tbes)
	return err
}

// ConfirmEmail moves account id from pendingEmail to pendingApproval in tx (its owner confirmed
// the e-mail address); an account in another status stays as it is.
func (s *Store) ConfirmEmail(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `UPDATE users SET status = 'pendingApproval', updated_at = now() WHERE id = $1 AND status = 'pendingEmail'`, id)
	return err
}

// SetPasswordHash writes account id's password hash in tx.
func (s *Store) SetPasswordHash(ctx context.Context, tx pgx.Tx, id, hash string) error {
	_, err := tx.Exec(ctx, `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, id, hash)
	return err
}

// SetStatus writes account id's status in tx.
func (s *Store) SetStatus(ctx context.Context, tx pgx.Tx, id, status string) error {
	_, err := tx.Exec(ctx, `UPDATE users SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// SetProfile writes account id's e-mail, names and status in tx (a provisioning provider's
// edit).
func (s *Store) SetProfile(ctx context.Context, tx pgx.Tx, id, email, name, lastName, status string) error {
	_, err := tx.Exec(ctx, `UPDATE users SET email = $2, name = $3, last_name = $4, status = $5, updated_at = now() WHERE id = $1`,
		id, email, name, lastName, status)
	return err
}

// Refresh writes what a company sign-in says of account id in tx: name, user code, department
// and country where the provider gives them, and always its strategy, flags and territories.
func (s *Store) Refresh(ctx context.Context, tx pgx.Tx, id string, u User) error {
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

func addPermissions(ctx context.Context, tx pgx.Tx, id string, perms []Permission) error {
	for _, p := range perms {
		if _, err := tx.Exec(ctx, `INSERT INTO user_permissions (user_id, domain, role, channel, region, product_type)
			VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT DO NOTHING`, id, p.Domain, p.Role, orAll(p.Channel), orAll(p.Region), orAll(p.ProductType)); err != nil {
			return err
		}
	}
	return nil
}

func orAll(s string) string {
	if s == "" {
		return "All"
	}
	return s
}

func nonNil(t []TBE) []TBE {
	if t == nil {
		return []TBE{}
	}
	return t
}

func nonNilS(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

type ctxKey struct{}

// WithUser returns ctx acting for u.
func WithUser(ctx context.Context, u *User) context.Context {
	return context.WithValue(ctx, ctxKey{}, u)
}

// FromContext is the user ctx acts for, or nil for an anonymous request.
func FromContext(ctx context.Context) *User {
	u, _ := ctx.Value(ctxKey{}).(*User)
	return u
}
