package modules_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/live"
)

// sseEvent is one Server-Sent Event as a browser's EventSource sees it.
type sseEvent struct {
	id, name, data string
	at             time.Time
}

// liveRows is the data of a rows event.
type liveRows struct {
	Grid    string   `json:"grid"`
	Added   []string `json:"added"`
	Updated []string `json:"updated"`
	Deleted []string `json:"deleted"`
	Fields  []string `json:"fields"`
	Self    bool     `json:"self"`
}

// openStream opens path as an event stream with c's cookies (and lastID as Last-Event-ID when
// given) and sends its events on the channel until the test ends.
func openStream(t testing.TB, c *apptest.Client, base, path, lastID string) (int, <-chan sseEvent) {
	t.Helper()
	status, events, _ := openStreamPassed(t, c, base, path, lastID)
	return status, events
}

// openStreamPassed is openStream that also answers the id of the last event the stream has
// passed, told or not: an event naming no row of the user's reaches the browser as its id alone,
// which moves it past that event without an event.
func openStreamPassed(t testing.TB, c *apptest.Client, base, path, lastID string) (int, <-chan sseEvent, func() int) {
	t.Helper()
	var passed atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	req.Header.Set("Accept", "text/event-stream")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan sseEvent, 100)
	if res.StatusCode != 200 {
		res.Body.Close()
		close(out)
		return res.StatusCode, out, func() int { return 0 }
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("stream content type %q", ct)
	}
	go func() {
		defer res.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if n, err := strconv.Atoi(ev.id); err == nil {
					passed.Store(int64(n))
				}
				if ev.name != "" {
					ev.at = time.Now()
					out <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				ev.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.name = line[7:]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[6:]
			}
		}
	}()
	return res.StatusCode, out, func() int { return int(passed.Load()) }
}

func nextEvent(t testing.TB, events <-chan sseEvent, name string, within time.Duration) sseEvent {
	t.Helper()
	timeout := time.After(within)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended before a %s event", name)
			}
			if ev.name == name {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %s event within %v", name, within)
		}
	}
}

func rowsOf(t *testing.T, ev sseEvent) liveRows {
	t.Helper()
	var r liveRows
	if err := json.Unmarshal([]byte(ev.data), &r); err != nil {
		t.Fatalf("rows event %q: %v", ev.data, err)
	}
	return r
}

