package products_test

import (
	"context"
	"math"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// TestProductSummary checks the product library's footer figures over the 50,000-row demo
// catalog against the products read and summed up in Go: the whole catalog, a filter-bar query
// with a column filter and a filter-builder tree, and the mistakes that read nothing.
func TestProductSummary(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	c := a.Client()
	c.Login("editor@example.com")

	// counted reads the matching products with their US wholesale price and sums them in Go.
	counted := func(t *testing.T, where string) (n, priced, divisions int, sum, lo, hi float64) {
		t.Helper()
		rows, err := a.DB.Query(context.Background(), `SELECT p.division, pl.wholesale_price::float8 FROM products p
			LEFT JOIN product_locations pl ON pl.product_id = p.id AND pl.code = 'US' WHERE `+where)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		seen := map[string]bool{}
		lo, hi = math.Inf(1), math.Inf(-1)
		for rows.Next() {
			var div string
			var price *float64
			if err := rows.Scan(&div, &price); err != nil {
				t.Fatal(err)
			}
			n++
			if div != "" && !seen[div] {
				seen[div] = true
				divisions++
			}
			if price != nil {
				priced++
				sum += *price
				lo, hi = math.Min(lo, *price), math.Max(hi, *price)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, tc := range []struct {
		name  string
		body  map[string]any
		where string
	}{
		{"whole catalog", map[string]any{"query": map[string]any{}}, "TRUE"},
		{"filter bar, column filter and filter builder", map[string]any{
			"query":   map[string]any{"conditions": map[string]any{"productType": []any{"Footwear"}}},
			"filters": map[string]any{"division": []any{"Work", "Kids"}},
			"where":   map[string]any{"field": "wholesalePrice", "op": "gt", "value": 20},
		}, "p.product_type = 'Footwear' AND lower(p.division) IN ('work', 'kids') AND pl.wholesale_price > 20"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"fields": []any{"division", "wholesalePrice"}}
			for k, v := range tc.body {
				body[k] = v
			}
			r := c.Do("POST", "/api/products/summary", body)
			if r.Status != 200 {
				t.Fatalf("summary: %d %s", r.Status, r.Raw)
			}
			n, priced, divisions, sum, lo, hi := counted(t, tc.where)
			if n == 0 || priced == 0 {
				t.Fatalf("the case selects no priced product (%d, %d)", n, priced)
			}
			d := r.Body["data"].(map[string]any)
			cols := d["columns"].(map[string]any)
			div, price := cols["division"].(map[string]any), cols["wholesalePrice"].(map[string]any)
			if got := int(d["totalCount"].(float64)); got != n {
				t.Fatalf("totalCount %d, counted %d", got, n)
			}
			if got := int(div["unique"].(float64)); got != divisions {
				t.Errorf("division unique %d, counted %d", got, divisions)
			}
			if _, ok := div["sum"]; ok {
				t.Errorf("a text column has a sum: %s", r.Raw)
			}
			if got := int(price["filled"].(float64)); got != priced {
				t.Errorf("wholesale price filled %d, counted %d", got, priced)
			}
			if got := int(price["empty"].(float64)); got != n-priced {
				t.Errorf("wholesale price empty %d, counted %d", got, n-priced)
			}
			for k, want := range map[string]float64{"sum": sum, "avg": sum / float64(priced), "min": lo, "max": hi} {
				if got, ok := price[k].(float64); !ok || math.Abs(got-want) > 0.005 {
					t.Errorf("wholesale price %s %v, counted %v", k, price[k], want)
				}
			}
		})
	}
	t.Run("mistakes", func(t *testing.T) {
		for _, body := range []map[string]any{
			{"query": map[string]any{}, "fields": []any{}},
			{"query": map[string]any{}, "fields": []any{"nope"}},
			{"query": map[string]any{"conditions": map[string]any{"nope": []any{"x"}}}, "fields": []any{"division"}},
			{"query": map[string]any{}, "fields": []any{"division"}, "where": map[string]any{"field": "wholesalePrice", "op": "gt", "value": "abc"}},
		} {
			if r := c.Do("POST", "/api/products/summary", body); r.Status != 400 {
				t.Errorf("%v: %d %s", body, r.Status, r.Raw)
			}
		}
	})
}
