package products_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// queryOf is the normalized query of a request's body.
func queryOf(t testing.TB, body map[string]any) products.Query {
	t.Helper()
	raw, _ := json.Marshal(body)
	var q products.Query
	if err := json.Unmarshal(raw, &q); err != nil {
		t.Fatal(err)
	}
	if err := q.Normalize(); err != nil {
		t.Fatal(err)
	}
	return q
}

// offsetIDs reads the ids of body's block as an OFFSET over the whole ordered list does (order
// is the list's ORDER BY, the library's own).
func offsetIDs(t *testing.T, a *apptest.App, body map[string]any, order string, skip, limit int) []string {
	t.Helper()
	q := queryOf(t, body)
	sql, args, err := sq.StatementBuilder.PlaceholderFormat(sq.Dollar).Select("p.id").From("products p").
		LeftJoin("product_locations pl ON pl.product_id = p.id AND pl.code = ?", q.Location()).
		Where(q.Where()).OrderBy(order).Limit(uint64(limit)).Offset(uint64(skip)).ToSql()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := a.DB.Query(context.Background(), sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// matches counts the products matching q.
func matches(t *testing.T, a *apptest.App, q *products.Query) int {
	sql, args, err := sq.Select("count(*)").From("products p").Where(q.Where()).PlaceholderFormat(sq.Dollar).ToSql()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := a.DB.QueryRow(t.Context(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// matchCount counts the products matching body's query.
func matchCount(t *testing.T, a *apptest.App, body map[string]any) int {
	t.Helper()
	q := queryOf(t, body)
	return matches(t, a, &q)
}

// A deep block read through a list's position index holds exactly the rows an OFFSET over the
// whole list gives, for lists in style order and by a location's price, filtered or not, at
// several locations, from the first recorded position to past the end; and again after products
// are deleted, added back and repriced behind the server's back (the writes of another server,
// which publish nothing): the index built before them is not used.
func TestDeepBlocksMatchOffset(t *testing.T) {
	var svc *products.Service
	a := apptest.Start(t, fx.Options(users.Module, products.Module, fx.Populate(&svc)))
	c := a.Client()
	c.Login("admin@example.com") // every location
	n := products.DemoCatalogSize
	seasons := map[string]any{"field": "season", "op": "in", "values": []any{"SP", "SU"}}
	type list struct {
		name  string
		body  map[string]any
		order string
	}
	lists := []list{
		{"style", map[string]any{"sort": map[string]any{"styleNumeric": 1}}, "p.style_numeric, p.color"},
		{"style descending", map[string]any{"sort": map[string]any{"styleNumeric": -1}}, "p.style_numeric DESC, p.color"},
		{"style, two seasons", map[string]any{"where": seasons, "sort": map[string]any{"styleNumeric": 1}}, "p.style_numeric, p.color"},
		{"price descending", map[string]any{"sort": map[string]any{"locations.wholesalePrice": -1}},
			"pl.wholesale_price DESC NULLS LAST, p.style_numeric, p.color"},
		{"retail ascending in CA", map[string]any{"locationId": "CA", "sort": map[string]any{"locations.suggestedRetail": 1}},
			"pl.suggested_retail ASC NULLS LAST, p.style_numeric, p.color"},
		{"price descending, two seasons", map[string]any{"where": seasons, "sort": map[string]any{"locations.wholesalePrice": -1}},
			"pl.wholesale_price DESC NULLS LAST, p.style_numeric, p.color"},
		// Location conditions, read on the joined row in the priced reads (locJoined).
		{"price ascending, a price, a line status or a season", map[string]any{"where": map[string]any{"or": []any{
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
			map[string]any{"field": "lineStatus", "op": "notIn", "values": []any{"A"}},
			map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
		}}, "sort": map[string]any{"locations.wholesalePrice": 1}}, "pl.wholesale_price ASC NULLS LAST, p.style_numeric, p.color"},
	}
	check := func(t *testing.T, when string) {
		for _, l := range lists {
			for _, skip := range []int{1000, 1999, 2000, 17_345, n / 2, n*9/10 + 7, n - 60, n + 5} {
				body := map[string]any{"skip": skip, "limit": 100}
				for k, v := range l.body {
					body[k] = v
				}
				status, _, lines := ndjson(t, a, c, body)
				if status != 200 {
					t.Fatalf("%s, %s, skip %d: %d %v", when, l.name, skip, status, lines)
				}
				got := []string{}
				for _, line := range lines {
					if id, ok := line["id"].(string); ok {
						got = append(got, id)
					}
				}
				want := offsetIDs(t, a, body, l.order, skip, 100)
				if want == nil {
					want = []string{}
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s, %s, skip %d: %d rows %.3v…, OFFSET gives %d %.3v…", when, l.name, skip, len(got), got, len(want), want)
				}
				// The total of a block that shows rows past CountCap is not counted again
				// (Store.countAfter): it says what counting says.
				all := matchCount(t, a, body)
				total, capped := int(num(lines[0]["totalCount"])), lines[0]["totalCountCapped"] == true
				if all > products.CountCap && (!capped || total <= products.CountCap) || all <= products.CountCap && (capped || total != all) {
					t.Errorf("%s, %s, skip %d: total %d (capped %v) for %d matches", when, l.name, skip, total, capped, all)
				}
			}
		}
	}
	check(t, "first")
	if got := products.PositionIndexes(svc); got != len(lists) {
		t.Errorf("%d position indexes, want one per list (%d)", got, len(lists))
	}
	check(t, "again")

	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := a.DB.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	// Products early in every order: the block after them moves by one.
	var early []string
	for _, sql := range []string{`SELECT id FROM products ORDER BY style_numeric, color LIMIT 1 OFFSET 20`,
		`SELECT product_id FROM product_locations WHERE code = 'US' ORDER BY wholesale_price DESC, product_id LIMIT 1 OFFSET 30`} {
		var id string
		if err := a.DB.QueryRow(ctx, sql).Scan(&id); err != nil {
			t.Fatal(err)
		}
		early = append(early, id)
	}
	for i, table := range []string{"products", "product_details", "product_locations", "product_availability"} {
		col := "product_id"
		if i == 0 {
			col = "id"
		}
		exec(fmt.Sprintf(`CREATE TABLE saved_%s AS SELECT * FROM %s WHERE %s = ANY($1)`, table, table, col), early)
	}
	exec(`DELETE FROM products WHERE id = ANY($1)`, early)
	check(t, "after a delete")
	for _, table := range []string{"products", "product_details", "product_locations", "product_availability"} {
		exec(fmt.Sprintf(`INSERT INTO %s SELECT * FROM saved_%s`, table, table))
	}
	check(t, "after an insert")
	// The cheapest product in CA becomes the dearest, and one of the dearest in US the cheapest.
	exec(`UPDATE product_locations SET suggested_retail = 100000 WHERE code = 'CA' AND product_id =
		(SELECT product_id FROM product_locations WHERE code = 'CA' AND suggested_retail IS NOT NULL ORDER BY suggested_retail, product_id LIMIT 1)`)
	exec(`UPDATE product_locations SET wholesale_price = 0 WHERE code = 'US' AND product_id = $1`, early[1])
	check(t, "after a price edit")
}
