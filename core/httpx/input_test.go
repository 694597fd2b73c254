package httpx_test

import (
	"net/http"
	"testing"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/core/httpx"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// TestInputRefusesNULAndInvalidUTF8: PostgreSQL refuses both in text (SQLSTATE 22021), so they
// must stop at the door with a 400, on public routes too, and change nothing.
func TestInputRefusesNULAndInvalidUTF8(t *testing.T) {
	a := apptest.Start(t, users.Module)
	c := a.Client()
	before := a.Count(`SELECT count(*) FROM login_failures`)
	cases := []struct{ name, method, path, body string }{
		{"NUL in a JSON string", "POST", "/api/users/session", `{"email":"a\u0000@example.com","password":"x"}`},
		{"invalid UTF-8 in a JSON string", "POST", "/api/users/session", "{\"email\":\"a\xff@example.com\",\"password\":\"x\"}"},
		{"NUL in the password reset", "POST", "/api/users/password-reset", `{"email":"\u0000"}`},
		{"NUL in the path", "GET", "/api/users/ping%00", ""},
		{"invalid UTF-8 in the path", "GET", "/api/nothing/%ff", ""},
		{"NUL in the query", "GET", "/api/users/ping?q=%00", ""},
		{"invalid UTF-8 in the query", "GET", "/api/users/ping?%c3=1", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var body any
			if tc.body != "" {
				body = tc.body
			}
			r := c.Do(tc.method, tc.path, body)
			if r.Status != http.StatusBadRequest || r.Body["messageCode"] != "ITS_ERR_BAD_REQUEST" {
				t.Fatalf("%s %s: %d %s", tc.method, tc.path, r.Status, r.Raw)
			}
		})
	}
	// An escaped backslash followed by u0000 is the text `\u0000`, not a NUL: it passes.
	if r := c.Do("POST", "/api/users/session", `{"email":"a\\u0000@example.com","password":"x"}`); r.Status != http.StatusUnauthorized {
		t.Fatalf("escaped backslash: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM login_failures`); n != before+1 {
		t.Fatalf("login failures %d, want %d: a refused request wrote", n, before+1)
	}
}

// TestIsUUID: only the canonical 8-4-4-4-12 text is an id; the other forms a UUID parser
// accepts (no hyphens, braces, urn:uuid:) and anything else are not.
func TestIsUUID(t *testing.T) {
	for s, want := range map[string]bool{
		"0f8fad5b-d9cb-469f-a165-70867728950e":          true,
		"0F8FAD5B-D9CB-469F-A165-70867728950E":          true,
		"0f8fad5bd9cb469fa16570867728950e":              false,
		"{0f8fad5b-d9cb-469f-a165-70867728950e}":        false,
		"urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e": false,
		"0f8fad5b-d9cb-469f-a165-70867728950g":          false,
		"0f8fad5b+d9cb-469f-a165-70867728950e":          false,
		"":                                              false,
		"spring26":                                      false,
	} {
		if got := httpx.IsUUID(s); got != want {
			t.Errorf("IsUUID(%q) = %v, want %v", s, got, want)
		}
	}
}
