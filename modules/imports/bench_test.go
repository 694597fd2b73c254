package imports_test

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/benchx"
	"its/core/identity"
	"its/modules/assortments"
	"its/modules/imports"
	"its/modules/products"
	"its/modules/sampleinventory"
	"its/modules/users"
)

// BenchmarkImportXLSX100kRows parses and validates a workbook of 100,000 style/colour rows
// (eight columns) against the catalog and an assortment: the import's steps 2 and 3 as the
// server runs them from the stored file. It reports the wall time and the peak heap in use above
// what the server held before, and the wall time of the upload's completion (where the file is
// parsed) and of the columns step, once each.
func BenchmarkImportXLSX100kRows(b *testing.B) {
	const n = 100_000
	var (
		svc *imports.Service
		ids *identity.Store
	)
	a := apptest.Start(b, fx.Options(users.Module, products.Module, assortments.Module, sampleinventory.Module, imports.Module, fx.Populate(&svc, &ids)))
	ed := login(a, "editor@example.com")
	r := ed.Do("POST", "/api/assortments", map[string]any{"title": "Bench import"})
	aid := r.Body["data"].(map[string]any)["_id"].(string)
	ps := catalogPairs(b, a, n)

	f := excelize.NewFile()
	sw, _ := f.NewStreamWriter("Sheet1")
	_ = sw.SetRow("A1", []any{"Style", "Color", "Cost", "Discount %", "Suggested Retail", "Quantity", "Style Note", "Color Note"})
	for i := 0; i < n; i++ {
		p := ps[i%len(ps)]
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		_ = sw.SetRow(cell, []any{p.style, p.color, 42.5, 10, 99.99, i % 50, "note", "colour note\nsecond line"})
	}
	_ = sw.Flush()
	var buf bytes.Buffer
	_ = f.Write(&buf)
	f.Close()
	t0 := time.Now()
	id := importID(b, upload(b, a, ed, "bench.xlsx", buf.Bytes(), map[string]any{"target": "assortment"}))
	uploadSecs := time.Since(t0).Seconds()
	t0 = time.Now()
	if r := ed.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id}); r.Status != 200 {
		b.Fatalf("columns: %d %s", r.Status, r.Raw)
	}
	columnsSecs := time.Since(t0).Seconds()
	u, _, err := ids.ByEmail(context.Background(), "editor@example.com")
	if err != nil {
		b.Fatal(err)
	}
	ctx := identity.WithUser(context.Background(), u)
	mapping := imports.Mapping{"style": 0, "color": 1, "cost": 2, "discountPercent": 3, "suggestedRetail": 4, "quantity": 5, "styleNote": 6, "colorNote": 7}

	var secs []float64
	var peakMB float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		peak := benchx.PeakHeap()
		start := time.Now()
		res, err := svc.AssortmentRows(ctx, aid, id, mapping, imports.SubtypeImport)
		secs = append(secs, time.Since(start).Seconds())
		mb := peak()
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Rows) != n {
			b.Fatalf("%d rows validated, want %d", len(res.Rows), n)
		}
		if mb > peakMB {
			peakMB = mb
		}
		runtime.KeepAlive(res)
	}
	b.ReportMetric(uploadSecs, "import.xlsx_100k_upload_s:s")
	b.ReportMetric(columnsSecs, "import.xlsx_100k_columns_s:s")
	b.ReportMetric(secs[len(secs)/2], "import.xlsx_100k_rows_s:s")
	b.ReportMetric(peakMB, "import.xlsx_100k_rows_peak_mb:MB")
}
