package metrics_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"its/core/metrics"
)

func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestHTTPLabelsArePatternsModulesAndBoundedMethods(t *testing.T) {
	m := metrics.New()
	r := chi.NewRouter()
	r.Use(func(next http.Handler) http.Handler {
		// The recovery the app's base middleware does, outside the metrics.
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			defer func() {
				if recover() != nil {
					w.WriteHeader(http.StatusInternalServerError)
				}
			}()
			next.ServeHTTP(w, req)
		})
	})
	r.Use(m.HTTP(func(method, pattern string) string {
		if pattern == "/api/items/{id}" {
			return "items"
		}
		return ""
	}))
	r.Get("/api/items/{id}", func(w http.ResponseWriter, req *http.Request) {
		if chi.URLParam(req, "id") == "boom" {
			panic("boom")
		}
		w.WriteHeader(http.StatusNoContent)
	})
	r.HandleFunc("/*", func(w http.ResponseWriter, req *http.Request) { http.NotFound(w, req) })
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/items/1"}, {"GET", "/api/items/2"}, {"GET", "/api/items/boom"},
		{"BREW", "/coffee/pot"}, {"GET", "/secret-user-input"},
	} {
		r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(c.method, c.path, nil))
	}
	body := scrape(t, m)
	for _, want := range []string{
		`its_http_requests_total{code="204",method="GET",module="items",route="/api/items/{id}"} 2`,
		`its_http_requests_total{code="500",method="GET",module="items",route="/api/items/{id}"} 1`,
		// chi knows no BREW: no route matched it, and its method is not a label value.
		`its_http_requests_total{code="405",method="OTHER",module="",route="unmatched"} 1`,
		`its_http_requests_total{code="404",method="GET",module="",route="/*"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	for _, raw := range []string{"secret-user-input", "BREW", "boom", "/api/items/1"} {
		if strings.Contains(body, raw) {
			t.Errorf("metrics name %q from the request", raw)
		}
	}
}

func TestAuthzOutcomes(t *testing.T) {
	m := metrics.New()
	m.Authz(true, nil, time.Microsecond)
	m.Authz(false, nil, time.Microsecond)
	m.Authz(false, nil, time.Microsecond)
	m.Authz(false, errors.New("policy broke"), time.Microsecond)
	body := scrape(t, m)
	for _, want := range []string{
		`its_authz_decisions_total{decision="allow"} 1`,
		`its_authz_decisions_total{decision="deny"} 2`,
		`its_authz_decisions_total{decision="error"} 1`,
		`its_authz_decision_duration_seconds_count 4`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// Packages built without the app (tools, unit tests) hold a nil *Metrics.
func TestNilMetricsRecordNothing(t *testing.T) {
	var m *metrics.Metrics
	m.Authz(true, nil, time.Second)
	m.JobWorked("x", nil)
	m.UploadStarted()
	m.UploadCompleted(10)
	m.MustRegister()
}
