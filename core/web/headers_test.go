package web_test

import (
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// TestSecurityHeaders: every answer, API and error included, refuses sniffing, keeps the
// referrer in ITS and forbids framing; HSTS comes with TLS (secure cookies).
func TestSecurityHeaders(t *testing.T) {
	for _, secure := range []bool{false, true} {
		a := apptest.Start(t, users.Module, "ITS_SESSION_SECURE_COOKIES="+map[bool]string{false: "false", true: "true"}[secure])
		for _, p := range []string{"/api/users/ping", "/api/nothing", "/"} {
			h := a.Client().Do("GET", p, nil).Header
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "same-origin" ||
				!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("%s: headers %v", p, h)
			}
			if hsts := h.Get("Strict-Transport-Security"); (hsts != "") != secure {
				t.Errorf("%s with secure cookies %v: HSTS %q", p, secure, hsts)
			}
		}
	}
}
