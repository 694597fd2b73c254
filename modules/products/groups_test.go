package products_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// TestProductGroups checks the groups of the product library's view against a GROUP BY written
// by hand over the 50,000-row demo catalog, that rows read in blocks sorted by the group field
// come group after group in the groups' order and counts, and that mistakes read nothing.
func TestProductGroups(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	c := a.Client()
	c.Login("editor@example.com")

	// counted is the GROUP BY by hand: each value (as text, "<null>" for NULL) with its count.
	counted := func(t *testing.T, col, where string) map[string]int {
		t.Helper()
		rows, err := a.DB.Query(context.Background(), `SELECT coalesce(`+col+`::text, '<null>'), count(*) FROM products p WHERE `+where+` GROUP BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]int{}
		for rows.Next() {
			var v string
			var n int
			if err := rows.Scan(&v, &n); err != nil {
				t.Fatal(err)
			}
			out[v] = n
		}
		return out
	}
	key := func(v any) string {
		if v == nil {
			return "<null>"
		}
		return fmt.Sprint(v)
	}
	groupsOf := func(t *testing.T, body map[string]any) ([]map[string]any, int) {
		t.Helper()
		r := c.Do("POST", "/api/products/groups", body)
		if r.Status != 200 {
			t.Fatalf("groups: %d %s", r.Status, r.Raw)
		}
		d := r.Body["data"].(map[string]any)
		var gs []map[string]any
		for _, g := range d["groups"].([]any) {
			gs = append(gs, g.(map[string]any))
		}
		return gs, int(num(d["totalCount"]))
	}

	for _, tc := range []struct {
		field, col string
		query      map[string]any
		where      string
	}{
		{"gender", "p.gender", map[string]any{}, "TRUE"},
		{"year", "p.year", map[string]any{"conditions": map[string]any{"division": []any{"Kids"}}}, "lower(p.division) = 'kids'"},
		{"division", "p.division", map[string]any{"where": map[string]any{"and": []any{
			map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
			map[string]any{"or": []any{map[string]any{"field": "season", "op": "in", "values": []any{"SP"}}, map[string]any{"field": "gender", "op": "in", "values": []any{"Mens"}}}},
		}}}, "lower(p.division) IN ('work', 'kids') AND (p.season = 'SP' OR p.gender = 'Mens')"},
	} {
		t.Run(tc.field, func(t *testing.T) {
			gs, total := groupsOf(t, map[string]any{"query": tc.query, "field": tc.field})
			want := counted(t, tc.col, tc.where)
			if len(gs) != len(want) || len(gs) < 2 {
				t.Fatalf("%d groups, counted %d: %v", len(gs), len(want), gs)
			}
			sum := 0
			for _, g := range gs {
				if n := int(num(g["count"])); n != want[key(g["value"])] {
					t.Errorf("group %v: %d, counted %d", g["value"], n, want[key(g["value"])])
				}
				sum += int(num(g["count"]))
			}
			if sum != total {
				t.Errorf("totalCount %d, groups add up to %d", total, sum)
			}
			// The rows sorted by the field, read in blocks of 100 (and then the user's sort:
			// style descending), come group after group as the groups say.
			q := map[string]any{}
			for k, v := range tc.query {
				q[k] = v
			}
			q["sort"] = json.RawMessage(`{"` + tc.field + `": 1, "styleNumeric": -1}`)
			var got []string
			for skip := 0; skip < total; skip += 100 {
				q["skip"], q["limit"] = skip, 100
				status, _, lines := ndjson(t, a, c, q)
				if status != 200 {
					t.Fatalf("query: %d %v", status, lines)
				}
				for _, l := range lines[1:] {
					if _, ok := l["id"].(string); ok {
						got = append(got, key(l[tc.field]))
					}
				}
				if tc.field == "gender" && skip >= 1000 && skip < total-200 {
					// The whole catalog: the blocks at the start and the end are enough.
					skip = (total-1)/100*100 - 100
				}
			}
			i := 0
			if tc.field == "gender" {
				// Only the first 1,100 and the last rows were read: the first group starts it, the last ends it.
				if got[0] != key(gs[0]["value"]) || got[len(got)-1] != key(gs[len(gs)-1]["value"]) {
					t.Fatalf("first %s, last %s (%d rows); groups %v", got[0], got[len(got)-1], len(got), gs)
				}
				return
			}
			for _, g := range gs {
				for n := int(num(g["count"])); n > 0; n-- {
					if i >= len(got) || got[i] != key(g["value"]) {
						t.Fatalf("row %d is %v, the groups say %v", i, got[min(i, len(got)-1)], g["value"])
					}
					i++
				}
			}
			if i != len(got) {
				t.Fatalf("%d rows read, the groups count %d", len(got), i)
			}
		})
	}

	t.Run("mistakes", func(t *testing.T) {
		for _, body := range []map[string]any{
			{"query": map[string]any{}, "field": "style"},
			{"query": map[string]any{}, "field": "wholesalePrice"},
			{"query": map[string]any{}},
			{"query": map[string]any{"conditions": map[string]any{"nope": []any{"x"}}}, "field": "gender"},
			{"query": map[string]any{}, "field": "gender", "extra": 1},
		} {
			if r := c.Do("POST", "/api/products/groups", body); r.Status != 400 {
				t.Errorf("%v: %d %s", body, r.Status, r.Raw)
			}
		}
	})
}
