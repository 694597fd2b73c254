package imports_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"testing"
	"time"

	"its/core/app/apptest"
	"its/core/benchx"
	"its/modules/imports"
	"its/modules/products"
)

// scaleImport is what one size of BenchmarkScaleImportXLSX measured.
type scaleImport struct {
	// secs is the wall time from the first upload to the last file's rows imported, summed over
	// the files; peakMB the highest peak heap of one file's import.
	secs, peakMB float64
	// files are each file's seconds, in order (the assortment fuller for each).
	files []float64
	// update500 is the median of five 500-row batch updates in the middle of the filled assortment.
	update500 float64
}

// BenchmarkScaleImportXLSX imports n rows into one assortment as the import page does, from the
// upload to the rows imported (upload, columns, the rows step read as the page streams it, and
// the import of the review, the file kept on the server), then times a 500-row batch update in
// the middle of that assortment. At 50k the rows are one 50,000-row workbook. With
// ITS_BENCH_SCALE=1m the catalog grows to a million products and a million rows are imported as
// four workbooks of 250,000 (the most one file may hold) one after another into one assortment:
// scale.import_xlsx_s.1m is their sum and scale.import_xlsx_last_file_ratio.1m the last file's
// time over the first's (a steady time as the assortment fills is 1). The peak heap is the
// process's above what it held before each file: the server's, and the test client's, which
// only counts the rows answer as it streams.
func BenchmarkScaleImportXLSX(b *testing.B) {
	a := start(b)
	ed := login(a, "editor@example.com")
	small := importScale(b, a, ed, products.DemoCatalogSize)
	reportScale(b, small, "50k", nil)
	if os.Getenv("ITS_BENCH_SCALE") != "1m" {
		return
	}
	const million = 1_000_000
	ctx := context.Background()
	tx, err := a.DB.Begin(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := products.GrowCatalog(ctx, tx, million, slog.New(slog.DiscardHandler)); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		b.Fatal(err)
	}
	if err := products.VacuumCatalog(ctx, a.DB); err != nil {
		b.Fatal(err)
	}
	big := importScale(b, a, ed, million)
	reportScale(b, big, "1m", &small)
	b.ReportMetric(big.files[len(big.files)-1]/big.files[0], "scale.import_xlsx_last_file_ratio.1m:ratio")
}

func reportScale(b *testing.B, f scaleImport, size string, small *scaleImport) {
	b.ReportMetric(f.secs, "scale.import_xlsx_s."+size+":s")
	b.ReportMetric(f.peakMB, "scale.import_xlsx_peak_mb."+size+":MB")
	b.ReportMetric(f.update500, "scale.update_500_ms."+size+":ms")
	if small != nil {
		b.ReportMetric(f.secs/small.secs, "scale.import_xlsx_s.growth:ratio")
		b.ReportMetric(f.peakMB/small.peakMB, "scale.import_xlsx_peak_mb.growth:ratio")
		b.ReportMetric(f.update500/small.update500, "scale.update_500_ms.growth:ratio")
	}
}

// importScale imports n of the catalog's style/colours into a new assortment, in files of at
// most imports.MaxRows rows, and measures the assortment's 500-row update.
func importScale(b *testing.B, a *apptest.App, ed *apptest.Client, n int) scaleImport {
	r := ed.Do("POST", "/api/assortments", map[string]any{"title": fmt.Sprintf("Scale import %d", n)})
	aid := r.Data(b, 200)["_id"].(string)
	ps := catalogPairs(b, a, n)
	if len(ps) < n {
		b.Fatalf("the catalog holds %d products, want %d", len(ps), n)
	}
	var out scaleImport
	for from := 0; from < n; from += imports.MaxRows {
		m := min(imports.MaxRows, n-from)
		file := largeWorkbook(b, ps[from:from+m], m)
		peak := benchx.PeakHeap()
		start := time.Now()
		importFile(b, a, ed, aid, file, m)
		secs := time.Since(start).Seconds()
		out.peakMB = max(out.peakMB, peak())
		out.secs += secs
		out.files = append(out.files, secs)
	}
	if got := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, aid); got != n {
		b.Fatalf("the assortment holds %d rows, want %d", got, n)
	}
	out.update500 = update500(b, a, ed, aid, n)
	return out
}

// importFile takes one workbook of m new rows through the import page's four calls.
func importFile(b *testing.B, a *apptest.App, ed *apptest.Client, aid string, file []byte, m int) {
	id := importID(b, upload(b, a, ed, "scale.xlsx", file, map[string]any{"target": "assortment"}))
	cols := ed.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id})
	mapping := cols.Data(b, 200)["mapping"]
	if got := streamedRows(b, ed, "/api/imports/assortment/"+aid+"/rows", map[string]any{"importId": id, "mapping": mapping}); got != m {
		b.Fatalf("rows step: %d rows, want %d", got, m)
	}
	done := ed.Do("POST", "/api/imports/assortment/"+aid, map[string]any{"review": map[string]any{"importId": id, "mapping": mapping}, "ignoreWarnings": true})
	if added := done.Data(b, 200)["added"]; added != float64(m) {
		b.Fatalf("import added %v rows, want %d", added, m)
	}
}

// streamedRows posts body to path and counts the rows of the answer's data.rows as they arrive,
// holding one at a time.
func streamedRows(b *testing.B, c *apptest.Client, path string, body any) int {
	res, err := c.Stream("POST", path, body)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		b.Fatalf("%s: %d", path, res.StatusCode)
	}
	dec := json.NewDecoder(res.Body)
	// {"data": {..., "rows": [ ... ] ...}}: find the rows key one level into data.
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			b.Fatalf("%s: no rows in the answer: %v", path, err)
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			continue
		case json.Delim('}'), json.Delim(']'):
			depth--
			continue
		}
		if tok != "rows" || depth != 2 {
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			b.Fatalf("%s: rows is not a list", path)
		}
		n := 0
		for dec.More() {
			var row json.RawMessage
			if err := dec.Decode(&row); err != nil {
				b.Fatal(err)
			}
			n++
		}
		return n
	}
}

// update500 times five batch updates of the same 500 rows in the middle of the assortment (cost,
// quantity and a note each; every row's version checked) and answers their median.
func update500(b *testing.B, a *apptest.App, ed *apptest.Client, aid string, n int) float64 {
	var times []float64
	for round := 0; round < 5; round++ {
		rows, err := a.DB.Query(context.Background(), `SELECT id::text, version FROM assortment_products
			WHERE assortment_id = $1 ORDER BY id OFFSET $2 LIMIT 500`, aid, n/2)
		if err != nil {
			b.Fatal(err)
		}
		var updates []any
		for i := 0; rows.Next(); i++ {
			var id string
			var version int64
			if err := rows.Scan(&id, &version); err != nil {
				b.Fatal(err)
			}
			updates = append(updates, map[string]any{"id": id, "version": version,
				"changes": map[string]any{"cost": fmt.Sprintf("%d.%02d", 20+round, i%100), "quantity": 100 + i, "colorNote": fmt.Sprintf("round %d", round)}})
		}
		if rows.Err() != nil || len(updates) != 500 {
			b.Fatalf("%d rows to update: %v", len(updates), rows.Err())
		}
		t := time.Now()
		r := ed.Do("PATCH", "/api/assortments/batch/"+aid, map[string]any{"updateProducts": updates})
		d := benchx.Ms(time.Since(t))
		r.Data(b, 200)
		times = append(times, d)
	}
	return benchx.Median(times)
}
