package jobs_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/core/jobs"
	"its/core/metrics"
	"its/core/storage"
	"its/modules/users"
)

func TestMain(m *testing.M) {
	if apptest.Serving() {
		// A server process of TestJobOfAKilledServer: nobody reads what its jobs report.
		os.Exit(apptest.Serve(stepModule(&harness{started: make(chan int64, 1024)})))
	}
	dbtest.Main(m)
}

// stepArgs is a test job that reports progress step by step and waits for release between
// steps, so the test sees it running; Fail makes it fail, Wait makes it wait until cancelled.
type stepArgs struct {
	Fail   bool `json:"fail"`
	Refuse bool `json:"refuse"`
	Wait   bool `json:"wait"`
}

func (stepArgs) Kind() string { return "test.step" }

type stepWorker struct {
	river.WorkerDefaults[stepArgs]
	q       *jobs.Queue
	store   storage.Store
	started chan int64
}

func (w *stepWorker) Work(ctx context.Context, job *river.Job[stepArgs]) error {
	if err := w.q.Progress(ctx, job.ID, 40); err != nil {
		return err
	}
	w.started <- job.ID
	if job.Args.Wait {
		<-ctx.Done()
		return ctx.Err()
	}
	if job.Args.Fail {
		_ = w.q.Fail(ctx, job.ID, "Nothing to zip.")
		return errors.New("nothing to zip")
	}
	if job.Args.Refuse {
		// A refusal (as a document over its row limit): not retried, its reason shown.
		_ = w.q.Fail(ctx, job.ID, "A document holds at most 5000 styles and colours.")
		return river.JobCancel(errors.New("too many rows"))
	}
	key := fmt.Sprintf("downloads/%d/result.txt", job.ID)
	if err := w.store.Put(ctx, key, bytes.NewReader([]byte("done")), 4, "text/plain"); err != nil {
		return err
	}
	return w.q.SetResult(ctx, job.ID, key, "result.txt")
}

type harness struct {
	app     *apptest.App
	q       *jobs.Queue
	m       *metrics.Metrics
	started chan int64
}

// stepModule is the accounts module and the step worker, which reports its started jobs on
// started and, once the app is wired, h's queue and metrics.
func stepModule(h *harness) fx.Option {
	var worker *stepWorker
	return fx.Options(users.Module,
		fx.Provide(func() *stepWorker { worker = &stepWorker{started: h.started}; return worker }),
		jobs.AsRegistration(func(w *stepWorker) jobs.Registration {
			return jobs.Registration{Workers: func(ws *river.Workers) { river.AddWorker(ws, w) }}
		}),
		fx.Invoke(func(q *jobs.Queue, s storage.Store, m *metrics.Metrics) {
			worker.q, worker.store, h.q, h.m = q, s, q, m
		}),
	)
}

func start(t testing.TB) *harness {
	h := &harness{started: make(chan int64, 16)}
	h.app = apptest.Start(t, stepModule(h))
	return h
}

