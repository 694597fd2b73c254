package modules_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"its/core/app/apptest"
)

// rawStream is a stream's bytes as they arrived, for asserting what it never said.
type rawStream struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (s *rawStream) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// saysWithin waits until s has said want (eventually's second).
func (s *rawStream) saysWithin(t *testing.T, what, want string) {
	t.Helper()
	eventually(t, what, func() error {
		if !strings.Contains(s.String(), want) {
			return fmt.Errorf("not yet: %q", s.String())
		}
		return nil
	})
}

// openRaw opens path as an event stream with c's cookies and keeps every byte it sends until
// the test ends.
func openRaw(t *testing.T, c *apptest.Client, base, path string) *rawStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		res.Body.Close()
		t.Fatalf("stream %s: %d", path, res.StatusCode)
	}
	s := &rawStream{}
	go func() {
		defer res.Body.Close()
		b := make([]byte, 4096)
		for {
			n, err := res.Body.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			if err != nil {
				if err != io.EOF && ctx.Err() == nil {
					t.Logf("raw stream: %v", err)
				}
				return
			}
		}
	}()
	return s
}

// TestLiveOrderListsAcrossServers: the sample order lists' topic (orders:SAMPLE) on two servers
// sharing one database. The requester's own stream on B is told of the draft they create on A
// and of its header change (the field's name, no value); the coordinator, who may not read a
// draft, is told nothing of it until it is submitted, then within a second of the submit on A;
// another requester, who may never read the order, receives the events' ids alone and never
// the order's id; the requester's delete of another draft reaches their own stream.
func TestLiveOrderListsAcrossServers(t *testing.T) {
	a := apptest.Start(t, serverModules)
	b := a.Via(startProcess(t, a, "its-live-orders-b").URL)
	const topic = "/api/live/orders%3ASAMPLE"
	user, coord, other := a.Client(), a.Client(), a.Client()
	user.Login("user@example.com")
	coord.Login("coordinator@example.com")
	other.Login("editor@example.com")

	_, mine := openStream(t, user.On(b), b.URL, topic, "")
	_, theirs, theirsPassed := openStreamPassed(t, coord.On(b), b.URL, topic, "")
	nextEvent(t, mine, "open", 5*time.Second)
	nextEvent(t, theirs, "open", 5*time.Second)
	outsider := openRaw(t, other.On(b), b.URL, topic)
	outsider.saysWithin(t, "the outsider's stream opens", "event: open")

	create := func() map[string]any {
		t.Helper()
		return dataOf(t, user.Do("POST", "/api/orders/sample/active-orders", map[string]any{
			"coordinatorCode": "CRD001", "purpose": "Live lists", "products": catalogPairs(t, a, 1)}), 201)
	}
	o := create()
	id := o["_id"].(string)
	ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second))
	if ev.Grid != "orderList" || fmt.Sprint(ev.Added) != "["+id+"]" || !ev.Self {
		t.Fatalf("the requester's stream on the create: %+v", ev)
	}

	batch := "/api/orders/sample/active-orders/batch/" + id
	version := func() int { return a.Count(`SELECT version FROM orders WHERE id = $1`, id) }
	dataOf(t, user.Do("PATCH", batch, map[string]any{"version": version(), "fields": map[string]any{"purpose": "Seen live on B"}}), 200)
	raw := nextEvent(t, mine, "rows", time.Second)
	ev = rowsOf(t, raw)
	if fmt.Sprint(ev.Updated) != "["+id+"]" || fmt.Sprint(ev.Fields) != "[purpose]" || strings.Contains(raw.data, "Seen live") {
		t.Fatalf("the requester's stream on a header change: %s", raw.data)
	}

	// The coordinator's stream asks whether they may read the order when it passes each event: wait
	// until it passed the header change (its id alone) so that it asks before the submit, when the
	// order is still a draft.
	headerID, _ := strconv.Atoi(raw.id)
	eventually(t, "the coordinator's stream passes the header change", func() error {
		if theirsPassed() < headerID {
			return fmt.Errorf("at event %d of %d", theirsPassed(), headerID)
		}
		return nil
	})
	sent := time.Now()
	dataOf(t, user.Do("PATCH", batch, map[string]any{"version": version(), "submit": true}), 200)
	got := nextEvent(t, theirs, "rows", time.Second)
	t.Logf("submit on A to the coordinator's event on B: %v", got.at.Sub(sent))
	ev = rowsOf(t, got)
	if fmt.Sprint(ev.Updated) != "["+id+"]" || !slices.Contains(ev.Fields, "status") || ev.Self || len(ev.Added)+len(ev.Deleted) != 0 {
		t.Fatalf("the coordinator's stream on the submit: %s", got.data)
	}
	if strings.Contains(got.data, "SUBMITTED") {
		t.Fatalf("an event carries a value: %s", got.data)
	}
	// The coordinator was told of nothing before: the create and the header change were of a draft.
	for len(theirs) > 0 {
		if e := <-theirs; e.name == "rows" {
			t.Fatalf("the coordinator's stream said more: %s", e.data)
		}
	}
	// The requester's own stream is told of the submit too.
	if ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second)); fmt.Sprint(ev.Updated) != "["+id+"]" || !ev.Self {
		t.Fatalf("the requester's stream on the submit: %+v", ev)
	}
	// The coordinator reads the row by id through the list's own query.
	r := coord.On(b).Do("POST", "/api/orders/sample/active-orders/rows", map[string]any{"ids": []string{id}})
	if rows, _ := dataOf(t, r, 200)["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["status"] != "SUBMITTED" {
		t.Fatalf("the row read by id: %s", r.Raw)
	}

	// A draft deleted by its requester: their own stream is told.
	gone := create()["_id"].(string)
	nextEvent(t, mine, "rows", time.Second)
	dataOf(t, user.Do("DELETE", "/api/orders/sample/active-orders/"+gone, nil), 200)
	ev = rowsOf(t, nextEvent(t, mine, "rows", time.Second))
	if fmt.Sprint(ev.Deleted) != "["+gone+"]" || len(ev.Added)+len(ev.Updated) != 0 {
		t.Fatalf("the requester's stream on the delete: %+v", ev)
	}

	// The outsider's stream moved past every event (its ids alone) and named no order.
	last := a.Count(`SELECT max(id) FROM live_events WHERE topic = 'orders:SAMPLE'`)
	outsider.saysWithin(t, "the outsider's stream reaches the last event", fmt.Sprintf("id: %d\n\n", last))
	if s := outsider.String(); strings.Contains(s, id) || strings.Contains(s, gone) || strings.Contains(s, "event: rows") {
		t.Fatalf("a requester who may not read the orders was told of them: %q", s)
	}
	// Catching up from the start names nothing either; the requester's catch-up names the order.
	if s := string(other.On(b).Do("GET", topic+"?once=1&since=0", nil).Raw); strings.Contains(s, id) || strings.Contains(s, "event: rows") {
		t.Fatalf("the outsider's catch-up: %q", s)
	}
	if s := string(user.On(b).Do("GET", topic+"?once=1&since=0", nil).Raw); !strings.Contains(s, id) {
		t.Fatalf("the requester's catch-up: %q", s)
	}
}

