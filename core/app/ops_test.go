package app_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// core is the app without domain modules: the platform's own routes.
var core = fx.Options()

func TestHealthAnswersHead(t *testing.T) {
	a := apptest.Start(t, core)
	r := a.Client().Do("HEAD", "/api/health", nil)
	if r.Status != http.StatusOK || len(r.Raw) != 0 {
		t.Fatalf("HEAD /api/health: %d %q, want 200 without a body", r.Status, r.Raw)
	}
	if r := a.Client().Do("GET", "/api/health", nil); r.Status != http.StatusOK || r.Body["status"] != "ok" {
		t.Fatalf("GET /api/health: %d %s", r.Status, r.Raw)
	}
}

func TestReadyNamesTheFailingPart(t *testing.T) {
	a := apptest.Start(t, core)
	c := a.Client()
	r := c.Do("GET", "/api/ready", nil)
	if r.Status != http.StatusOK || r.Body["status"] != "ok" {
		t.Fatalf("ready: %d %s", r.Status, r.Raw)
	}
	for _, part := range []string{"database", "storage", "pdf"} {
		if r.Body["checks"].(map[string]any)[part] != "ok" {
			t.Fatalf("ready checks %s: %s", part, r.Raw)
		}
	}

	// The blob folder gone (an unmounted volume): storage is down, the rest still up.
	if err := os.RemoveAll(filepath.Join(a.Config.DataDir, "blobs")); err != nil {
		t.Fatal(err)
	}
	r = c.Do("GET", "/api/ready", nil)
	assertNotReady(t, r, "storage")
	if r.Body["details"].(map[string]any)["checks"].(map[string]any)["database"] != "ok" {
		t.Fatalf("database should still be ok: %s", r.Raw)
	}
	// Liveness does not depend on the blob store.
	if r := c.Do("GET", "/api/health", nil); r.Status != http.StatusOK {
		t.Fatalf("health while storage is down: %d", r.Status)
	}

	// The database gone too: both are named.
	a.DB.Close()
	assertNotReady(t, c.Do("GET", "/api/ready", nil), "database", "storage")
}

func TestReadyWithoutThePDFRenderer(t *testing.T) {
	a := apptest.Start(t, core, "ITS_PDF_CHROMIUM_PATH="+filepath.Join(t.TempDir(), "no-chromium"))
	assertNotReady(t, a.Client().Do("GET", "/api/ready", nil), "pdf")
}

func assertNotReady(t *testing.T, r *apptest.Response, parts ...string) {
	t.Helper()
	if r.Status != http.StatusServiceUnavailable || r.Body["messageCode"] != "ITS_ERR_NOT_READY" {
		t.Fatalf("ready: %d %s, want 503 ITS_ERR_NOT_READY", r.Status, r.Raw)
	}
	if want := "Not ready: " + strings.Join(parts, ", "); r.Body["message"] != want {
		t.Fatalf("ready message %q, want %q", r.Body["message"], want)
	}
	failing := r.Body["details"].(map[string]any)["failing"].([]any)
	if len(failing) != len(parts) {
		t.Fatalf("failing %v, want %v", failing, parts)
	}
	for i, p := range parts {
		if failing[i] != p {
			t.Fatalf("failing %v, want %v", failing, parts)
		}
	}
}

// scrape reads /metrics with header set (nil: none).
func scrape(t *testing.T, a *apptest.App, header http.Header) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", a.URL+"/metrics", nil)
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestMetricsAreHiddenWithoutAToken(t *testing.T) {
	a := apptest.Start(t, core)
	if status, body := scrape(t, a, nil); status != http.StatusNotFound || strings.Contains(body, "go_goroutines") {
		t.Fatalf("/metrics without a configured token: %d %.200s", status, body)
	}
}

func TestMetricsByRouteWithToken(t *testing.T) {
	token := strings.Repeat("s3cr3t-", 6)
	a := apptest.Start(t, core, "ITS_METRICS_TOKEN="+token)
	for _, h := range []http.Header{nil, {"Authorization": {"Bearer wrong"}}, {"Authorization": {token}}} {
		if status, body := scrape(t, a, h); status != http.StatusUnauthorized || strings.Contains(body, "go_goroutines") {
			t.Fatalf("/metrics with %v: %d %.200s", h, status, body)
		}
	}
	c := a.Client()
	c.Do("GET", "/api/health", nil)
	c.Do("GET", "/api/options/data/public", nil)
	c.Do("GET", "/api/options/data/nothing-here", nil)
	c.Do("GET", "/api/no/such/route", nil)

	status, body := scrape(t, a, http.Header{"Authorization": {"Bearer " + token}})
	if status != http.StatusOK {
		t.Fatalf("/metrics with the token: %d %s", status, body)
	}
	for _, want := range []string{
		`its_http_requests_total{code="200",method="GET",module="core",route="/api/health"} 1`,
		`its_http_requests_total{code="200",method="GET",module="core",route="/api/options/data/{key}"} 1`,
		`its_http_requests_total{code="404",method="GET",module="core",route="/api/options/data/{key}"} 1`,
		`its_http_requests_total{code="404",method="GET",module="",route="/api/*"} 1`,
		`its_http_request_duration_seconds_count{method="GET",module="core",route="/api/health"} 1`,
		`its_authz_decisions_total{decision="allow"}`,
		`its_authz_decision_duration_seconds_count`,
		`its_db_pool_max_connections`,
		`its_db_pool_acquires_total`,
		`its_jobs{state="available"}`,
		`its_uploads_started_total 0`,
		`its_uploads_completed_bytes_total 0`,
		"go_goroutines",
		"process_resident_memory_bytes",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// Raw paths never become label values: one series per route, whatever the request said.
	for _, raw := range []string{"nothing-here", "/api/no/such/route", `route="/api/options/data/public"`} {
		if strings.Contains(body, raw) {
			t.Errorf("/metrics names the raw path %s", raw)
		}
	}
}
