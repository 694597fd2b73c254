package pdf_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"its/core/pdf"
)

const notice = `<!doctype html><html><head><meta charset="utf-8"><style>@page{size:Letter;margin:0.6in}
body{font-family:sans-serif}header{border-bottom:4px solid #c8102e}h1{font-size:26pt}</style></head><body>
<header><h1>Spring '26 notice</h1></header>
<p>A one-page notice with a heading, a rule and a paragraph of text, the size of a typical printed page.</p>
</body></html>`

// BenchmarkRender measures a one-page PDF on a warm pool.
func BenchmarkRender(b *testing.B) {
	r := renderer(b)
	ctx := context.Background()
	opts := pdf.Options{PreferCSSPageSize: true}
	if _, err := r.RenderHTML(ctx, notice, opts); err != nil { // warms the pool
		b.Fatal(err)
	}
	const samples = 30
	ms := make([]float64, 0, samples)
	for b.Loop() {
		ms = ms[:0]
		for range samples {
			t0 := time.Now()
			if _, err := r.RenderHTML(ctx, notice, opts); err != nil {
				b.Fatal(err)
			}
			ms = append(ms, float64(time.Since(t0).Microseconds())/1000)
		}
	}
	slices.Sort(ms)
	b.ReportMetric(ms[len(ms)/2], "pdf.render_p50_ms:ms")
}
