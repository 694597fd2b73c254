// Tests of live collaboration on an order's lines: the live event of a lines batch, the lines'
// cell history and their comment threads, each under the order's read rule, on real PostgreSQL.

package orders_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"its/core/comments"
)

// TestLineCollaboration: a lines batch publishes one event on order:<id> naming the line and
// its fields but no value (a user who may not read the order gets a 404); the line's history
// lists each change newest first with its via; a comment mentions only a colleague who may read
// the order, notifying them; once submitted, a revert is refused like any edit.
func TestLineCollaboration(t *testing.T) {
	a := start(t)
	user, coord, editor := login(a, "user"), login(a, "coordinator"), login(a, "editor")
	userID := func(email string) string {
		var id string
		if err := a.DB.QueryRow(context.Background(), `SELECT id::text FROM users WHERE lower(email) = lower($1)`, email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	p := pairs(t, a, 1)[0]
	r := user.Do("POST", "/api/orders/sample/active-orders", map[string]any{"coordinatorCode": "CRD001", "products": []map[string]any{{"style": p[0], "color": p[1]}}})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	o := data(t, r)
	id := o["_id"].(string)
	line := o["products"].([]any)[0].(map[string]any)["id"].(string)
	batch := "/api/orders/sample/active-orders/batch/" + id
	since := a.Count(`SELECT coalesce(max(id), 0) FROM live_events`)
	edit := func(qty int, via string) int {
		body := map[string]any{"updateProducts": []any{map[string]any{"id": line, "version": lineVersion(t, a, line), "changes": map[string]any{"quantity": qty}}}}
		if via != "" {
			body["via"] = via
		}
		return user.Do("PATCH", batch, body).Status
	}
	if s := edit(3, ""); s != 200 {
		t.Fatalf("edit: %d", s)
	}
	if s := edit(5, "paste"); s != 200 {
		t.Fatalf("paste: %d", s)
	}

	t.Run("one live event per lines batch, without values", func(t *testing.T) {
		topic := fmt.Sprintf("/api/live/order%%3A%s?once=1&since=%d", id, since)
		r := user.Do("GET", topic, nil)
		body := string(r.Raw)
		if r.Status != 200 || strings.Count(body, "event: rows") != 2 || !strings.Contains(body, line) || !strings.Contains(body, `"quantity"`) {
			t.Fatalf("the order's stream: %d %s", r.Status, body)
		}
		if !strings.Contains(body, `"grid":"orders.lines"`) || strings.Contains(body, `"version"`) || strings.Contains(body, `"quantity":`) {
			t.Fatalf("an event names the grid, the line and its fields, no value: %s", body)
		}
		// The coordinator may not read a draft, the editor no sample order: like a missing one.
		for _, c := range []struct {
			name string
			do   func(string, string, any) int
		}{{"coordinator", func(m, p string, b any) int { return coord.Do(m, p, b).Status }}, {"editor", func(m, p string, b any) int { return editor.Do(m, p, b).Status }}} {
			if s := c.do("GET", topic, nil); s != 404 {
				t.Fatalf("%s follows a draft they may not read: %d", c.name, s)
			}
		}
		if s := user.Do("GET", "/api/live/order%3Anot-an-id?once=1", nil).Status; s != 404 {
			t.Fatalf("a topic that names no order: %d", s)
		}
	})

	history := "/api/orders/sample/order/" + id + "/rows/" + line + "/history"
	t.Run("the line's history, newest first, under the read rule", func(t *testing.T) {
		es := data(t, user.Do("GET", history+"?field=quantity", nil))["entries"].([]any)
		if len(es) != 2 {
			t.Fatalf("%d entries, want 2: %v", len(es), es)
		}
		want := []string{"1 3 edit", "3 5 paste"}
		for i, e := range es {
			m := e.(map[string]any)
			if got := fmt.Sprint(m["old"], " ", m["new"], " ", m["via"]); got != want[len(want)-1-i] || m["actorName"] == "" {
				t.Fatalf("entry %d: %v, want %s", i, m, want[len(want)-1-i])
			}
		}
		if s := coord.Do("GET", history, nil).Status; s != 404 {
			t.Fatalf("the coordinator reads a draft's history: %d", s)
		}
		if s := user.Do("GET", "/api/orders/sample/order/"+id+"/rows/00000000-0000-4000-8000-000000000000/history", nil).Status; s != 404 {
			t.Fatalf("a line not in the order: %d", s)
		}
		if r := user.Do("PATCH", batch, map[string]any{"via": "magic", "updateProducts": []any{map[string]any{"id": line, "version": lineVersion(t, a, line), "changes": map[string]any{"quantity": 7}}}}); r.Status != 400 {
			t.Fatalf("an unknown via: %d %s", r.Status, r.Raw)
		}
	})

	base := "/api/orders/sample/comments/" + id
	thread := base + "/rows/" + line
	crd := userID("coordinator@example.com")
	t.Run("a mention only of who may read the order", func(t *testing.T) {
		if r := user.Do("POST", thread, map[string]any{"body": "Check this, @[Coordinator](" + crd + ")"}); r.Status != 400 {
			t.Fatalf("mentioning the coordinator on a draft: %d %s", r.Status, r.Raw)
		}
		if r := coord.Do("GET", thread, nil); r.Status != 404 {
			t.Fatalf("the coordinator reads a draft's thread: %d", r.Status)
		}
		number := a.Count(`SELECT order_number FROM orders WHERE id = $1`, id)
		if r := user.Do("PATCH", batch, map[string]any{"version": a.Count(`SELECT version FROM orders WHERE id = $1`, id), "submit": true}); r.Status != 200 {
			t.Fatalf("submit: %d %s", r.Status, r.Raw)
		}
		notes := a.Count(`SELECT count(*) FROM notifications WHERE user_id = $1 AND message_id = $2`, crd, comments.MessageMention)
		v := data(t, user.Do("POST", thread, map[string]any{"body": "Check this, @[Coordinator](" + crd + ")"}))
		if len(v["comments"].([]any)) != 1 {
			t.Fatalf("thread %v", v)
		}
		if n := a.Count(`SELECT count(*) FROM notifications WHERE user_id = $1 AND message_id = $2 AND link = $3`, crd, comments.MessageMention, fmt.Sprintf("/orders/samples/order/%d", number)); n != notes+1 {
			t.Fatalf("notifications of the mentioned coordinator: %d, want %d", n, notes+1)
		}
		if v := data(t, coord.Do("GET", thread, nil)); len(v["comments"].([]any)) != 1 {
			t.Fatalf("the coordinator's view: %v", v)
		}
		if c := data(t, user.Do("GET", base+"/counts", nil)); c[line] != float64(1) {
			t.Fatalf("counts %v", c)
		}
		for _, path := range []string{thread, base + "/counts", base + "/mentions?q=C"} {
			if s := editor.Do("GET", path, nil).Status; s != 404 && s != 403 {
				t.Fatalf("the editor reads %s: %d", path, s)
			}
		}
	})

	t.Run("a submitted order's line is not reverted", func(t *testing.T) {
		before := a.Count(`SELECT count(*) FROM cell_history WHERE row_id = $1`, line)
		if s := edit(3, "revert"); s != 403 {
			t.Fatalf("a revert on a submitted order: %d", s)
		}
		if after := a.Count(`SELECT count(*) FROM cell_history WHERE row_id = $1`, line); after != before {
			t.Fatalf("history entries %d, want %d", after, before)
		}
	})
}
