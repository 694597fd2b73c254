package users_test

import (
	"net/http"
	"sort"
	"testing"
	"time"

	"its/core/benchx"
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

// BenchmarkOIDCCallback measures a company sign-in's return to ITS against a real OpenID
// Provider on loopback: the state checked and used up, the code exchanged with its PKCE
// verifier, the ID token verified, userinfo read, the group mapping evaluated, the account
// refreshed and the session started (the provider's discovery and keys are cached after the
// first sign-in, as on a running server).
func BenchmarkOIDCCallback(b *testing.B) {
	e := startSSO(b)
	e.signIn(b, e.browser())
	d := make([]float64, 40)
	for i := range d {
		br := e.browser()
		callback, err := e.op.ToCallback(br, "http://"+publicHost+"/api/users/sso/corp/login", "ada")
		if err != nil || callback == "" {
			b.Fatalf("to the callback: %q %v", callback, err)
		}
		c := *br
		c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		t := time.Now()
		res, err := c.Get(callback)
		took := time.Since(t)
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != "/" {
			b.Fatalf("callback answered %d to %q", res.StatusCode, loc)
		}
		d[i] = float64(took.Microseconds()) / 1000
	}
	b.ReportMetric(benchx.Median(d), "auth.oidc_callback_p50_ms:ms")
}
