package assortments

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/db"
)

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
		b = b.Where("search_text LIKE ?", "%"+db.EscapeLike(t)+"%")
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
