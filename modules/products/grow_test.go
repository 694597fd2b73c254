package products_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/products"
	"its/modules/users"
)

// grow makes a's catalog hold n products in one transaction and answers how many were added.
func grow(t testing.TB, a *apptest.App, n int) int {
	t.Helper()
	ctx := context.Background()
	tx, err := a.DB.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	added, err := products.GrowCatalog(ctx, tx, n, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := products.VacuumCatalog(ctx, a.DB); err != nil {
		t.Fatal(err)
	}
	return added
}

// The generator grows the demo catalog by 20,000 style/colours: each with its details, at
// least one location with prices, size ranges and availability, seasons; the product library
// finds the new ones with their prices; asking again for the same size adds nothing.
func TestGrowCatalog(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	want := products.DemoCatalogSize + 20000
	if added := grow(t, a, want); added != 20000 {
		t.Fatalf("added %d products, want 20000", added)
	}
	for q, n := range map[string]int{
		`SELECT count(*) FROM products`:        want,
		`SELECT count(*) FROM product_details`: want,
		`SELECT count(DISTINCT product_id) FROM product_locations WHERE wholesale_price IS NOT NULL AND size_range <> ''`: want,
		`SELECT count(DISTINCT product_id) FROM product_availability`:                                                     want,
		`SELECT count(*) FROM products WHERE cardinality(season_codes) = 0 OR cardinality(location_codes) = 0`:            0,
	} {
		if got := a.Count(q); got != n {
			t.Errorf("%s: %d, want %d", q, got, n)
		}
	}
	if n := a.Count(`SELECT count(DISTINCT product_type) FROM products`); n != 3 {
		t.Errorf("%d product types, want footwear, apparel and POP", n)
	}
	if n := a.Count(`SELECT count(DISTINCT style) FROM products`); n < want/10 {
		t.Errorf("only %d styles for %d products", n, want)
	}
	if again := grow(t, a, want); again != 0 {
		t.Fatalf("growing to the same size added %d", again)
	}

	// The newest footwear style (the generator's last: beyond the demo's) is in the library, priced.
	var style string
	var colours int
	if err := a.DB.QueryRow(context.Background(), `SELECT style, count(*) FROM products
		WHERE style = (SELECT style FROM products WHERE product_type = 'Footwear' ORDER BY style_numeric DESC LIMIT 1) GROUP BY style`).Scan(&style, &colours); err != nil {
		t.Fatal(err)
	}
	c := a.Client()
	c.Login("editor@example.com")
	_, _, lines := ndjson(t, a, c, map[string]any{"conditions": map[string]any{"style": []any{style}}})
	rows := 0
	for _, l := range lines {
		if l["id"] == nil {
			continue
		}
		rows++
		locs, _ := l["locations"].([]any)
		if len(locs) == 0 || num(locs[0].(map[string]any)["wholesalePrice"]) <= 0 || locs[0].(map[string]any)["sizeRange"] == "" {
			t.Errorf("product %v has no priced location: %v", l["id"], l["locations"])
		}
	}
	if rows != colours {
		t.Fatalf("library query for style %s gave %d rows, want %d", style, rows, colours)
	}
}

// BenchmarkGrowCatalog times the generator adding 100,000 products to the demo catalog (COPY,
// index builds and statistics included): products per second, and rows per second over the
// four catalog tables (each product has its details and a location and availability row per
// pricing location).
func BenchmarkGrowCatalog(b *testing.B) {
	a := apptest.Start(b, fx.Options(users.Module, products.Module))
	const n = 100000
	rows := func() int { return catalogRows(a) }
	before := rows()
	t := time.Now()
	grow(b, a, products.DemoCatalogSize+n)
	secs := time.Since(t).Seconds()
	b.ReportMetric(n/secs, "scale.seed_products_per_s:rows/s")
	b.ReportMetric(float64(rows()-before)/secs, "scale.seed_rows_per_s:rows/s")
}

// BenchmarkGenerateCatalog times the generator making a catalog of 50,000 products from empty
// (the demo seed's work: COPY into the four catalog tables, index builds and statistics):
// product rows per second, and rows per second over the four tables.
func BenchmarkGenerateCatalog(b *testing.B) {
	a := apptest.Start(b, fx.Options(users.Module, products.Module))
	const n = 50000
	rows := func() int { return catalogRows(a) }
	var secs float64
	var copied int
	for b.Loop() {
		b.StopTimer()
		if _, err := a.DB.Exec(context.Background(), `TRUNCATE products, product_details, product_locations, product_availability CASCADE`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t := time.Now()
		if added := grow(b, a, n); added != n {
			b.Fatalf("added %d products, want %d", added, n)
		}
		secs += time.Since(t).Seconds()
		copied += rows()
	}
	b.ReportMetric(float64(n*b.N)/secs, "products.generate_rows_per_s:rows/s")
	b.ReportMetric(float64(copied)/secs, "products.generate_copied_rows_per_s:rows/s")
}

// catalogRows counts the rows of the four catalog tables.
func catalogRows(a *apptest.App) int {
	return a.Count(`SELECT (SELECT count(*) FROM products) + (SELECT count(*) FROM product_details)
		+ (SELECT count(*) FROM product_locations) + (SELECT count(*) FROM product_availability)`)
}
