package users_test

import (
	"sort"
	"testing"
	"time"
)

func p50(d []time.Duration) float64 {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return float64(d[len(d)/2].Microseconds()) / 1000
}

// BenchmarkPing measures GET /api/users/ping over loopback HTTP with a live session: session
// lookup, policy decision and the JSON answer.
func BenchmarkPing(b *testing.B) {
	a := start(b)
	c := a.Client()
	c.Login("editor@example.com")
	for i := 0; i < 200; i++ { // warm the pool and the connection
		c.Do("GET", "/api/users/ping", nil)
	}
	d := make([]time.Duration, 2000)
	for i := range d {
		t := time.Now()
		if r := c.Do("GET", "/api/users/ping", nil); r.Status != 200 {
			b.Fatalf("ping %d", r.Status)
		}
		d[i] = time.Since(t)
	}
	b.ReportMetric(p50(d), "http.ping.p50:ms")
}

// BenchmarkLogin measures POST /api/users/session end to end, argon2id verification included.
func BenchmarkLogin(b *testing.B) {
	a := start(b)
	c := a.Client()
	d := make([]time.Duration, 50)
	for i := range d {
		t := time.Now()
		c.Login("editor@example.com")
		d[i] = time.Since(t)
	}
	b.ReportMetric(p50(d), "login.p50:ms")
}