// TestLiveRowsAcrossServers: a batch saved on server A reaches a stream held on server B within
// a second, naming rows and fields but no value; a user who may not read the assortment gets a
// 404; a stream that reconnects with its last event id reads what it missed; a refused batch
// tells nobody.
func TestLiveRowsAcrossServers(t *testing.T) {
	a := apptest.Start(t, fx.Options(serverModules))
	proc := startProcess(t, a, "its-live-b")
	b := a.Via(proc.URL)
	editor := a.Client()
	editor.Login("editor@example.com")
	id, rows := assortmentWithRows(t, a, editor, "Live on two servers", 3)
	topic := "/api/live/assortment:" + id

	// As a browser sends it: the colon escaped.
	status, events := openStream(t, editor.On(b), b.URL, "/api/live/assortment%3A"+id, "")
	if status != 200 {
		t.Fatalf("stream on B: %d", status)
	}
	ready := nextEvent(t, events, "open", 5*time.Second)

	const secret = "a note only readers of the row may read"
	sent := time.Now()
	dataOf(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{
		map[string]any{"id": rows[0]["id"], "version": rows[0]["version"], "changes": map[string]any{"colorNote": secret}},
	}}), 200)
	ev := nextEvent(t, events, "rows", time.Second)
	t.Logf("edit on A to the event on B: %v", ev.at.Sub(sent))
	got := rowsOf(t, ev)
	if got.Grid != "assortmentProducts" || fmt.Sprint(got.Updated) != fmt.Sprintf("[%v]", rows[0]["id"]) || len(got.Added)+len(got.Deleted) != 0 {
		t.Fatalf("update event: %s", ev.data)
	}
	if !slices.Contains(got.Fields, "colorNote") || !got.Self {
		t.Fatalf("update event names colorNote and its own user: %s", ev.data)
	}
	if strings.Contains(ev.data, secret) || strings.Contains(ev.data, "version") {
		t.Fatalf("an event carries a value: %s", ev.data)
	}

	// The browser reads the rows it was told of through the rows' own query, by id.
	r := editor.On(b).Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id, "ids": got.Updated})
	if r.Status != 200 || strings.Count(string(r.Raw), secret) != 1 || strings.Contains(string(r.Raw), fmt.Sprintf(`"id":"%v"`, rows[2]["id"])) {
		t.Fatalf("the updated row read by id: %d %s", r.Status, r.Raw)
	}
	if r := editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id, "ids": []string{"x"}}); r.Status != 400 {
		t.Fatalf("a row id that is not one: %d %s", r.Status, r.Raw)
	}

	dataOf(t, editor.On(b).Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"deleteProducts": []any{
		map[string]any{"id": rows[1]["id"], "version": rows[1]["version"]},
	}}), 200)
	del := nextEvent(t, events, "rows", time.Second)
	if got := rowsOf(t, del); fmt.Sprint(got.Deleted) != fmt.Sprintf("[%v]", rows[1]["id"]) {
		t.Fatalf("delete event: %s", del.data)
	}

	lastSeen := del.id
	t.Run("a server whose LISTEN connection dropped reconnects and misses nothing", func(t *testing.T) {
		n := a.Count(`SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE application_name = 'its-live-b' AND (query = 'LISTEN its_live' OR query LIKE '%FROM live_events WHERE id >%')) k`)
		if n != 1 {
			t.Fatalf("%d listener connections of B ended, want 1", n)
		}
		r := editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id, "ids": []any{rows[2]["id"]}})
		var version float64
		for _, line := range strings.Split(string(r.Raw), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(line), &m) == nil && m["id"] != nil {
				version, _ = m["version"].(float64)
			}
		}
		dataOf(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{
			map[string]any{"id": rows[2]["id"], "version": version, "changes": map[string]any{"colorNote": "after the drop"}},
		}}), 200)
		ev := nextEvent(t, events, "rows", 5*time.Second)
		if got := rowsOf(t, ev); fmt.Sprint(got.Updated) != fmt.Sprintf("[%v]", rows[2]["id"]) {
			t.Fatalf("the event after the drop: %s", ev.data)
		}
		lastSeen = ev.id
	})

	t.Run("a refused batch tells nobody", func(t *testing.T) {
		before := a.Count(`SELECT count(*) FROM live_events`)
		r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{
			map[string]any{"id": rows[2]["id"], "version": 999, "changes": map[string]any{"colorNote": "stale"}},
		}})
		if r.Status != 409 {
			t.Fatalf("stale batch: %d %s", r.Status, r.Raw)
		}
		if n := a.Count(`SELECT count(*) FROM live_events`); n != before {
			t.Fatalf("%d events after a refused batch, %d before", n, before)
		}
		select {
		case ev := <-events:
			t.Fatalf("an event after a refused batch: %s %s", ev.name, ev.data)
		case <-time.After(300 * time.Millisecond):
		}
	})

	t.Run("a user who may not read the assortment gets a 404", func(t *testing.T) {
		other := a.Client()
		other.Login("user@example.com")
		for _, s := range []*apptest.App{a, b} {
			if status, _ := openStream(t, other.On(s), s.URL, topic, ""); status != 404 {
				t.Fatalf("another user's assortment on %s: %d", s.URL, status)
			}
		}
		if status, _ := openStream(t, editor.On(b), b.URL, "/api/live/nosuchkind:"+id, ""); status != 404 {
			t.Fatalf("an unknown topic kind: %d", status)
		}
		if status, _ := openStream(t, a.Client(), b.URL, topic, ""); status != 401 {
			t.Fatalf("anonymous: %d", status)
		}
	})

	t.Run("a reconnect with its last event id catches up", func(t *testing.T) {
		status, missed := openStream(t, editor.On(a), a.URL, topic+"?once=1", ready.id)
		if status != 200 {
			t.Fatalf("catch-up: %d", status)
		}
		var names []string
		var told []liveRows
		for ev := range missed {
			names = append(names, ev.name)
			if ev.name == "rows" {
				told = append(told, rowsOf(t, ev))
			}
		}
		// The update, the delete and the update after the listener's drop, then open.
		if fmt.Sprint(names) != "[rows rows rows open]" || fmt.Sprint(told[1].Deleted) != fmt.Sprintf("[%v]", rows[1]["id"]) {
			t.Fatalf("catch-up from %s: %v, %+v", ready.id, names, told)
		}
		// Nothing missed: only open.
		status, none := openStream(t, editor.On(b), b.URL, topic+"?once=1&since="+lastSeen, "")
		var after []string
		for ev := range none {
			after = append(after, ev.name)
		}
		if status != 200 || fmt.Sprint(after) != "[open]" {
			t.Fatalf("catch-up from the last event: %d %v", status, after)
		}
	})

	t.Run("a first stream asking for the last seconds is told of what was saved before it opened", func(t *testing.T) {
		// Only the last change is recent: the others were saved an hour ago.
		if _, err := a.DB.Exec(t.Context(), `UPDATE live_events SET at = now() - interval '1 hour' WHERE topic = $1 AND id < $2`, "assortment:"+id, lastSeen); err != nil {
			t.Fatal(err)
		}
		status, recent := openStream(t, editor.On(b), b.URL, topic+"?once=1&recent=30", "")
		var names, ids []string
		for ev := range recent {
			names, ids = append(names, ev.name), append(ids, ev.id)
		}
		if status != 200 || fmt.Sprint(names) != "[rows open]" || ids[0] != lastSeen {
			t.Fatalf("the last 30 s: %d %v %v (last change %s)", status, names, ids, lastSeen)
		}
		// Not asked: only open.
		_, fresh := openStream(t, editor.On(b), b.URL, topic+"?once=1", "")
		names = nil
		for ev := range fresh {
			names = append(names, ev.name)
		}
		if fmt.Sprint(names) != "[open]" {
			t.Fatalf("a fresh stream: %v", names)
		}
		for _, bad := range []string{"0", "61", "x", "-5"} {
			if status, _ := openStream(t, editor.On(b), b.URL, topic+"?once=1&recent="+bad, ""); status != 400 {
				t.Fatalf("recent=%s: %d", bad, status)
			}
		}
	})

	t.Run("events older than the retention answer a reset", func(t *testing.T) {
		if _, err := a.DB.Exec(t.Context(), `UPDATE live_pruned SET upto = $1`, del.id); err != nil {
			t.Fatal(err)
		}
		_, evs := openStream(t, editor.On(b), b.URL, topic+"?once=1&since="+ready.id, "")
		var names []string
		for ev := range evs {
			names = append(names, ev.name)
		}
		if fmt.Sprint(names) != "[reset]" {
			t.Fatalf("catch-up across pruned events: %v", names)
		}
	})
}

