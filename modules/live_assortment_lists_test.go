package modules_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"its/core/app/apptest"
)

// TestLiveAssortmentListsAcrossServers: the regular assortment lists' topic (assortments:all) on
// two servers sharing one database. The editor's own stream on B is told of the assortment they
// create on A, of its rename (the field's name, no value; a patch that sets the title it had
// names only the modified date), of a manager's change of it, of its duplicate and of its
// delete; an edit lock changes nothing a list shows and tells nobody. Another editor, whose lists
// never hold the editor's assortments, receives the events' ids alone and never an id.
func TestLiveAssortmentListsAcrossServers(t *testing.T) {
	a := apptest.Start(t, serverModules)
	b := a.Via(startProcess(t, a, "its-live-assortment-lists-b").URL)
	const topic = "/api/live/assortments%3Aall"
	editor, manager, other := a.Client(), a.Client(), a.Client()
	editor.Login("editor@example.com")
	manager.Login("manager@example.com")
	other.Login("seniorEditor@example.com")

	_, mine := openStream(t, editor.On(b), b.URL, topic, "")
	nextEvent(t, mine, "open", 5*time.Second)
	outsider := openRaw(t, other.On(b), b.URL, topic)
	outsider.saysWithin(t, "the outsider's stream opens", "event: open")

	sent := time.Now()
	created := editor.Do("POST", "/api/assortments", map[string]any{"title": "Live list", "channel": "Retail"})
	id := idOf(t, created, "_id")
	got := nextEvent(t, mine, "rows", time.Second)
	t.Logf("create on A to the editor's event on B: %v", got.at.Sub(sent))
	if ev := rowsOf(t, got); ev.Grid != "assortmentList" || fmt.Sprint(ev.Added) != "["+id+"]" || !ev.Self {
		t.Fatalf("the editor's stream on the create: %s", got.data)
	}

	patch := func(c *apptest.Client, body map[string]any) {
		t.Helper()
		if r := c.Do("PATCH", "/api/assortments/"+id, body); r.Status != 200 {
			t.Fatalf("patch %v: %d %s", body, r.Status, r.Raw)
		}
	}
	patch(editor, map[string]any{"title": "Renamed live", "subTitle": ""})
	raw := nextEvent(t, mine, "rows", time.Second)
	if ev := rowsOf(t, raw); fmt.Sprint(ev.Updated) != "["+id+"]" || fmt.Sprint(ev.Fields) != "[modifiedDate title]" || strings.Contains(raw.data, "Renamed") {
		t.Fatalf("the editor's stream on a rename (the subtitle kept): %s", raw.data)
	}
	patch(editor, map[string]any{"title": "Renamed live"})
	if ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second)); fmt.Sprint(ev.Fields) != "[modifiedDate]" {
		t.Fatalf("the editor's stream on a patch that kept the title: %+v", ev)
	}
	// A manager of assortments changes the editor's assortment: the editor's list is told.
	patch(manager, map[string]any{"starred": true, "labels": []any{map[string]any{"name": "Hot", "color": "#ff0000"}}})
	if ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second)); fmt.Sprint(ev.Fields) != "[labelText modifiedDate starred]" || ev.Self {
		t.Fatalf("the editor's stream on the manager's change: %+v", ev)
	}
	// The edit lock changes nothing the list shows.
	before := a.Count(`SELECT count(*) FROM live_events WHERE topic = 'assortments:all'`)
	if r := editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil); r.Status != 200 {
		t.Fatalf("lock: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM live_events WHERE topic = 'assortments:all'`); n != before {
		t.Fatalf("an edit lock published %d list events", n-before)
	}
	editor.Do("POST", "/api/assortments/edit/lock/"+id+"/release", nil)

	copies := dataOf(t, editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []string{id}}), 200)["ids"].([]any)
	if ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second)); len(copies) != 1 || fmt.Sprint(ev.Added) != fmt.Sprint([]any{copies[0]}) {
		t.Fatalf("the editor's stream on the duplicate %v: %+v", copies, ev)
	}
	dataOf(t, editor.Do("DELETE", "/api/assortments/"+id, nil), 200)
	if ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second)); fmt.Sprint(ev.Deleted) != "["+id+"]" || len(ev.Added)+len(ev.Updated) != 0 {
		t.Fatalf("the editor's stream on the delete: %+v", ev)
	}

	// The outsider's stream moved past every event (its ids alone) and named no assortment.
	last := a.Count(`SELECT max(id) FROM live_events WHERE topic = 'assortments:all'`)
	outsider.saysWithin(t, "the outsider's stream reaches the last event", fmt.Sprintf("id: %d\n\n", last))
	if s := outsider.String(); strings.Contains(s, id) || strings.Contains(s, copies[0].(string)) || strings.Contains(s, "event: rows") {
		t.Fatalf("an editor whose lists do not hold the assortments was told of them: %q", s)
	}
	if s := string(other.On(b).Do("GET", topic+"?once=1&since=0", nil).Raw); strings.Contains(s, id) || strings.Contains(s, "event: rows") {
		t.Fatalf("the outsider's catch-up: %q", s)
	}
	// A topic key other than all is a 404, as is the topic for a user without the lists.
	if r := editor.On(b).Do("GET", "/api/live/assortments%3Amine?once=1", nil); r.Status != 404 {
		t.Fatalf("assortments:mine: %d", r.Status)
	}
}

