package httpx_test

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"its/core/httpx"
)

// TestBodyLimit: the base middleware holds every body to the server's limit, and a route that
// takes larger bodies raises it before reading (a plugin bundle above body_limit_bytes was
// refused as too large for its own 256 MB limit before RaiseBodyLimit).
func TestBodyLimit(t *testing.T) {
	const limit = 10
	read := func(raise int64, body string) (string, error) {
		var got string
		var rerr error
		h := httpx.Base(slog.New(slog.DiscardHandler), limit)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if raise > 0 && !httpx.RaiseBodyLimit(r, raise) {
				t.Fatal("RaiseBodyLimit found no limited body")
			}
			b, err := io.ReadAll(r.Body)
			got, rerr = string(b), err
		}))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/x", strings.NewReader(body)))
		return got, rerr
	}
	var tooLarge *http.MaxBytesError
	for _, c := range []struct {
		name  string
		raise int64
		body  string
		want  string
		over  bool
	}{
		{"at the limit", 0, strings.Repeat("a", limit), strings.Repeat("a", limit), false},
		{"one byte past it", 0, strings.Repeat("a", limit+1), strings.Repeat("a", limit), true},
		{"raised", 30, strings.Repeat("b", 25), strings.Repeat("b", 25), false},
		{"past the raised limit", 30, strings.Repeat("c", 31), strings.Repeat("c", 30), true},
		{"a lower limit changes nothing", 5, strings.Repeat("d", 8), strings.Repeat("d", 8), false},
	} {
		got, err := read(c.raise, c.body)
		if got != c.want || errors.As(err, &tooLarge) != c.over {
			t.Errorf("%s: read %q, %v; want %q, too large %v", c.name, got, err, c.want, c.over)
		}
	}
	if httpx.RaiseBodyLimit(httptest.NewRequest("POST", "/x", strings.NewReader("x")), 100) {
		t.Error("a request outside the middleware has no limit to raise")
	}
}
