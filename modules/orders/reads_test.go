package orders_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/app/apptest"
)

// statements records the SQL the app sends to the database, to count what a request reads.
type statements struct {
	mu  sync.Mutex
	sql []string
}

func (s *statements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sql = append(s.sql, d.SQL)
	return ctx
}

func (*statements) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// during answers the statements sent while fn ran that contain every one of parts.
func (s *statements) during(fn func(), parts ...string) []string {
	s.mu.Lock()
	from := len(s.sql)
	s.mu.Unlock()
	fn()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, q := range s.sql[from:] {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(q, p)
		}
		if all {
			out = append(out, q)
		}
	}
	return out
}

// startTraced is start with the app's pool sending its statements through a tracer too.
func startTraced(t *testing.T) (*apptest.App, *statements) {
	s := &statements{}
	return start(t, fx.Decorate(func(lc fx.Lifecycle, p *pgxpool.Pool) (*pgxpool.Pool, error) {
		cfg := p.Config()
		cfg.ConnConfig.Tracer = s
		traced, err := pgxpool.NewWithConfig(context.Background(), cfg)
		if err == nil {
			lc.Append(fx.StopHook(traced.Close))
		}
		return traced, err
	})), s
}

// TestBatchReadsListRowOnce: an order batch reads the order's list row (for the lists' live
// event) once before its writes and once after them, however many lines it writes.
func TestBatchReadsListRowOnce(t *testing.T) {
	a, trace := startTraced(t)
	user := login(a, "user")
	var products []map[string]any
	for _, p := range pairs(t, a, 20) {
		products = append(products, map[string]any{"style": p[0], "color": p[1]})
	}
	o := data(t, user.Do("POST", "/api/orders/sample/active-orders", map[string]any{"products": products}))
	lines := o["products"].([]any)
	if len(lines) != 20 {
		t.Fatalf("%d lines", len(lines))
	}
	var updates []any
	for _, l := range lines {
		m := l.(map[string]any)
		updates = append(updates, map[string]any{"id": m["id"], "version": m["version"], "changes": map[string]any{"quantity": 3}})
	}
	listReads := trace.during(func() {
		r := user.Do("PATCH", "/api/orders/sample/active-orders/batch/"+o["_id"].(string), map[string]any{"updateProducts": updates})
		if r.Status != 200 || len(data(t, r)["updated"].([]any)) != 20 {
			t.Fatalf("batch: %d %.300s", r.Status, r.Raw)
		}
	}, "FROM orders o WHERE o.id = ANY(")
	if len(listReads) != 2 {
		t.Fatalf("the batch read the list row %d times, want 2 (before and after): %q", len(listReads), listReads)
	}
}

// TestAssignmentSaveReadsOnce: a patch of a coordinator assignment reads it once (locked, to
// check its version), a create and a delete not at all: the row the lists' live event compares
// is made from what the write read or answered.
func TestAssignmentSaveReadsOnce(t *testing.T) {
	a, trace := startTraced(t)
	senior := login(a, "seniorCoordinator")
	reads := func(fn func()) []string { return trace.during(fn, "SELECT ", "FROM coordinator_assignments") }
	var id string
	var version any
	if got := reads(func() {
		r := senior.Do("POST", "/api/coordinatorAssignments", map[string]any{"coordinatorCode": "crd031", "name": "Ola", "email": "ola@example.com"})
		if r.Status != 200 {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		id, version = data(t, r)["_id"].(string), data(t, r)["version"]
	}); len(got) != 0 {
		t.Errorf("a create read %q", got)
	}
	if got := reads(func() {
		if r := senior.Do("PATCH", "/api/coordinatorAssignments/"+id, map[string]any{"version": version, "name": "Olga"}); r.Status != 200 || data(t, r)["name"] != "Olga" {
			t.Fatalf("patch: %d %s", r.Status, r.Raw)
		}
	}); len(got) != 1 || !strings.Contains(got[0], "FOR UPDATE") {
		t.Errorf("a patch read %q, want the one locked read", got)
	}
	if got := reads(func() {
		if r := senior.Do("DELETE", "/api/coordinatorAssignments/"+id, nil); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
	}); len(got) != 0 {
		t.Errorf("a delete read %q", got)
	}
}
