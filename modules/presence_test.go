package modules_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
)

// here is one entry of a presence event.
type here struct {
	UserID string `json:"userId"`
	Name   string `json:"name"`
	Colour int    `json:"colour"`
	Row    string `json:"row"`
	Field  string `json:"field"`
}

func othersOf(t *testing.T, ev sseEvent) []here {
	t.Helper()
	var p struct {
		Others []here `json:"others"`
	}
	if err := json.Unmarshal([]byte(ev.data), &p); err != nil {
		t.Fatalf("presence event %q: %v", ev.data, err)
	}
	return p.Others
}

// tokenOf is the presence token of a stream's open event.
func tokenOf(t *testing.T, ev sseEvent) string {
	t.Helper()
	var o struct {
		Stream string `json:"stream"`
	}
	if err := json.Unmarshal([]byte(ev.data), &o); err != nil || len(o.Stream) != 32 {
		t.Fatalf("open event without a stream token: %q", ev.data)
	}
	return o.Stream
}

// nextPresence waits for the presence event that want accepts.
func nextPresence(t *testing.T, events <-chan sseEvent, within time.Duration, want func([]here) bool) []here {
	t.Helper()
	deadline := time.Now().Add(within)
	var last []here
	for {
		left := time.Until(deadline)
		if left <= 0 {
			t.Fatalf("no presence event as wanted within %v; the last: %+v", within, last)
		}
		last = othersOf(t, nextEvent(t, events, "presence", left))
		if want(last) {
			return last
		}
	}
}