// TestLiveSampleStylesLineChanges: the sample styles view lists order lines and follows the
// sample orders' topic (orders:SAMPLE). A change to a submitted order's lines alone (a shipper
// and tracking number, a line's status), which changes nothing the order lists show, still
// names the order there with the lines' fields (no value), so the coordinator's styles view on
// B reads its lines again; the requester's lists are told too, and a requester who may not read
// the order never hears of it.
func TestLiveSampleStylesLineChanges(t *testing.T) {
	a := apptest.Start(t, serverModules)
	b := a.Via(startProcess(t, a, "its-live-styles-b").URL)
	const topic = "/api/live/orders%3ASAMPLE"
	user, coord, other := a.Client(), a.Client(), a.Client()
	user.Login("user@example.com")
	coord.Login("coordinator@example.com")
	other.Login("editor@example.com")

	o := dataOf(t, user.Do("POST", "/api/orders/sample/active-orders", map[string]any{
		"coordinatorCode": "CRD001", "purpose": "Live styles", "products": catalogPairs(t, a, 1)}), 201)
	id := o["_id"].(string)
	batch := "/api/orders/sample/active-orders/batch/" + id
	version := func() int { return a.Count(`SELECT version FROM orders WHERE id = $1`, id) }
	dataOf(t, user.Do("PATCH", batch, map[string]any{"version": version(), "submit": true}), 200)
	var line string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM order_lines WHERE order_id = $1 LIMIT 1`, id).Scan(&line); err != nil {
		t.Fatal(err)
	}
	lineVersion := func() int { return a.Count(`SELECT version FROM order_lines WHERE id = $1`, line) }

	_, theirs := openStream(t, coord.On(b), b.URL, topic, "")
	_, mine := openStream(t, user.On(b), b.URL, topic, "")
	nextEvent(t, theirs, "open", 5*time.Second)
	nextEvent(t, mine, "open", 5*time.Second)
	outsider := openRaw(t, other.On(b), b.URL, topic)
	outsider.saysWithin(t, "the outsider's stream opens", "event: open")

	ship := func(changes map[string]any) {
		t.Helper()
		dataOf(t, coord.Do("PATCH", batch, map[string]any{"updateProducts": []any{map[string]any{"id": line, "version": lineVersion(), "changes": changes}}}), 200)
	}
	// The coordinator's first edit moves the order on (IN PROGRESS), a list field, with the
	// line's shipper and tracking.
	ship(map[string]any{"shipper": "UPS", "tracking": "1Z999AA10123456784"})
	raw := nextEvent(t, theirs, "rows", time.Second)
	if ev := rowsOf(t, raw); fmt.Sprint(ev.Updated) != "["+id+"]" || !slices.Contains(ev.Fields, "shipper") || !slices.Contains(ev.Fields, "tracking") || !ev.Self {
		t.Fatalf("the coordinator's stream on the first shipper and tracking change: %s", raw.data)
	}
	nextEvent(t, mine, "rows", time.Second)
	// Then only the line's tracking number changes.
	ship(map[string]any{"tracking": "1Z999AA10123456785"})
	raw = nextEvent(t, theirs, "rows", time.Second)
	ev := rowsOf(t, raw)
	if ev.Grid != "orderList" || fmt.Sprint(ev.Updated) != "["+id+"]" || fmt.Sprint(ev.Fields) != "[tracking]" || !ev.Self {
		t.Fatalf("the coordinator's stream on a tracking change: %s", raw.data)
	}
	if strings.Contains(raw.data, "1Z999") {
		t.Fatalf("an event carries a value: %s", raw.data)
	}
	if ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second)); fmt.Sprint(ev.Updated) != "["+id+"]" || ev.Self {
		t.Fatalf("the requester's stream on the tracking change: %+v", ev)
	}

	// A line's status alone.
	dataOf(t, coord.Do("PATCH", batch, map[string]any{"status": []any{map[string]any{"id": line, "version": lineVersion(), "status": "APPROVED"}}}), 200)
	if ev := rowsOf(t, nextEvent(t, theirs, "rows", time.Second)); fmt.Sprint(ev.Updated) != "["+id+"]" || fmt.Sprint(ev.Fields) != "[status]" {
		t.Fatalf("the coordinator's stream on a line status change: %+v", ev)
	}

	last := a.Count(`SELECT max(id) FROM live_events WHERE topic = 'orders:SAMPLE'`)
	outsider.saysWithin(t, "the outsider's stream reaches the last event", fmt.Sprintf("id: %d\n\n", last))
	if s := outsider.String(); strings.Contains(s, id) || strings.Contains(s, "event: rows") {
		t.Fatalf("a requester who may not read the order was told of it: %q", s)
	}
}
