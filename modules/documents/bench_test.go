package documents_test

import (
	"testing"
	"time"
)

// BenchmarkLinesheet measures a 200-style Expanded line sheet with group dividers, images and a
// cover page, end to end over HTTP: as PDF (the warm Chromium pool; the first render, which
// starts the browser, is left out) and as xlsx with a picture per row.
func BenchmarkLinesheet(b *testing.B) {
	a := start(b)
	editor := login(a, "editor")
	id := assortment(b, a, editor, 200)
	body := request(id, nil)
	run := func(path string) float64 {
		t := time.Now()
		r := editor.Do("POST", path, body)
		if r.Status != 200 {
			b.Fatalf("%s: %d %.300s", path, r.Status, r.Raw)
		}
		return time.Since(t).Seconds()
	}
	run("/api/assortment-documents/pdf") // starts the browser
	var pdf, xlsx float64
	for range b.N {
		pdf += run("/api/assortment-documents/pdf")
		xlsx += run("/api/assortment-documents/xlsx")
	}
	b.ReportMetric(pdf/float64(b.N), "documents.linesheet_200_styles_pdf_s:s")
	b.ReportMetric(xlsx/float64(b.N), "documents.linesheet_200_styles_xlsx_s:s")
}