// TestLiveInternalListNamesOnlyReadable: a channel's internal list topic
// (internalAssortments:Wholesale) opens for exactly the demo roles (and an account narrowed to
// the international region) whose list route answers, and
// a rename of an internal assortment names it on the streams of exactly those who may read it
// (the list's scope by channel, region and product type), with the title field; the others'
// streams receive the event's id alone.
func TestLiveInternalListNamesOnlyReadable(t *testing.T) {
	a := apptest.Start(t, internalModules)
	boss := a.Client()
	boss.Login("adminEditor@example.com")
	id := dataOf(t, boss.Do("POST", "/api/internalAssortments", map[string]any{"title": fmt.Sprintf("Live internal list %d", time.Now().UnixNano()),
		"channel": "Wholesale", "region": "Domestic", "season": "FA", "year": 2028, "gender": "Mens", "productType": "Footwear", "locationId": "US"}), 200)["_id"].(string)
	const topic = "/api/live/internalAssortments%3AWholesale"
	// An account whose permission is narrowed to the international region: it reads the
	// channel's list, never this domestic assortment.
	if _, err := a.DB.Exec(t.Context(), `WITH u AS (INSERT INTO users (email, name, last_name, user_code, password_hash, status)
		SELECT 'intl@example.com', 'Ina', 'Internal', 'INTL01', password_hash, 'active' FROM users WHERE email = 'editor@example.com' RETURNING id)
		INSERT INTO user_permissions (user_id, domain, role, channel, region, product_type)
		SELECT id, 'its:internalAssortments', 'adminEditor', 'All', 'International', 'Footwear' FROM u`); err != nil {
		t.Fatal(err)
	}

	type follower struct {
		role   string
		reads  bool
		stream *rawStream
	}
	var followers []follower
	refused := 0
	for _, role := range []string{"intl", "adminEditor", "user", "editor", "seniorEditor", "admin", "approver", "seniorApprover", "coordinator", "seniorCoordinator", "manager"} {
		c := a.Client()
		c.Login(role + "@example.com")
		list := c.Do("POST", "/api/internalAssortments/query/Wholesale", map[string]any{"limit": 1}).Status
		if status, _ := openStream(t, c, a.URL, topic+"?once=1", ""); (list == 200) != (status == 200) {
			t.Fatalf("%s: the list %d, its stream %d", role, list, status)
		}
		if list != 200 {
			refused++
			continue
		}
		reads := c.Do("GET", "/api/internalAssortments/"+id, nil).Status == 200
		followers = append(followers, follower{role: role, reads: reads, stream: openRaw(t, c, a.URL, topic)})
	}
	if refused == 0 || !slices.ContainsFunc(followers, func(f follower) bool { return !f.reads }) {
		t.Fatalf("every role reads the list, or every follower reads the assortment (%d refused): the test shows nothing", refused)
	}
	for _, f := range followers {
		f.stream.saysWithin(t, f.role+"'s stream opens", "event: open")
	}
	if r := boss.Do("PATCH", "/api/internalAssortments/"+id, map[string]any{"title": "Renamed live internal"}); r.Status != 200 {
		t.Fatalf("rename: %d %s", r.Status, r.Raw)
	}
	last := a.Count(`SELECT max(id) FROM live_events WHERE topic = 'internalAssortments:Wholesale'`)
	for _, f := range followers {
		f.stream.saysWithin(t, f.role+"'s stream reaches the rename", fmt.Sprintf("id: %d\n", last))
		s := f.stream.String()
		if told := strings.Contains(s, id); told != f.reads || f.reads && !strings.Contains(s, `"title"`) || strings.Contains(s, "Renamed") {
			t.Fatalf("%s (reads it: %v) was told: %q", f.role, f.reads, s)
		}
	}
}

