package users_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"its/core/app/apptest"
)

// TestLoginLimitHoldsUnderParallelAttempts: the per-account count and its check are one atomic
// step, so a burst of wrong passwords gets no more evaluations than the limit.
func TestLoginLimitHoldsUnderParallelAttempts(t *testing.T) {
	a := start(t)
	const attempts = 30
	statuses := make([]int, attempts)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range attempts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := a.Client()
			<-start
			statuses[i] = c.Do("POST", "/api/users/session", map[string]string{"email": "editor@example.com", "password": fmt.Sprintf("wrong-%d", i)}).Status
		}()
	}
	close(start)
	wg.Wait()
	evaluated := 0
	for _, s := range statuses {
		switch s {
		case http.StatusUnauthorized:
			evaluated++
		case http.StatusTooManyRequests:
		default:
			t.Fatalf("unexpected status %d", s)
		}
	}
	if evaluated > a.Config.Login.MaxFailuresPerAccount {
		t.Fatalf("%d of %d parallel wrong passwords were evaluated, limit %d", evaluated, attempts, a.Config.Login.MaxFailuresPerAccount)
	}
	// Refused attempts did no work and are not counted; every evaluated one is.
	if n := a.Count(`SELECT count(*) FROM login_failures WHERE account = 'editor@example.com'`); n != evaluated {
		t.Fatalf("%d failures recorded, %d evaluated", n, evaluated)
	}
}

// wrongLogin sends one wrong password for email through a client with X-Forwarded-For xff.
func wrongLogin(a *apptest.App, email, xff string) int {
	c := a.Client()
	c.Header.Set("X-Forwarded-For", xff)
	return c.Do("POST", "/api/users/session", map[string]string{"email": email, "password": "wrong"}).Status
}

// TestForwardedForIsNotTrustedByDefault: a client that writes its own X-Forwarded-For does not
// get a fresh per-address budget with each made-up address.
func TestForwardedForIsNotTrustedByDefault(t *testing.T) {
	a := start(t, "ITS_LOGIN_MAX_FAILURES_PER_ADDRESS=3")
	for i, e := range []string{"user@example.com", "admin@example.com", "nobody@example.com"} {
		if s := wrongLogin(a, e, fmt.Sprintf("203.0.113.%d", i)); s != http.StatusUnauthorized {
			t.Fatalf("%s: %d", e, s)
		}
	}
	if s := wrongLogin(a, "manager@example.com", "203.0.113.99"); s != http.StatusTooManyRequests {
		t.Fatalf("a made-up X-Forwarded-For escaped the address limit: %d", s)
	}
}

// TestTrustedProxyRightMostUntrusted: behind a configured proxy the client is the right-most
// address the proxy did not write itself; what the client put in front of it counts for nothing.
func TestTrustedProxyRightMostUntrusted(t *testing.T) {
	a := start(t, "ITS_LOGIN_MAX_FAILURES_PER_ADDRESS=3", "ITS_TRUSTED_PROXIES=127.0.0.0/8, ::1/128, 10.9.0.0/16")
	for i, e := range []string{"user@example.com", "admin@example.com", "nobody@example.com"} {
		if s := wrongLogin(a, e, fmt.Sprintf("198.51.100.%d, 192.0.2.7, 10.9.0.1", i)); s != http.StatusUnauthorized {
			t.Fatalf("%s: %d", e, s)
		}
	}
	if s := wrongLogin(a, "manager@example.com", "198.51.100.50, 192.0.2.7"); s != http.StatusTooManyRequests {
		t.Fatalf("the client behind the proxy escaped the address limit: %d", s)
	}
	if s := wrongLogin(a, "manager@example.com", "192.0.2.7, 192.0.2.8"); s != http.StatusUnauthorized {
		t.Fatalf("another client behind the proxy was limited: %d", s)
	}
	if n := a.Count(`SELECT count(*) FROM login_failures WHERE address = '192.0.2.7'`); n != 3 {
		t.Fatalf("%d failures recorded for the client behind the proxy, want 3", n)
	}
}

// TestPasswordResetRateLimit: reset mails are limited per account like logins.
func TestPasswordResetRateLimit(t *testing.T) {
	a := start(t, "ITS_LOGIN_MAX_PASSWORD_RESETS_PER_ACCOUNT=2")
	c := a.Client()
	for i := range 2 {
		if r := c.Do("POST", "/api/users/password-reset", map[string]string{"email": "editor@example.com"}); r.Status != http.StatusOK {
			t.Fatalf("reset %d: %d %s", i, r.Status, r.Raw)
		}
	}
	r := c.Do("POST", "/api/users/password-reset", map[string]string{"email": "Editor@example.com"})
	if r.Status != http.StatusTooManyRequests || r.Body["messageCode"] != "ITS_ERR_RATE_LIMITED" {
		t.Fatalf("third reset: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'editor@example.com' = ANY(recipients)`); n != 2 {
		t.Fatalf("%d reset mails sent, want 2", n)
	}
	// Unknown addresses are limited the same way, so the answer tells nothing.
	for range 2 {
		c.Do("POST", "/api/users/password-reset", map[string]string{"email": "nobody@example.com"})
	}
	if r := c.Do("POST", "/api/users/password-reset", map[string]string{"email": "nobody@example.com"}); r.Status != http.StatusTooManyRequests {
		t.Fatalf("unknown address not limited: %d", r.Status)
	}
}

// TestLogoutNeedsTheCSRFToken: a cross-site page can make the browser send the cookie but not
// the token, so it cannot end the session.
func TestLogoutNeedsTheCSRFToken(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	for _, m := range []string{"GET", "POST"} {
		c.Header.Set("X-CSRF-Token", "forged")
		if r := c.Do(m, "/api/users/logout", nil); r.Status != http.StatusForbidden || r.Body["messageCode"] != "ITS_ERR_CSRF" {
			t.Fatalf("%s logout without the token: %d %s", m, r.Status, r.Raw)
		}
		if r := c.Do("GET", "/api/users/ping", nil); r.Status != http.StatusOK {
			t.Fatalf("session ended by a forged %s logout: %d", m, r.Status)
		}
	}
	c.Header.Del("X-CSRF-Token")
	if r := c.Do("POST", "/api/users/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", "/api/users/ping", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("ping after logout: %d", r.Status)
	}
	// Without a session there is nothing to protect: logging out again still answers 200.
	if r := c.Do("POST", "/api/users/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout without a session: %d", r.Status)
	}
}
