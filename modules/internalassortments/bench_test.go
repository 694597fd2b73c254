package internalassortments_test

import (
	"testing"
	"time"

	"its/core/benchx"
)

// BenchmarkDiscover measures the table of contents over the demo seasons end to end (POST over
// HTTP, session, policy, JSON), read from the database every time (force): each channel, whole
// and by season and year, as the landing and season pages ask it.
func BenchmarkDiscover(b *testing.B) {
	a := start(b)
	c := a.Client()
	c.Login("adminEditor@example.com")
	var bodies []map[string]any
	for _, ch := range []string{"Wholesale", "Retail"} {
		bodies = append(bodies, map[string]any{"channel": ch, "force": true})
		for _, y := range []int{2025, 2026, 2027} {
			for _, s := range []string{"SP", "SU", "FA", "HO"} {
				bodies = append(bodies, map[string]any{"channel": ch, "season": s, "year": y, "region": "Domestic", "force": true})
			}
		}
	}
	var took []float64
	for range b.N {
		for range 4 {
			for _, body := range bodies {
				t := time.Now()
				r := c.Do("POST", "/api/internalAssortments/discover", body)
				took = append(took, benchx.Ms(time.Since(t)))
				if r.Status != 200 {
					b.Fatalf("discover: %d %s", r.Status, r.Raw)
				}
			}
		}
	}
	b.ReportMetric(benchx.Percentile(took, 95), "internal.discover_p95_ms:ms")
}
