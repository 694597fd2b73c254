package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"its/core/config"
)

func TestServesShellRemotesAndFallback(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		full := filepath.Join(root, p)
		_ = os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("shell/dist/index.html", "<html>shell</html>")
	write("shell/dist/assets/main.3f2a9c1b4d.js", "console.log(1)")
	write("remotes/dashboard/dist/mf-manifest.json", "{}")
	write("remotes/dashboard/dist/static/js/chunk.a1b2c3d4e5.js", "x")
	h := New(&config.Config{WebDir: root})
	get := func(p string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", p, nil))
		return w
	}
	cases := []struct {
		path, body, cache string
		status            int
	}{
		{"/", "shell", "no-cache, no-store, must-revalidate", 200},
		{"/product/assortments/all", "shell", "no-cache, no-store, must-revalidate", 200},
		{"/assets/main.3f2a9c1b4d.js", "console", "public, max-age=31536000, immutable", 200},
		{"/remotes/dashboard/mf-manifest.json", "{}", "no-cache", 200},
		{"/remotes/dashboard/static/js/chunk.a1b2c3d4e5.js", "x", "public, max-age=31536000, immutable", 200},
		{"/remotes/missing/mf-manifest.json", "", "", 404},
		{"/assets/gone.0123456789.js", "", "", 404},
		{"/file/shared/pdf/document/d1/code/Spring_26.pdf", "shell", "no-cache, no-store, must-revalidate", 200},
	}
	for _, c := range cases {
		w := get(c.path)
		if w.Code != c.status || !strings.Contains(w.Body.String(), c.body) || (c.cache != "" && w.Header().Get("Cache-Control") != c.cache) {
			t.Errorf("%s: %d %q cache %q", c.path, w.Code, w.Body.String(), w.Header().Get("Cache-Control"))
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", w.Code)
	}
}

func TestNotBuilt(t *testing.T) {
	h := New(&config.Config{WebDir: t.TempDir()})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "make run") {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
}

// TestRevalidationAcrossServers: a browser revalidates a file it got from one server at another
// (a load balancer alternates). The same file must be 304 everywhere; a different one (a server
// of another release) must be sent again, whenever either server started.
func TestRevalidationAcrossServers(t *testing.T) {
	release := func(manifest string) *Handler {
		root := t.TempDir()
		full := filepath.Join(root, "remotes/dashboard/dist/mf-manifest.json")
		_ = os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		return New(&config.Config{WebDir: root})
	}
	older, newer, sameAsNewer := release(`{"v":1}`), release(`{"v":2}`), release(`{"v":2}`)
	get := func(h *Handler, from http.Header) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/remotes/dashboard/mf-manifest.json", nil)
		if from != nil {
			if v := from.Get("ETag"); v != "" {
				r.Header.Set("If-None-Match", v)
			}
			if v := from.Get("Last-Modified"); v != "" {
				r.Header.Set("If-Modified-Since", v)
			}
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	first := get(newer, nil)
	if first.Code != 200 {
		t.Fatalf("first: %d", first.Code)
	}
	if w := get(sameAsNewer, first.Header()); w.Code != http.StatusNotModified {
		t.Errorf("the same file at another server: %d, want 304", w.Code)
	}
	if w := get(older, first.Header()); w.Code != 200 || w.Body.String() != `{"v":1}` {
		t.Errorf("another release's file: %d %q, want it sent", w.Code, w.Body.String())
	}
}
