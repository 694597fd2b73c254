package products_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/benchx"
	"its/modules/products"
	"its/modules/users"
)

// searchMix is a spread of catalog searches as the product library and the assortment search
// tab send them: free text, filters, location conditions and location sorts.
var searchMix = []map[string]any{
	{"text": "runner"},
	{"text": "cloud step", "conditions": map[string]any{"gender": []any{"Womens"}}},
	{"text": "hoodie", "conditions": map[string]any{"productType": []any{"Apparel"}}},
	{"text": "black"},
	{"text": "1004"},
	{"conditions": map[string]any{"productType": []any{"Footwear"}, "gender": []any{"Mens"}, "season": []any{"FA"}, "year": []any{2025}}},
	{"conditions": map[string]any{"division": []any{"Kids"}}, "sort": map[string]any{"locations.wholesalePrice": -1}},
	{"conditions": map[string]any{"locations.code": []any{"EU"}, "productType": []any{"Footwear"}}, "sort": map[string]any{"locations.suggestedRetail": 1}, "locationId": "EU"},
	{"conditions": map[string]any{"locations.lineStatus": []any{"A"}, "pillar": []any{"Comfort"}}},
	{"conditions": map[string]any{"popCategory": []any{"Fixture"}}, "sort": map[string]any{"name": 1}},
	{"text": "boot", "conditions": map[string]any{"categories.type": []any{"Boot"}, "vegan": []any{false}}},
	{"conditions": map[string]any{"seasonCodes": []any{"SP25", "SU25"}, "carryover": []any{true}}},
	{"text": "trail", "sort": map[string]any{"styleNumeric": -1}},
	{},
}

// searcher starts the app on the 50,000-row demo catalog and answers a function that runs one
// product query as a grid load (100 rows), timed from the request until the last byte of the
// stream is read (not the test's decoding).
func searcher(b *testing.B) func(q map[string]any) time.Duration {
	a := apptest.Start(b, fx.Options(users.Module, products.Module))
	c := a.Client()
	// An ADMIN-territory user: the mix prices searches at other locations than the default,
	// which users of narrower territories may not do.
	c.Login("admin@example.com")
	u, _ := url.Parse(a.URL)
	csrf := ""
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == "its_csrf" {
			csrf = ck.Value
		}
	}
	return func(q map[string]any) time.Duration {
		body := map[string]any{"limit": 100}
		for k, v := range q {
			body[k] = v
		}
		j, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", a.URL+"/api/products/query", bytes.NewReader(j))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-CSRF-Token", csrf)
		t := time.Now()
		res, err := c.HTTP.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		d := time.Since(t)
		if res.StatusCode != 200 || !bytes.Contains(raw, []byte(`"done":true`)) {
			b.Fatalf("query %v: %d %.300s", q, res.StatusCode, raw)
		}
		return d
	}
}

// BenchmarkProductSearch measures the streaming product search end to end (HTTP, NDJSON, a
// grid load of 100 rows) over the 50,000-row demo catalog.
func BenchmarkProductSearch(b *testing.B) {
	run := searcher(b)
	for _, q := range searchMix { // warm the caches and the prepared statements
		run(q)
	}
	var samples []float64
	perQuery := make([][]float64, len(searchMix))
	for round := 0; round < 15; round++ {
		for i, q := range searchMix {
			ms := benchx.Ms(run(q))
			samples = append(samples, ms)
			perQuery[i] = append(perQuery[i], ms)
		}
	}
	// Per query, three to a line: the benchmark output keeps only its first ten lines.
	var perLine strings.Builder
	for i, q := range searchMix {
		s := perQuery[i]
		qj, _ := json.Marshal(q)
		if i%3 == 0 {
			perLine.WriteString("\n ")
		}
		fmt.Fprintf(&perLine, " | %.1f/%.1f %.60s", benchx.Median(s), benchx.Percentile(s, 100), qj)
	}
	b.Logf("per query median/max ms:%s", perLine.String())
	b.ReportMetric(benchx.Median(samples), "products.search_p50_ms:ms")
	b.ReportMetric(benchx.Percentile(samples, 95), "products.search_p95_ms:ms")
}

// BenchmarkFilterBuilderQuery measures a filter-builder tree of three conditions (the issue's
// "division is any of Work, Kids AND (wholesale price > 50 OR season = SP)") over the 50,000
// products, as the product library loads it (100 rows, the total first), sorted by price in the
// pricing location or by style.
func BenchmarkFilterBuilderQuery(b *testing.B) {
	run := searcher(b)
	tree := map[string]any{"and": []any{
		map[string]any{"field": "division", "op": "in", "values": []any{"Work", "Kids"}},
		map[string]any{"or": []any{
			map[string]any{"field": "wholesalePrice", "op": "gt", "values": []any{50}},
			map[string]any{"field": "season", "op": "in", "values": []any{"SP"}},
		}},
	}}
	queries := []map[string]any{
		{"where": tree},
		{"where": tree, "sort": map[string]any{"locations.wholesalePrice": -1}},
	}
	for _, q := range queries {
		run(q)
	}
	var samples []float64
	for round := 0; round < 30; round++ {
		for _, q := range queries {
			samples = append(samples, benchx.Ms(run(q)))
		}
	}
	b.ReportMetric(benchx.Median(samples), "grid.filter_builder_query_p50_ms:ms")
	b.ReportMetric(benchx.Percentile(samples, 95), "grid.filter_builder_query_p95_ms:ms")
}

// BenchmarkProductExport measures the product library's xlsx export of the whole 50,000-row
// demo catalog with every column of the grid, grouped by gender as the view is, from
// the request until the last byte of the workbook is read.
func BenchmarkProductExport(b *testing.B) {
	a := apptest.Start(b, fx.Options(users.Module, products.Module))
	c := a.Client()
	c.Login("editor@example.com")
	var cols []any
	for _, f := range scaleColumns {
		cols = append(cols, map[string]any{"field": f})
	}
	body := map[string]any{"query": map[string]any{}, "columns": cols, "groupBy": []any{"gender"}}
	run := func() float64 {
		t := time.Now()
		r := c.Do("POST", "/api/products/export/xlsx", body)
		d := time.Since(t).Seconds()
		if r.Status != 200 || len(r.Raw) < 1<<20 {
			b.Fatalf("export: %d, %d bytes", r.Status, len(r.Raw))
		}
		return d
	}
	b.ReportMetric(benchx.Median(benchx.Samples(3, run)), "products.export_xlsx_50k_s:s")
}
