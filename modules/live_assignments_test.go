package modules_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"its/core/app/apptest"
)

// TestLiveAssignmentsAcrossServers: the coordinator assignments' topic
// (coordinatorAssignments:all) on two servers sharing one database. A coordinator's stream on B
// is told of the assignment a senior coordinator creates on A, of its change (the fields'
// names, no value), and of its delete, and reads the row by id through the assignments' own
// query; a refused write (a stale version, a taken code) and a patch that changes nothing tell
// nobody. An approver, who may not read the assignments, is answered 404 on the stream, its
// catch-up and the rows, and is never told an id.
func TestLiveAssignmentsAcrossServers(t *testing.T) {
	a := apptest.Start(t, serverModules)
	b := a.Via(startProcess(t, a, "its-live-assignments-b").URL)
	const topic = "/api/live/coordinatorAssignments%3Aall"
	senior, coord, approver := a.Client(), a.Client(), a.Client()
	senior.Login("seniorCoordinator@example.com")
	coord.Login("coordinator@example.com")
	approver.Login("approver@example.com")

	_, theirs := openStream(t, coord.On(b), b.URL, topic, "")
	nextEvent(t, theirs, "open", 5*time.Second)
	events := func() int {
		return a.Count(`SELECT count(*) FROM live_events WHERE topic = 'coordinatorAssignments:all'`)
	}

	sent := time.Now()
	created := dataOf(t, senior.Do("POST", "/api/coordinatorAssignments", map[string]any{"coordinatorCode": "crd077", "name": "Lea", "lastName": "Live", "email": "lea@example.com"}), 200)
	id := created["_id"].(string)
	got := nextEvent(t, theirs, "rows", time.Second)
	t.Logf("create on A to the coordinator's event on B: %v", got.at.Sub(sent))
	if ev := rowsOf(t, got); ev.Grid != "orders.assignments" || fmt.Sprint(ev.Added) != "["+id+"]" || ev.Self {
		t.Fatalf("the coordinator's stream on the create: %s", got.data)
	}
	if strings.Contains(got.data, "CRD077") || strings.Contains(got.data, "lea@example.com") {
		t.Fatalf("an event carries a value: %s", got.data)
	}

	path := "/api/coordinatorAssignments/" + id
	version := func() int { return a.Count(`SELECT version FROM coordinator_assignments WHERE id::text = $1`, id) }
	dataOf(t, senior.Do("PATCH", path, map[string]any{"version": version(), "name": "Leah", "email": "leah@example.com"}), 200)
	raw := nextEvent(t, theirs, "rows", time.Second)
	if ev := rowsOf(t, raw); fmt.Sprint(ev.Updated) != "["+id+"]" || fmt.Sprint(ev.Fields) != "[name email]" || strings.Contains(raw.data, "Leah") {
		t.Fatalf("the coordinator's stream on a change: %s", raw.data)
	}
	// The row read again by id, on B, through the assignments' query.
	r := coord.On(b).Do("POST", "/api/coordinatorAssignments/rows", map[string]any{"ids": []string{id}})
	if rows, _ := dataOf(t, r, 200)["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["name"] != "Leah" || rows[0].(map[string]any)["id"] != id {
		t.Fatalf("the row read by id: %s", r.Raw)
	}

	// Refused writes and a patch that changes nothing tell nobody; the refused ones write nothing.
	before := events()
	if r := senior.Do("PATCH", path, map[string]any{"version": version() - 1, "name": "Stale"}); r.Status != 409 {
		t.Fatalf("a stale patch: %d %s", r.Status, r.Raw)
	}
	if r := senior.Do("PATCH", path, map[string]any{"version": version(), "coordinatorCode": "crd001"}); r.Status != 400 {
		t.Fatalf("a taken code: %d %s", r.Status, r.Raw)
	}
	dataOf(t, senior.Do("PATCH", path, map[string]any{"version": version(), "name": "Leah"}), 200)
	if n := events() - before; n != 0 || a.Count(`SELECT count(*) FROM coordinator_assignments WHERE id::text = $1 AND name = 'Leah' AND coordinator_code = 'CRD077'`, id) != 1 {
		t.Fatalf("refused writes and an unchanged patch published %d events", n)
	}

	dataOf(t, senior.Do("DELETE", path, nil), 200)
	if ev := rowsOf(t, nextEvent(t, theirs, "rows", time.Second)); fmt.Sprint(ev.Deleted) != "["+id+"]" || len(ev.Added)+len(ev.Updated) != 0 {
		t.Fatalf("the coordinator's stream on the delete: %+v", ev)
	}

	// The approver may not read the assignments: no stream, no catch-up, no rows, no id.
	for _, p := range []string{topic + "?once=1&since=0", topic + "?once=1"} {
		if r := approver.On(b).Do("GET", p, nil); r.Status != 404 || strings.Contains(string(r.Raw), id) {
			t.Fatalf("the approver's %s: %d %s", p, r.Status, r.Raw)
		}
	}
	if r := approver.On(b).Do("POST", "/api/coordinatorAssignments/rows", map[string]any{"ids": []string{id}}); r.Status != 403 || strings.Contains(string(r.Raw), id) {
		t.Fatalf("the approver's rows: %d %s", r.Status, r.Raw)
	}
	// The coordinator's catch-up names the assignment.
	if s := string(coord.On(b).Do("GET", topic+"?once=1&since=0", nil).Raw); !strings.Contains(s, id) {
		t.Fatalf("the coordinator's catch-up: %q", s)
	}
}
