package assortments

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"
)

// UserSuggestion is a user another can copy assortments to.
type UserSuggestion struct {
	ID       string `json:"id"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	UserCode string `json:"userCode"`
}

// UserAutocomplete finds active users of the assortment manager (other than the caller) by name,
// e-mail or user code; at most 10.
func (s *Service) UserAutocomplete(ctx context.Context, text string) ([]UserSuggestion, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return []UserSuggestion{}, nil
	}
	rows, err := s.db.Query(ctx, `SELECT u.id::text, trim(u.name || ' ' || u.last_name), u.email, u.user_code FROM users u
		WHERE u.status = 'active' AND u.id <> $1
		AND EXISTS (SELECT 1 FROM user_permissions p WHERE p.user_id = u.id AND p.domain = 'its:productAssortments')
		AND (u.name || ' ' || u.last_name ILIKE $2 OR u.email ILIKE $2 OR u.user_code ILIKE $2)
		ORDER BY lower(u.name), lower(u.last_name) LIMIT 10`, me(ctx).ID, "%"+escapeLike(text)+"%")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (UserSuggestion, error) {
		var u UserSuggestion
		err := r.Scan(&u.ID, &u.FullName, &u.Email, &u.UserCode)
		return u, err
	})
}

// Customer is an account the subtitle of an assortment can name.
type Customer struct {
	Label     string `json:"label"`
	Value     string `json:"value"`
	Name      string `json:"name"`
	Territory string `json:"territory"`
	Corporate bool   `json:"corporate"`
	City      string `json:"city"`
	Country   string `json:"country"`
}

// CustomerQuery is the query of GET /api/customers/official/text.
type CustomerQuery struct {
	Text          string
	Territory     string
	CorporateOnly bool
	LabelValue    bool
}

// Customers searches the customer list by account number, name or city; at most 10. With
// labelValue the label carries the account number too.
func (s *Service) Customers(ctx context.Context, q CustomerQuery) ([]Customer, error) {
	b := psql.Select("id", "name", "territory", "corporate", "city", "country").From("customers").OrderBy("lower(name)", "id").Limit(10)
	if t := strings.ToLower(strings.TrimSpace(q.Text)); t != "" {
		b = b.Where("search_text LIKE ?", "%"+escapeLike(t)+"%")
	}
	if q.Territory != "" {
		b = b.Where("territory = ?", strings.ToUpper(strings.TrimSpace(q.Territory)))
	}
	if q.CorporateOnly {
		b = b.Where("corporate")
	}
	sql, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Customer, error) {
		var c Customer
		err := r.Scan(&c.Value, &c.Name, &c.Territory, &c.Corporate, &c.City, &c.Country)
		c.Label = c.Name
		if q.LabelValue {
			c.Label = c.Name + " (" + c.Value + ")"
		}
		return c, err
	})
}
