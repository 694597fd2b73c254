package products

import (
	"errors"
	"regexp"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
	"its/core/httpx"
)

// whereColumns are the catalog fields the filter builder may name (docs/grid.md §3.7), with
// their types and trusted expressions on the catalog (alias p). Location fields read the query's
// pricing location (see whereColumn).
var whereColumns = func() map[string]grid.Column {
	cols := []grid.Column{
		// id is the style/colour (the filter bar's colour picks), not a grid column.
		{Field: "id", Header: "Style and color", Type: grid.Text, Expr: "p.id"},
		{Field: "style", Header: "Style", Type: grid.Text, Expr: "p.style"},
		{Field: "color", Header: "Color", Type: grid.Text, Expr: "p.color"},
		{Field: "name", Header: "Name", Type: grid.Text, Expr: "p.name"},
		{Field: "colorDescription", Header: "Color description", Type: grid.Text, Expr: "p.color_description"},
		{Field: "division", Header: "Division", Type: grid.Text, Expr: "p.division"},
		{Field: "gender", Header: "Gender", Type: grid.Text, Expr: "p.gender"},
		{Field: "productType", Header: "Product type", Type: grid.Text, Expr: "p.product_type"},
		{Field: "season", Header: "Season", Type: grid.Text, Expr: "p.season"},
		{Field: "year", Header: "Year", Type: grid.Integer, Expr: "p.year"},
		{Field: "channel", Header: "Channel", Type: grid.Text, Expr: "p.channel"},
		{Field: "region", Header: "Region", Type: grid.Text, Expr: "p.region"},
		{Field: "pillar", Header: "Pillar", Type: grid.Text, Expr: "p.pillar"},
		{Field: "lifeCycle", Header: "Life cycle", Type: grid.Text, Expr: "p.life_cycle"},
		{Field: "availabilityDate", Header: "Availability date", Type: grid.Date, Expr: "p.availability_date"},
		{Field: "wholesalePrice", Header: "Wholesale price", Type: grid.Number, Expr: "pl.wholesale_price"},
		{Field: "suggestedRetail", Header: "Suggested retail", Type: grid.Number, Expr: "pl.suggested_retail"},
		{Field: "totalInventory", Header: "Total inventory", Type: grid.Integer, Expr: "pl.total_inventory"},
		{Field: "lineStatus", Header: "Line status", Type: grid.Text, Expr: "pl.line_status"},
	}
	out := make(map[string]grid.Column, len(cols))
	for _, c := range cols {
		out[c.Field] = c
	}
	return out
}()

// locationCode is what a pricing location code looks like (checked before it is written into a
// location field's expression; the service also checks that the user may see it).
var locationCode = regexp.MustCompile(`^[A-Z]{2,5}$`)

// whereColumn resolves a filter-builder field for the query's location: a location field reads
// the product's price row there through a subquery, so the condition stands on the catalog alone
// (every caller of Where selects FROM products p). It checks the tree; compileLeaf writes the
// SQL of a location field's conditions in a shape the planner can hash (see locationCond).
func (q *Query) whereColumn(field string) *grid.Column {
	c, ok := whereColumns[field]
	if !ok {
		return nil
	}
	if isLocationField(c) {
		loc := q.Location()
		if !locationCode.MatchString(loc) {
			return nil
		}
		c.Expr = "(SELECT " + c.Expr + " FROM product_locations pl WHERE pl.product_id = p.id AND pl.code = '" + loc + "')"
	}
	return &c
}

// isLocationField reports a column of the pricing location (alias pl).
func isLocationField(c grid.Column) bool { return strings.HasPrefix(c.Expr, "pl.") }

// compileWhere normalizes the filter-builder tree and checks it against the catalog whitelist.
func (q *Query) compileWhere() ([]httpx.FieldError, error) {
	q.Tree = q.Tree.Normalize()
	q.whereCond, q.whereJoinedCond = nil, nil
	if q.Tree == nil {
		return nil, nil
	}
	// The whole tree is checked first, so that every mistake is named by its path.
	if _, err := grid.WhereSQL(q.Tree, q.whereColumn); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			fes, _ := he.Details.([]httpx.FieldError)
			return fes, nil
		}
		return nil, err
	}
	conds := make([]sq.Sqlizer, 2)
	for i, form := range []locForm{locExists, locJoined} {
		cond, err := q.compileNode(q.Tree, form)
		if err != nil {
			return nil, err
		}
		conds[i] = cond
	}
	q.whereCond, q.whereJoinedCond = conds[0], conds[1]
	return nil, nil
}

