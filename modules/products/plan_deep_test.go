package products_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// scansOf lists the scans of a JSON plan as "node type relation" (e.g. "Index Only Scan products").
func scansOf(node map[string]any) []string {
	var out []string
	if rel, ok := node["Relation Name"]; ok {
		out = append(out, fmt.Sprint(node["Node Type"], " ", rel))
	}
	plans, _ := node["Plans"].([]any)
	for _, p := range plans {
		out = append(out, scansOf(p.(map[string]any))...)
	}
	return out
}

// deepStyleBlockScans answers the scans of the block of 100 at skip in style order (sort either
// way) of a's whole catalog, as the library asks for it.
func deepStyleBlockScans(t testing.TB, a *apptest.App, order, skip int) []string {
	t.Helper()
	q := queryOf(t, map[string]any{"sort": map[string]any{"styleNumeric": order}})
	ctx := context.Background()
	stmts, err := products.PageSQL(ctx, a.DB, &q, 100, skip)
	if err != nil || len(stmts) != 1 {
		t.Fatalf("style order, skip %d: %v %v", skip, stmts, err)
	}
	var plan []map[string]any
	if err := a.DB.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+stmts[0].SQL, stmts[0].Args...).Scan(&plan); err != nil {
		t.Fatal(err)
	}
	return scansOf(plan[0]["Plan"].(map[string]any))
}

// TestDeepStyleBlockReadsTheIndexAlone checks that a block deep into the whole catalog in style
// order (either way) walks the sort index alone (an index-only scan, the index holding the
// product's id) instead of fetching every product it skips from the table.
func TestDeepStyleBlockReadsTheIndexAlone(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	// As autovacuum leaves a catalog some minutes after its load (its seed does the same).
	if err := products.VacuumCatalog(t.Context(), a.DB); err != nil {
		t.Fatal(err)
	}
	for _, order := range []int{1, -1} {
		got := deepStyleBlockScans(t, a, order, products.DemoCatalogSize*9/10)
		if len(got) != 1 || got[0] != "Index Only Scan products" {
			t.Errorf("style order %d, skip 90%%: scans %q, want one index-only scan of products", order, got)
		}
	}
}

// TestDeepBlockThroughPositionIndexSeeks checks that a deep block read through its list's
// position index seeks along the list's index: in style order (either way) an index-only scan of
// the sort index, by a location's price a scan of that price's index; neither reads a table whole.
func TestDeepBlockThroughPositionIndexSeeks(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	if err := products.VacuumCatalog(t.Context(), a.DB); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		sort map[string]any
		want []string
	}{
		{map[string]any{"styleNumeric": 1}, []string{"Index Only Scan products"}},
		{map[string]any{"styleNumeric": -1}, []string{"Index Only Scan products"}},
		{map[string]any{"locations.wholesalePrice": -1}, []string{"Index Only Scan product_locations", "Index Scan products"}},
	} {
		q := queryOf(t, map[string]any{"sort": c.sort})
		st, err := products.PositionBlockSQL(ctx, a.DB, &q, 100, products.DemoCatalogSize*9/10)
		if err != nil {
			t.Fatal(err)
		}
		var plan []map[string]any
		if err := a.DB.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+st.SQL, st.Args...).Scan(&plan); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range scansOf(plan[0]["Plan"].(map[string]any)) {
			if s != "Seq Scan products_catalog_version" && s != "Index Only Scan products_catalog_version" {
				got = append(got, s)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v: scans %q, want %q", c.sort, got, c.want)
		}
	}
}
