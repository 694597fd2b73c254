package grid_test

import (
	"reflect"
	"testing"
)

// TestGroups: the groups of a view come in the order of its rows sorted by the column first, with
// counts that place every row: walking the sorted rows gives the same values in the same runs.
func TestGroups(t *testing.T) {
	f := setup(t, 240)
	for _, c := range []struct {
		field string
		body  map[string]any
	}{
		{"division", map[string]any{}},
		{"quantity", map[string]any{}}, // NULLs are the last group
		{"availableDate", map[string]any{"filters": map[string]any{"division": []any{"Footwear", "POP"}}}},
		{"cost", map[string]any{"where": map[string]any{"field": "quantity", "op": "gte", "values": []any{"3"}}}},
		{"color", map[string]any{"filters": map[string]any{"style": "none"}}}, // no rows, no groups
	} {
		t.Run(c.field, func(t *testing.T) {
			body := map[string]any{"field": c.field}
			for k, v := range c.body {
				body[k] = v
			}
			a := f.do(t, "POST", "/items/groups", body)
			if a.status != 200 {
				t.Fatalf("status %d: %s", a.status, a.raw)
			}
			d := a.body["data"].(map[string]any)
			var got [][2]any
			for _, g := range d["groups"].([]any) {
				m := g.(map[string]any)
				got = append(got, [2]any{m["value"], m["count"]})
			}
			// The rows, sorted by the field first, read page after page on the cursors.
			var want [][2]any
			total := 0
			q := map[string]any{"sort": []any{map[string]any{"field": c.field}}, "fields": []any{c.field}, "limit": 50}
			for k, v := range c.body {
				q[k] = v
			}
			for {
				p := f.do(t, "POST", "/items/query", q)
				if p.status != 200 {
					t.Fatalf("query %d: %s", p.status, p.raw)
				}
				pd := p.body["data"].(map[string]any)
				for _, r := range pd["rows"].([]any) {
					v := r.(map[string]any)[c.field]
					total++
					if n := len(want); n > 0 && reflect.DeepEqual(want[n-1][0], v) {
						want[n-1][1] = want[n-1][1].(float64) + 1
						continue
					}
					want = append(want, [2]any{v, float64(1)})
				}
				next, _ := pd["nextCursor"].(string)
				if next == "" {
					break
				}
				q["cursor"] = next
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("groups %v\nrows   %v", got, want)
			}
			if int(d["totalCount"].(float64)) != total {
				t.Fatalf("totalCount %v, rows %d", d["totalCount"], total)
			}
			if _, filtered := c.body["where"]; filtered && (total == 0 || total >= 240) {
				t.Fatalf("the where tree left %d of 240 rows", total)
			}
		})
	}
	t.Run("bad requests are a 400 that names the mistake", func(t *testing.T) {
		for _, c := range []struct{ path, body, field string }{
			{"/items/groups", `{"field": "features"}`, "field"}, // a multi-select
			{"/items/groups", `{"field": "label"}`, "field"},    // not sortable
			{"/items/groups", `{"field": "nope"}`, "field"},
			{"/items/groups", `{}`, "field"},
			{"/items/groups", `{"field": "division", "filters": {"cost": {"gte": "abc"}}}`, "filters.cost"},
			{"/items/groups/few", `{"field": "style"}`, "field"}, // 120 styles, 3 allowed
		} {
			a := f.do(t, "POST", c.path, c.body)
			if a.status != 400 {
				t.Fatalf("%s: status %d: %s", c.body, a.status, a.raw)
			}
			if !hasDetail(a, c.field) {
				t.Errorf("%s: no detail for %s: %s", c.body, c.field, a.raw)
			}
		}
		if a := f.do(t, "POST", "/items/groups", `{"field": "division", "sort": []}`); a.status != 400 {
			t.Errorf("an unknown key: status %d", a.status)
		}
		if a := f.do(t, "POST", "/items/groups/few", `{"field": "division"}`); a.status != 200 || len(a.body["data"].(map[string]any)["groups"].([]any)) != 3 {
			t.Errorf("three divisions within a limit of three: %d %s", a.status, a.raw)
		}
	})
}

func hasDetail(a answer, field string) bool {
	details, _ := a.body["details"].([]any)
	for _, d := range details {
		if d.(map[string]any)["field"] == field {
			return true
		}
	}
	return false
}