// A locForm is how a condition on a location field reads the product's row in the query's
// location (a product has at most one row per location).
type locForm int

const (
	// locExists: EXISTS (see locationCond).
	locExists locForm = iota
	// locJoined: the condition on the row pl the statement has joined already (the priced reads:
	// product_locations pl at the query's location), without reading it again.
	locJoined
)

// compileNode writes a checked tree's condition: groups as AND / OR of their parts, conditions
// on the catalog through the grid's compiler, conditions on a location field by locationCond.
func (q *Query) compileNode(w *grid.Where, form locForm) (sq.Sqlizer, error) {
	if w.And != nil || w.Or != nil {
		list := w.Or
		if w.And != nil {
			list = w.And
		}
		parts := make([]sq.Sqlizer, 0, len(list))
		for i := range list {
			c, err := q.compileNode(&list[i], form)
			if err != nil {
				return nil, err
			}
			parts = append(parts, c)
		}
		if w.And != nil {
			return sq.And(parts), nil
		}
		return sq.Or(parts), nil
	}
	if c, ok := whereColumns[w.Field]; ok && isLocationField(c) {
		return q.locationCond(w, c, form)
	}
	return grid.WhereSQL(w, q.whereColumn)
}

// locationCond writes a condition on a location field as whether the product has a price row
// in the query's location that meets it: EXISTS, which the planner turns into one hashed
// lookup of the location's matching rows (along product_locations_wholesale_idx and its
// siblings) instead of reading the product's row there once per product. "Is none of" and "is
// empty" hold for products not priced there too, so they are NOT EXISTS of "is any of" and "is
// not empty" (a product has at most one row per location).
//
// On a row the statement joined already (locJoined) it says the same: the row's condition IS
// TRUE where EXISTS found a row meeting it (a NULL is not true), IS NOT TRUE where NOT EXISTS.
func (q *Query) locationCond(w *grid.Where, c grid.Column, form locForm) (sq.Sqlizer, error) {
	loc := q.Location()
	if !locationCode.MatchString(loc) {
		return nil, errors.New("products: location code checked by whereColumn")
	}
	inner, neg := *w, false
	switch w.Op {
	case "notIn":
		inner.Op, neg = "in", true
	case "blank":
		inner.Op, neg = "notBlank", true
	}
	cond, err := grid.WhereSQL(&inner, func(field string) *grid.Column {
		if field != c.Field {
			return nil
		}
		return &c
	})
	if err != nil {
		return nil, err
	}
	s, args, err := cond.ToSql()
	if err != nil {
		return nil, err
	}
	if form == locJoined {
		if neg {
			return sq.Expr("("+s+") IS NOT TRUE", args...), nil
		}
		return sq.Expr("("+s+") IS TRUE", args...), nil
	}
	sql := "EXISTS (SELECT 1 FROM product_locations pl WHERE pl.product_id = p.id AND pl.code = '" + loc + "' AND " + s
	if divs, ok := q.divisions(); ok {
		// Every match is in one of divs, so only those divisions' rows can decide: the planner
		// hashes them alone (through product_locations_division_wholesale_idx and its sibling for
		// a price), where it hashed every row of the location meeting the condition, which grows
		// with the catalog; for the first block of Work and Kids with "price above 50 or spring"
		// the counted matches' hash read 33,745 rows at a million products (all of them
		// Marketing's) and now reads none.
		sql += " AND pl.division_key = ANY(?::text[])"
		args = append(args, divs)
	}
	sql += ")"
	if neg {
		sql = "NOT " + sql
	}
	return sq.Expr(sql, args...), nil
}

// stockedIn is the condition of a product stocked in one of sizes (upper case) in its
// availability at location.
func stockedIn(location string, sizes []string) sq.Sqlizer {
	return sq.Expr(`EXISTS (SELECT 1 FROM product_availability pa, json_array_elements(pa.availability) e
		WHERE pa.product_id = p.id AND pa.code = ? AND upper(e->>'size') = ANY(?::text[]))`, location, sizes)
}
