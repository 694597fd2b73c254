package uploads_test

import (
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/metrics"
	"its/core/storage"
	"its/core/uploads"
	"its/modules/users"
)

func TestUploadMetricsCountStartedAndCompleted(t *testing.T) {
	e := &env{}
	var m *metrics.Metrics
	e.app = apptest.Start(t, fx.Options(users.Module, fx.Invoke(func(s *uploads.Service, st storage.Store, mm *metrics.Metrics) {
		e.svc, e.store, m = s, st, mm
	})))
	c := e.app.Client()
	c.Login("editor@example.com")
	body := pngBody(4321)
	done := create(t, c, map[string]any{"filename": "done.png", "fileSize": len(body), "chunkSize": uploads.ChunkSize, "usageType": "assortmentLogo", "attachTo": "A1"})
	etag := e.put(t, urls(done)[0], body)
	r := c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": done["bucket"], "key": done["key"], "uploadId": done["uploadId"], "etags": []string{etag}})
	if r.Status != 200 {
		t.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
	// Started but never finished: counted as started only.
	create(t, c, map[string]any{"filename": "left.png", "fileSize": len(body), "chunkSize": uploads.ChunkSize, "usageType": "assortmentLogo", "attachTo": "A2"})

	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	text, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		"its_uploads_started_total 2\n",
		"its_uploads_completed_total 1\n",
		"its_uploads_completed_bytes_total " + strconv.Itoa(len(body)) + "\n",
	} {
		if !strings.Contains(string(text), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}
