package jobs_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"its/core/jobs"
)

func TestJobMetricsCountWorkedJobsAndQueueStates(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	c := h.app.Client()
	c.Login("editor@example.com")
	uid := h.userID(t, "editor@example.com")
	ok, err := h.q.Enqueue(ctx, nil, stepArgs{}, jobs.Spec{UserID: uid, Title: "a.txt"})
	if err != nil {
		t.Fatal(err)
	}
	<-h.started
	waitStatus(t, c, ok, "success")
	bad, err := h.q.Enqueue(ctx, nil, stepArgs{Fail: true}, jobs.Spec{UserID: uid, Title: "b.zip"})
	if err != nil {
		t.Fatal(err)
	}
	<-h.started
	waitStatus(t, c, bad, "failed")

	rec := httptest.NewRecorder()
	h.m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		`its_jobs_worked_total{kind="test.step",outcome="completed"} 1`,
		`its_jobs_worked_total{kind="test.step",outcome="failed"} 1`,
		`its_jobs{state="completed"}`,
		`its_jobs{state="discarded"} 1`,
		`its_jobs{state="running"} 0`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if t.Failed() {
		t.Logf("%s", grep(string(body), "its_jobs"))
	}
}

func grep(s, prefix string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
