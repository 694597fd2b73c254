//go:build scale

package products_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// seqScans lists the relations a JSON plan reads by sequential scan.
func seqScans(node map[string]any) []string {
	var out []string
	if node["Node Type"] == "Seq Scan" {
		out = append(out, fmt.Sprint(node["Relation Name"]))
	}
	for _, p := range asList(node["Plans"]) {
		out = append(out, seqScans(p.(map[string]any))...)
	}
	return out
}

func asList(v any) []any { l, _ := v.([]any); return l }

// indexesRead lists the indexes a JSON plan reads.
func indexesRead(node map[string]any) []string {
	var out []string
	if name, ok := node["Index Name"].(string); ok {
		out = append(out, name)
	}
	for _, p := range asList(node["Plans"]) {
		out = append(out, indexesRead(p.(map[string]any))...)
	}
	return out
}

// TestQueryPlansAt250k grows the catalog to 250,000 products with the generator (statistics
// made), and checks that the product library's blocks read products through indexes: the first
// filtered block and a block at 90% of the list, in the default order (either way), and sorted
// by a location's price (either way), for the filter operators the library's filter bar and
// builder send (the first block of a filter on divisions sorted by a price along the index of
// each division's prices in the location); and sorted by a location's value, a block 40% into
// the filtered list (deep among the matches priced there, where the block seeks its value along
// the value's index). Run by make bench (build tag scale): the catalog takes minutes to make on
// a busy machine.
func TestQueryPlansAt250k(t *testing.T) {
	const n = 250_000
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	grow(t, a, n)
	checkPlans(t, a, n)
}

// checkPlans checks the plans of TestQueryPlansAt250k on a's catalog of n products.
func checkPlans(t *testing.T, a *apptest.App, n int) {
	filters := map[string]any{
		"none":     nil,
		"in":       map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
		"eq":       map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
		"gt price": map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
		"and/or": map[string]any{"and": []any{
			map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
			map[string]any{"or": []any{
				map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
				map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
			}},
		}},
	}
	sorts := map[string]any{
		"style":          map[string]any{"styleNumeric": 1},
		"style desc":     map[string]any{"styleNumeric": -1},
		"price":          map[string]any{"locations.wholesalePrice": 1},
		"price desc":     map[string]any{"locations.wholesalePrice": -1},
		"retail desc":    map[string]any{"locations.suggestedRetail": -1},
		"inventory desc": map[string]any{"locations.totalInventory": -1},
	}
	byDivision := map[string]string{"price": "product_locations_division_wholesale_idx",
		"price desc": "product_locations_division_wholesale_idx", "retail desc": "product_locations_division_retail_idx"}
	ctx := context.Background()
	for fname, f := range filters {
		for sname, s := range sorts {
			body := map[string]any{"sort": s}
			if f != nil {
				body["where"] = f
			}
			q := queryOf(t, body)
			skips := []int{0, n * 9 / 10}
			if _, byStyle := s.(map[string]any)["styleNumeric"]; !byStyle && f != nil {
				// A block 40% into the filtered list, within the products priced in the location.
				skips = append(skips, matches(t, a, &q)*4/10)
			}
			for _, skip := range skips {
				stmts, err := products.PageSQL(ctx, a.DB, &q, 100, skip)
				if err != nil {
					t.Fatalf("filter %s, sort %s, skip %d: %v", fname, sname, skip, err)
				}
				for _, st := range stmts {
					var plan []map[string]any
					if err := a.DB.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+st.SQL, st.Args...).Scan(&plan); err != nil {
						t.Fatalf("%s: %v", st.SQL, err)
					}
					for _, rel := range seqScans(plan[0]["Plan"].(map[string]any)) {
						if rel == "products" || rel == "product_locations" {
							t.Errorf("filter %s, sort %s, skip %d: sequential scan of %s\n%s", fname, sname, skip, rel, st.SQL)
						}
					}
					// The first block of a filter on divisions sorted by a price reads each
					// division's products in price order (products.Query.divisionPage).
					if want := byDivision[sname]; want != "" && skip == 0 && (fname == "in" || fname == "and/or") {
						if got := indexesRead(plan[0]["Plan"].(map[string]any)); !slices.Contains(got, want) {
							t.Errorf("filter %s, sort %s: first block reads %q, not %s\n%s", fname, sname, got, want, st.SQL)
						}
					}
				}
			}
		}
	}
	// The deep block of the whole catalog in style order reads the sort index alone.
	for _, order := range []int{1, -1} {
		if got := deepStyleBlockScans(t, a, order, n*9/10); len(got) != 1 || got[0] != "Index Only Scan products" {
			t.Errorf("style order %d, skip 90%%: scans %q, want one index-only scan of products", order, got)
		}
	}
}
