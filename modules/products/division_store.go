package products

import (
	"sort"
	"strings"

	sq "github.com/Masterminds/squirrel"
)

// divisionSorted are the location values an index orders within each division
// (product_locations_division_wholesale_idx and product_locations_division_retail_idx).
var divisionSorted = map[string]bool{"pl.wholesale_price": true, "pl.suggested_retail": true}

// divisions answers the divisions (lower case) that every match of q is in, when q names them:
// a "division is any of" at the top of the filter (alone or one of an "and"), or the division
// condition of the filter bar. ok is false when q does not narrow the divisions that way.
func (q *Query) divisions() (values []string, ok bool) {
	var vals []string
	if t := q.Tree; t != nil {
		leaves := t.And
		if t.And == nil && t.Or == nil {
			leaves = append(leaves, *t)
		}
		for _, w := range leaves {
			if w.Field == "division" && w.Op == "in" && len(w.Values) > 0 {
				vals, ok = w.Values, true
				break
			}
		}
	}
	if !ok {
		if c, found := q.Conditions["division"]; found && len(c) > 0 {
			vals, ok = strs(c), true
		}
	}
	if !ok {
		return nil, false
	}
	seen := map[string]bool{}
	for _, v := range vals {
		v = strings.ToLower(v)
		if !seen[v] {
			seen[v] = true
			values = append(values, v)
		}
	}
	sort.Strings(values)
	return values, true
}

// maxDivisionScans is how many divisions a block merges one scan each of; more chosen divisions
// than that are most of the catalog, which the location's index of the value serves as well.
const maxDivisionScans = 8

// divisionPage is pricedPage for a list whose matches all lie in a few divisions, sorted by a
// location's price alone: one scan per division along the index that orders the division's
// products by that price in the location, each stopping at the block's end among its own
// matches, merged in the block's order. Walking the location's index of the price instead passes
// every higher-priced product of the other divisions first: at a million products, 35,000 rows
// for the first block of Work and Kids by wholesale price, where this reads a few hundred. The
// filter (all of it, the division too) is kept on each scan, its location conditions read on the
// scanned row itself (locJoined).
func (q *Query) divisionPage(limit, skip int) (sq.SelectBuilder, bool) {
	if len(q.Sort) != 1 {
		return sq.SelectBuilder{}, false
	}
	col := sortKeys[q.Sort[0].Key]
	divs, ok := q.divisions()
	if !divisionSorted[col] || !ok || len(divs) > maxDivisionScans {
		return sq.SelectBuilder{}, false
	}
	order, _ := q.orderBy()
	dir := " ASC"
	if q.Sort[0].Order < 0 {
		dir = " DESC" // NULLs cannot occur here, so the index's backward order is this order
	}
	scan := func(div string) sq.SelectBuilder {
		return sq.Select("p.id", col+" AS v", "p.style_numeric", "p.color").From("product_locations pl").
			Join("products p ON p.id = pl.product_id").
			Where(sq.Expr("pl.code = ?", q.Location())).Where(sq.Expr("pl.division_key = ?", div)).
			Where(col + " IS NOT NULL").Where(q.whereJoined()).
			OrderBy(append([]string{col + dir}, order[1:]...)...).Limit(uint64(limit + skip))
	}
	union := scan(divs[0]).Prefix("(")
	var rest strings.Builder
	var args []any
	for _, d := range divs[1:] {
		s, a, err := scan(d).ToSql()
		if err != nil {
			// ToSql fails only on a builder without columns or a FROM.
			return sq.SelectBuilder{}, false
		}
		rest.WriteString(") UNION ALL (" + s)
		args = append(args, a...)
	}
	union = union.Suffix(rest.String()+")", args...)
	return psql.Select("u.id").FromSelect(union, "u").OrderBy("u.v"+dir, "u.style_numeric", "u.color").
		Limit(uint64(limit)).Offset(uint64(skip)), true
}
