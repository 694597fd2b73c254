package orders_test

import (
	"strings"
	"testing"
)

// TestBatchReadsListRowOnce: an order batch reads the order's list row (for the lists' live
// event) once before its writes and once after them, however many lines it writes.
func TestBatchReadsListRowOnce(t *testing.T) {
	a := start(t)
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
	listReads := a.Statements(func() {
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
	a := start(t)
	senior := login(a, "seniorCoordinator")
	reads := func(fn func()) []string { return a.Statements(fn, "SELECT ", "FROM coordinator_assignments") }
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
