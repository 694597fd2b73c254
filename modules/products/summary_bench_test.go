package products_test

import (
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/benchx"
	"its/modules/products"
	"its/modules/users"
)

// BenchmarkFooterSummary measures the product library's footer over the whole 50,000-row demo
// catalog as the grid first shows it: every column of the catalog grid, the filled cells of
// text columns and the sum of number columns (the kit's default figures), from the request
// until the answer is read; the median of nine.
func BenchmarkFooterSummary(b *testing.B) {
	a := apptest.Start(b, fx.Options(users.Module, products.Module))
	c := a.Client()
	c.Login("editor@example.com")
	var fields []any
	aggregates := map[string]any{}
	for _, f := range scaleColumns {
		fields = append(fields, f)
		aggregates[f] = []any{"filled"}
	}
	for _, f := range []string{"year", "wholesalePrice", "suggestedRetail", "markupPercent", "totalInventory"} {
		aggregates[f] = []any{"sum"}
	}
	body := map[string]any{"query": map[string]any{}, "fields": fields, "aggregates": aggregates}
	run := func() float64 {
		t := time.Now()
		r := c.Do("POST", "/api/products/summary", body)
		d := float64(time.Since(t).Microseconds()) / 1000
		if r.Status != 200 {
			b.Fatalf("summary: %d %s", r.Status, r.Raw)
		}
		if n := r.Body["data"].(map[string]any)["totalCount"].(float64); int(n) != products.DemoCatalogSize {
			b.Fatalf("summary over %v products, want %d", n, products.DemoCatalogSize)
		}
		return d
	}
	b.ReportMetric(benchx.Median(benchx.Samples(9, run)), "grid.footer_summary_50k_ms:ms")
}
