package products_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/xuri/excelize/v2"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/products"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// ndjson posts a product query and splits the NDJSON answer into its lines.
func ndjson(t *testing.T, a *apptest.App, c *apptest.Client, body any) (int, http.Header, []map[string]any) {
	t.Helper()
	r := c.Do("POST", "/api/products/query", body)
	if r.Status != 200 {
		return r.Status, r.Header, []map[string]any{r.Body}
	}
	var lines []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(r.Raw))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("bad NDJSON line %q: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	return r.Status, r.Header, lines
}

func num(v any) float64 { f, _ := v.(float64); return f }

// TestCatalog runs every catalog check on one app: seeding 50,000 rows is the slow part.
func TestCatalog(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	c := a.Client()
	c.Login("editor@example.com")

	t.Run("seeded catalog", func(t *testing.T) {
		if n := a.Count(`SELECT count(*) FROM products`); n != products.DemoCatalogSize {
			t.Fatalf("catalog has %d rows, want %d", n, products.DemoCatalogSize)
		}
		for _, pt := range []string{"Footwear", "Apparel", "POP"} {
			if n := a.Count(`SELECT count(*) FROM products WHERE product_type = $1`, pt); n < 1500 {
				t.Fatalf("%s has only %d rows", pt, n)
			}
		}
		if n := a.Count(`SELECT count(DISTINCT season || year) FROM products`); n < 6 {
			t.Fatalf("only %d seasons", n)
		}
		if n := a.Count(`SELECT count(DISTINCT code) FROM product_locations`); n != 5 {
			t.Fatalf("products priced in %d locations, want 5", n)
		}
		if n := a.Count(`SELECT count(*) FROM product_locations WHERE code = 'JP' AND wholesale_price <> round(wholesale_price)`); n != 0 {
			t.Fatalf("%d JPY prices with decimals (JPY has 0 decimal places)", n)
		}
	})

	t.Run("streaming search", func(t *testing.T) {
		status, h, lines := ndjson(t, a, c, map[string]any{
			"text": "runner", "conditions": map[string]any{"productType": []any{"Footwear"}, "gender": []any{"Womens", "Womens", "", nil}},
			"limit": 50,
		})
		if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "application/x-ndjson") {
			t.Fatalf("status %d type %q: %v", status, h.Get("Content-Type"), lines)
		}
		total := num(lines[0]["totalCount"])
		want := a.Count(`SELECT count(*) FROM products WHERE product_type = 'Footwear' AND gender = 'Womens' AND lower(name) LIKE '%runner%'`)
		if int(total) != want || want == 0 {
			t.Fatalf("totalCount %v, want %d", lines[0], want)
		}
		rows := lines[1 : len(lines)-1]
		if len(rows) != min(50, want) {
			t.Fatalf("%d rows, want %d", len(rows), min(50, want))
		}
		if last := lines[len(lines)-1]; last["done"] != true || int(num(last["count"])) != len(rows) {
			t.Fatalf("trailer %v", last)
		}
		prev := -1.0
		for _, r := range rows {
			if r["productType"] != "Footwear" || r["gender"] != "Womens" || !strings.Contains(strings.ToLower(r["name"].(string)), "runner") {
				t.Fatalf("row does not match: %v %v %v", r["productType"], r["gender"], r["name"])
			}
			if num(r["styleNumeric"]) < prev {
				t.Fatalf("not sorted by style")
			}
			prev = num(r["styleNumeric"])
			if len(r["locations"].([]any)) == 0 || r["thumbnail"] == "" {
				t.Fatalf("row without locations or thumbnail: %v", r["id"])
			}
		}
	})

	t.Run("query limit and validation", func(t *testing.T) {
		_, _, lines := ndjson(t, a, c, map[string]any{"conditions": map[string]any{"productType": []any{"Apparel"}}})
		if len(lines)-2 != products.MaxLimit {
			t.Fatalf("default stream limit gave %d rows, want %d", len(lines)-2, products.MaxLimit)
		}
		r := c.Do("POST", "/api/products/query", map[string]any{"limit": 5000, "conditions": map[string]any{"nope": []any{"x"}}, "sort": map[string]any{"password": 1}})
		if r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_VALIDATION" {
			t.Fatalf("bad query: %d %s", r.Status, r.Raw)
		}
		fields := map[string]bool{}
		for _, d := range r.Body["details"].([]any) {
			fields[d.(map[string]any)["field"].(string)] = true
		}
		if !fields["limit"] || !fields["conditions.nope"] || !fields["sort.password"] {
			t.Fatalf("errors do not name every field: %s", r.Raw)
		}
		r = c.Do("POST", "/api/products/query", map[string]any{"sort": map[string]any{"styleNumeric": 2}})
		if r.Status != 400 {
			t.Fatalf("sort order 2 accepted: %d", r.Status)
		}
	})

	t.Run("filter builder tree", func(t *testing.T) {
		// The filter: division is any of Work, Kids AND (wholesale price > 50 OR season = SP),
		// with a duplicate and an empty value (ignored and dropped), in the EU pricing location.
		tree := map[string]any{"and": []any{
			map[string]any{"field": "division", "op": "in", "values": []any{"Work", "kids", "work", ""}},
			map[string]any{"or": []any{
				map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
				map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
			}},
		}}
		for _, loc := range []string{"", "US"} {
			code := loc
			if code == "" {
				code = "US"
			}
			_, _, lines := ndjson(t, a, c, map[string]any{"where": tree, "locationId": loc, "limit": 20, "sort": map[string]any{"locations.wholesalePrice": -1}})
			want := a.Count(`SELECT count(*) FROM products p LEFT JOIN product_locations pl ON pl.product_id = p.id AND pl.code = $1
				WHERE p.division IN ('Work', 'Kids') AND (pl.wholesale_price > 50 OR p.season = 'SP')`, code)
			// Exact up to the count cap, an estimate past it (products.CountCap).
			if got := int(num(lines[0]["totalCount"])); want == 0 || (want <= products.CountCap && got != want) || (want > products.CountCap && got <= products.CountCap) {
				t.Fatalf("%s: totalCount %v, want %d", code, lines[0]["totalCount"], want)
			}
			// The rows are the first of the same SQL's order (price descending).
			var top float64
			if err := a.DB.QueryRow(context.Background(), `SELECT max(pl.wholesale_price)::float8 FROM products p JOIN product_locations pl ON pl.product_id = p.id AND pl.code = $1
				WHERE p.division IN ('Work', 'Kids') AND (pl.wholesale_price > 50 OR p.season = 'SP')`, code).Scan(&top); err != nil {
				t.Fatal(err)
			}
			if got := num(lines[1]["locations"].([]any)[0].(map[string]any)["wholesalePrice"]); got != top {
				t.Fatalf("%s: first row priced %v, the highest match is %v", code, got, top)
			}
			for _, r := range lines[1 : len(lines)-1] {
				if d := r["division"]; d != "Work" && d != "Kids" {
					t.Fatalf("row of division %v", d)
				}
			}
		}
		// With conditions too (AND-ed), and the between and is-none-of operators.
		_, _, lines := ndjson(t, a, c, map[string]any{"conditions": map[string]any{"productType": []any{"Footwear"}, "season": []any{"FA"}, "region": []any{"Domestic"}},
			"where": map[string]any{"and": []any{
				map[string]any{"field": "division", "op": "in", "values": []any{"Kids"}},
				map[string]any{"field": "year", "op": "between", "values": []any{2024, "2025"}},
				map[string]any{"field": "gender", "op": "notIn", "values": []any{"Mens"}},
			}}, "limit": 1})
		want := a.Count(`SELECT count(*) FROM products p WHERE product_type = 'Footwear' AND season = 'FA' AND region = 'Domestic' AND division = 'Kids'
			AND year BETWEEN 2024 AND 2025 AND (gender IS NULL OR gender = '' OR lower(gender) <> 'mens')`)
		if int(num(lines[0]["totalCount"])) != want || want == 0 || want > products.CountCap {
			t.Fatalf("text, conditions and tree: %v, want %d", lines[0]["totalCount"], want)
		}
		// Location fields: "is empty" and "is none of" hold for products not priced in the
		// location too, the other operators only for products priced there (EU, which an
		// admin may price in).
		admin := a.Client()
		admin.Login("admin@example.com")
		for _, tc := range []struct {
			op    string
			vals  []any
			where string
		}{
			{"blank", nil, "pl.wholesale_price IS NULL"},
			{"notIn", []any{10, 20}, "(pl.wholesale_price IS NULL OR pl.wholesale_price NOT IN (10, 20))"},
			{"lte", []any{20}, "pl.wholesale_price <= 20"},
			{"notBlank", nil, "pl.wholesale_price IS NOT NULL"},
		} {
			_, _, lines := ndjson(t, a, admin, map[string]any{"locationId": "EU", "limit": 1, "where": map[string]any{"and": []any{
				map[string]any{"field": "division", "op": "in", "values": []any{"Kids"}},
				map[string]any{"field": "year", "op": "in", "values": []any{2025}},
				map[string]any{"field": "season", "op": "in", "values": []any{"FA"}},
				map[string]any{"field": "wholesalePrice", "op": tc.op, "values": tc.vals},
			}}})
			want := a.Count(`SELECT count(*) FROM products p LEFT JOIN product_locations pl ON pl.product_id = p.id AND pl.code = 'EU'
				WHERE p.division = 'Kids' AND p.year = 2025 AND p.season = 'FA' AND ` + tc.where)
			if got := int(num(lines[0]["totalCount"])); want == 0 || want > products.CountCap || got != want {
				t.Fatalf("wholesalePrice %s %v: %v, want %d", tc.op, tc.vals, lines[0], want)
			}
		}
		// Refused: an unknown field, an operator not of the type, a bad value; one 400 names each.
		r := c.Do("POST", "/api/products/query", map[string]any{"where": map[string]any{"or": []any{
			map[string]any{"field": "password", "op": "in", "values": []any{"x"}},
			map[string]any{"field": "year", "op": "contains", "values": []any{"2"}},
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{"cheap"}},
		}}})
		if r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_VALIDATION" {
			t.Fatalf("bad tree: %d %s", r.Status, r.Raw)
		}
		rules := map[string]string{}
		for _, d := range r.Body["details"].([]any) {
			m := d.(map[string]any)
			rules[m["field"].(string)] = m["rule"].(string)
		}
		if rules["where.or[0]"] != "filterable" || rules["where.or[1]"] != "filterOp" || rules["where.or[2]"] != "filterValue" {
			t.Fatalf("errors %v", rules)
		}
		if r := c.Do("POST", "/api/products/query", map[string]any{"where": "p.division = 'Work'"}); r.Status != 400 {
			t.Fatalf("SQL text as a tree: %d", r.Status)
		}
	})

	t.Run("bar picks in the tree", func(t *testing.T) {
		// The filter bar's style/colour picks are an "is any of" condition on id in the tree.
		var id1, id2 string
		if err := a.DB.QueryRow(context.Background(), `SELECT min(id), max(id) FROM products WHERE division = 'Kids'`).Scan(&id1, &id2); err != nil {
			t.Fatal(err)
		}
		_, _, lines := ndjson(t, a, c, map[string]any{"where": map[string]any{"and": []any{
			map[string]any{"field": "division", "op": "in", "values": []any{"Kids", "Work"}},
			map[string]any{"field": "id", "op": "in", "values": []any{id1, strings.ToLower(id2), id1}},
		}}, "limit": 10})
		got := map[string]bool{}
		for _, r := range lines[1 : len(lines)-1] {
			got[r["id"].(string)] = true
		}
		if len(got) != 2 || !got[id1] || !got[id2] || int(num(lines[0]["totalCount"])) != 2 {
			t.Fatalf("id is any of %s, %s: %v rows %v", id1, id2, lines[0]["totalCount"], got)
		}
	})

	t.Run("sort by location price", func(t *testing.T) {
		key := products.MapSort("cost", true)
		if key.Key != "locations.wholesalePrice" || key.Order != -1 {
			t.Fatalf("MapSort(cost, desc) = %+v", key)
		}
		// EU prices are for users who may see EU: the ADMIN territory.
		adm := a.Client()
		adm.Login("admin@example.com")
		_, _, lines := ndjson(t, a, adm, map[string]any{
			"conditions": map[string]any{"productType": []any{"Apparel"}, "locations.code": []any{"eu"}},
			"sort":       map[string]any{key.Key: key.Order}, "locationId": "EU", "limit": 30,
		})
		prev := 1e18
		for _, r := range lines[1 : len(lines)-1] {
			var eu float64 = -1
			for _, l := range r["locations"].([]any) {
				if lm := l.(map[string]any); lm["code"] == "EU" {
					eu = num(lm["wholesalePrice"])
					if lm["currencySymbol"] != "€" || num(lm["decimalPlaces"]) != 2 {
						t.Fatalf("EU currency %v", lm)
					}
				}
			}
			if eu < 0 || eu > prev {
				t.Fatalf("not sorted by EU wholesale price descending: %v after %v", eu, prev)
			}
			prev = eu
		}
	})

	t.Run("pages equal plain SQL whichever way they are found", func(t *testing.T) {
		// Gathered (few matches, or matches the planner underestimates), walked along the sort
		// index (ascending and descending), and walked until the budget runs out and then
		// gathered ("hoodie" alone: many matches, all at the far end of the style order).
		text := `lower(style || ' ' || color || ' ' || name || ' ' || color_description)`
		cases := []struct {
			query map[string]any
			where string
			order string
		}{
			{map[string]any{"text": "hoodie", "conditions": map[string]any{"productType": []any{"Apparel"}}}, text + ` LIKE '%hoodie%' AND product_type = 'Apparel'`, "style_numeric, color"},
			{map[string]any{"text": "hoodie"}, text + ` LIKE '%hoodie%'`, "style_numeric, color"},
			{map[string]any{"text": "runner"}, text + ` LIKE '%runner%'`, "style_numeric, color"},
			{map[string]any{"text": "trail", "sort": map[string]any{"styleNumeric": -1}}, text + ` LIKE '%trail%'`, "style_numeric DESC, color"},
			{map[string]any{"text": "1004"}, text + ` LIKE '%1004%'`, "style_numeric, color"},
			{map[string]any{"conditions": map[string]any{"popCategory": []any{"Fixture"}}, "sort": map[string]any{"name": -1}}, `pop_category = 'Fixture'`, "name DESC, style_numeric, color"},
			{map[string]any{"conditions": map[string]any{"seasonCodes": []any{"SP25", "SU25"}, "carryover": []any{true}}}, `season_codes && '{SP25,SU25}' AND carryover`, "style_numeric, color"},
		}
		for _, tc := range cases {
			for _, skip := range []int{0, 150} {
				body := map[string]any{"limit": 100, "skip": skip}
				for k, v := range tc.query {
					body[k] = v
				}
				_, _, lines := ndjson(t, a, c, body)
				var got []string
				for _, l := range lines[1 : len(lines)-1] {
					got = append(got, l["id"].(string))
				}
				rows, err := a.DB.Query(context.Background(), `SELECT id FROM products WHERE `+tc.where+` ORDER BY `+tc.order+` LIMIT 100 OFFSET $1`, skip)
				if err != nil {
					t.Fatal(err)
				}
				want, err := pgx.CollectRows(rows, pgx.RowTo[string])
				if err != nil {
					t.Fatal(err)
				}
				if len(want) == 0 && skip == 0 {
					t.Fatalf("%v matches nothing: the case tests nothing", tc.query)
				}
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Fatalf("%v skip %d:\n got %v\nwant %v", tc.query, skip, got, want)
				}
			}
		}
	})

	t.Run("count stops at the cap and says so", func(t *testing.T) {
		_, _, lines := ndjson(t, a, c, map[string]any{"limit": 5})
		if lines[0]["totalCountCapped"] != true || num(lines[0]["totalCount"]) <= products.CountCap {
			t.Fatalf("a whole-catalog search: %v", lines[0])
		}
		// Exact below the cap, and flagged so.
		want := a.Count(`SELECT count(*) FROM products WHERE pop_category = 'Fixture'`)
		_, _, lines = ndjson(t, a, c, map[string]any{"conditions": map[string]any{"popCategory": []any{"Fixture"}}, "limit": 5})
		if want > products.CountCap || int(num(lines[0]["totalCount"])) != want || lines[0]["totalCountCapped"] != false {
			t.Fatalf("fixtures: %v, want exactly %d", lines[0], want)
		}
		// The cached GET pages on while the count is capped.
		r := c.Do("GET", "/api/products?query="+url.QueryEscape(`{"limit":3}`), nil)
		page := r.Body["data"].(map[string]any)
		if r.Status != 200 || page["totalCountCapped"] != true || page["nextCursor"] == nil || len(page["rows"].([]any)) != 3 {
			t.Fatalf("capped page: %d %.300s", r.Status, r.Raw)
		}
	})

	t.Run("pages of a location sort, priced products first", func(t *testing.T) {
		adm := a.Client()
		adm.Login("admin@example.com")
		for _, dir := range []int{1, -1} {
			order := "ASC"
			if dir < 0 {
				order = "DESC"
			}
			rows, err := a.DB.Query(t.Context(), `SELECT p.id FROM products p LEFT JOIN product_locations pl ON pl.product_id = p.id
				AND pl.code = 'CA' WHERE p.product_type = 'POP' ORDER BY pl.wholesale_price `+order+` NULLS LAST, p.style_numeric, p.color`)
			if err != nil {
				t.Fatal(err)
			}
			var ref []string
			for rows.Next() {
				var id string
				rows.Scan(&id)
				ref = append(ref, id)
			}
			rows.Close()
			priced := a.Count(`SELECT count(*) FROM products p JOIN product_locations pl ON pl.product_id = p.id AND pl.code = 'CA'
				WHERE p.product_type = 'POP'`)
			if priced < 100 || len(ref)-priced < 100 {
				t.Fatalf("the demo POP catalog should have CA-priced and unpriced products: %d of %d", priced, len(ref))
			}
			// First page, a page across the end of the priced ones, and a page past them.
			for _, pg := range [][2]int{{0, 40}, {priced - 30, 100}, {priced + 50, 40}} {
				_, _, lines := ndjson(t, a, adm, map[string]any{"conditions": map[string]any{"productType": []any{"POP"}},
					"sort": map[string]any{"locations.wholesalePrice": dir}, "locationId": "CA", "skip": pg[0], "limit": pg[1]})
				got := lines[1 : len(lines)-1]
				want := ref[pg[0]:min(len(ref), pg[0]+pg[1])]
				if len(got) != len(want) {
					t.Fatalf("%s skip %d: %d rows, want %d", order, pg[0], len(got), len(want))
				}
				for i := range got {
					if got[i]["id"] != want[i] {
						t.Fatalf("%s skip %d row %d: %v, want %s", order, pg[0], i, got[i]["id"], want[i])
					}
				}
			}
		}
	})

	// A deep block of the whole catalog sorted by a location's value seeks along the value's
	// index to the block's value and orders its ties there: every block equals the same rows of
	// the catalog sorted whole, ties broken by style and colour, the priced ones first.
	t.Run("deep blocks of the unfiltered catalog by a location's value", func(t *testing.T) {
		adm := a.Client()
		adm.Login("admin@example.com")
		deepBlocks(t, a, adm, nil, "true")
	})

	// A deep block of a list a search or filter narrows, sorted by a location's value, walks the
	// value's index keeping the matches to the block's value, and orders its ties there: every
	// block equals the same rows of the filtered list sorted whole. The filters are of the
	// filter bar, of the builder (on the catalog and on a location's field, alone and in an
	// AND/OR group) and a search text.
	t.Run("deep blocks of a filtered list by a location's value", func(t *testing.T) {
		adm := a.Client()
		adm.Login("admin@example.com")
		divisions := map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}}
		price := map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}}
		for _, f := range []struct {
			body  map[string]any
			where string
		}{
			{map[string]any{"where": divisions}, `lower(p.division) IN ('work', 'kids')`},
			{map[string]any{"conditions": map[string]any{"productType": []any{"Footwear"}}}, `p.product_type = 'Footwear'`},
			{map[string]any{"where": price}, `EXISTS (SELECT 1 FROM product_locations x WHERE x.product_id = p.id AND x.code = 'US' AND x.wholesale_price > 50)`},
			{map[string]any{"where": map[string]any{"and": []any{divisions, map[string]any{"or": []any{price,
				map[string]any{"field": "season", "op": "in", "values": []any{"SP"}}}}}}},
				`lower(p.division) IN ('work', 'kids') AND (lower(p.season) = 'sp' OR EXISTS (SELECT 1 FROM product_locations x
					WHERE x.product_id = p.id AND x.code = 'US' AND x.wholesale_price > 50))`},
			{map[string]any{"text": "black"}, `lower(p.style || ' ' || p.color || ' ' || p.name || ' ' || p.color_description) LIKE '%black%'`},
		} {
			deepBlocks(t, a, adm, f.body, f.where)
		}
	})

	t.Run("location mirrors follow the locations", func(t *testing.T) {
		var id string
		if err := a.DB.QueryRow(t.Context(), `SELECT product_id FROM product_locations WHERE code = 'US' AND line_status = 'A' ORDER BY product_id LIMIT 1`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		style, color, _ := products.SplitID(id)
		find := func(status string) int {
			_, _, lines := ndjson(t, a, c, map[string]any{"conditions": map[string]any{"style": []any{style}, "color": []any{color}, "locations.lineStatus": []any{status}}})
			return int(num(lines[0]["totalCount"]))
		}
		if find("A") != 1 || find("D") != 0 {
			t.Fatal("line status filter before the change")
		}
		if _, err := a.DB.Exec(t.Context(), `UPDATE product_locations SET line_status = 'D' WHERE product_id = $1 AND code = 'US'`, id); err != nil {
			t.Fatal(err)
		}
		defer a.DB.Exec(t.Context(), `UPDATE product_locations SET line_status = 'A' WHERE product_id = $1 AND code = 'US'`, id)
		if find("A") != 0 || find("D") != 1 {
			t.Fatal("the line status filter does not follow the location")
		}
	})

	t.Run("prices only for the user's locations", func(t *testing.T) {
		var id string
		if err := a.DB.QueryRow(t.Context(), `SELECT id FROM products ORDER BY id LIMIT 1`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		codes := func(cl *apptest.Client) []string {
			r := cl.Do("POST", "/api/products/fetch", map[string]any{"ids": []string{id}})
			if r.Status != 200 {
				t.Fatalf("fetch %d %s", r.Status, r.Raw)
			}
			var out []string
			for _, l := range r.Body["data"].([]any)[0].(map[string]any)["locations"].([]any) {
				out = append(out, l.(map[string]any)["code"].(string))
			}
			return out
		}
		// editor@'s territory covers US only; admin@ (ADMIN/ADMIN) sees every location.
		if got := codes(c); len(got) != 1 || got[0] != "US" {
			t.Fatalf("editor sees locations %v, want [US]", got)
		}
		adm := a.Client()
		adm.Login("admin@example.com")
		if got := codes(adm); len(got) < 2 {
			t.Fatalf("admin sees locations %v, want all", got)
		}
		if r := c.Do("POST", "/api/products/fetch", map[string]any{"ids": []string{id}, "locationId": "EU"}); r.Status != 403 {
			t.Fatalf("editor priced at EU: %d", r.Status)
		}
	})

	t.Run("derived values", func(t *testing.T) {
		var id string
		if err := a.DB.QueryRow(t.Context(), `SELECT id FROM products WHERE discount_amount > 0 AND suggested_retail > 0 AND quantity > 0 ORDER BY id LIMIT 1`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		style, color, _ := products.SplitID(id)
		r := c.Do("POST", "/api/products/fetch", map[string]any{"products": []any{map[string]any{"style": style, "color": strings.ToLower(color)}}, "colors": true})
		if r.Status != 200 {
			t.Fatalf("fetch %d %s", r.Status, r.Raw)
		}
		p := r.Body["data"].([]any)[0].(map[string]any)
		cost, disc, net, sr := num(p["cost"]), num(p["discountAmount"]), num(p["netCost"]), num(p["suggestedRetail"])
		if products.Round2(cost-disc) != net {
			t.Fatalf("netCost %v != cost %v - discount %v", net, cost, disc)
		}
		if want := products.Round2((sr - net) * 100 / sr); num(p["initialMarkup"]) != want {
			t.Fatalf("markup %v, want %v", p["initialMarkup"], want)
		}
		q, oh := num(p["quantity"]), num(p["quantityOnHand"])
		if want := products.Round2(q * 100 / (q + oh)); num(p["sellThru"]) != want {
			t.Fatalf("sellThru %v, want %v", p["sellThru"], want)
		}
		sq, soh := num(p["styleQuantity"]), num(p["styleQuantityOnHand"])
		if want := products.Round2(sq * 100 / (sq + soh)); num(p["styleSellThru"]) != want {
			t.Fatalf("styleSellThru %v, want %v", p["styleSellThru"], want)
		}
		if cs := p["colors"].([]any); len(cs) < 1 {
			t.Fatalf("no colours: %v", p["colors"])
		}
		loc := p["locations"].([]any)[0].(map[string]any)
		if loc["code"] != "US" || loc["markupPercent"] == nil || len(loc["availability"].([]any)) == 0 {
			t.Fatalf("US location %v", loc)
		}
		if r := c.Do("POST", "/api/products/fetch", map[string]any{"ids": []string{"000000_NOPE"}}); r.Status != 404 || r.Body["message"] != products.NoDataMessage {
			t.Fatalf("unknown fetch: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("autocomplete", func(t *testing.T) {
		r := c.Do("POST", "/api/products/autocomplete/styles/1000", nil)
		list := r.Body["data"].([]any)
		if r.Status != 200 || len(list) == 0 || len(list) > products.AutocompleteLimit {
			t.Fatalf("styles: %d %d", r.Status, len(list))
		}
		// Styles starting with the text come first, then styles containing it.
		prefixed := a.Count(`SELECT count(DISTINCT style) FROM products WHERE style LIKE '1000%'`)
		for i, s := range list {
			if got := strings.HasPrefix(s.(map[string]any)["style"].(string), "1000"); got != (i < prefixed) {
				t.Fatalf("suggestion %d %v: prefix match %v, %d styles start with 1000", i, s, got, prefixed)
			}
		}
		r = c.Do("POST", "/api/products/autocomplete/styles/hoodie", nil)
		if list := r.Body["data"].([]any); len(list) != products.AutocompleteLimit {
			t.Fatalf("name search gave %d, want the limit of 10", len(list))
		}
		style := list[0].(map[string]any)["style"].(string)
		r = c.Do("POST", "/api/products/autocomplete/colors/"+style+"_", nil)
		colors := r.Body["data"].([]any)
		if want := a.Count(`SELECT count(*) FROM products WHERE style = $1`, style); len(colors) != min(want, 10) {
			t.Fatalf("colours of %s: %d, want %d", style, len(colors), want)
		}
		// POP colour filter: only POP styles offered in the given colours.
		r = c.Do("POST", "/api/products/autocomplete/styles/display/BLK,NVY", nil)
		for _, s := range r.Body["data"].([]any) {
			st := s.(map[string]any)["style"].(string)
			if a.Count(`SELECT count(*) FROM products WHERE style = $1 AND (product_type <> 'POP' OR color IN ('BLK','NVY'))`, st) == 0 {
				t.Fatalf("POP style %s offered outside the colour filter", st)
			}
		}
	})

	t.Run("validate", func(t *testing.T) {
		r := c.Do("POST", "/api/products/validate", map[string]any{"products": []any{}})
		d := r.Body["data"].(map[string]any)
		if r.Status != 200 || d["success"] != true || len(d["errors"].([]any)) != 0 {
			t.Fatalf("empty validate: %s", r.Raw)
		}
		var id string
		_ = a.DB.QueryRow(t.Context(), `SELECT id FROM products ORDER BY id LIMIT 1`).Scan(&id)
		style, color, _ := products.SplitID(id)
		r = c.Do("POST", "/api/products/validate", map[string]any{"products": []any{
			map[string]any{"style": style, "color": color},
			map[string]any{"style": style, "color": "ZZZZ"},
			map[string]any{"style": style, "color": color},
			map[string]any{"style": "", "color": ""},
		}})
		d = r.Body["data"].(map[string]any)
		errs := d["errors"].([]any)
		if d["success"] != false || len(errs) != 3 {
			t.Fatalf("validate: %s", r.Raw)
		}
		if e := errs[0].(map[string]any); e["message"] != products.NoDataMessage || num(e["index"]) != 1 {
			t.Fatalf("first error %v", e)
		}
		if e := errs[1].(map[string]any); e["rule"] != "duplicate" {
			t.Fatalf("duplicate not reported: %v", e)
		}
	})

	t.Run("cached GET with select and cursor", func(t *testing.T) {
		q := url.QueryEscape(`{"conditions":{"productType":["POP"]},"limit":25}`)
		r := c.Do("GET", "/api/products?query="+q+"&select=style,color,name", nil)
		if r.Status != 200 || !strings.Contains(r.Header.Get("Cache-Control"), "max-age=3600") || r.Header.Get("ETag") == "" {
			t.Fatalf("page: %d %v", r.Status, r.Header)
		}
		d := r.Body["data"].(map[string]any)
		rows := d["rows"].([]any)
		first := rows[0].(map[string]any)
		if len(rows) != 25 || len(first) != 4 || first["name"] == nil {
			t.Fatalf("rows %d, first %v", len(rows), first)
		}
		cur := d["nextCursor"].(string)
		r2 := c.Do("GET", "/api/products?query="+q+"&select=style,color,name&cursor="+cur, nil)
		rows2 := r2.Body["data"].(map[string]any)["rows"].([]any)
		if len(rows2) != 25 || reflect.DeepEqual(rows2[0], rows[0]) {
			t.Fatalf("second page repeats the first")
		}
		// A cursor is bound to its query.
		if r := c.Do("GET", "/api/products?cursor="+cur, nil); r.Status != 400 {
			t.Fatalf("cursor of another query: %d", r.Status)
		}
		req, _ := http.NewRequest("GET", a.URL+"/api/products?query="+q+"&select=style,color,name", nil)
		req.Header.Set("If-None-Match", r.Header.Get("ETag"))
		res, err := c.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusNotModified {
			t.Fatalf("revalidation: %d", res.StatusCode)
		}
		if r := c.Do("GET", "/api/products?select=password", nil); r.Status != 400 {
			t.Fatalf("unknown select field: %d", r.Status)
		}
	})

	t.Run("images", func(t *testing.T) {
		var id string
		_ = a.DB.QueryRow(t.Context(), `SELECT id FROM products WHERE product_type = 'Footwear' ORDER BY id LIMIT 1`).Scan(&id)
		res, err := c.HTTP.Get(a.URL + "/api/products/images/" + id + "/thumbnail.png")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		img, err := png.Decode(bytes.NewReader(body))
		if res.StatusCode != 200 || err != nil || img.Bounds().Dx() != 160 || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("thumbnail: %d %v %v", res.StatusCode, err, res.Header)
		}
		res2, _ := c.HTTP.Get(a.URL + "/api/products/images/" + id + "/thumbnail.png")
		body2, _ := io.ReadAll(res2.Body)
		res2.Body.Close()
		if !bytes.Equal(body, body2) {
			t.Fatal("the same image rendered twice differs")
		}
		if r := c.Do("GET", "/api/products/images/000_NOPE/thumbnail.png", nil); r.Status != 404 {
			t.Fatalf("unknown product image: %d", r.Status)
		}
		if r := c.Do("GET", "/api/products/images/"+id+"/huge.png", nil); r.Status != 404 {
			t.Fatalf("unknown kind: %d", r.Status)
		}
		// The angle gallery: each angle is its own drawing of the same size; an unknown angle is a 404.
		for _, angle := range []string{"medial", "detail"} {
			res, err := c.HTTP.Get(a.URL + "/api/products/images/" + id + "/thumbnail-" + angle + ".png")
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(res.Body)
			res.Body.Close()
			img, err := png.Decode(bytes.NewReader(got))
			if res.StatusCode != 200 || err != nil || img.Bounds().Dx() != 160 || bytes.Equal(got, body) {
				t.Fatalf("%s angle: %d %v (same as the side: %v)", angle, res.StatusCode, err, bytes.Equal(got, body))
			}
		}
		if r := c.Do("GET", "/api/products/images/"+id+"/thumbnail-top.png", nil); r.Status != 404 {
			t.Fatalf("unknown angle: %d", r.Status)
		}
	})

	t.Run("locations by territory", func(t *testing.T) {
		r := c.Do("GET", "/api/products/locations", nil)
		if l := r.Body["data"].([]any); len(l) != 1 || l[0].(map[string]any)["code"] != "US" {
			t.Fatalf("editor locations %s", r.Raw)
		}
		admin := a.Client()
		admin.Login("admin@example.com")
		r = admin.Do("GET", "/api/products/locations", nil)
		l := r.Body["data"].([]any)
		if len(l) != 5 {
			t.Fatalf("admin sees %d locations", len(l))
		}
		for _, x := range l {
			if m := x.(map[string]any); m["code"] == "JP" && (num(m["decimalPlaces"]) != 0 || m["currencySymbol"] != "¥") {
				t.Fatalf("JP %v", m)
			}
		}
	})

	t.Run("export", func(t *testing.T) {
		tree := map[string]any{"and": []any{
			map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
			map[string]any{"or": []any{
				map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
				map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
			}},
		}}
		body := map[string]any{
			"query":   map[string]any{"text": "", "conditions": map[string]any{"productType": []any{"Footwear"}}, "where": tree, "sort": map[string]any{"name": 1}, "limit": 100},
			"columns": []any{map[string]any{"field": "color", "headerName": "Farbe"}, map[string]any{"field": "style"}, map[string]any{"field": "wholesalePrice"}, map[string]any{"field": "markupPercent"}, map[string]any{"field": "gender"}},
			"filters": map[string]any{"gender": []any{"Boys", "Girls", "Mens"}},
			"sort":    []any{map[string]any{"field": "style"}, map[string]any{"field": "color"}},
		}
		want := a.Count(`SELECT count(*) FROM products p WHERE p.product_type = 'Footwear' AND p.division IN ('Work', 'Kids') AND p.gender IN ('Boys', 'Girls', 'Mens')
			AND ((SELECT wholesale_price FROM product_locations WHERE product_id = p.id AND code = 'US') > 50 OR p.season = 'SP')`)
		if want < 100 {
			t.Fatalf("fixture: %d products", want)
		}
		r := c.Do("POST", "/api/products/export/xlsx", body)
		if r.Status != 200 || !regexp.MustCompile(`filename="Products_\d{4}-\d{2}-\d{2}\.xlsx"`).MatchString(r.Header.Get("Content-Disposition")) {
			t.Fatalf("xlsx export: %d %v %.300s", r.Status, r.Header, r.Raw)
		}
		x, err := excelize.OpenReader(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := x.GetRows(x.GetSheetName(0))
		if len(rows) != want+1 || !reflect.DeepEqual(rows[0], []string{"Farbe", "Style", "Wholesale price", "Markup %", "Gender"}) {
			t.Fatalf("xlsx: %d rows (want %d), header %q", len(rows)-1, want, rows[0])
		}
		// The first row is the catalog's first in style order, priced as the product fetch prices it.
		var firstID string
		if err := a.DB.QueryRow(t.Context(), `SELECT p.id FROM products p WHERE p.product_type = 'Footwear' AND p.division IN ('Work', 'Kids') AND p.gender IN ('Boys', 'Girls', 'Mens')
			AND ((SELECT wholesale_price FROM product_locations WHERE product_id = p.id AND code = 'US') > 50 OR p.season = 'SP') ORDER BY p.style, p.color, p.id LIMIT 1`).Scan(&firstID); err != nil {
			t.Fatal(err)
		}
		f := c.Do("POST", "/api/products/fetch", map[string]any{"ids": []string{firstID}})
		p := f.Body["data"].([]any)[0].(map[string]any)
		loc := p["locations"].([]any)[0].(map[string]any)
		got := rows[1]
		if got[0] != p["color"] || got[1] != p["style"] || got[2] != strconv.FormatFloat(num(loc["wholesalePrice"]), 'f', -1, 64) || got[3] != strconv.FormatFloat(num(loc["markupPercent"]), 'f', -1, 64) {
			t.Fatalf("first row %q, product %v %v at %v %v", got, p["style"], p["color"], loc["wholesalePrice"], loc["markupPercent"])
		}

		r = c.Do("POST", "/api/products/export/csv", body)
		lines, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Raw, []byte("\xEF\xBB\xBF")))).ReadAll()
		if r.Status != 200 || err != nil || len(lines) != want+1 || lines[0][0] != "Farbe" || !reflect.DeepEqual(lines[1][:2], got[:2]) {
			t.Fatalf("csv: %d %v, %d lines (want %d)", r.Status, err, len(lines), want+1)
		}

		// The caller's policy: editor@ may not price at EU; approver@ may not read the catalog.
		body["query"] = map[string]any{"locationId": "EU"}
		if r := c.Do("POST", "/api/products/export/xlsx", body); r.Status != 403 {
			t.Fatalf("editor's export priced at EU: %d", r.Status)
		}
		other := a.Client()
		other.Login("approver@example.com")
		for _, path := range []string{"/api/products/export/xlsx", "/api/products/export/csv"} {
			if r := other.Do("POST", path, map[string]any{"columns": []any{map[string]any{"field": "style"}}}); r.Status != 403 {
				t.Fatalf("approver %s: %d", path, r.Status)
			}
		}
		// Mistakes are 400s before any byte.
		for _, bad := range []map[string]any{
			{"columns": []any{map[string]any{"field": "thumbnail"}}},
			{"columns": []any{map[string]any{"field": "style"}}, "query": map[string]any{"where": map[string]any{"field": "nope", "op": "in", "values": []any{"x"}}}},
			{"columns": []any{map[string]any{"field": "style"}}, "groupBy": []any{"nope"}},
		} {
			if r := c.Do("POST", "/api/products/export/csv", bad); r.Status != 400 {
				t.Fatalf("%v: %d", bad, r.Status)
			}
		}
	})

	t.Run("permissions", func(t *testing.T) {
		anon := a.Client()
		if r := anon.Do("GET", "/api/products?select=style", nil); r.Status != 401 {
			t.Fatalf("anonymous: %d", r.Status)
		}
		other := a.Client()
		other.Login("approver@example.com")
		for _, call := range []struct{ method, path string }{
			{"POST", "/api/products/query"}, {"GET", "/api/products"}, {"POST", "/api/products/validate"},
			{"POST", "/api/products/autocomplete/styles/100"}, {"GET", "/api/products/locations"},
		} {
			if r := other.Do(call.method, call.path, map[string]any{}); r.Status != 403 {
				t.Fatalf("approver %s %s: %d", call.method, call.path, r.Status)
			}
		}
	})
}

func TestCatalogIsDeterministic(t *testing.T) {
	locs := []products.CatalogLocation{{Code: "US", CurrencyCode: "USD", DecimalPlaces: 2}, {Code: "JP", CurrencyCode: "JPY"}}
	a, b := products.GenerateCatalog(500, locs), products.GenerateCatalog(500, locs)
	if len(a) != 500 || !reflect.DeepEqual(a, b) {
		t.Fatalf("two generations differ (%d rows)", len(a))
	}
	seen := map[string]bool{}
	for _, p := range a {
		if seen[p.ID] {
			t.Fatalf("duplicate id %s", p.ID)
		}
		seen[p.ID] = true
	}
}

func TestDerivedRules(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	if n := products.NetCost(f(10), f(12)); n != nil {
		t.Fatalf("negative net cost must be blank, got %v", *n)
	}
	if n := products.NetCost(f(10), f(2.555)); *n != 7.45 {
		t.Fatalf("net cost %v", *n)
	}
	if s := products.SellThru(0, 0); s != nil {
		t.Fatal("sell-through of nothing must be blank")
	}
	if s := products.SellThru(30, 70); *s != 30 {
		t.Fatalf("sellThru %v", *s)
	}
	if m := products.MarkupPercent(f(0), f(5)); m != nil {
		t.Fatal("markup without suggested retail must be blank")
	}
	if m := products.MarkupPercent(f(80), f(20)); *m != 75 {
		t.Fatalf("markup %v", *m)
	}
	if l := products.KeyInitiativeLabel("Wholesale-SP-2025-Domestic-Footwear"); l != "SP 2025 Domestic Footwear" {
		t.Fatalf("key initiative label %q", l)
	}
}

// deepBlocks checks blocks deep in the list of filter (a query's search and filters; where is
// the same condition on products p, written apart) sorted by US's wholesale price and by its
// inventory, either way, against the list sorted whole, ties broken by style and colour and the
// products priced there first: a block in the middle of a run of one value, blocks across the
// end of the priced products and past it, and the last one.
func deepBlocks(t *testing.T, a *apptest.App, c *apptest.Client, filter map[string]any, where string) {
	t.Helper()
	for field, col := range map[string]string{"locations.wholesalePrice": "wholesale_price", "locations.totalInventory": "total_inventory"} {
		for _, dir := range []int{1, -1} {
			order := "ASC"
			if dir < 0 {
				order = "DESC"
			}
			rows, err := a.DB.Query(t.Context(), `SELECT p.id, pl.`+col+`::text FROM products p LEFT JOIN product_locations pl ON pl.product_id = p.id
				AND pl.code = 'US' WHERE `+where+` ORDER BY pl.`+col+` `+order+` NULLS LAST, p.style_numeric, p.color`)
			if err != nil {
				t.Fatal(err)
			}
			var ref []string
			var values []*string
			priced := 0
			for rows.Next() {
				var id string
				var v *string
				if err := rows.Scan(&id, &v); err != nil {
					t.Fatal(err)
				}
				ref = append(ref, id)
				values = append(values, v)
				if v != nil {
					priced++
				}
			}
			rows.Close()
			// A block that starts in the middle of a run of products of one value.
			inRun := 0
			for i := priced / 3; i < priced-1; i++ {
				if *values[i] == *values[i-1] && *values[i] == *values[i+1] {
					inRun = i
					break
				}
			}
			if priced < 1000 || inRun == 0 {
				t.Fatalf("%v: the demo catalog should price many of its products in US, some alike: %d priced, no run of one value", filter, priced)
			}
			// Blocks deep in the priced ones, across their end and past it (where some are not
			// priced there), and the last one.
			pages := [][2]int{{1, 100}, {inRun, 100}, {priced / 2, 100}, {priced * 9 / 10, 100}, {priced - 30, 100}, {len(ref) - 40, 100}}
			if priced+50 < len(ref) {
				pages = append(pages, [2]int{priced + 50, 40})
			}
			for _, pg := range pages {
				body := map[string]any{"sort": map[string]any{field: dir}, "locationId": "US", "skip": pg[0], "limit": pg[1]}
				for k, v := range filter {
					body[k] = v
				}
				_, _, lines := ndjson(t, a, c, body)
				got := lines[1 : len(lines)-1]
				want := ref[pg[0]:min(len(ref), pg[0]+pg[1])]
				if len(got) != len(want) {
					t.Fatalf("%v %s %s skip %d: %d rows, want %d", filter, field, order, pg[0], len(got), len(want))
				}
				for i := range got {
					if got[i]["id"] != want[i] {
						t.Fatalf("%v %s %s skip %d row %d: %v, want %s", filter, field, order, pg[0], i, got[i]["id"], want[i])
					}
				}
			}
		}
	}
}
