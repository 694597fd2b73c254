package products_test

import (
	"context"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// The footer summary and the group counts of a view are computed once while the catalog does not
// change, and again after any write to it, through another server of the installation too.
func TestFiguresKeptUntilCatalogChanges(t *testing.T) {
	var svc *products.Service
	a := apptest.Start(t, fx.Options(users.Module, products.Module, fx.Populate(&svc)))
	c := a.Client()
	c.Login("editor@example.com")
	summary := map[string]any{"query": map[string]any{}, "fields": []any{"wholesalePrice", "gender"},
		"aggregates": map[string]any{"wholesalePrice": []any{"sum"}, "gender": []any{"filled"}}}
	groups := map[string]any{"query": map[string]any{}, "field": "gender"}
	sum := func() map[string]any {
		t.Helper()
		r := c.Do("POST", "/api/products/summary", summary)
		if r.Status != 200 {
			t.Fatalf("summary: %d %s", r.Status, r.Raw)
		}
		return r.Body["data"].(map[string]any)
	}
	unisex := func() float64 {
		t.Helper()
		r := c.Do("POST", "/api/products/groups", groups)
		if r.Status != 200 {
			t.Fatalf("groups: %d %s", r.Status, r.Raw)
		}
		for _, g := range r.Body["data"].(map[string]any)["groups"].([]any) {
			if g.(map[string]any)["value"] == "Unisex" {
				return g.(map[string]any)["count"].(float64)
			}
		}
		return 0
	}
	first, n := sum(), unisex()
	computed := products.FiguresComputed(svc)
	if again, m := sum(), unisex(); products.FiguresComputed(svc) != computed || m != n ||
		again["columns"].(map[string]any)["wholesalePrice"].(map[string]any)["sum"] != first["columns"].(map[string]any)["wholesalePrice"].(map[string]any)["sum"] {
		t.Fatalf("asked again on an unchanged catalog: computed %d times more", products.FiguresComputed(svc)-computed)
	}

	// A write to the catalog (as the catalog's import would make) is seen at once.
	var id string
	var price float64
	if err := a.DB.QueryRow(context.Background(), `SELECT p.id, pl.wholesale_price::float8 FROM products p JOIN product_locations pl ON pl.product_id = p.id AND pl.code = 'US'
		WHERE p.gender <> 'Unisex' ORDER BY p.id LIMIT 1`).Scan(&id, &price); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.Exec(context.Background(), `UPDATE products SET gender = 'Unisex' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if m := unisex(); m != n+1 {
		t.Fatalf("after a product became Unisex: %v Unisex, want %v", m, n+1)
	}
	if _, err := a.DB.Exec(context.Background(), `UPDATE product_locations SET wholesale_price = wholesale_price + 1000 WHERE product_id = $1 AND code = 'US'`, id); err != nil {
		t.Fatal(err)
	}
	before := first["columns"].(map[string]any)["wholesalePrice"].(map[string]any)["sum"].(float64)
	if after := sum()["columns"].(map[string]any)["wholesalePrice"].(map[string]any)["sum"].(float64); after-before < 999.99 || after-before > 1000.01 {
		t.Fatalf("after a price rose by 1000 the sum moved from %v to %v", before, after)
	}
}
