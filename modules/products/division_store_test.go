package products_test

import (
	"fmt"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// A first block filtered on divisions and sorted by a location's price merges one scan per
// division (products.Query.divisionPage): it answers the block that joining, filtering and
// sorting the matches whole answers, for the filter builder's "division is any of" (alone or
// within an "and") and the filter bar's division, either way, by wholesale price and suggested
// retail, in two locations. The product's division on its location rows follows the product's
// (the triggers of migration 0208), as the generator copied it.
func TestDivisionPage(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	ctx := t.Context()
	if n := a.Count(`SELECT count(*) FROM product_locations pl JOIN products p ON p.id = pl.product_id WHERE pl.division_key <> lower(p.division)`); n != 0 {
		t.Fatalf("%d location rows with another division than their product's", n)
	}
	andOr := map[string]any{"and": []any{
		map[string]any{"field": "division", "op": "in", "values": []any{"Work", "kids"}},
		map[string]any{"or": []any{
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
			map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
		}},
	}}
	// Location conditions negated (NOT EXISTS in the filter's plain form), in an "or".
	negated := map[string]any{"and": []any{
		map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
		map[string]any{"or": []any{
			map[string]any{"field": "lineStatus", "op": "notIn", "values": []any{"A"}},
			map[string]any{"field": "suggestedRetail", "op": "blank"},
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{120}},
		}},
	}}
	queries := map[string]map[string]any{
		"and/or":     {"where": andOr},
		"negated":    {"where": negated},
		"in alone":   {"where": map[string]any{"field": "division", "op": "in", "values": []any{"Marketing", "Work"}}},
		"filter bar": {"conditions": map[string]any{"division": []any{"Kids"}, "season": []any{"FA"}}},
		"in EU":      {"where": andOr, "locationId": "EU"},
	}
	for name, body := range queries {
		for _, key := range []string{"locations.wholesalePrice", "locations.suggestedRetail"} {
			for _, dir := range []int{-1, 1} {
				b := map[string]any{"sort": map[string]any{key: dir}}
				for k, v := range body {
					b[k] = v
				}
				q := queryOf(t, b)
				what := fmt.Sprintf("%s, %s %d", name, key, dir)
				stmts, err := products.PageSQL(ctx, a.DB, &q, 100, 0)
				if err != nil {
					t.Fatal(err)
				}
				if len(stmts) != 1 || !strings.Contains(stmts[0].SQL, "pl.division_key = ") {
					t.Fatalf("%s: not one scan per division: %v", what, stmts)
				}
				got := collectIDs(t, a, stmts[0].SQL, stmts[0].Args)
				col := map[string]string{"locations.wholesalePrice": "pl.wholesale_price", "locations.suggestedRetail": "pl.suggested_retail"}[key]
				order := col + " ASC"
				if dir < 0 {
					order = col + " DESC"
				}
				ref, args, err := sq.Select("p.id").From("products p").
					Join("product_locations pl ON pl.product_id = p.id AND pl.code = ?", q.Location()).
					Where(col+" IS NOT NULL").Where(q.Where()).OrderBy(order, "p.style_numeric", "p.color").Limit(100).
					PlaceholderFormat(sq.Dollar).ToSql()
				if err != nil {
					t.Fatal(err)
				}
				want := collectIDs(t, a, ref, args)
				if len(want) < 100 {
					t.Fatalf("%s: only %d matches priced there", what, len(want))
				}
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: block\n%v\nwant\n%v", what, got, want)
				}
			}
		}
	}

	// The first block's total counts what the filter matches (exactly up to CountCap).
	c := a.Client()
	c.Login("admin@example.com")
	small := map[string]any{"and": []any{
		map[string]any{"field": "division", "op": "in", "values": []any{"Work"}},
		map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
		map[string]any{"or": []any{
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{60}},
			map[string]any{"field": "lineStatus", "op": "notIn", "values": []any{"A"}},
		}},
	}}
	for name, body := range map[string]map[string]any{"and/or": {"where": andOr}, "negated": {"where": negated},
		"under the cap": {"where": small}, "under the cap in EU": {"where": small, "locationId": "EU"}} {
		b := map[string]any{"sort": map[string]any{"locations.wholesalePrice": -1}, "limit": 100}
		for k, v := range body {
			b[k] = v
		}
		status, _, lines := ndjson(t, a, c, b)
		if status != 200 {
			t.Fatalf("%s: %d %v", name, status, lines)
		}
		all := matchCount(t, a, b)
		total, capped := int(num(lines[0]["totalCount"])), lines[0]["totalCountCapped"] == true
		if all > products.CountCap && (!capped || total <= products.CountCap) || all <= products.CountCap && (capped || total != all) {
			t.Errorf("%s: total %d (capped %v) for %d matches", name, total, capped, all)
		}
		if name == "under the cap" && (all == 0 || all > products.CountCap) {
			t.Errorf("%s: %d matches, want some but no more than %d", name, all, products.CountCap)
		}
	}
	// A location condition of a filter on divisions reads those divisions' rows alone: it
	// matches what it says without that.
	priceOrStatus := map[string]any{"and": []any{
		map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
		map[string]any{"or": []any{
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{40}},
			map[string]any{"field": "lineStatus", "op": "notIn", "values": []any{"A"}},
		}},
	}}
	for _, loc := range []string{"US", "EU"} {
		q := queryOf(t, map[string]any{"where": priceOrStatus, "locationId": loc})
		got := matches(t, a, &q)
		want := a.Count(`SELECT count(*) FROM products p WHERE lower(p.division) IN ('work', 'kids') AND (
			EXISTS (SELECT 1 FROM product_locations x WHERE x.product_id = p.id AND x.code = $1 AND x.wholesale_price > 40)
			OR NOT EXISTS (SELECT 1 FROM product_locations x WHERE x.product_id = p.id AND x.code = $1 AND x.line_status = 'A'))`, loc)
		priced := a.Count(`SELECT count(*) FROM products p JOIN product_locations x ON x.product_id = p.id AND x.code = $1
			WHERE lower(p.division) IN ('work', 'kids') AND x.wholesale_price > 40`, loc)
		if got != want || priced == 0 {
			t.Errorf("price or status in %s: %d matches, want %d (%d by price)", loc, got, want, priced)
		}
	}

	// A count is kept for the filter only while the catalog does not change: a product deleted
	// behind the server's back (another server's write) leaves the next block's total one less,
	// in another order too.
	underCap := func(sort map[string]any) (int, []map[string]any) {
		b := map[string]any{"where": small, "sort": sort, "limit": 100}
		status, _, lines := ndjson(t, a, c, b)
		if status != 200 {
			t.Fatalf("under the cap: %d %v", status, lines)
		}
		return int(num(lines[0]["totalCount"])), lines
	}
	before, lines := underCap(map[string]any{"locations.wholesalePrice": -1})
	if _, err := a.DB.Exec(ctx, `DELETE FROM products WHERE id = $1`, lines[1]["id"]); err != nil {
		t.Fatal(err)
	}
	for _, sort := range []map[string]any{{"locations.wholesalePrice": -1}, {"locations.suggestedRetail": 1}} {
		if after, _ := underCap(sort); after != before-1 {
			t.Errorf("sorted by %v after a delete: total %d, was %d", sort, after, before)
		}
	}

	// A product moved to another division takes its location rows along; a new location row
	// takes its product's division whatever it is given.
	var id string
	if err := a.DB.QueryRow(ctx, `SELECT id FROM products WHERE division = 'Work' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.Exec(ctx, `UPDATE products SET division = 'Kids' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if n := a.Count(fmt.Sprintf(`SELECT count(*) FROM product_locations WHERE product_id = '%s' AND division_key <> 'kids'`, id)); n != 0 {
		t.Errorf("%d location rows of %s kept their old division", n, id)
	}
	if _, err := a.DB.Exec(ctx, `DELETE FROM product_locations WHERE product_id = $1 AND code = 'JP'`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.Exec(ctx, `INSERT INTO product_locations (product_id, code, wholesale_price, division_key) VALUES ($1, 'JP', 10, 'work')`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.Exec(ctx, `UPDATE product_locations SET division_key = 'work' WHERE product_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if n := a.Count(fmt.Sprintf(`SELECT count(*) FROM product_locations WHERE product_id = '%s' AND division_key <> 'kids'`, id)); n != 0 {
		t.Errorf("%d location rows of %s with another division than the product's", n, id)
	}
}

func collectIDs(t *testing.T, a *apptest.App, sql string, args []any) []string {
	t.Helper()
	rows, err := a.DB.Query(t.Context(), sql, args...)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return ids
}
