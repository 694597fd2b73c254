package grid_test

import (
	"context"
	"math"
	"testing"
)

// goSummary reads the rows left by where (SQL over grid_items) and sums them up in Go, the way
// a spreadsheet would: the figures the summary call must answer.
type goColumn struct {
	count, empty, filled, unique int
	sum, min, max                float64
	n                            int
}

func goSummary(t *testing.T, f *fixture, where string, args ...any) (int, map[string]*goColumn) {
	t.Helper()
	rows, err := f.db.Query(context.Background(),
		`SELECT division, quantity, cost::float8, to_char(available_date, 'YYYY-MM-DD'), color FROM grid_items WHERE status <> 'Deleted' AND `+where, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols := map[string]*goColumn{}
	seen := map[string]map[any]bool{}
	for _, f := range []string{"division", "quantity", "cost", "availableDate", "color"} {
		cols[f] = &goColumn{min: math.Inf(1), max: math.Inf(-1)}
		seen[f] = map[any]bool{}
	}
	total := 0
	for rows.Next() {
		var div, date, color *string
		var qty *int32
		var cost *float64
		if err := rows.Scan(&div, &qty, &cost, &date, &color); err != nil {
			t.Fatal(err)
		}
		total++
		add := func(field string, v any, num *float64) {
			c := cols[field]
			c.count++
			if v == nil {
				c.empty++
				return
			}
			c.filled++
			if !seen[field][v] {
				seen[field][v] = true
				c.unique++
			}
			if num != nil {
				c.n++
				c.sum += *num
				c.min = math.Min(c.min, *num)
				c.max = math.Max(c.max, *num)
			}
		}
		str := func(s *string) any {
			if s == nil || *s == "" {
				return nil
			}
			return *s
		}
		add("division", str(div), nil)
		add("availableDate", str(date), nil)
		add("color", str(color), nil)
		if qty != nil {
			q := float64(*qty)
			add("quantity", *qty, &q)
		} else {
			add("quantity", nil, nil)
		}
		if cost != nil {
			add("cost", *cost, cost)
		} else {
			add("cost", nil, nil)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return total, cols
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

func TestSummary(t *testing.T) {
	f := setup(t, 240)
	// A deleted row is outside the scope: the summary must not count it.
	if _, err := f.db.Exec(context.Background(), `UPDATE grid_items SET status = 'Deleted' WHERE style = '10002'`); err != nil {
		t.Fatal(err)
	}
	fields := []any{"division", "quantity", "cost", "availableDate", "color"}
	for _, c := range []struct {
		name  string
		body  map[string]any
		where string
		args  []any
	}{
		{"every row", map[string]any{}, "TRUE", nil},
		{"filters", map[string]any{"filters": map[string]any{"division": []any{"Footwear", "POP"}, "quantity": map[string]any{"gte": 2}}},
			"division IN ('Footwear', 'POP') AND quantity >= 2", nil},
		{"where tree", map[string]any{"where": map[string]any{"or": []any{
			map[string]any{"field": "cost", "op": "gt", "value": 200},
			map[string]any{"field": "availableDate", "op": "blank"},
		}}}, "(cost > 200 OR available_date IS NULL)", nil},
		{"nothing left", map[string]any{"filters": map[string]any{"style": "none"}}, "FALSE", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := map[string]any{"fields": fields}
			for k, v := range c.body {
				body[k] = v
			}
			a := f.do(t, "POST", "/items/summary", body)
			if a.status != 200 {
				t.Fatalf("status %d: %s", a.status, a.raw)
			}
			total, want := goSummary(t, f, c.where, c.args...)
			d := a.body["data"].(map[string]any)
			if got := int(d["totalCount"].(float64)); got != total {
				t.Fatalf("totalCount %d, counted %d", got, total)
			}
			got := d["columns"].(map[string]any)
			for _, field := range fields {
				g := got[field.(string)].(map[string]any)
				w := want[field.(string)]
				for k, n := range map[string]int{"count": w.count, "empty": w.empty, "filled": w.filled, "unique": w.unique} {
					if int(g[k].(float64)) != n {
						t.Errorf("%s.%s = %v, counted %d", field, k, g[k], n)
					}
				}
				_, hasSum := g["sum"]
				numeric := field == "quantity" || field == "cost"
				if hasSum != numeric {
					t.Errorf("%s: sum present %v, want %v (%s)", field, hasSum, numeric, a.raw)
				}
				if !numeric {
					continue
				}
				if w.n == 0 {
					for _, k := range []string{"sum", "avg", "min", "max"} {
						if g[k] != nil {
							t.Errorf("%s.%s = %v over no values, want null", field, k, g[k])
						}
					}
					continue
				}
				for k, v := range map[string]float64{"sum": w.sum, "avg": w.sum / float64(w.n), "min": w.min, "max": w.max} {
					if x, ok := g[k].(float64); !ok || !near(x, v) {
						t.Errorf("%s.%s = %v, counted %v", field, k, g[k], v)
					}
				}
			}
		})
	}
	t.Run("only the figures asked for", func(t *testing.T) {
		a := f.do(t, "POST", "/items/summary", map[string]any{"fields": []any{"cost", "division", "quantity"},
			"aggregates": map[string]any{"cost": []any{"sum"}, "division": []any{"filled"}}})
		if a.status != 200 {
			t.Fatalf("status %d: %s", a.status, a.raw)
		}
		_, want := goSummary(t, f, "TRUE")
		cols := a.body["data"].(map[string]any)["columns"].(map[string]any)
		cost, div, qty := cols["cost"].(map[string]any), cols["division"].(map[string]any), cols["quantity"].(map[string]any)
		if _, ok := cost["unique"]; ok || !near(cost["sum"].(float64), want["cost"].sum) {
			t.Errorf("cost: %v, want the sum %v and no unique", cost, want["cost"].sum)
		}
		if _, ok := div["unique"]; ok || int(div["filled"].(float64)) != want["division"].filled {
			t.Errorf("division: %v, want filled %d and no unique", div, want["division"].filled)
		}
		if int(qty["unique"].(float64)) != want["quantity"].unique || qty["max"] == nil {
			t.Errorf("quantity (no aggregates named): %v, want every figure", qty)
		}
	})
	t.Run("bad requests change nothing and name the mistake", func(t *testing.T) {
		for body, field := range map[string]string{
			`{"fields": []}`:       "fields",
			`{"fields": ["nope"]}`: "fields.nope",
			`{"fields": ["cost"], "filters": {"modifiedDate": "x"}}`:        "filters.modifiedDate",
			`{"fields": ["cost"], "filters": {"cost": {"gte": "abc"}}}`:     "filters.cost",
			`{"fields": ["division"], "aggregates": {"division": ["sum"]}}`: "aggregates.division",
			`{"fields": ["cost"], "aggregates": {"cost": ["median"]}}`:      "aggregates.cost",
			`{"fields": ["cost"], "aggregates": {"style": ["count"]}}`:      "aggregates.style",
		} {
			a := f.do(t, "POST", "/items/summary", body)
			if a.status != 400 {
				t.Fatalf("%s: status %d: %s", body, a.status, a.raw)
			}
			details, _ := a.body["details"].([]any)
			found := false
			for _, d := range details {
				if d.(map[string]any)["field"] == field {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no detail for %s: %s", body, field, a.raw)
			}
		}
		if a := f.do(t, "POST", "/items/summary", `{"fields": ["cost"], "limit": 5}`); a.status != 400 {
			t.Errorf("unknown key: status %d", a.status)
		}
	})
}
