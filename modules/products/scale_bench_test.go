package products_test

import (
	"os"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/benchx"
	"its/modules/products"
	"its/modules/users"
)

// scaleColumns are the 19 columns of the product library view.
var scaleColumns = []string{"style", "color", "name", "colorDescription", "division", "gender", "productType", "season", "year",
	"channel", "region", "wholesalePrice", "suggestedRetail", "markupPercent", "lineStatus", "totalInventory", "pillar",
	"lifeCycle", "availabilityDate"}

// scaleFigures measures the product library on a's catalog of n products, as the grid asks:
// the first 100 rows of a three-condition filter sorted by price, a block of 100 at 90% of the
// unfiltered list in style order and sorted by price, a block of 100 40% into half the catalog
// (a filter on two seasons) sorted by price, the three-condition filter's p95, group counts, the
// 19-column footer, and the csv and xlsx exports of the whole catalog.
func scaleFigures(b *testing.B, a *apptest.App, n int) map[string]float64 {
	c := a.Client()
	c.Login("editor@example.com")
	tree := map[string]any{"and": []any{
		map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
		map[string]any{"or": []any{
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
			map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
		}},
	}}
	post := func(path string, body any) func() float64 {
		return func() float64 {
			t := time.Now()
			r := c.Do("POST", path, body)
			d := benchx.Ms(time.Since(t))
			if r.Status != 200 {
				b.Fatalf("%s: %d %.300s", path, r.Status, r.Raw)
			}
			return d
		}
	}
	var fields []any
	aggregates := map[string]any{}
	var cols []any
	for _, f := range scaleColumns {
		fields = append(fields, f)
		aggregates[f] = []any{"filled"}
		cols = append(cols, map[string]any{"field": f})
	}
	for _, f := range []string{"year", "wholesalePrice", "suggestedRetail", "markupPercent", "totalInventory"} {
		aggregates[f] = []any{"sum"}
	}
	filter3 := benchx.Samples(20, post("/api/products/query", map[string]any{"where": tree, "limit": 100}))
	out := map[string]float64{
		"first_block_filtered_ms": benchx.Median(benchx.Samples(9, post("/api/products/query",
			map[string]any{"where": tree, "sort": map[string]any{"locations.wholesalePrice": -1}, "limit": 100}))),
		"deep_block_ms": benchx.Median(benchx.Samples(9, post("/api/products/query",
			map[string]any{"sort": map[string]any{"styleNumeric": 1}, "skip": n * 9 / 10, "limit": 100}))),
		"deep_block_by_price_ms": benchx.Median(benchx.Samples(9, post("/api/products/query",
			map[string]any{"sort": map[string]any{"locations.wholesalePrice": -1}, "skip": n * 9 / 10, "limit": 100}))),
		// Half the catalog (two of the four seasons), 40% into it: at 250,000 products an offset
		// of 100,000.
		"deep_filtered_block_by_price_ms": benchx.Median(benchx.Samples(9, post("/api/products/query",
			map[string]any{"where": map[string]any{"field": "season", "op": "in", "values": []any{"SP", "SU"}},
				"sort": map[string]any{"locations.wholesalePrice": -1}, "skip": n * 4 / 10, "limit": 100}))),
		"filter3_p95_ms": benchx.Percentile(filter3, 95),
		"groups_ms":      benchx.Median(benchx.Samples(9, post("/api/products/groups", map[string]any{"query": map[string]any{}, "field": "gender"}))),
		"summary_19_cols_ms": benchx.Median(benchx.Samples(9, post("/api/products/summary",
			map[string]any{"query": map[string]any{}, "fields": fields, "aggregates": aggregates}))),
		"export_csv_s":  benchx.Median(benchx.Samples(3, post("/api/products/export/csv", map[string]any{"query": map[string]any{}, "columns": cols}))) / 1000,
		"export_xlsx_s": benchx.Median(benchx.Samples(3, post("/api/products/export/xlsx", map[string]any{"query": map[string]any{}, "columns": cols}))) / 1000,
	}
	return out
}

// scaleUnits are the units of the figures scaleFigures reports.
var scaleUnits = map[string]string{"first_block_filtered_ms": "ms", "deep_block_ms": "ms", "deep_block_by_price_ms": "ms",
	"deep_filtered_block_by_price_ms": "ms", "filter3_p95_ms": "ms", "groups_ms": "ms",
	"summary_19_cols_ms": "ms", "export_csv_s": "s", "export_xlsx_s": "s"}

// BenchmarkScale reports the product library's figures on the 50,000-product demo catalog as
// scale.<figure>.50k; with ITS_BENCH_SCALE=1m it grows the catalog to a million products with
// the generator and reports them again as scale.<figure>.1m, with scale.<figure>.growth the
// ratio 1M ÷ 50k (a linear cost is 20). The million takes long, hence the switch.
func BenchmarkScale(b *testing.B) {
	a := apptest.Start(b, fx.Options(users.Module, products.Module))
	// As autovacuum leaves a catalog some minutes after its load (grow does the same).
	if err := products.VacuumCatalog(b.Context(), a.DB); err != nil {
		b.Fatal(err)
	}
	small := scaleFigures(b, a, products.DemoCatalogSize)
	for k, v := range small {
		b.ReportMetric(v, "scale."+k+".50k:"+scaleUnits[k])
	}
	if os.Getenv("ITS_BENCH_SCALE") != "1m" {
		return
	}
	const million = 1_000_000
	grow(b, a, million)
	big := scaleFigures(b, a, million)
	for k, v := range big {
		b.ReportMetric(v, "scale."+k+".1m:"+scaleUnits[k])
		if small[k] > 0 {
			b.ReportMetric(v/small[k], "scale."+k+".growth:ratio")
		}
	}
}
