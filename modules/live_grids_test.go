package modules_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
)

// TestLiveGridsAcrossServers: an edit saved on server A in a library's manage grid, a sample
// library and a reference-data table reaches a stream of that grid held on server B within a
// second, naming the row and the fields but no value; the browser then reads the row by id
// through the grid's own query (a bad id is a 400); a user who may not read the grid gets a 404.
func TestLiveGridsAcrossServers(t *testing.T) {
	a := apptest.Start(t, fx.Options(serverModules))
	b := a.Via(startProcess(t, a, "its-live-grids-b").URL)
	row := func(q string) (id string, version int64) {
		t.Helper()
		if err := a.DB.QueryRow(t.Context(), q).Scan(&id, &version); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return id, version
	}
	cases := []struct {
		name, reader, outsider, topic, grid, base, batch, field, value, select_ string
	}{
		{name: "a library manage grid", reader: "editor", outsider: "user", topic: "library:AdvertisingAsset", grid: "libraries.AdvertisingAsset",
			base: "/api/assets/AdvertisingAsset", batch: "/api/assets/AdvertisingAsset/batch/many", field: "name", value: "Seen live on B",
			select_: `SELECT id::text, version FROM library_assets WHERE library_type = 'AdvertisingAsset' AND status = 'Pending' ORDER BY id LIMIT 1`},
		{name: "sample inventory", reader: "coordinator", outsider: "user", topic: "samples:Production", grid: "sampleInventory.Production",
			base: "/api/sampleInventory/Production", batch: "/api/sampleInventory/Production/batch/many", field: "bin", value: "LIVEB1",
			select_: `SELECT id::text, version FROM sample_inventory WHERE library = 'Production' AND status <> 'Deleted' ORDER BY id LIMIT 1`},
		{name: "a reference-data table", reader: "admin", outsider: "editor", topic: "refdata:currencies", grid: "referenceData.currencies",
			base: "/api/admin/data/currencies", batch: "/api/admin/data/currencies/batch", field: "currencySymbol", value: "L$",
			select_: `SELECT id::text, version FROM currencies ORDER BY currency_code LIMIT 1`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := a.Client()
			c.Login(tc.reader + "@example.com")
			// As a browser sends it: the colon escaped.
			status, events := openStream(t, c.On(b), b.URL, "/api/live/"+strings.Replace(tc.topic, ":", "%3A", 1), "")
			if status != 200 {
				t.Fatalf("stream on B: %d", status)
			}
			nextEvent(t, events, "open", 5*time.Second)
			id, version := row(tc.select_)
			sent := time.Now()
			dataOf(t, c.Do("PATCH", tc.batch, map[string]any{"update": []any{
				map[string]any{"id": id, "version": version, "changes": map[string]any{tc.field: tc.value}},
			}}), 200)
			ev := nextEvent(t, events, "rows", time.Second)
			t.Logf("edit on A to the event on B: %v", ev.at.Sub(sent))
			got := rowsOf(t, ev)
			if got.Grid != tc.grid || fmt.Sprint(got.Updated) != "["+id+"]" || len(got.Added)+len(got.Deleted) != 0 || !got.Self {
				t.Fatalf("update event: %s", ev.data)
			}
			if !slices.Contains(got.Fields, tc.field) {
				t.Fatalf("the event names %s: %s", tc.field, ev.data)
			}
			if strings.Contains(ev.data, tc.value) || strings.Contains(ev.data, "version") {
				t.Fatalf("an event carries a value: %s", ev.data)
			}
			// The browser reads the row it was told of through the grid's own query, by id.
			r := c.On(b).Do("POST", tc.base+"/query", map[string]any{"ids": got.Updated})
			rows, _ := dataOf(t, r, 200)["rows"].([]any)
			if len(rows) != 1 || rows[0].(map[string]any)["id"] != id || rows[0].(map[string]any)[tc.field] != tc.value {
				t.Fatalf("the row read by id: %s", r.Raw)
			}
			if r := c.Do("POST", tc.base+"/query", map[string]any{"ids": []string{"x"}}); r.Status != 400 {
				t.Fatalf("a row id that is not one: %d %s", r.Status, r.Raw)
			}
			// The cell history has the edit.
			if n := a.Count(`SELECT count(*) FROM cell_history WHERE grid = $1 AND row_id = $2 AND new_values ? $3`, tc.grid, id, tc.field); n != 1 {
				t.Fatalf("%d history entries of the edit", n)
			}
			other := a.Client()
			other.Login(tc.outsider + "@example.com")
			for _, s := range []*apptest.App{a, b} {
				if status, _ := openStream(t, other.On(s), s.URL, "/api/live/"+tc.topic, ""); status != 404 {
					t.Fatalf("%s on %s: %d, want 404", tc.outsider, s.URL, status)
				}
			}
		})
	}
	t.Run("a department the user lacks and an unknown key are a 404", func(t *testing.T) {
		co := a.Client()
		co.Login("coordinator@example.com")
		for _, topic := range []string{"samples:Sales", "samples:Nowhere", "library:Nowhere", "refdata:currencies"} {
			if status, _ := openStream(t, co.On(b), b.URL, "/api/live/"+topic, ""); status != 404 {
				t.Fatalf("%s: %d, want 404", topic, status)
			}
		}
	})
}