// TestLivePresenceAcrossServers: who else has an assortment open, and their selected cell, on
// two servers sharing one database. A server started after an announce knows it at once (the
// snapshot); an announce on A reaches B's stream and the other way round, a stream is not told
// of itself, a field the receiver is not served is not named; a user who may not read the
// assortment (or announces with another's token) gets a 404; leave and a closed stream take the
// entry off every stream.
func TestLivePresenceAcrossServers(t *testing.T) {
	a := apptest.Start(t, fx.Options(serverModules))
	editor := a.Client()
	editor.Login("editor@example.com")
	manager := a.Client()
	manager.Login("manager@example.com")
	id, rows := assortmentWithRows(t, a, editor, "Presence on two servers", 2)
	rowID := func(i int) string { return fmt.Sprint(rows[i]["id"]) }
	topic := "/api/live/assortment:" + id
	put := func(c *apptest.Client, body map[string]any) *apptest.Response {
		return c.Do("PUT", topic+"/presence", body)
	}

	status, onA := openStream(t, editor.On(a), a.URL, "/api/live/assortment%3A"+id, "")
	if status != 200 {
		t.Fatalf("editor's stream on A: %d", status)
	}
	editorToken := tokenOf(t, nextEvent(t, onA, "open", 5*time.Second))
	if got := othersOf(t, nextEvent(t, onA, "presence", time.Second)); len(got) != 0 {
		t.Fatalf("nobody else is here yet: %+v", got)
	}
	dataOf(t, put(editor, map[string]any{"stream": editorToken, "row": rowID(0), "field": "colorNote"}), 200)

	// B starts after the announce: its streams know of it at once.
	b := a.Via(startProcess(t, a, "its-presence-b").URL)
	status, onB := openStream(t, manager.On(b), b.URL, topic, "")
	if status != 200 {
		t.Fatalf("manager's stream on B: %d", status)
	}
	managerToken := tokenOf(t, nextEvent(t, onB, "open", 5*time.Second))
	got := othersOf(t, nextEvent(t, onB, "presence", time.Second))
	if len(got) != 1 || got[0].Row != rowID(0) || got[0].Field != "colorNote" || got[0].Name == "" || got[0].Colour < 0 || got[0].Colour > 7 {
		t.Fatalf("B's new stream is told of the editor on A: %+v", got)
	}
	editorSeen := got[0]

	// The manager's announce on B reaches the editor's stream on A; the editor's own entry is not
	// sent to the editor.
	sent := time.Now()
	dataOf(t, put(manager.On(b), map[string]any{"stream": managerToken, "row": rowID(1), "field": "style"}), 200)
	got = nextPresence(t, onA, time.Second, func(h []here) bool { return len(h) == 1 })
	t.Logf("announce on B to the presence event on A: %v", time.Since(sent))
	if got[0].UserID == editorSeen.UserID || got[0].Row != rowID(1) || got[0].Field != "style" {
		t.Fatalf("the editor's stream is told of the manager only: %+v", got)
	}

	// The editor moves on A; the manager's stream on B follows. A field the manager is not served
	// (no column of the detail grid) is not named.
	sent = time.Now()
	dataOf(t, put(editor, map[string]any{"stream": editorToken, "row": rowID(1), "field": "colorNote"}), 200)
	nextPresence(t, onB, time.Second, func(h []here) bool { return len(h) == 1 && h[0].Row == rowID(1) && h[0].Field == "colorNote" })
	t.Logf("announce on A to the presence event on B: %v", time.Since(sent))
	dataOf(t, put(editor.On(b), map[string]any{"stream": editorToken, "row": rowID(1), "field": "internalSecret"}), 200)
	got = nextPresence(t, onB, time.Second, func(h []here) bool { return len(h) == 1 && h[0].Field != "colorNote" })
	if got[0].Field != "" || got[0].Row != rowID(1) {
		t.Fatalf("a field not served is not named: %+v", got)
	}

	t.Run("a user who may not read the assortment, or another's token, is a 404", func(t *testing.T) {
		other := a.Client()
		other.Login("user@example.com")
		for _, s := range []*apptest.App{a, b} {
			if r := put(other.On(s), map[string]any{"stream": editorToken, "row": rowID(0)}); r.Status != 404 {
				t.Fatalf("another user's assortment on %s: %d %s", s.URL, r.Status, r.Raw)
			}
		}
		if r := put(manager, map[string]any{"stream": editorToken, "row": rowID(0)}); r.Status != 404 {
			t.Fatalf("the editor's token announced by the manager: %d %s", r.Status, r.Raw)
		}
		if r := editor.Do("PUT", "/api/live/nosuchkind:"+id+"/presence", map[string]any{"stream": editorToken}); r.Status != 404 {
			t.Fatalf("an unknown topic kind: %d", r.Status)
		}
		if r := put(editor, map[string]any{"stream": "not a token"}); r.Status != 400 {
			t.Fatalf("a token that is not one: %d %s", r.Status, r.Raw)
		}
		if r := put(a.Client(), map[string]any{"stream": editorToken}); r.Status != 401 && r.Status != 403 {
			t.Fatalf("anonymous: %d", r.Status)
		}
		// Nothing changed: the manager still sees the editor where they were.
		if n := a.Count(`SELECT count(*) FROM live_presence WHERE topic = $1`, "assortment:"+id); n != 2 {
			t.Fatalf("%d entries after the refused announces, want 2", n)
		}
	})

	t.Run("leave takes the entry off every stream", func(t *testing.T) {
		dataOf(t, put(editor, map[string]any{"stream": editorToken, "leave": true}), 200)
		nextPresence(t, onB, time.Second, func(h []here) bool { return len(h) == 0 })
		if n := a.Count(`SELECT count(*) FROM live_presence WHERE stream = $1`, editorToken); n != 0 {
			t.Fatalf("the editor's entry is kept after leave: %d", n)
		}
	})

	t.Run("a closed stream takes its entry off", func(t *testing.T) {
		// A second browser of the editor, on B; its stream ends with this subtest.
		status, second := openStream(t, editor.On(b), b.URL, topic, "")
		if status != 200 {
			t.Fatalf("second stream: %d", status)
		}
		token := tokenOf(t, nextEvent(t, second, "open", 5*time.Second))
		dataOf(t, put(editor.On(a), map[string]any{"stream": token, "row": rowID(0), "field": "style"}), 200)
		nextPresence(t, onA, time.Second, func(h []here) bool { return len(h) == 2 })
	})
	// The editor's first stream (on A) is told of the manager only again.
	nextPresence(t, onA, 2*time.Second, func(h []here) bool { return len(h) == 1 && h[0].UserID != editorSeen.UserID })
}
