package modules_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/core/jobs"
	"its/modules/actions"
	"its/modules/admin"
	"its/modules/assortments"
	"its/modules/dashboard"
	"its/modules/internalassortments"
	"its/modules/libraries"
	"its/modules/orders"
	"its/modules/products"
	"its/modules/sampleinventory"
	"its/modules/seasons"
	"its/modules/users"
)

// serverModules are what the two-server test runs: accounts, permissions, announcements (with the
// library assets they link to), the
// assortments with their locks and batches, the sample libraries and the order lists (their
// live rows).
var serverModules = fx.Options(users.Module, admin.Module, dashboard.Module, libraries.Module, products.Module, assortments.Module, sampleinventory.Module, orders.Module)

// internalModules are serverModules with the internal assortments and the seasons they belong
// to: what the internal lists' live tests run, on a second server too (internalServer).
var internalModules = fx.Options(serverModules, seasons.Module, internalassortments.Module)

// internalServer, set in a server process's environment, makes it run internalModules.
const internalServer = "MODULES_TEST_INTERNAL_SERVER=1"

// startProcess starts the test binary as a server on a's database and blob store, reporting its
// connections to PostgreSQL as application name appName, with env besides (internalServer), and
// waits until it answers.
func startProcess(t *testing.T, a *apptest.App, appName string, env ...string) *apptest.Process {
	t.Helper()
	dbURL := a.Config.DatabaseURL
	if strings.Contains(dbURL, "?") {
		dbURL += "&application_name=" + appName
	} else {
		dbURL += "?application_name=" + appName
	}
	return apptest.StartProcess(t, append([]string{"ITS_DATABASE_URL=" + dbURL, "ITS_DATA_DIR=" + a.Config.DataDir}, env...)...)
}

// balancer is the load balancer in front of the servers: round robin; a server whose connection
// fails is taken out, and a GET it failed is retried on the next one.
type balancer struct {
	backends []*backend
	next     atomic.Uint64
}

type backend struct {
	name   string
	target *url.URL
	down   atomic.Bool
	served atomic.Int64
}

func newBalancer(t *testing.T, urls map[string]string) (*balancer, *httptest.Server) {
	t.Helper()
	lb := &balancer{}
	for name, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		lb.backends = append(lb.backends, &backend{name: name, target: u})
	}
	srv := httptest.NewServer(lb)
	t.Cleanup(srv.Close)
	return lb, srv
}

func (lb *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	retry := r.Method == http.MethodGet || r.Method == http.MethodHead
	for range lb.backends {
		be := lb.backends[lb.next.Add(1)%uint64(len(lb.backends))]
		if be.down.Load() {
			continue
		}
		failed := false
		proxy := &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(be.target)
				pr.Out.Host = pr.In.Host
			},
			ModifyResponse: func(res *http.Response) error {
				be.served.Add(1)
				res.Header.Set("X-Served-By", be.name)
				return nil
			},
			ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
				be.down.Store(true)
				failed = true
				if !retry {
					http.Error(w, "bad gateway", http.StatusBadGateway)
				}
			},
		}
		proxy.ServeHTTP(w, r)
		if !failed || !retry {
			return
		}
	}
	http.Error(w, "no server", http.StatusServiceUnavailable)
}

// eventually polls check until it passes or a second is over.
func eventually(t *testing.T, what string, check func() error) { apptest.Eventually(t, what, check) }

// twin is another browser with the same cookies as c, for asking after c logged out (which
// clears c's cookies) with the session c had.
func twin(t *testing.T, a *apptest.App, c *apptest.Client) *apptest.Client {
	t.Helper()
	u, _ := url.Parse(a.URL)
	d := a.Client()
	d.HTTP.Jar.SetCookies(u, c.HTTP.Jar.Cookies(u))
	return d
}

func userIDOf(t *testing.T, a *apptest.App, email string) string {
	t.Helper()
	var id string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM users WHERE email = $1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func dataOf(t *testing.T, r *apptest.Response, want int) map[string]any {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d: %s", r.Status, want, r.Raw)
	}
	m, _ := r.Body["data"].(map[string]any)
	return m
}

