package modules_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"its/core/app/apptest"
)

// TestLiveCommentCountsAcrossServers: a comment on an assortment's row or an order's line, made
// on server A, reaches within a second the streams on server B of a colleague who has the
// assortment or the order open: an event naming the row and the Comments column (no text), so
// their page reads the counts again; resolving the thread is told too, and a refused comment
// tells nobody.
func TestLiveCommentCountsAcrossServers(t *testing.T) {
	a := apptest.Start(t, serverModules)
	b := a.Via(startProcess(t, a, "its-live-comments-b").URL)
	editor, manager, user, coord := a.Client(), a.Client(), a.Client(), a.Client()
	editor.Login("editor@example.com")
	manager.Login("manager@example.com")
	user.Login("user@example.com")
	coord.Login("coordinator@example.com")

	// told makes a change of row's comments (write) and waits for the colleague's event of it.
	told := func(events <-chan sseEvent, row, what string, write func()) {
		t.Helper()
		sent := time.Now()
		write()
		got := nextEvent(t, events, "rows", time.Second)
		t.Logf("%s on A to the colleague's event on B: %v", what, got.at.Sub(sent))
		ev := rowsOf(t, got)
		if fmt.Sprint(ev.Updated) != "["+row+"]" || fmt.Sprint(ev.Fields) != "[comments]" || ev.Self || len(ev.Added)+len(ev.Deleted) != 0 || strings.Contains(got.data, "Look") {
			t.Fatalf("%s: the colleague's event %s", what, got.data)
		}
	}

	t.Run("an assortment's row", func(t *testing.T) {
		asst := dataOf(t, editor.Do("POST", "/api/assortments", map[string]any{"title": "Live comments", "channel": "Retail", "products": catalogPairs(t, a, 1)}), 200)
		id := asst["_id"].(string)
		rows, _ := dataOf(t, editor.Do("GET", "/api/assortments/"+id, nil), 200)["products"].([]any)
		if len(rows) != 1 {
			t.Fatalf("rows %v", rows)
		}
		row := fmt.Sprint(rows[0].(map[string]any)["id"])
		events := openLive(t, manager.On(b), b.URL, "/api/live/assortment:"+id)
		thread := "/api/assortments/comments/" + id + "/rows/" + row
		told(events, row, "a comment", func() { dataOf(t, editor.Do("POST", thread, map[string]any{"body": "Look at the price"}), 201) })
		told(events, row, "a resolve", func() { dataOf(t, editor.Do("PATCH", thread, map[string]any{"resolved": true}), 200) })
		if r := editor.Do("POST", thread, map[string]any{"body": "  "}); r.Status != 400 {
			t.Fatalf("an empty comment: %d", r.Status)
		}
		if n := a.Count(`SELECT count(*) FROM live_events WHERE topic = $1 AND fields = ARRAY['comments']`, "assortment:"+id); n != 2 {
			t.Fatalf("events of the comments: %d", n)
		}
	})

	t.Run("an order's line", func(t *testing.T) {
		o := dataOf(t, user.Do("POST", "/api/orders/sample/active-orders", map[string]any{
			"coordinatorCode": "CRD001", "purpose": "Live comments", "products": catalogPairs(t, a, 1)}), 201)
		id := o["_id"].(string)
		line := o["products"].([]any)[0].(map[string]any)["id"].(string)
		// Submitted, the order is the coordinator's to read.
		version := a.Count(`SELECT version FROM orders WHERE id = $1`, id)
		dataOf(t, user.Do("PATCH", "/api/orders/sample/active-orders/batch/"+id, map[string]any{"version": version, "submit": true}), 200)
		events := openLive(t, coord.On(b), b.URL, "/api/live/order:"+id)
		thread := "/api/orders/sample/comments/" + id + "/rows/" + line
		told(events, line, "a comment", func() { dataOf(t, user.Do("POST", thread, map[string]any{"body": "Look at the size"}), 201) })
	})
}

// openLive opens path as c's stream, which must open, and answers its events after the open.
func openLive(t *testing.T, c *apptest.Client, base, path string) <-chan sseEvent {
	t.Helper()
	status, events := openStream(t, c, base, path, "")
	if status != 200 {
		t.Fatalf("stream %s: %d", path, status)
	}
	nextEvent(t, events, "open", 5*time.Second)
	return events
}