func (h *harness) userID(t testing.TB, email string) string {
	var id string
	if err := h.app.DB.QueryRow(context.Background(), `SELECT id::text FROM users WHERE email = $1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func waitStatus(t *testing.T, c *apptest.Client, id int64, want string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		r := c.Do("GET", "/api/jobs/"+strconv.FormatInt(id, 10), nil)
		if r.Status != 200 {
			t.Fatalf("job status: %d %s", r.Status, r.Raw)
		}
		d := r.Body["data"].(map[string]any)
		if d["status"] == want {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %d stayed %v, want %s", id, d["status"], want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestJobLifecycle(t *testing.T) {
	h := start(t)
	ctx := context.Background()
	c := h.app.Client()
	c.Login("editor@example.com")
	uid := h.userID(t, "editor@example.com")

	t.Run("enqueue progress success", func(t *testing.T) {
		id, err := h.q.Enqueue(ctx, nil, stepArgs{}, jobs.Spec{UserID: uid, Title: "result.txt"})
		if err != nil {
			t.Fatal(err)
		}
		<-h.started
		d := waitStatus(t, c, id, "success")
		if d["progress"].(float64) != 100 || d["url"] == "" || d["filename"] != "result.txt" {
			t.Fatalf("finished job: %v", d)
		}
		res, err := http.Get(h.app.URL + d["url"].(string))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || string(body) != "done" {
			t.Fatalf("result download: %d %q", res.StatusCode, body)
		}
		list := c.Do("GET", "/api/jobs", nil)
		if list.Status != 200 || len(list.Body["data"].([]any)) != 1 {
			t.Fatalf("list: %d %s", list.Status, list.Raw)
		}
	})

	t.Run("failure", func(t *testing.T) {
		id, err := h.q.Enqueue(ctx, nil, stepArgs{Fail: true}, jobs.Spec{UserID: uid, Title: "empty.zip"})
		if err != nil {
			t.Fatal(err)
		}
		<-h.started
		d := waitStatus(t, c, id, "failed")
		if d["message"] != "Nothing to zip." || d["url"] != nil {
			t.Fatalf("failed job: %v", d)
		}
	})

	t.Run("refused", func(t *testing.T) {
		id, err := h.q.Enqueue(ctx, nil, stepArgs{Refuse: true}, jobs.Spec{UserID: uid, Title: "huge.pdf", CancelMessage: "Your download has been cancelled"})
		if err != nil {
			t.Fatal(err)
		}
		<-h.started
		d := waitStatus(t, c, id, "failed")
		if d["message"] != "A document holds at most 5000 styles and colours." {
			t.Fatalf("refused job: %v", d)
		}
	})

	t.Run("cancel running", func(t *testing.T) {
		id, err := h.q.Enqueue(ctx, nil, stepArgs{Wait: true}, jobs.Spec{UserID: uid, Title: "big.zip", CancelMessage: "Your ZIP download has been cancelled"})
		if err != nil {
			t.Fatal(err)
		}
		<-h.started
		d := waitStatus(t, c, id, "started")
		if d["progress"].(float64) != 40 {
			t.Fatalf("progress while running: %v", d["progress"])
		}
		r := c.Do("POST", "/api/jobs/"+strconv.FormatInt(id, 10)+"/cancel", nil)
		if r.Status != 200 {
			t.Fatalf("cancel: %d %s", r.Status, r.Raw)
		}
		d = waitStatus(t, c, id, "cancelled")
		if d["message"] != "Your ZIP download has been cancelled" {
			t.Fatalf("cancelled job: %v", d)
		}
	})

	t.Run("only the owner", func(t *testing.T) {
		id, err := h.q.Enqueue(ctx, nil, stepArgs{}, jobs.Spec{UserID: uid, Title: "mine.txt"})
		if err != nil {
			t.Fatal(err)
		}
		<-h.started
		other := h.app.Client()
		other.Login("user@example.com")
		path := "/api/jobs/" + strconv.FormatInt(id, 10)
		if r := other.Do("GET", path, nil); r.Status != 404 {
			t.Fatalf("someone else's job answered %d", r.Status)
		}
		if r := other.Do("POST", path+"/cancel", nil); r.Status != 404 {
			t.Fatalf("cancelling someone else's job answered %d", r.Status)
		}
		if r := h.app.Client().Do("GET", path, nil); r.Status != 401 {
			t.Fatalf("anonymous answered %d", r.Status)
		}
		if r := c.Do("GET", "/api/jobs/999999", nil); r.Status != 404 {
			t.Fatalf("unknown job answered %d", r.Status)
		}
		waitStatus(t, c, id, "success")
	})
}

// BenchmarkJobsThroughput enqueues a fixed batch of no-op jobs and times until all are done.
func BenchmarkJobsThroughput(b *testing.B) {
	h := start(b)
	ctx := context.Background()
	const n = 2000
	params := make([]river.InsertManyParams, n)
	for i := range params {
		params[i] = river.InsertManyParams{Args: jobs.NoopArgs{}}
	}
	b.ResetTimer()
	t0 := time.Now()
	if _, err := h.q.Client().InsertManyFast(ctx, params); err != nil {
		b.Fatal(err)
	}
	for {
		var left int
		if err := h.app.DB.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'jobs.noop' AND state <> 'completed'`).Scan(&left); err != nil {
			b.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Since(t0) > 50*time.Second {
			b.Fatalf("%d jobs still not done", left)
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.ReportMetric(float64(n)/time.Since(t0).Seconds(), "jobs.throughput_per_s:jobs/s")
}
