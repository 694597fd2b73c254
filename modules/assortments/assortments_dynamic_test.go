// Tests of dynamic assortments, each against a fresh app on real PostgreSQL.

package assortments_test

import (
	"context"
	"encoding/json"
	"testing"

	"its/modules/assortments"
	"its/modules/products"
)

// TestDynamicAssortments: dynamic assortments: their saved search, filters and the sort mapping.
func TestDynamicAssortments(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
	t.Run("dynamic assortments: filters and sort mapping", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Dyn", "method": "dynamic", "channel": "Wholesale",
			"query": map[string]any{"conditions": map[string]any{"division": []any{"Work", ""}}}})
		id := str(d["_id"])
		if q := obj(d["query"]); len(arr(obj(q["conditions"])["division"])) != 1 {
			t.Fatalf("saved query keeps empty values: %v", q)
		}
		lines := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id, "sort": []any{map[string]any{"field": "cost", "dir": "desc"}}, "limit": 50}))
		total := int(num(lines[0]["totalCount"]))
		work := a.Count(`SELECT count(*) FROM products WHERE division = 'Work'`)
		if total != work || lines[0]["totalCountCapped"] != false {
			t.Fatalf("dynamic total %d, want %d (exact): %v", total, work, lines[0])
		}
		// productCount is the number of catalog products its search matches: in the create answer,
		// the list views and GET, and again after the catalog changes.
		if int(num(d["productCount"])) != work {
			t.Fatalf("created dynamic productCount %v, want %d", d["productCount"], work)
		}
		countIn := func(view string) int {
			for _, it := range listView(t, editor, view) {
				if obj(it)["_id"] == id {
					return int(num(obj(it)["productCount"]))
				}
			}
			t.Fatalf("%s lacks the dynamic assortment", view)
			return 0
		}
		if got := countIn("view=all"); got != work {
			t.Fatalf("list productCount %d, want %d", got, work)
		}
		var moved string
		if err := a.DB.QueryRow(context.Background(), `UPDATE products SET division = 'Work' WHERE id = (SELECT id FROM products
			WHERE division = 'Kids' ORDER BY id LIMIT 1) RETURNING id`).Scan(&moved); err != nil {
			t.Fatal(err)
		}
		if got := countIn("view=all&q=Dyn"); got != work+1 {
			t.Fatalf("productCount after a catalog change %d, want %d", got, work+1)
		}
		if _, err := a.DB.Exec(context.Background(), `UPDATE products SET division = 'Kids' WHERE id = $1`, moved); err != nil {
			t.Fatal(err)
		}
		if got := int(num(editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil).Data(t, 200)["productCount"])); got != work {
			t.Fatalf("GET productCount %d, want %d", got, work)
		}
		// Narrowed by the grid, the total is the catalog search's count (exact below the cap).
		narrowed := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id,
			"conditions": map[string]any{"gender": []any{"Womens"}}, "limit": 10}))
		womens, ntotal := a.Count(`SELECT count(*) FROM products WHERE division = 'Work' AND gender = 'Womens'`), int(num(narrowed[0]["totalCount"]))
		if capped := womens > products.CountCap; narrowed[0]["totalCountCapped"] != capped || (!capped && ntotal != womens) || (capped && ntotal <= products.CountCap) {
			t.Fatalf("narrowed total %v, want %d", narrowed[0], womens)
		}
		prev := 1e18
		for _, row := range lines[1 : len(lines)-1] {
			loc := obj(arr(row["locations"])[0])
			if row["division"] != "Work" || num(loc["wholesalePrice"]) > prev {
				t.Fatalf("not Work or not by US wholesale price descending: %v", row["id"])
			}
			prev = num(loc["wholesalePrice"])
		}
		r := editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"query": map[string]any{"conditions": map[string]any{"division": []any{"Work"}, "gender": []any{"Mens"}}}})
		if r.Data(t, 200); r.Body["message"] != "1 Filter added and assortment updated" {
			t.Fatalf("add filter: %s", r.Raw)
		}
		if got, want := num(r.Data(t, 200)["productCount"]), a.Count(`SELECT count(*) FROM products WHERE division = 'Work' AND gender = 'Mens'`); int(got) != want || want == 0 {
			t.Fatalf("productCount after a filter change %v, want %d", got, want)
		}
		r = editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"query": map[string]any{"conditions": map[string]any{"division": []any{"Work"}}}})
		if r.Data(t, 200); r.Body["message"] != "1 Filter removed and assortment updated" {
			t.Fatalf("remove filter: %s", r.Raw)
		}
		r = editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"gridSort": []any{map[string]any{"field": "suggestedRetail", "dir": "desc"}, map[string]any{"field": "style"}}})
		r.Data(t, 200)
		var saved struct {
			Data struct{ Query products.Query }
		}
		if err := json.Unmarshal(r.Raw, &saved); err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(saved.Data.Query.Sort); string(b) != `{"locations.suggestedRetail":-1,"styleNumeric":1}` {
			t.Fatalf("saved sort %s", b)
		}
		got := editor.Do("GET", "/api/assortments/"+id, nil).Data(t, 200)
		rows := arr(got["products"])
		if len(rows) == 0 || obj(rows[0])["version"] != 0.0 {
			t.Fatalf("dynamic rows %d", len(rows))
		}
		for i := 1; i < len(rows); i++ {
			if sr, prev := num(obj(arr(obj(rows[i])["locations"])[0])["suggestedRetail"]), num(obj(arr(obj(rows[i-1])["locations"])[0])["suggestedRetail"]); sr > prev {
				t.Fatalf("GET of a dynamic assortment ignores its saved sort: row %d %v after %v", i, sr, prev)
			}
		}
		if r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": pairs(t, a, 1, "product_type = 'POP'")}); r.Status != 400 || r.Body["message"] != assortments.MsgDynamicRows {
			t.Fatalf("rows into a dynamic assortment: %d %s", r.Status, r.Raw)
		}
		if r := editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"query": map[string]any{"conditions": map[string]any{"password": []any{"x"}}}}); r.Status != 400 {
			t.Fatalf("unknown condition: %d", r.Status)
		}
		if r := editor.Do("POST", "/api/assortments", map[string]any{"title": "no filter", "method": "dynamic", "query": map[string]any{}}); r.Status != 400 {
			t.Fatalf("dynamic without filters: %d", r.Status)
		}
	})
}
