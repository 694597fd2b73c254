package products

import (
	"errors"
	"regexp"

	"its/core/grid"
	"its/core/httpx"
)

// whereColumns are the catalog fields the filter builder may name (docs/grid.md §3.7), with
// their types and trusted expressions on the catalog (alias p). Location fields read the query's
// pricing location (see whereColumn).
var whereColumns = func() map[string]grid.Column {
	cols := []grid.Column{
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
// (every caller of Where selects FROM products p).
func (q *Query) whereColumn(field string) *grid.Column {
	c, ok := whereColumns[field]
	if !ok {
		return nil
	}
	if len(c.Expr) > 3 && c.Expr[:3] == "pl." {
		loc := q.Location()
		if !locationCode.MatchString(loc) {
			return nil
		}
		c.Expr = "(SELECT " + c.Expr + " FROM product_locations pl WHERE pl.product_id = p.id AND pl.code = '" + loc + "')"
	}
	return &c
}

// compileWhere normalizes the filter-builder tree and checks it against the catalog whitelist.
func (q *Query) compileWhere() ([]httpx.FieldError, error) {
	q.Tree = q.Tree.Normalize()
	q.whereCond = nil
	if q.Tree == nil {
		return nil, nil
	}
	cond, err := grid.WhereSQL(q.Tree, q.whereColumn)
	var he *httpx.Error
	if errors.As(err, &he) {
		fes, _ := he.Details.([]httpx.FieldError)
		return fes, nil
	}
	if err != nil {
		return nil, err
	}
	q.whereCond = cond
	return nil, nil
}
