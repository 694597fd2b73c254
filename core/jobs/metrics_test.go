package jobs_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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

	// The job's status is the app's; River moves its own row out of running just after, so the
	// queue states are read until they settle (the counters are exact at once).
	wants := []string{
		`its_jobs_worked_total{kind="test.step",outcome="completed"} 1`,
		`its_jobs_worked_total{kind="test.step",outcome="failed"} 1`,
		`its_jobs{state="completed"}`,
		`its_jobs{state="discarded"} 1`,
		`its_jobs{state="running"} 0`,
	}
	var body string
	var missing []string
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		rec := httptest.NewRecorder()
		h.m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		b, _ := io.ReadAll(rec.Body)
		body, missing = string(b), nil
		for _, want := range wants {
			if !strings.Contains(body, want) {
				missing = append(missing, want)
			}
		}
		if len(missing) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, m := range missing {
		t.Errorf("metrics lack %s", m)
	}
	if t.Failed() {
		t.Logf("%s", grep(body, "its_jobs"))
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
