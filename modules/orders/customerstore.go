package orders

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/db"
)

// CurrencyCodes lists the currency codes in order (a customer's currency options).
func (s *Store) CurrencyCodes(ctx context.Context) ([]string, error) {
	rows, err := s.db.Query(ctx, `SELECT currency_code FROM currencies ORDER BY currency_code`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// foreignTerm is a customer whose term is not one of its region and country.
type foreignTerm struct {
	RowID, Term, Region, Country string
	Allowed                      []string
}

// CustomersWithForeignTerms answers, of the customers with the given row ids, those whose term
// is set and is not a term of their region and country, with the terms they may have.
func (s *Store) CustomersWithForeignTerms(ctx context.Context, tx pgx.Tx, rowIDs []string) ([]foreignTerm, error) {
	rows, err := tx.Query(ctx, `SELECT c.row_id::text, c.terms, c.region, c.country,
			coalesce((SELECT array_agg(t.code ORDER BY t.code) FROM order_terms t WHERE t.region = c.region AND t.country = tc.country), '{}')
		FROM order_customers c
		CROSS JOIN LATERAL (SELECT CASE WHEN EXISTS (SELECT 1 FROM order_terms WHERE region = c.region AND country = c.country)
			THEN c.country ELSE '' END AS country) tc
		WHERE c.row_id = ANY($1::uuid[]) AND c.terms <> ''
		  AND NOT EXISTS (SELECT 1 FROM order_terms t WHERE t.region = c.region AND t.country = tc.country AND t.code = c.terms)
		ORDER BY c.row_id`, rowIDs)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[foreignTerm])
}

// OfficialCustomers searches the official customers by account number, name or city; at most 10.
func (s *Store) OfficialCustomers(ctx context.Context, q OfficialQuery) ([]OfficialCustomer, error) {
	b := psql.Select("account", "name", "territory", "corporate", "city", "country").From("order_customers").
		Where("official").OrderBy("lower(name)", "account").Limit(10)
	if t := strings.ToLower(strings.TrimSpace(q.Text)); t != "" {
		b = b.Where("lower(account || ' ' || name || ' ' || city) LIKE ?", "%"+db.EscapeLike(t)+"%")
	}
	if q.Territory != "" {
		b = b.Where("territory = ?", strings.ToUpper(strings.TrimSpace(q.Territory)))
	}
	if q.CorporateOnly {
		b = b.Where("corporate")
	}
	rows, err := db.Query(ctx, s.db, b)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (OfficialCustomer, error) {
		var c OfficialCustomer
		err := r.Scan(&c.Value, &c.Name, &c.Territory, &c.Corporate, &c.City, &c.Country)
		return c, err
	})
}