// catalogPairs picks n catalog style/colours of one product type.
// assortmentWithRows makes an assortment titled title as c's user holding n catalog rows, and
// answers its id and its rows as the batch answered them.
func assortmentWithRows(t *testing.T, a *apptest.App, c *apptest.Client, title string, n int) (string, []map[string]any) {
	t.Helper()
	id := dataOf(t, c.Do("POST", "/api/assortments", map[string]any{"title": title}), 200)["_id"].(string)
	res := dataOf(t, c.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": catalogPairs(t, a, n)}), 200)
	added, _ := res["rows"].([]any)
	if len(added) != n {
		t.Fatalf("%d rows added: %v", n, res)
	}
	rows := make([]map[string]any, n)
	for i, r := range added {
		rows[i] = r.(map[string]any)
	}
	return id, rows
}

func catalogPairs(t *testing.T, a *apptest.App, n int) []map[string]any {
	t.Helper()
	var out []map[string]any
	err := a.DB.QueryRow(t.Context(), `SELECT json_agg(json_build_object('style', style, 'color', color))
		FROM (SELECT style, color FROM products WHERE product_type = 'Apparel' ORDER BY id LIMIT $1) p`, n).Scan(&out)
	if err != nil || len(out) != n {
		t.Fatalf("%d catalog rows: %v", len(out), err)
	}
	return out
}

// TestTwoServersBehindOneAddress runs two servers on one database and one blob store behind a
// round-robin balancer: one in this process (A) and one a process of its own (B), which is
// killed in the middle of a batch at the end. What one server changes the other answers at once:
// no server keeps state of its own that another would have to be told about.
func TestTwoServersBehindOneAddress(t *testing.T) {
	var queue *jobs.Queue
	a := apptest.Start(t, fx.Options(serverModules, fx.Populate(&queue)))
	proc := startProcess(t, a, "its-b")
	b := a.Via(proc.URL)
	lb, lbSrv := newBalancer(t, map[string]string{"A": a.URL, "B": proc.URL})
	via := a.Via(lbSrv.URL)
	decide := func(c *apptest.Client) (bool, error) {
		r := c.Do("POST", "/api/authz/decisions", map[string]any{"checks": []map[string]any{
			{"action": actions.AssortmentsEdit, "resource": map[string]any{"channel": "Retail"}},
		}})
		ds, _ := r.Body["decisions"].([]any)
		if r.Status != 200 || len(ds) != 1 {
			return false, fmt.Errorf("decisions: %d %s", r.Status, r.Raw)
		}
		return ds[0] == true, nil
	}
	adminC := via.Client()
	adminC.Login("admin@example.com")

	t.Run("a session made through the balancer works on both servers", func(t *testing.T) {
		editor := via.Client()
		editor.Login("editor@example.com")
		for range 6 {
			if r := editor.Do("GET", "/api/users/ping", nil); r.Status != 200 {
				t.Fatalf("ping through the balancer: %d %s", r.Status, r.Raw)
			}
		}
		for _, be := range lb.backends {
			if be.served.Load() == 0 {
				t.Fatalf("server %s answered nothing: the balancer does not alternate", be.name)
			}
		}
		for _, s := range []*apptest.App{a, b} {
			if r := editor.On(s).Do("GET", "/api/users/ping", nil); r.Status != 200 {
				t.Fatalf("ping on %s: %d", s.URL, r.Status)
			}
		}
	})

	t.Run("permissions, flags and departments changed on A are seen on B", func(t *testing.T) {
		u := via.Client()
		u.Login("user@example.com")
		if ok, err := decide(u.On(b)); err != nil || ok {
			t.Fatalf("plain user may edit assortments before the grant: %v %v", ok, err)
		}
		id := userIDOf(t, a, "user@example.com")
		grant := []map[string]string{{"domain": "its:productAssortments", "role": "editor", "channel": "Retail", "region": "All", "productType": "All"}}
		dataOf(t, adminC.On(a).Do("PATCH", "/api/admin/users/"+id, map[string]any{"permissions": grant}), 200)
		eventually(t, "the grant on B", func() error {
			if ok, err := decide(u.On(b)); err != nil || !ok {
				return fmt.Errorf("allowed %v, %v", ok, err)
			}
			return nil
		})
		dataOf(t, adminC.On(a).Do("PATCH", "/api/admin/users/"+id, map[string]any{"flags": []string{"wof"}, "departmentAccess": []string{"Sales"}}), 200)
		eventually(t, "the flags and departments on B", func() error {
			r := u.On(b).Do("GET", "/api/users/ping", nil)
			me, _ := dataOf(t, r, 200)["user"].(map[string]any)
			if fmt.Sprint(me["flags"]) != "[wof]" || fmt.Sprint(me["departmentAccess"]) != "[Sales]" {
				return fmt.Errorf("flags %v, departments %v", me["flags"], me["departmentAccess"])
			}
			return nil
		})
		dataOf(t, adminC.On(b).Do("PATCH", "/api/admin/users/"+id, map[string]any{"permissions": []any{}}), 200)
		eventually(t, "the revocation on A", func() error {
			if ok, err := decide(u.On(a)); err != nil || ok {
				return fmt.Errorf("allowed %v, %v", ok, err)
			}
			return nil
		})
	})

	t.Run("a logout on A ends the session on B", func(t *testing.T) {
		c := via.Client()
		c.Login("approver@example.com")
		same := twin(t, via, c)
		if r := same.On(b).Do("GET", "/api/users/ping", nil); r.Status != 200 {
			t.Fatalf("session on B before the logout: %d", r.Status)
		}
		if r := c.On(a).Do("GET", "/api/users/logout", nil); r.Status != 200 {
			t.Fatalf("logout: %d %s", r.Status, r.Raw)
		}
		eventually(t, "the logout on B", func() error {
			if r := same.On(b).Do("GET", "/api/users/ping", nil); r.Status != 401 {
				return fmt.Errorf("ping %d", r.Status)
			}
			return nil
		})
	})

	t.Run("an account deactivated on A is logged out on B", func(t *testing.T) {
		c := via.Client()
		c.Login("coordinator@example.com")
		if r := c.On(b).Do("GET", "/api/users/ping", nil); r.Status != 200 {
			t.Fatalf("session on B before: %d", r.Status)
		}
		id := userIDOf(t, a, "coordinator@example.com")
		dataOf(t, adminC.On(a).Do("PATCH", "/api/admin/users/"+id, map[string]any{"status": "deactivated"}), 200)
		eventually(t, "the deactivation on B", func() error {
			if r := c.On(b).Do("GET", "/api/users/ping", nil); r.Status != 401 {
				return fmt.Errorf("ping %d", r.Status)
			}
			return nil
		})
		if r := c.On(b).Do("POST", "/api/users/session", map[string]string{"email": "coordinator@example.com", "password": a.Config.DemoPassword}); r.Status == 200 {
			t.Fatal("a deactivated account logged in on B")
		}
	})

	t.Run("an announcement published on A is on B's dashboard", func(t *testing.T) {
		editor := via.Client()
		editor.Login("editor@example.com")
		reader := via.Client()
		reader.Login("user@example.com")
		shows := func(s *apptest.App, title string) func() error {
			return func() error {
				r := reader.On(s).Do("GET", "/api/charts", nil)
				if r.Status != 200 {
					return fmt.Errorf("charts %d", r.Status)
				}
				if !strings.Contains(string(r.Raw), title) {
					return fmt.Errorf("%q not listed", title)
				}
				return nil
			}
		}
		r := editor.On(a).Do("POST", "/api/assets/AdvertisingAsset/announcement", map[string]any{
			"title": "Two servers, one dashboard", "body": "Seen everywhere at once.", "published": true,
		})
		created := dataOf(t, r, 201)
		eventually(t, "the new announcement on B", shows(b, "Two servers, one dashboard"))
		r = editor.On(b).Do("PATCH", "/api/charts/"+created["_id"].(string), map[string]any{"title": "Two servers, one changed dashboard", "modifiedDate": created["modifiedDate"]})
		dataOf(t, r, 200)
		eventually(t, "the changed announcement on A", shows(a, "Two servers, one changed dashboard"))
	})

	editor := via.Client()
	editor.Login("editor@example.com")
	manager := via.Client()
	manager.Login("manager@example.com")

	t.Run("a lock taken on A is honoured on B", func(t *testing.T) {
		d := dataOf(t, editor.On(a).Do("POST", "/api/assortments", map[string]any{"title": "Locked on A", "products": catalogPairs(t, a, 2)}), 200)
		id := d["_id"].(string)
		dataOf(t, editor.On(a).Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil), 200)
		if r := manager.On(b).Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil); r.Status != 409 {
			t.Fatalf("second lock on B: %d %s", r.Status, r.Raw)
		}
		if r := manager.On(b).Do("PATCH", "/api/assortments/"+id, map[string]any{"title": "Taken on B"}); r.Status != 409 {
			t.Fatalf("write on B under A's lock: %d %s", r.Status, r.Raw)
		}
		dataOf(t, editor.On(b).Do("POST", "/api/assortments/edit/lock/"+id+"/release", nil), 200)
		dataOf(t, manager.On(a).Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil), 200)
	})

	t.Run("a job enqueued on A is worked and reported on B", func(t *testing.T) {
		uid := userIDOf(t, a, "editor@example.com")
		var ids []int64
		for i := range 10 {
			id, err := queue.Enqueue(t.Context(), nil, jobs.NoopArgs{}, jobs.Spec{UserID: uid, Title: fmt.Sprintf("noop %d", i)})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		deadline := time.Now().Add(30 * time.Second)
		for _, id := range ids {
			for {
				r := editor.On(b).Do("GET", fmt.Sprintf("/api/jobs/%d", id), nil)
				st := dataOf(t, r, 200)["status"]
				if st == "success" {
					break
				}
				if st == "failed" || st == "cancelled" || time.Now().After(deadline) {
					t.Fatalf("job %d: %s", id, r.Raw)
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
	})

	t.Run("B killed in the middle of a 500-row batch: nothing is half-written, A serves on", func(t *testing.T) {
		h := holdBatch(t, a, editor, b, "its-b", "Killed mid-batch")
		proc.Kill()
		if got := <-h.answer; got.err == nil {
			t.Fatalf("the killed server answered the batch: %d", got.r.Status)
		}
		h.release(t)
		waitFor(t, "B's connections to end", func() bool {
			return a.Count(`SELECT count(*) FROM pg_stat_activity WHERE application_name = 'its-b'`) == 0
		})
		if n := h.rows(); n != 1 {
			t.Fatalf("%d rows after the killed batch, want the 1 from before", n)
		}
		if n := a.Count(`SELECT count(*) FROM assortment_products WHERE id = $1 AND version = $2`, h.rowID, h.version); n != 1 {
			t.Fatal("the row the killed batch deleted is gone")
		}
		// The balancer finds B gone and A keeps serving the same session.
		for range 4 {
			if r := editor.Do("GET", "/api/users/ping", nil); r.Status != 200 || r.Header.Get("X-Served-By") != "A" {
				t.Fatalf("ping after the kill: %d from %q", r.Status, r.Header.Get("X-Served-By"))
			}
		}
		res := dataOf(t, editor.Do("PATCH", "/api/assortments/batch/"+h.id, h.body), 200)
		if res["added"] != float64(500) || res["deleted"] != float64(1) || h.rows() != 500 {
			t.Fatalf("the batch again on A: added %v deleted %v, %d rows", res["added"], res["deleted"], h.rows())
		}
	})

	t.Run("a server stopped in the middle of a batch finishes it, then exits", func(t *testing.T) {
		p := startProcess(t, a, "its-c")
		h := holdBatch(t, a, editor, a.Via(p.URL), "its-c", "Stopped mid-batch")
		if err := p.Stop(); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the stopping server to refuse new connections", func() bool {
			res, err := http.Get(p.URL + "/api/health")
			if err == nil {
				res.Body.Close()
			}
			return err != nil
		})
		h.release(t)
		got := <-h.answer
		if got.err != nil {
			t.Fatalf("the batch in flight at the stop: %v", got.err)
		}
		if res := dataOf(t, got.r, 200); res["added"] != float64(500) || h.rows() != 500 {
			t.Fatalf("the batch in flight at the stop: added %v, %d rows", res["added"], h.rows())
		}
		if code := p.Exited(); code != 0 {
			t.Fatalf("the stopped server exited with %d", code)
		}
	})
}

// heldBatch is a 500-row batch (one row deleted, 500 added) sent to a server and held inside
// its transaction: another transaction holds the last added style/colour uncommitted, so the
// batch, having deleted the row and inserted the rows before, waits there until released.
type heldBatch struct {
	a         *apptest.App
	id, rowID string
	version   int64
	body      map[string]any
	hold      pgx.Tx
	answer    chan sent
}

type sent struct {
	r   *apptest.Response
	err error
}

// holdBatch makes an assortment of one row and sends editor's batch to server s, whose
// connections to PostgreSQL carry appName, returning once the batch waits.
func holdBatch(t *testing.T, a *apptest.App, editor *apptest.Client, s *apptest.App, appName, title string) *heldBatch {
	t.Helper()
	ps := catalogPairs(t, a, 502)
	d := dataOf(t, editor.On(a).Do("POST", "/api/assortments", map[string]any{"title": title, "products": ps[:1]}), 200)
	h := &heldBatch{a: a, id: d["_id"].(string), answer: make(chan sent, 1)}
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text, version FROM assortment_products WHERE assortment_id = $1`, h.id).Scan(&h.rowID, &h.version); err != nil {
		t.Fatal(err)
	}
	h.body = map[string]any{
		"deleteProducts": []any{map[string]any{"id": h.rowID, "version": h.version}},
		"addProducts":    ps[1:501],
	}
	hold, err := a.DB.Begin(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	h.hold = hold
	t.Cleanup(func() { _ = hold.Rollback(context.Background()) })
	last := ps[500]
	if _, err := hold.Exec(t.Context(), `INSERT INTO assortment_products (assortment_id, product_id, style, color)
		SELECT $1::uuid, id, style, color FROM products WHERE style = $2 AND color = $3`, h.id, last["style"], last["color"]); err != nil {
		t.Fatal(err)
	}
	go func() {
		r, err := editor.On(s).Send("PATCH", "/api/assortments/batch/"+h.id, h.body)
		h.answer <- sent{r, err}
	}()
	waitFor(t, "the batch waiting inside its transaction", func() bool {
		return a.Count(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`, appName) == 1
	})
	return h
}

// release lets the held batch go on.
func (h *heldBatch) release(t *testing.T) {
	t.Helper()
	if err := h.hold.Rollback(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func (h *heldBatch) rows() int {
	return h.a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, h.id)
}

// waitFor polls cond for up to a minute (the condition depends on another process's progress).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServersStartTogetherOnAnEmptyDatabase starts two servers at once on a database with
// nothing in it: migrations and the demo data are applied once, and both serve.
func TestServersStartTogetherOnAnEmptyDatabase(t *testing.T) {
	dbURL, dir := dbtest.NewEmptyDatabase(t), t.TempDir()
	t.Run("servers", func(t *testing.T) {
		for _, name := range []string{"A", "B"} {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				s := apptest.StartOn(t, dbURL, dir, fx.Options(users.Module))
				s.Client().Login("admin@example.com")
			})
		}
	})
	probe := apptest.StartOn(t, dbURL, dir, fx.Options(users.Module))
	if n, want := probe.Count(`SELECT count(*) FROM users`), len(users.DemoRoles()); n != want {
		t.Fatalf("%d accounts, want the %d demo accounts once", n, want)
	}
}