// TestLiveStreamEndsAtSignOut: a stream asks at each ping whether its session still holds; while
// it does the stream goes on, and after the user signs out the next ping ends it (its reconnect
// then answers 401), so a signed-out browser is told of no more changes.
func TestLiveStreamEndsAtSignOut(t *testing.T) {
	// An hour ahead of the wall clock, as the session tests do: the cookie jar expires cookies by
	// the wall clock.
	clock := clockwork.NewFakeClockAt(time.Now().Add(time.Hour))
	a := apptest.Start(t, fx.Options(serverModules, fx.Replace(fx.Annotate(clock, fx.As(new(clockwork.Clock))))))
	editor := a.Client()
	editor.Login("editor@example.com")
	id := dataOf(t, editor.Do("POST", "/api/assortments", map[string]any{"title": "Signed out"}), 200)["_id"].(string)
	topic := "/api/live/assortment:" + id
	status, events := openStream(t, editor, a.URL, topic, "")
	if status != 200 {
		t.Fatalf("stream: %d", status)
	}
	nextEvent(t, events, "open", 5*time.Second)

	clock.Advance(live.PingEvery)
	dataOf(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": catalogPairs(t, a, 1)}), 200)
	nextEvent(t, events, "rows", 2*time.Second)

	if r := editor.Do("POST", "/api/users/logout", nil); r.Status >= 400 {
		t.Fatalf("logout: %d %s", r.Status, r.Raw)
	}
	clock.Advance(live.PingEvery)
	timeout := time.After(5 * time.Second)
	for ended := false; !ended; {
		select {
		case _, open := <-events:
			ended = !open
		case <-timeout:
			t.Fatal("the stream of a signed-out session still open after its ping")
		}
	}
	if status, _ := openStream(t, editor, a.URL, topic, ""); status != 401 {
		t.Fatalf("reconnect after sign-out: %d", status)
	}
}

// TestLiveInternalAssortment: an internal assortment's batches reach the streams of
// internalAssortment:<id> of those the internal rules let read it; its id under the regular
// assortments' kind is a 404, and its topic opens for exactly the demo roles that may read it.
func TestLiveInternalAssortment(t *testing.T) {
	a := apptest.Start(t, internalModules)
	boss := a.Client()
	boss.Login("adminEditor@example.com")
	id := dataOf(t, boss.Do("POST", "/api/internalAssortments", map[string]any{"title": fmt.Sprintf("Live internal %d", time.Now().UnixNano()),
		"channel": "Wholesale", "region": "Domestic", "season": "FA", "year": 2028, "gender": "Mens", "productType": "Footwear", "locationId": "US"}), 200)["_id"].(string)
	var style, color string
	if err := a.DB.QueryRow(t.Context(), `SELECT p.style, p.color FROM products p JOIN product_locations pl ON pl.product_id = p.id AND pl.code = 'US'
		WHERE p.product_type = 'Footwear' ORDER BY p.style_numeric DESC, p.color LIMIT 1`).Scan(&style, &color); err != nil {
		t.Fatal(err)
	}
	topic := "/api/live/internalAssortment:" + id
	status, events := openStream(t, boss, a.URL, topic, "")
	if status != 200 {
		t.Fatalf("internal stream: %d", status)
	}
	nextEvent(t, events, "open", 5*time.Second)
	dataOf(t, boss.Do("PATCH", "/api/internalAssortments/batch/"+id, map[string]any{"addProducts": []any{map[string]any{"style": style, "color": color}}}), 200)
	added := rowsOf(t, nextEvent(t, events, "rows", 2*time.Second))
	if len(added.Added) != 1 || !added.Self {
		t.Fatalf("the internal batch's event: %+v", added)
	}
	if status, _ := openStream(t, boss, a.URL, "/api/live/assortment:"+id+"?once=1", ""); status != 404 {
		t.Fatalf("an internal assortment under the regular kind: %d", status)
	}
	// The stream opens for exactly those who may read the assortment.
	refused := 0
	for _, role := range []string{"user", "editor", "seniorEditor", "admin", "approver", "seniorApprover", "coordinator", "seniorCoordinator", "manager"} {
		c := a.Client()
		c.Login(role + "@example.com")
		read := c.Do("GET", "/api/internalAssortments/"+id, nil).Status
		status, _ := openStream(t, c, a.URL, topic+"?once=1", "")
		if (read == 200) != (status == 200) || (status != 200 && status != 404) {
			t.Fatalf("%s: the assortment %d, its stream %d", role, read, status)
		}
		if status == 404 {
			refused++
		}
	}
	if refused == 0 {
		t.Fatal("no demo role is refused the internal assortment: the test shows nothing")
	}
}

// TestLiveSelfIsTheTab: a change is "self" only on the stream of the browser tab that made it
// (X-ITS-Tab on the call, ?tab= on the stream); the same user's other tab is told it as anyone's
// change (so a row it took out of that tab's filters leaves it), and a change made outside any
// tab is the user's own in every tab. A tab id that is not one is refused before the stream opens.
func TestLiveSelfIsTheTab(t *testing.T) {
	a := apptest.Start(t, fx.Options(serverModules))
	editor := a.Client()
	editor.Login("editor@example.com")
	id := dataOf(t, editor.Do("POST", "/api/assortments", map[string]any{"title": "Two tabs"}), 200)["_id"].(string)
	topic := "/api/live/assortment:" + id
	streams := map[string]<-chan sseEvent{}
	for _, tab := range []string{"tab-one", "tab-two"} {
		status, events := openStream(t, editor, a.URL, topic+"?tab="+tab, "")
		if status != 200 {
			t.Fatalf("stream of %s: %d", tab, status)
		}
		nextEvent(t, events, "open", 5*time.Second)
		streams[tab] = events
	}
	self := func(tab string) bool {
		t.Helper()
		return rowsOf(t, nextEvent(t, streams[tab], "rows", 2*time.Second)).Self
	}

	inTabOne := editor.On(a)
	inTabOne.Header = http.Header{}
	inTabOne.Header.Set(live.TabHeader, "tab-one")
	dataOf(t, inTabOne.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": catalogPairs(t, a, 1)}), 200)
	if !self("tab-one") || self("tab-two") {
		t.Fatal("a change made in tab one is self on tab one's stream only")
	}
	if got := a.Count(`SELECT count(*) FROM live_events WHERE topic = 'assortment:' || $1 AND origin = 'tab-one'`, id); got != 1 {
		t.Fatalf("events of tab one: %d, want 1", got)
	}

	dataOf(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": catalogPairs(t, a, 2)[1:]}), 200)
	if !self("tab-one") || !self("tab-two") {
		t.Fatal("a change made outside any tab is self on every tab of its user")
	}

	for _, bad := range []string{"a%20b", strings.Repeat("x", 65), "%C3%A9"} {
		if status, _ := openStream(t, editor, a.URL, topic+"?tab="+bad, ""); status != 400 {
			t.Fatalf("tab %q: %d, want 400", bad, status)
		}
	}
}
