package orders

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// Customer is a wholesale customer (product spec §3.6): its account, ship-to address, currency
// and the terms that apply to its region and country.
type Customer struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Email     string  `json:"email"`
	Region    string  `json:"region"`
	Country   string  `json:"country"`
	Currency  string  `json:"currency"`
	Account   string  `json:"account"`
	Address   Address `json:"address"`
	RepNumber string  `json:"repNumber"`
	// TermsInfo is the default term; Terms every term the customer may be given.
	TermsInfo *Term  `json:"termsInfo"`
	Terms     []Term `json:"terms,omitempty"`
	// term is the customer's own term code (kept in the admins' customers grid); empty means
	// the first term of its region and country.
	term string
}

// Address is a ship-to address.
type Address struct {
	Account  string `json:"account,omitempty"`
	Name     string `json:"name,omitempty"`
	Address1 string `json:"address1"`
	Address2 string `json:"address2"`
	City     string `json:"city"`
	State    string `json:"state"`
	Zip      string `json:"zip"`
	Country  string `json:"country"`
}

// Term is a payment term.
type Term struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}

// Rep is a sales rep.
type Rep struct {
	RepNumber string `json:"repNumber"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Region    string `json:"region"`
}

// YearLine is one line the requester ordered within the last year.
type YearLine struct {
	OrderNumber int64     `json:"orderNumber"`
	Status      string    `json:"status"`
	Style       string    `json:"style"`
	Color       string    `json:"color"`
	ProductType string    `json:"productType"`
	Quantity    *int32    `json:"quantity"`
	CreatedDate time.Time `json:"createdDate"`
}

const customerCols = `id, name, email, region, country, currency, account, address1, address2, city, state, zip, rep_number, terms`

func scanCustomer(row pgx.Row) (*Customer, error) {
	var c Customer
	err := row.Scan(&c.ID, &c.Name, &c.Email, &c.Region, &c.Country, &c.Currency, &c.Account,
		&c.Address.Address1, &c.Address.Address2, &c.Address.City, &c.Address.State, &c.Address.Zip, &c.RepNumber, &c.term)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	c.Address.Country = c.Country
	return &c, err
}

// CustomersByName answers up to limit customers of region whose name starts with, or has a word
// starting with, prefix (case-insensitive), by name.
func (s *Store) CustomersByName(ctx context.Context, region, prefix string, limit int) ([]*Customer, error) {
	rows, err := s.db.Query(ctx, `SELECT `+customerCols+` FROM order_customers
		WHERE region = $1 AND (lower(name) LIKE $2 || '%' OR lower(name) LIKE '% ' || $2 || '%')
		ORDER BY lower(name), id LIMIT $3`, region, likeEscape(prefix), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Customer{}
	for rows.Next() {
		c, err := scanCustomer(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Customer reads a customer of region by id.
func (s *Store) Customer(ctx context.Context, region, id string) (*Customer, error) {
	return scanCustomer(s.db.QueryRow(ctx, `SELECT `+customerCols+` FROM order_customers WHERE region = $1 AND id = $2`, region, id))
}

// CustomerByAccount reads the customer of an account number.
func (s *Store) CustomerByAccount(ctx context.Context, account string) (*Customer, error) {
	return scanCustomer(s.db.QueryRow(ctx, `SELECT `+customerCols+` FROM order_customers WHERE account = $1`, account))
}

// Terms answers the terms of a country in region: the country's own if it has any, else the
// region's.
func (s *Store) Terms(ctx context.Context, region, country string) ([]Term, error) {
	rows, err := s.db.Query(ctx, `SELECT code, description FROM order_terms t WHERE region = $1
		AND country = CASE WHEN EXISTS (SELECT 1 FROM order_terms WHERE region = $1 AND country = $2) THEN $2 ELSE '' END
		ORDER BY code`, region, country)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Term])
}

// ActiveRep reads an active rep by number.
func (s *Store) ActiveRep(ctx context.Context, number string) (*Rep, error) {
	var r Rep
	err := s.db.QueryRow(ctx, `SELECT rep_number, name, email, region FROM order_reps WHERE rep_number = $1 AND active`, number).
		Scan(&r.RepNumber, &r.Name, &r.Email, &r.Region)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &r, err
}

// YearLines answers up to limit lines of requester's orders of orderType created since since,
// of productType (lines of any type when it is "All"), newest first.
func (s *Store) YearLines(ctx context.Context, orderType, requester, productType string, since time.Time, limit int) ([]YearLine, error) {
	rows, err := s.db.Query(ctx, `SELECT o.order_number, l.status, l.style, l.color, l.product_type, l.quantity, l.created_at
		FROM orders o JOIN order_lines l ON l.order_id = o.id
		WHERE o.type = $1 AND o.requester_code = $2 AND o.created_at >= $3
			AND ($4 = 'all' OR lower(l.product_type) = $4 OR lower(o.product_type) = $4)
		ORDER BY o.order_number DESC, l.created_at, l.id LIMIT $5`, orderType, requester, since, productType, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[YearLine])
}

// likeEscape makes s a literal LIKE pattern.
func likeEscape(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '%' || r == '_' || r == '\\' {
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return string(out)
}
