package sampleinventory_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/sampleinventory"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t *testing.T) *apptest.App {
	return apptest.Start(t, fx.Options(sampleinventory.Module, users.Module))
}

func data(t *testing.T, r *apptest.Response) map[string]any {
	t.Helper()
	d, ok := r.Body["data"].(map[string]any)
	if !ok {
		t.Fatalf("no data object: %d %s", r.Status, r.Raw)
	}
	return d
}

func rows(t *testing.T, r *apptest.Response) []map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Raw)
	}
	var out []map[string]any
	for _, x := range data(t, r)["rows"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func details(r *apptest.Response) []map[string]any {
	var out []map[string]any
	d, _ := r.Body["details"].([]any)
	for _, x := range d {
		out = append(out, x.(map[string]any))
	}
	return out
}

// sample picks a live sample of library matching where and returns its id and version.
func sample(t *testing.T, a *apptest.App, library, where string) (string, int) {
	t.Helper()
	var id string
	var v int
	err := a.DB.QueryRow(context.Background(), `SELECT id::text, version FROM sample_inventory WHERE library = $1 AND status <> 'Deleted' AND `+where+` ORDER BY style, color, size, id LIMIT 1`, library).Scan(&id, &v)
	if err != nil {
		t.Fatalf("no %s sample with %s: %v", library, where, err)
	}
	return id, v
}

// state is a fingerprint of both tables, to prove a refused request wrote nothing.
func state(t *testing.T, a *apptest.App) string {
	t.Helper()
	var s string
	if err := a.DB.QueryRow(context.Background(), `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) || ':' || (SELECT count(*) FROM sample_inventory_tracking) FROM sample_inventory t`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestDemoData(t *testing.T) {
	a := start(t)
	prod := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Production'`)
	sales := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Sales'`)
	if prod < 1500 || sales < 700 {
		t.Fatalf("demo data: %d Production, %d Sales", prod, sales)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory s LEFT JOIN users u ON u.id = s.created_by WHERE u.id IS NULL OR s.created_by_user <> u.name || ' ' || u.last_name`); n != 0 {
		t.Fatalf("%d demo rows not created by a demo user", n)
	}
	if n := a.Count(`SELECT count(DISTINCT division) FROM sample_inventory`); n != 3 {
		t.Fatalf("%d divisions", n)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE style !~ '^[0-9]{5}$' OR bin !~ '^[A-H]-[0-9]{2}-[0-9]{2}$' OR total_qty <> on_hand_qty OR side NOT IN ('L','R','Pair')`); n != 0 {
		t.Fatalf("%d demo rows look wrong", n)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE division = 'Footwear' AND (size !~ '^([4-9]|1[0-3])(\.5)?$' OR mold_num IS NULL OR mold_date IS NULL)`); n != 0 {
		t.Fatalf("%d footwear rows without a size 4-13, mold number or mold date", n)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Sales' AND (region IS NULL OR aisle IS NULL OR direction IS NULL OR level IS NULL)`); n != 0 {
		t.Fatalf("%d Sales rows without a location", n)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory s WHERE NOT EXISTS (SELECT 1 FROM sample_inventory_tracking k WHERE k.sample_id = s.id AND k.action = 'Created')`); n != 0 {
		t.Fatalf("%d demo rows without a Created tracking entry", n)
	}
	// The same data on every machine.
	b := start(t)
	var x, y string
	q := `SELECT md5(string_agg(id::text || style || color || coalesce(size,'') || status || total_qty, ',' ORDER BY id)) FROM sample_inventory`
	_ = a.DB.QueryRow(context.Background(), q).Scan(&x)
	_ = b.DB.QueryRow(context.Background(), q).Scan(&y)
	if x == "" || x != y {
		t.Fatalf("demo data differs between two loads: %s %s", x, y)
	}
}

func TestListQueryAndStream(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	live := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Production' AND status <> 'Deleted'`)
	r := c.Do("GET", "/api/sampleInventory/Production", nil)
	got := rows(t, r)
	if len(got) != 100 || int(data(t, r)["totalCount"].(float64)) != live || data(t, r)["nextCursor"] == nil {
		t.Fatalf("first page: %d rows, total %v (want %d)", len(got), data(t, r)["totalCount"], live)
	}
	for _, row := range got {
		if row["library"] != "Production" || row["status"] == "Deleted" || row["id"] == "" || row["version"] == nil || row["region"] != nil {
			t.Fatalf("row %v", row)
		}
	}
	// Multi-value filters, the manageType spelling of the library, a sort and the next page.
	want := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Production' AND status <> 'Deleted' AND division IN ('Apparel','POP')`)
	r = c.Do("GET", "/api/sampleInventory/SampleInventoryProduction?division=apparel&division=POP&sort=-totalQty,style&limit=40", nil)
	page1 := rows(t, r)
	if int(data(t, r)["totalCount"].(float64)) != want || len(page1) != 40 {
		t.Fatalf("filtered: %v of %d", data(t, r)["totalCount"], want)
	}
	next := data(t, r)["nextCursor"].(string)
	page2 := rows(t, c.Do("GET", "/api/sampleInventory/Production?division=apparel&division=POP&sort=-totalQty,style&limit=40&cursor="+url.QueryEscape(next), nil))
	all := append(page1, page2...)
	seen := map[string]bool{}
	for i, row := range all {
		if row["division"] != "Apparel" && row["division"] != "POP" {
			t.Fatalf("division %v", row["division"])
		}
		if i > 0 && row["totalQty"].(float64) > all[i-1]["totalQty"].(float64) {
			t.Fatalf("not sorted by totalQty desc at %d", i)
		}
		if seen[row["id"].(string)] {
			t.Fatalf("row %s on both pages", row["id"])
		}
		seen[row["id"].(string)] = true
	}
	// An ampersand in a value, sent the spec's way (& -> %26, then URI-encoded).
	created := c.Do("POST", "/api/sampleInventory", map[string]any{"library": "Production", "division": "POP", "style": "95555", "color": "BLK&WHT", "status": "Available", "side": "Pair", "totalQty": 2, "bin": "H-12-06"})
	if created.Status != 201 {
		t.Fatalf("create: %d %s", created.Status, created.Raw)
	}
	r = c.Do("GET", "/api/sampleInventory/Production?color="+url.QueryEscape("blk%26wht"), nil)
	if got := rows(t, r); len(got) != 1 || got[0]["color"] != "BLK&WHT" {
		t.Fatalf("ampersand filter: %s", r.Raw)
	}
	// The body form with operators and field selection.
	r = c.Do("POST", "/api/sampleInventory/Sales/query", map[string]any{
		"filters": map[string]any{"totalQty": map[string]any{"gte": 10}, "region": []string{"West", "Central"}},
		"sort":    []map[string]string{{"field": "region"}, {"field": "aisle", "dir": "desc"}},
		"fields":  []string{"style", "region", "aisle", "totalQty"},
		"limit":   1000,
	})
	want = a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Sales' AND status <> 'Deleted' AND total_qty >= 10 AND region IN ('West','Central')`)
	got = rows(t, r)
	if len(got) != want || want == 0 || len(got[0]) != 6 {
		t.Fatalf("body query: %d rows (want %d), first %v", len(got), want, got[0])
	}
	// Deleted samples show only when the status filter asks for them.
	deleted := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Production' AND status = 'Deleted'`)
	r = c.Do("GET", "/api/sampleInventory/Production?status=Deleted&limit=1", nil)
	if rows(t, r); int(data(t, r)["totalCount"].(float64)) != deleted || deleted == 0 {
		t.Fatalf("deleted filter: %v want %d", data(t, r)["totalCount"], deleted)
	}
	// An emptied status filter is no filter: deleted samples stay hidden.
	if r := c.Do("GET", "/api/sampleInventory/Production?status=&limit=1", nil); int(data(t, r)["totalCount"].(float64)) != live+1 {
		t.Fatalf("empty status filter: %v, want %d", data(t, r)["totalCount"], live+1)
	}
	// Unknown filter and sort fields are clear 400s.
	for path, field := range map[string]string{
		"/api/sampleInventory/Production?nope=1":        "filters.nope",
		"/api/sampleInventory/Production?region=West":   "filters.region", // Production has no Sales location
		"/api/sampleInventory/Production?sort=nope":     "sort.nope",
		"/api/sampleInventory/Sales?fields=style,bogus": "fields.bogus",
		"/api/sampleInventory/Sales?totalQty=many":      "filters.totalQty",
	} {
		r := c.Do("GET", path, nil)
		d := details(r)
		if r.Status != 400 || len(d) != 1 || d[0]["field"] != field || (d[0]["rule"] != "filterValue" && !strings.Contains(r.Body["message"].(string), strings.SplitN(field, ".", 2)[1])) {
			t.Errorf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
	// The stream: totalCount first, then every row, then the end marker.
	total := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Sales' AND status <> 'Deleted' AND division = 'Footwear'`)
	for _, resp := range []*apptest.Response{
		c.Do("POST", "/api/sampleInventory/Sales/stream", map[string]any{"filters": map[string]any{"division": "Footwear"}}),
		c.Do("GET", "/api/sampleInventory/Sales?stream=true&division=Footwear", nil),
	} {
		lines := strings.Split(strings.TrimSpace(string(resp.Raw)), "\n")
		if resp.Status != 200 || resp.Header.Get("Content-Type") != "application/x-ndjson; charset=utf-8" || len(lines) != total+2 {
			t.Fatalf("stream: %d %s, %d lines for %d rows", resp.Status, resp.Header.Get("Content-Type"), len(lines), total)
		}
		if lines[0] != fmt.Sprintf(`{"totalCount":%d}`, total) || !strings.HasPrefix(lines[1], `{"id":"`) || !strings.HasPrefix(lines[len(lines)-1], `{"done":true`) {
			t.Fatalf("stream lines: %s ... %s", lines[0], lines[len(lines)-1])
		}
	} // Groups of the library by a column: the database's counts within the library, deleted
	// samples left out, in the rows' order sorted by the column (NULLs last).
	r = c.Do("POST", "/api/sampleInventory/Production/groups", map[string]any{"field": "division", "filters": map[string]any{"totalQty": map[string]any{"gte": 1}}})
	var groups []string
	sum := 0
	for _, g := range data(t, r)["groups"].([]any) {
		m := g.(map[string]any)
		n := int(m["count"].(float64))
		if want := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Production' AND status <> 'Deleted' AND total_qty >= 1 AND division = $1`, m["value"]); n != want {
			t.Fatalf("group %v: %d, want %d", m["value"], n, want)
		}
		groups = append(groups, m["value"].(string))
		sum += n
	}
	if want := a.Count(`SELECT count(*) FROM sample_inventory WHERE library = 'Production' AND status <> 'Deleted' AND total_qty >= 1`); sum != want || int(data(t, r)["totalCount"].(float64)) != want || !sort.StringsAreSorted(groups) || len(groups) < 2 {
		t.Fatalf("groups %v: %d rows, want %d: %s", groups, sum, want, r.Raw)
	}
	for body, field := range map[string]string{
		`{"field": "region"}`:                           "field", // a Sales column
		`{"field": "division", "filters": {"nope": 1}}`: "filters.nope",
	} {
		if r := c.Do("POST", "/api/sampleInventory/Production/groups", body); r.Status != 400 || details(r)[0]["field"] != field {
			t.Errorf("%s: %d %s", body, r.Status, r.Raw)
		}
	}
}

func TestPermissions(t *testing.T) {
	a := start(t)
	salesID, salesV := sample(t, a, "Sales", "true")
	prodID, prodV := sample(t, a, "Production", "total_qty > 1")
	before := state(t, a)
	anon := a.Client()
	if r := anon.Do("GET", "/api/sampleInventory/Production", nil); r.Status != 401 {
		t.Fatalf("anonymous: %d", r.Status)
	}
	// A plain user has no sample inventory permission at all.
	u := a.Client()
	u.Login("user@example.com")
	for _, call := range []struct{ method, path string }{
		{"GET", "/api/sampleInventory/Production"},
		{"PATCH", "/api/sampleInventory/Production/batch/many"},
		{"PATCH", "/api/sampleInventory/" + prodID},
		{"POST", "/api/sampleInventory"},
	} {
		if r := u.Do(call.method, call.path, map[string]any{"update": []any{}}); r.Status != 403 || r.Body["messageCode"] != "ITS_ERR_FORBIDDEN" {
			t.Errorf("user %s %s: %d", call.method, call.path, r.Status)
		}
	}
	// The coordinator has Production department access only.
	co := a.Client()
	co.Login("coordinator@example.com")
	if r := co.Do("GET", "/api/sampleInventory/Production?limit=1", nil); r.Status != 200 {
		t.Fatalf("coordinator Production: %d", r.Status)
	}
	for _, call := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/sampleInventory/Sales", nil},
		{"GET", "/api/sampleInventory/SampleInventorySales/schema", nil},
		{"POST", "/api/sampleInventory/Sales/stream", map[string]any{}},
		{"POST", "/api/sampleInventory/export/xlsx/Sales", map[string]any{"columns": []map[string]string{{"field": "style"}}}},
		{"POST", "/api/sampleInventory/export/csv/Sales", map[string]any{"columns": []map[string]string{{"field": "style"}}}},
		{"PATCH", "/api/sampleInventory/Sales/batch/many", map[string]any{"update": []any{map[string]any{"id": salesID, "version": salesV, "changes": map[string]any{"totalQty": 1}}}}},
		{"PATCH", "/api/sampleInventory/" + salesID, map[string]any{"version": salesV, "totalQty": 1}},
		{"DELETE", "/api/sampleInventory/" + salesID + "?version=" + strconv.Itoa(salesV), nil},
		{"POST", "/api/sampleInventory", map[string]any{"library": "Sales", "style": "12345"}},
		{"GET", "/api/sampleInventoryTracking/Sales/" + salesID, nil},
		{"PATCH", "/api/sampleInventory/Sales/transfer", map[string]any{"samples": []any{map[string]any{"id": prodID, "version": prodV, "region": "West", "aisle": "01", "direction": "Left", "level": "1"}}}},
	} {
		if r := co.Do(call.method, call.path, call.body); r.Status != 403 {
			t.Errorf("coordinator %s %s: %d %s", call.method, call.path, r.Status, r.Raw)
		}
	}
	if state(t, a) != before {
		t.Fatal("refused requests changed the inventory")
	}
	// The registry shows each user only the routes of the libraries they may open.
	mods := co.Do("GET", "/api/modules", nil)
	var routes []string
	for _, m := range mods.Body["data"].([]any) {
		mm := m.(map[string]any)
		if mm["id"] == "sampleinventory" {
			for _, r := range mm["routes"].([]any) {
				routes = append(routes, r.(map[string]any)["name"].(string))
			}
			if nav := mm["nav"].([]any); len(nav) != 1 || nav[0].(map[string]any)["path"] != "/product/libraries/samples" {
				t.Fatalf("nav: %v", nav)
			}
			if mm["remote"].(map[string]any)["entry"] != "/remotes/sample-inventory/mf-manifest.json" {
				t.Fatalf("remote: %v", mm["remote"])
			}
		}
	}
	if !reflect.DeepEqual(routes, []string{"product-libraries", "product-libraries--samples", "product-libraries--samples--production"}) {
		t.Fatalf("coordinator routes: %v", routes)
	}
	for _, m := range u.Do("GET", "/api/modules", nil).Body["data"].([]any) {
		if m.(map[string]any)["id"] == "sampleinventory" {
			t.Fatal("a user without the permission sees the sample inventory")
		}
	}
}

func TestBatchWritesAndTracking(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("seniorCoordinator@example.com")
	upd, updV := sample(t, a, "Production", "division = 'Footwear' AND total_qty > 2")
	del, delV := sample(t, a, "Production", "division = 'Apparel'")
	tracking := a.Count(`SELECT count(*) FROM sample_inventory_tracking`)
	body := map[string]any{
		"update": []any{map[string]any{"id": upd, "version": updV, "changes": map[string]any{"totalQty": "7", "bin": "C-04-02", "status": "checked out"}}},
		"add": []any{map[string]any{"tempId": "t1", "values": map[string]any{
			"division": "footwear", "style": "12-345", "color": "BLK/WHT", "size": "9.5", "side": "pair", "status": "Available",
			"moldNum": "M-4471", "moldDate": "03/07/2025", "bin": "A-01-03", "totalQty": 4, "gender": "womens",
		}}},
		"delete": []any{map[string]any{"id": del, "version": delV}},
	}
	r := c.Do("PATCH", "/api/sampleInventory/Production/batch/many", body)
	if r.Status != 200 {
		t.Fatalf("batch: %d %s", r.Status, r.Raw)
	}
	d := data(t, r)
	up := d["updated"].([]any)[0].(map[string]any)
	if up["totalQty"] != float64(7) || up["onHandQty"] != float64(7) || up["status"] != "Checked Out" || up["version"] != float64(updV+1) || up["trackingAction"] != "Updated" {
		t.Fatalf("updated row: %v", up)
	}
	added := d["added"].([]any)[0].(map[string]any)
	row := added["row"].(map[string]any)
	if added["tempId"] != "t1" || row["style"] != "12345" || row["division"] != "Footwear" || row["side"] != "Pair" || row["moldNum"] != "M4471" ||
		row["moldDate"] != "2025-03-07" || row["onHandQty"] != float64(4) || row["createdByUser"] != "Simon Senior-Coordinator" || row["library"] != "Production" || row["gender"] != "Womens" {
		t.Fatalf("added row: %v", row)
	}
	if dl := d["deleted"].([]any)[0].(map[string]any); dl["status"] != "Deleted" || dl["trackingAction"] != "Deleted" {
		t.Fatalf("deleted row: %v", dl)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE id = $1 AND status = 'Deleted'`, del); n != 1 {
		t.Fatal("delete did not set status Deleted")
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory_tracking`); n != tracking+3 {
		t.Fatalf("%d tracking entries for 3 writes", n-tracking)
	}
	// The history names the user, the action and the changed fields, newest first.
	h := c.Do("GET", "/api/sampleInventoryTracking/SampleInventoryProduction/"+upd, nil)
	entries := h.Body["data"].([]any)
	first := entries[0].(map[string]any)
	changes := first["changes"].(map[string]any)
	if h.Status != 200 || first["action"] != "Updated" || first["user"].(map[string]any)["userCode"] != "SCR001" || first["user"].(map[string]any)["name"] != "Simon Senior-Coordinator" {
		t.Fatalf("history: %s", h.Raw)
	}
	if changes["totalQty"].(map[string]any)["to"] != float64(7) || changes["bin"].(map[string]any)["to"] != "C-04-02" || changes["status"].(map[string]any)["from"] == nil || changes["onHandQty"] == nil {
		t.Fatalf("changes: %v", changes)
	}
	if entries[len(entries)-1].(map[string]any)["action"] != "Created" {
		t.Fatal("the history does not start with the creation")
	}
	// Undo of the delete is an update setting the status back: tracked as Restored.
	r = c.Do("PATCH", "/api/sampleInventory/Production/batch/many", map[string]any{"update": []any{map[string]any{"id": del, "version": delV + 1, "changes": map[string]any{"status": "Available"}}}})
	if r.Status != 200 || data(t, r)["updated"].([]any)[0].(map[string]any)["trackingAction"] != "Restored" {
		t.Fatalf("undo: %d %s", r.Status, r.Raw)
	}

	// Refusals write nothing: a stale version (409 userLock), one bad row among good ones, a
	// negative quantity, a duplicate sample, a Sales row through the Production path, an empty
	// batch, style edits on existing rows.
	before := state(t, a)
	good := map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"totalQty": 9}}
	cases := []struct {
		name   string
		path   string
		body   any
		status int
		rule   string
		msg    string
	}{
		{"stale version", "Production", map[string]any{"update": []any{good, map[string]any{"id": del, "version": delV, "changes": map[string]any{"bin": "B-01-01"}}}}, 409, "", ""},
		{"one bad row", "Production", map[string]any{"update": []any{good}, "add": []any{map[string]any{"tempId": "x", "values": map[string]any{"division": "Shoes", "style": "1", "color": "BLK", "status": "Available", "side": "L", "totalQty": 1, "bin": "A-01-01"}}}}, 400, "list", "'Shoes' is not a valid Division"},
		{"negative quantity", "Production", map[string]any{"update": []any{map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"totalQty": -3}}}}, 400, "numeric", "Total Qty cannot be negative"},
		// Other notations are refused, not stripped into other numbers (issue 17 finding 9).
		{"exponent quantity", "Production", map[string]any{"update": []any{map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"totalQty": "1e999"}}}}, 400, "numeric", "Total Qty must be a number"},
		{"hex quantity", "Production", map[string]any{"update": []any{map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"totalQty": "0x10"}}}}, 400, "numeric", "Total Qty must be a number"},
		{"quantity with letters", "Production", map[string]any{"add": []any{map[string]any{"tempId": "x", "values": map[string]any{"division": "POP", "style": "99999", "color": "CLR", "status": "Available", "side": "Pair", "totalQty": "12abc", "bin": "A-01-01"}}}}, 400, "numeric", "Total Qty must be a number"},
		{"NaN quantity", "Production", map[string]any{"update": []any{map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"totalQty": "NaN"}}}}, 400, "numeric", "Total Qty must be a number"},
		{"missing required on add", "Production", map[string]any{"add": []any{map[string]any{"tempId": "x", "values": map[string]any{"division": "POP", "style": "99999", "color": "CLR", "status": "Available", "side": "Pair", "totalQty": 1}}}}, 400, "required", "Bin is required"},
		{"duplicate sample", "Production", map[string]any{"update": []any{good}, "add": []any{map[string]any{"tempId": "dup", "values": map[string]any{
			"division": "Footwear", "style": "12345", "color": "blk/wht", "size": "9.5", "side": "Pair", "status": "Available", "moldNum": "M4471", "moldDate": "2025-03-07", "bin": "a-01-03", "totalQty": 1}}}}, 400, "duplicate", "Duplicate Sample"},
		{"row of another library", "Sales", map[string]any{"update": []any{map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"totalQty": 1}}}}, 404, "", ""},
		{"style only on new rows", "Production", map[string]any{"update": []any{map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"style": "54321"}}}}, 400, "notEditable", "Style cannot be edited here"},
		{"on-hand is the server's", "Production", map[string]any{"update": []any{map[string]any{"id": upd, "version": updV + 1, "changes": map[string]any{"onHandQty": 1}}}}, 400, "notEditable", "On Hand Qty cannot be edited here"},
		{"nothing to do", "Production", map[string]any{"update": []any{}, "add": []any{}, "delete": []any{}}, 400, "", "Error. Your request was empty. Nothing has been submitted. Please try again."},
	}
	for _, tc := range cases {
		r := c.Do("PATCH", "/api/sampleInventory/"+tc.path+"/batch/many", tc.body)
		if r.Status != tc.status {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
			continue
		}
		if tc.status == 409 {
			det := r.Body["details"].(map[string]any)
			if det["errorType"] != "userLock" || det["rows"].([]any)[0].(map[string]any)["id"] != del {
				t.Errorf("stale: %s", r.Raw)
			}
		}
		if tc.rule != "" {
			d := details(r)
			if len(d) == 0 || d[0]["rule"] != tc.rule || d[0]["message"] != tc.msg {
				t.Errorf("%s: %s", tc.name, r.Raw)
			}
		}
		if tc.rule == "" && tc.msg != "" && (r.Body["message"] != tc.msg || r.Body["details"] != "Nothing to do") {
			t.Errorf("%s: %s", tc.name, r.Raw)
		}
		if state(t, a) != before {
			t.Fatalf("%s: the refused batch wrote", tc.name)
		}
	}

	// The single-row calls go through the same rules.
	cr := c.Do("POST", "/api/sampleInventory", map[string]any{"library": "Sales", "division": "Apparel", "style": "45678", "color": "NVY", "size": "M", "status": "Available", "side": "Pair", "totalQty": 3, "region": "west", "aisle": "07", "direction": "left", "level": "2"})
	if cr.Status != 201 || data(t, cr)["region"] != "West" || data(t, cr)["library"] != "Sales" {
		t.Fatalf("create: %d %s", cr.Status, cr.Raw)
	}
	id := data(t, cr)["id"].(string)
	if r := c.Do("POST", "/api/sampleInventory", map[string]any{"library": "Sales", "division": "Apparel", "style": "45679", "color": "NVY", "status": "Available", "side": "Pair", "totalQty": 3}); r.Status != 400 || len(details(r)) != 4 {
		t.Fatalf("create without the Sales location: %d %s", r.Status, r.Raw)
	}
	p := c.Do("PUT", "/api/sampleInventory/"+id, map[string]any{"version": 1, "totalQty": 5})
	if p.Status != 200 || data(t, p)["onHandQty"] != float64(5) || data(t, p)["version"] != float64(2) {
		t.Fatalf("put: %d %s", p.Status, p.Raw)
	}
	p = c.Do("PATCH", "/api/sampleInventory/"+id, map[string]any{"version": 2, "shelf": "b-2"})
	if p.Status != 200 || data(t, p)["shelf"] != "b2" {
		t.Fatalf("patch: %d %s", p.Status, p.Raw)
	}
	if r := c.Do("PATCH", "/api/sampleInventory/"+id, map[string]any{"version": 2, "shelf": "C"}); r.Status != 409 || r.Body["details"].(map[string]any)["errorType"] != "userLock" {
		t.Fatalf("stale patch: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("DELETE", "/api/sampleInventory/"+id+"?version=3", nil); r.Status != 200 || data(t, r)["status"] != "Deleted" {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("DELETE", "/api/sampleInventory/00000000-0000-0000-0000-000000000000?version=1", nil); r.Status != 404 {
		t.Fatalf("delete unknown: %d", r.Status)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory_tracking WHERE sample_id = $1`, id); n != 4 {
		t.Fatalf("%d tracking entries for create, put, patch, delete", n)
	}
	// A plain editor of the sample inventory may edit; the user without it may not (see
	// TestPermissions); manual tracking entries need edit too.
	tr := c.Do("POST", "/api/sampleInventoryTracking/Production", map[string]any{"ids": []string{upd, del}, "action": "count verified", "note": "Quarterly count"})
	if tr.Status != 200 || data(t, tr)["count"] != float64(2) || a.Count(`SELECT count(*) FROM sample_inventory WHERE id IN ($1, $2) AND tracking_action = 'Count Verified'`, upd, del) != 2 {
		t.Fatalf("manual tracking: %d %s", tr.Status, tr.Raw)
	}
	before = state(t, a)
	for _, bad := range []map[string]any{
		{"ids": []string{upd}, "action": "Teleported"},
		{"ids": []string{upd}, "action": "Note"},
		{"ids": []string{}, "action": "Note", "note": "x"},
		{"ids": []string{id}, "action": "Note", "note": "a Sales sample through the Production path"},
	} {
		if r := c.Do("POST", "/api/sampleInventoryTracking/Production", bad); r.Status != 400 && r.Status != 404 {
			t.Errorf("manual tracking %v: %d", bad, r.Status)
		}
	}
	if r := c.Do("GET", "/api/sampleInventoryTracking/Sales/"+upd, nil); r.Status != 404 {
		t.Fatalf("history through the other library: %d", r.Status)
	}
	if state(t, a) != before {
		t.Fatal("refused tracking wrote")
	}
}

func TestValidate(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	// An existing live sample, sent again with other casing: sampleExists.
	var ex map[string]any
	rows := rows(t, c.Do("GET", "/api/sampleInventory/Production?division=Footwear&status=Available&limit=1", nil))
	ex = rows[0]
	existing := map[string]any{"division": ex["division"], "style": ex["style"], "color": strings.ToLower(ex["color"].(string)), "size": ex["size"], "side": ex["side"],
		"status": ex["status"], "moldNum": ex["moldNum"], "moldDate": ex["moldDate"], "bin": ex["bin"], "totalQty": 1}
	good := map[string]any{"division": "Footwear", "style": "33333", "color": "BLK", "size": "10", "side": "L", "status": "Available", "bin": "A-02-02", "totalQty": "3", "notAColumn": "x"}
	before := state(t, a)
	r := c.Do("POST", "/api/sampleInventory/validate/Production", map[string]any{"rows": []any{
		good,
		map[string]any{"division": "Footwear", "style": "33334", "color": "BLK", "status": "Available", "side": "R", "totalQty": 1},
		map[string]any{"division": "", "style": " ", "color": nil},
		good,
		existing,
		map[string]any{"division": "Boots", "style": "33335", "color": "BLK", "status": "Available", "side": "R", "totalQty": -1, "bin": "A-01-01"},
	}})
	if r.Status != 200 {
		t.Fatalf("validate: %d %s", r.Status, r.Raw)
	}
	d := data(t, r)
	res := d["rows"].([]any)
	errs := func(i int) []string {
		var out []string
		for _, e := range res[i].(map[string]any)["errors"].([]any) {
			em := e.(map[string]any)
			out = append(out, em["field"].(string)+":"+em["errorType"].(string)+":"+em["message"].(string))
		}
		return out
	}
	if d["valid"] != false || d["errorCount"] != float64(5) || !reflect.DeepEqual(d["strippedFields"], []any{"notAColumn"}) {
		t.Fatalf("summary: %s", r.Raw)
	}
	if e := errs(0); len(e) != 0 || res[0].(map[string]any)["values"].(map[string]any)["totalQty"] != float64(3) {
		t.Fatalf("good row: %v %v", e, res[0])
	}
	if e := errs(1); !reflect.DeepEqual(e, []string{"bin:notblank:Sample Missing Value"}) {
		t.Fatalf("missing bin: %v", e)
	}
	if res[2].(map[string]any)["ignored"] != true || len(errs(2)) != 0 {
		t.Fatalf("blank row: %v", res[2])
	}
	if e := errs(3); len(e) != 1 || !strings.HasPrefix(e[0], "style:duplicate:Duplicate Sample") {
		t.Fatalf("duplicate in request: %v", e)
	}
	if e := errs(4); !reflect.DeepEqual(e, []string{"style:sampleExists:Duplicate Sample"}) {
		t.Fatalf("existing sample: %v", e)
	}
	if e := errs(5); !reflect.DeepEqual(e, []string{"division:list:'Boots' is not a valid Division", "totalQty:numeric:Total Qty cannot be negative"}) {
		t.Fatalf("bad cells: %v", e)
	}
	// Sales locations, numbers in other notations and the empty request: the shared vectors
	// (TestValidateVectors).
	if state(t, a) != before {
		t.Fatal("validate wrote")
	}
}

func TestAutocompleteAndSchema(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("seniorEditor@example.com")
	r := c.Do("GET", "/api/sampleInventory/autocomplete/SampleInventoryProduction/style/1", nil)
	list := r.Body["data"].([]any)
	if r.Status != 200 || len(list) != 10 {
		t.Fatalf("autocomplete: %d %s", r.Status, r.Raw)
	}
	for i, v := range list {
		if !strings.HasPrefix(v.(string), "1") || (i > 0 && v.(string) <= list[i-1].(string)) {
			t.Fatalf("autocomplete values: %v", list)
		}
	}
	r = c.Do("GET", "/api/sampleInventory/autocomplete/Production/color/"+url.PathEscape("blk/"), nil)
	if list := r.Body["data"].([]any); r.Status != 200 || len(list) == 0 || !strings.HasPrefix(list[0].(string), "BLK/") {
		t.Fatalf("autocomplete with a slash: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("GET", "/api/sampleInventory/autocomplete/Production/region/W", nil); r.Status != 400 {
		t.Fatalf("autocomplete on a field Production lacks: %d", r.Status)
	}
	if r := c.Do("GET", "/api/sampleInventory/autocomplete/Sales/region/w", nil); r.Status != 200 || len(r.Body["data"].([]any)) != 1 || r.Body["data"].([]any)[0] != "West" {
		t.Fatalf("autocomplete region: %s", r.Raw)
	}
	s := c.Do("GET", "/api/sampleInventory/Sales/schema", nil)
	sd := data(t, s)
	var fields []string
	for _, col := range sd["columns"].([]any) {
		fields = append(fields, col.(map[string]any)["field"].(string))
	}
	if sd["manageType"] != "SampleInventorySales" || sd["softDelete"].(map[string]any)["value"] != "Deleted" || !strings.Contains(strings.Join(fields, ","), "bin,totalQty,onHandQty,region,aisle,direction,level,shelf,newBin") {
		t.Fatalf("Sales schema: %v %v", sd["manageType"], fields)
	}
	if !reflect.DeepEqual(sd["requiredFields"], []any{"division", "style", "color", "status", "side", "totalQty", "region", "aisle", "direction", "level"}) || sd["messages"].(map[string]any)["notblank"] != "Sample Missing Value" {
		t.Fatalf("Sales rules: %v", sd["requiredFields"])
	}
	p := data(t, c.Do("GET", "/api/sampleInventory/Production/schema", nil))
	for _, col := range p["columns"].([]any) {
		cm := col.(map[string]any)
		if cm["field"] == "region" {
			t.Fatal("Production schema has the Sales location")
		}
		if cm["field"] == "bin" && (cm["required"] != true || cm["validators"].([]any)[1] != "nonClearable") {
			t.Fatalf("Production bin: %v", cm)
		}
		if cm["field"] == "style" && cm["editableWhen"] != "newRows" {
			t.Fatalf("style: %v", cm)
		}
	}
	if r := c.Do("GET", "/api/sampleInventory/Archive/schema", nil); r.Status != 403 && r.Status != 404 {
		t.Fatalf("unknown library: %d", r.Status)
	}
}

func TestTransfer(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	splitID, splitV := sample(t, a, "Production", "status = 'Available' AND total_qty >= 4 AND division = 'Footwear'")
	moveID, moveV := sample(t, a, "Production", "status = 'Available' AND division = 'Apparel'")
	var splitQty int
	_ = a.DB.QueryRow(context.Background(), `SELECT total_qty FROM sample_inventory WHERE id = $1`, splitID).Scan(&splitQty)
	loc := map[string]any{"region": "central", "aisle": "12", "direction": "Right", "level": "3", "shelf": "B"}
	withLoc := func(m map[string]any) map[string]any {
		for k, v := range loc {
			if _, set := m[k]; !set {
				m[k] = v
			}
		}
		return m
	}
	// Refusals first: nothing moves.
	before := state(t, a)
	for _, tc := range []struct {
		name   string
		body   any
		status int
		rule   string
	}{
		{"missing Sales location", map[string]any{"samples": []any{map[string]any{"id": splitID, "version": splitV, "region": "West"}}}, 400, "notblank"},
		{"bad direction", map[string]any{"samples": []any{withLoc(map[string]any{"id": splitID, "version": splitV, "direction": "Up"})}}, 400, "list"},
		{"stale", map[string]any{"samples": []any{withLoc(map[string]any{"id": moveID, "version": moveV}), withLoc(map[string]any{"id": splitID, "version": splitV + 1})}}, 409, ""},
		{"too many", map[string]any{"samples": []any{withLoc(map[string]any{"id": splitID, "version": splitV, "quantity": splitQty + 1})}}, 400, "quantity"},
		{"empty", map[string]any{"samples": []any{}}, 400, ""},
	} {
		r := c.Do("PATCH", "/api/sampleInventory/Sales/transfer", tc.body)
		if r.Status != tc.status || (tc.rule != "" && details(r)[0]["rule"] != tc.rule) {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
		}
		if state(t, a) != before {
			t.Fatalf("%s: a refused transfer wrote", tc.name)
		}
	}
	// Part of one sample, all of another.
	r := c.Do("PATCH", "/api/sampleInventory/Sales/transfer", map[string]any{"samples": []any{
		withLoc(map[string]any{"id": splitID, "version": splitV, "quantity": 1}),
		withLoc(map[string]any{"id": moveID, "version": moveV}),
	}})
	if r.Status != 200 {
		t.Fatalf("transfer: %d %s", r.Status, r.Raw)
	}
	d := data(t, r)
	tr := d["transfers"].([]any)
	split, moved := tr[0].(map[string]any), tr[1].(map[string]any)
	if split["mode"] != "split" || split["quantity"] != float64(1) || moved["mode"] != "moved" || moved["salesId"] != moveID {
		t.Fatalf("transfers: %v", tr)
	}
	salesID := split["salesId"].(string)
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE id = $1 AND library = 'Production' AND total_qty = $2 AND on_hand_qty = $2 AND version = $3`, splitID, splitQty-1, splitV+1); n != 1 {
		t.Fatal("source of the split not reduced")
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory s JOIN sample_inventory p ON p.id = $2
		WHERE s.id = $1 AND s.library = 'Sales' AND s.total_qty = 1 AND s.region = 'Central' AND s.aisle = '12' AND s.direction = 'Right' AND s.level = '3'
		AND s.style = p.style AND s.color = p.color AND s.size IS NOT DISTINCT FROM p.size AND s.bin = p.bin`, salesID, splitID); n != 1 {
		t.Fatal("split Sales sample not created as a copy")
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE id = $1 AND library = 'Sales' AND region = 'Central'`, moveID); n != 1 {
		t.Fatal("moved sample not in Sales")
	}
	if len(d["sales"].([]any)) != 2 || len(d["production"].([]any)) != 1 {
		t.Fatalf("answer rows: %s", r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory_tracking WHERE action IN ('Transferred to Sales', 'Transferred from Production') AND sample_id IN ($1, $2, $3)`, splitID, moveID, salesID); n != 3 {
		t.Fatalf("%d transfer tracking entries", n)
	}
	// The rest of the split sample to the same place joins the Sales sample made above.
	r = c.Do("PATCH", "/api/sampleInventory/Sales/transfer", map[string]any{"samples": []any{withLoc(map[string]any{"id": splitID, "version": splitV + 1})}})
	if r.Status != 200 || data(t, r)["transfers"].([]any)[0].(map[string]any)["mode"] != "merged" || data(t, r)["transfers"].([]any)[0].(map[string]any)["salesId"] != salesID {
		t.Fatalf("merge: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE id = $1 AND total_qty = $2 AND on_hand_qty = $2`, salesID, splitQty); n != 1 {
		t.Fatal("merged quantity wrong")
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE id = $1 AND status = 'Deleted' AND total_qty = 0`, splitID); n != 1 {
		t.Fatal("emptied source not deleted")
	}
	// A sample already in Sales is not in Production any more.
	if r := c.Do("PATCH", "/api/sampleInventory/Sales/transfer", map[string]any{"samples": []any{withLoc(map[string]any{"id": moveID, "version": moveV + 1})}}); r.Status != 404 {
		t.Fatalf("transfer of a Sales sample: %d", r.Status)
	}
}

func TestExport(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	r := c.Do("POST", "/api/sampleInventory/export/xlsx/Production", map[string]any{
		"columns": []map[string]string{{"field": "bin", "headerName": "Bin #"}, {"field": "style"}, {"field": "color"}, {"field": "size"}, {"field": "totalQty"}, {"field": "moldDate"}},
		"filters": map[string]any{"division": "POP"},
		"sort":    []map[string]string{{"field": "bin"}, {"field": "style"}},
		"groupBy": []string{"status"},
	})
	if r.Status != 200 || !regexp.MustCompile(`filename="SampleInventory_Production_\d{4}-\d{2}-\d{2}\.xlsx"`).MatchString(r.Header.Get("Content-Disposition")) {
		t.Fatalf("export: %d %v", r.Status, r.Header)
	}
	x, err := excelize.OpenReader(bytes.NewReader(r.Raw))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := x.GetRows(x.GetSheetName(0))
	want := [][]string{{"Bin #", "Style", "Color", "Size", "Total Qty", "Mold Date"}}
	dbRows, err := a.DB.Query(context.Background(), `SELECT status, bin, style, color, coalesce(size, ''), total_qty, count(*) OVER (PARTITION BY status)
		FROM sample_inventory WHERE library = 'Production' AND status <> 'Deleted' AND division = 'POP' ORDER BY status, bin, style, id`)
	if err != nil {
		t.Fatal(err)
	}
	group := ""
	for dbRows.Next() {
		var status, bin, style, color, size string
		var qty, n int
		if err := dbRows.Scan(&status, &bin, &style, &color, &size, &qty, &n); err != nil {
			t.Fatal(err)
		}
		if status != group {
			want = append(want, []string{fmt.Sprintf("Status: %s (%d)", status, n)})
			group = status
		}
		want = append(want, []string{bin, style, color, size, strconv.Itoa(qty)})
	}
	if len(want) < 20 {
		t.Fatalf("too few POP rows: %d", len(want))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("export rows differ: got %d rows, want %d\nfirst got %q\nfirst want %q", len(got), len(want), got[:min(4, len(got))], want[:4])
	}
	b, _ := json.Marshal(map[string]any{"columns": []map[string]string{{"field": "region"}}})
	if r := c.Do("POST", "/api/sampleInventory/export/xlsx/Production", b); r.Status != 400 {
		t.Fatalf("export of a Sales column from Production: %d", r.Status)
	}

	// The same view as csv: the same rows, group headers as first cells of empty rows.
	r = c.Do("POST", "/api/sampleInventory/export/csv/Production", map[string]any{
		"columns": []map[string]string{{"field": "bin", "headerName": "Bin #"}, {"field": "style"}, {"field": "color"}, {"field": "size"}, {"field": "totalQty"}, {"field": "moldDate"}},
		"filters": map[string]any{"division": "POP"},
		"sort":    []map[string]string{{"field": "bin"}, {"field": "style"}},
		"groupBy": []string{"status"},
	})
	if r.Status != 200 || !regexp.MustCompile(`filename="SampleInventory_Production_\d{4}-\d{2}-\d{2}\.csv"`).MatchString(r.Header.Get("Content-Disposition")) {
		t.Fatalf("csv export: %d %v", r.Status, r.Header)
	}
	lines, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Raw, []byte("\xEF\xBB\xBF")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(want) || !reflect.DeepEqual(lines[0], want[0]) || lines[1][0] != want[1][0] {
		t.Fatalf("csv: %d lines, want %d; first %q", len(lines), len(want), lines[:min(3, len(lines))])
	}
}
