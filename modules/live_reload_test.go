package modules_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/app/apptest"
	"its/core/db"
	"its/core/live"
	"its/modules/products"
)

// reloadOf is the data of a reload event.
type reloadOf struct {
	ID   int64  `json:"id"`
	Grid string `json:"grid"`
	Self bool   `json:"self"`
}

func reloadData(t *testing.T, ev sseEvent) reloadOf {
	t.Helper()
	var r reloadOf
	if err := json.Unmarshal([]byte(ev.data), &r); err != nil || r.ID == 0 {
		t.Fatalf("reload event %q: %v", ev.data, err)
	}
	return r
}

// TestLiveReloadAcrossServers: changes whose rows no event can name tell the open grids on the
// other server to read their rows again (a reload event, naming no row): a dynamic
// assortment's filters or settings changed on server A reach its stream on server B within a
// second, as "self" only in the tab that made them; so does a catalog load to the product
// library's (products:catalog); an order submitted on A is told to the coordinator's stream of
// the order lists on B, on which the sample styles view reads its lines again and finds it. A
// user who may not read the topic gets a 404.
func TestLiveReloadAcrossServers(t *testing.T) {
	a := apptest.Start(t, serverModules)
	b := a.Via(startProcess(t, a, "its-live-reload-b").URL)
	editor := a.Client()
	editor.Login("editor@example.com")

	t.Run("a dynamic assortment's filters and settings", func(t *testing.T) {
		id := dataOf(t, editor.Do("POST", "/api/assortments", map[string]any{"title": "Live dynamic", "method": "dynamic",
			"query": map[string]any{"conditions": map[string]any{"gender": []any{"Womens"}}}}), 200)["_id"].(string)
		topic := "/api/live/assortment%3A" + id
		_, events := openStream(t, editor.On(b), b.URL, topic+"?tab=other-tab", "")
		_, mine := openStream(t, editor.On(b), b.URL, topic+"?tab=my-tab", "")
		nextEvent(t, events, "open", 5*time.Second)
		nextEvent(t, mine, "open", 5*time.Second)
		inMyTab := editor.On(a)
		inMyTab.Header = http.Header{}
		inMyTab.Header.Set(live.TabHeader, "my-tab")

		sent := time.Now()
		dataOf(t, inMyTab.Do("PATCH", "/api/assortments/"+id, map[string]any{
			"query": map[string]any{"conditions": map[string]any{"gender": []any{"Mens"}}}}), 200)
		ev := nextEvent(t, events, "reload", time.Second)
		t.Logf("filters changed on A to the reload on B: %v", ev.at.Sub(sent))
		if r := reloadData(t, ev); r.Grid != "assortmentProducts" || r.Self {
			t.Fatalf("the reload of a filter change in another tab: %s", ev.data)
		}
		if r := reloadData(t, nextEvent(t, mine, "reload", time.Second)); !r.Self {
			t.Fatalf("the reload in the tab that made the change: %+v", r)
		}
		// A settings change too, through the batch's patch.
		dataOf(t, inMyTab.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"patch": map[string]any{"title": "Live dynamic renamed"}}), 200)
		nextEvent(t, events, "reload", time.Second)

		// A static assortment's settings tell nobody to reload (its batches name their rows).
		static := dataOf(t, editor.Do("POST", "/api/assortments", map[string]any{"title": "Live static"}), 200)["_id"].(string)
		before := a.Count(`SELECT count(*) FROM live_events WHERE reload`)
		dataOf(t, editor.Do("PATCH", "/api/assortments/"+static, map[string]any{"title": "Live static renamed"}), 200)
		if n := a.Count(`SELECT count(*) FROM live_events WHERE reload`); n != before {
			t.Fatalf("a static assortment's rename published a reload")
		}

		other := a.Client()
		other.Login("user@example.com")
		for _, s := range []*apptest.App{a, b} {
			if status, _ := openStream(t, other.On(s), s.URL, topic, ""); status != 404 {
				t.Fatalf("another user's dynamic assortment on %s: %d", s.URL, status)
			}
		}
	})
	t.Run("a catalog load", func(t *testing.T) {
		_, events := openStream(t, editor.On(b), b.URL, "/api/live/products%3Acatalog", "")
		nextEvent(t, events, "open", 5*time.Second)
		n := a.Count(`SELECT count(*) FROM products`)
		sent := time.Now()
		err := db.InTx(t.Context(), a.DB, func(tx pgx.Tx) error {
			_, err := products.GrowCatalog(t.Context(), tx, n+3, slog.New(slog.DiscardHandler))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		ev := nextEvent(t, events, "reload", time.Second)
		t.Logf("catalog load on A to the reload on B: %v", ev.at.Sub(sent))
		if r := reloadData(t, ev); r.Grid != "products.catalog" || r.Self {
			t.Fatalf("the reload of a catalog load: %s", ev.data)
		}
		// A load that adds nothing tells nobody.
		before := a.Count(`SELECT count(*) FROM live_events WHERE topic = 'products:catalog'`)
		if err := db.InTx(t.Context(), a.DB, func(tx pgx.Tx) error {
			_, err := products.GrowCatalog(t.Context(), tx, n, slog.New(slog.DiscardHandler))
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if got := a.Count(`SELECT count(*) FROM live_events WHERE topic = 'products:catalog'`); got != before {
			t.Fatalf("a load adding nothing published %d events", got-before)
		}

		// The coordinators may not read the catalog: a 404 on either server.
		coord := a.Client()
		coord.Login("coordinator@example.com")
		if r := coord.Do("POST", "/api/products/query", map[string]any{"limit": 1}); r.Status != 403 && r.Status != 404 {
			t.Fatalf("the coordinator reads the catalog: %d", r.Status)
		}
		for _, s := range []*apptest.App{a, b} {
			if status, _ := openStream(t, coord.On(s), s.URL, "/api/live/products%3Acatalog", ""); status != 404 {
				t.Fatalf("the catalog's stream for a coordinator on %s: %d", s.URL, status)
			}
		}
	})
	t.Run("the sample styles view follows its orders", func(t *testing.T) {
		user, coord := a.Client(), a.Client()
		user.Login("user@example.com")
		coord.Login("coordinator@example.com")
		const topic = "/api/live/orders%3ASAMPLE"
		_, events := openStream(t, coord.On(b), b.URL, topic, "")
		nextEvent(t, events, "open", 5*time.Second)
		o := dataOf(t, user.Do("POST", "/api/orders/sample/active-orders", map[string]any{
			"coordinatorCode": "CRD001", "purpose": "Live styles", "products": catalogPairs(t, a, 2)}), 201)
		id, number := o["_id"].(string), o["orderNumber"].(float64)
		// The styles view's first lines (newest order first) on B, as its grid reads them.
		firstOrder := func() float64 {
			t.Helper()
			rows, _ := dataOf(t, coord.On(b).Do("POST", "/api/orders/sample/sample-styles/rows", map[string]any{"limit": 5}), 200)["rows"].([]any)
			if len(rows) == 0 {
				return 0
			}
			n, _ := rows[0].(map[string]any)["orderNumber"].(float64)
			return n
		}
		if firstOrder() == number {
			t.Fatal("the styles view shows a draft's lines")
		}
		version := a.Count(`SELECT version FROM orders WHERE id = $1`, id)
		dataOf(t, user.Do("PATCH", "/api/orders/sample/active-orders/batch/"+id, map[string]any{"version": version, "submit": true}), 200)
		// The coordinator's stream on B names the order: the styles view reads its lines again
		// and finds the submitted order's.
		if ev := rowsOf(t, nextEvent(t, events, "rows", time.Second)); fmt.Sprint(ev.Updated) != "["+id+"]" {
			t.Fatalf("the coordinator's stream on the submit: %+v", ev)
		}
		if got := firstOrder(); got != number {
			t.Fatalf("the styles view's first order after the submit: %v, want %v", got, number)
		}

		// A manager may not read the sample orders: a 404 on either server.
		manager := a.Client()
		manager.Login("manager@example.com")
		for _, s := range []*apptest.App{a, b} {
			if status, _ := openStream(t, manager.On(s), s.URL, topic, ""); status != 404 {
				t.Fatalf("the sample orders' stream for a manager on %s: %d", s.URL, status)
			}
		}
	})
}