// TestLiveInternalListsAcrossServers: a channel's internal list topic
// (internalAssortments:Wholesale) on two servers sharing one database. An internal assortment
// created on A, renamed there (the field's name, never its value) and deleted reaches the
// stream on B of an editor whose list holds it, each within a second; the stream on B of an
// account narrowed to the international region (whose list never holds this domestic
// assortment) moves past the same events by their ids alone. Either server answers the topic of a
// demo role without the channel's list with a 404.
func TestLiveInternalListsAcrossServers(t *testing.T) {
	a := apptest.Start(t, internalModules)
	b := a.Via(startProcess(t, a, "its-live-internal-lists-b", internalServer).URL)
	boss, reader := a.Client(), a.Client()
	boss.Login("adminEditor@example.com")
	reader.Login("adminEditor@example.com")
	if _, err := a.DB.Exec(t.Context(), `WITH u AS (INSERT INTO users (email, name, last_name, user_code, password_hash, status)
		SELECT 'intl@example.com', 'Ina', 'Internal', 'INTL01', password_hash, 'active' FROM users WHERE email = 'editor@example.com' RETURNING id)
		INSERT INTO user_permissions (user_id, domain, role, channel, region, product_type)
		SELECT id, 'its:internalAssortments', 'adminEditor', 'All', 'International', 'Footwear' FROM u`); err != nil {
		t.Fatal(err)
	}
	intl := a.Client()
	intl.Login("intl@example.com")
	const topic = "/api/live/internalAssortments%3AWholesale"
	_, mine := openStream(t, reader.On(b), b.URL, topic, "")
	nextEvent(t, mine, "open", 5*time.Second)
	outsider := openRaw(t, intl.On(b), b.URL, topic)
	outsider.saysWithin(t, "the international account's stream opens", "event: open")

	sent := time.Now()
	id := dataOf(t, boss.Do("POST", "/api/internalAssortments", map[string]any{"title": fmt.Sprintf("Live internal servers %d", time.Now().UnixNano()),
		"channel": "Wholesale", "region": "Domestic", "season": "FA", "year": 2028, "gender": "Mens", "productType": "Footwear", "locationId": "US"}), 200)["_id"].(string)
	got := nextEvent(t, mine, "rows", time.Second)
	t.Logf("create on A to the event on B: %v", got.at.Sub(sent))
	if ev := rowsOf(t, got); ev.Grid != "assortmentList" || fmt.Sprint(ev.Added) != "["+id+"]" {
		t.Fatalf("the stream on B on the create: %s", got.data)
	}
	if r := boss.Do("PATCH", "/api/internalAssortments/"+id, map[string]any{"title": "Renamed across servers"}); r.Status != 200 {
		t.Fatalf("rename: %d %s", r.Status, r.Raw)
	}
	raw := nextEvent(t, mine, "rows", time.Second)
	if ev := rowsOf(t, raw); fmt.Sprint(ev.Updated) != "["+id+"]" || !slices.Contains(ev.Fields, "title") || strings.Contains(raw.data, "Renamed") {
		t.Fatalf("the stream on B on the rename: %s", raw.data)
	}
	// The list on B reads the renamed entry as the event's ids ask.
	rows, _ := dataOf(t, reader.On(b).Do("POST", "/api/internalAssortments/query/Wholesale", map[string]any{"ids": []string{id}, "limit": 1}), 200)["rows"].([]any)
	if len(rows) != 1 || rows[0].(map[string]any)["title"] != "Renamed across servers" {
		t.Fatalf("the list on B read by the event's id: %v", rows)
	}
	dataOf(t, boss.Do("DELETE", "/api/internalAssortments/"+id, nil), 200)
	if ev := rowsOf(t, nextEvent(t, mine, "rows", time.Second)); fmt.Sprint(ev.Deleted) != "["+id+"]" || len(ev.Added)+len(ev.Updated) != 0 {
		t.Fatalf("the stream on B on the delete: %+v", ev)
	}

	// The international account's stream on B reached the last event by its id and named nothing.
	last := a.Count(`SELECT max(id) FROM live_events WHERE topic = 'internalAssortments:Wholesale'`)
	outsider.saysWithin(t, "the international account's stream reaches the delete", fmt.Sprintf("id: %d\n\n", last))
	if s := outsider.String(); strings.Contains(s, id) || strings.Contains(s, "event: rows") {
		t.Fatalf("an account whose list does not hold the assortment was told of it: %q", s)
	}
	// Each demo role without the channel's list: a 404 on either server.
	refused := 0
	for _, role := range []string{"user", "editor", "seniorEditor", "admin", "approver", "seniorApprover", "coordinator", "seniorCoordinator", "manager"} {
		c := a.Client()
		c.Login(role + "@example.com")
		if c.Do("POST", "/api/internalAssortments/query/Wholesale", map[string]any{"limit": 1}).Status == 200 {
			continue
		}
		refused++
		for _, s := range []*apptest.App{a, b} {
			if status, _ := openStream(t, c.On(s), s.URL, topic+"?once=1", ""); status != 404 {
				t.Fatalf("the internal list's stream for %s, who may not read the list, on %s: %d", role, s.URL, status)
			}
		}
	}
	if refused == 0 {
		t.Fatal("every demo role reads the internal list: the 404 is untested")
	}
}
