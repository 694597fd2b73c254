package assortments

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/db"
)

// customers searches the customer list by account number, name or city; at most 10.
func (s *Store) customers(ctx context.Context, q querier, cq CustomerQuery) ([]Customer, error) {
	b := psql.Select("id", "name", "territory", "corporate", "city", "country").From("customers").OrderBy("lower(name)", "id").Limit(10)
	if t := strings.ToLower(strings.TrimSpace(cq.Text)); t != "" {
		b = b.Where("search_text LIKE ?", "%"+db.EscapeLike(t)+"%")
	}
	if cq.Territory != "" {
		b = b.Where("territory = ?", strings.ToUpper(strings.TrimSpace(cq.Territory)))
	}
	if cq.CorporateOnly {
		b = b.Where("corporate")
	}
	sql, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Customer, error) {
		var c Customer
		err := r.Scan(&c.Value, &c.Name, &c.Territory, &c.Corporate, &c.City, &c.Country)
		c.Label = c.Name
		return c, err
	})
}
