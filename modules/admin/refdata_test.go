package admin_test

import (
	"bytes"
	"fmt"
	"testing"

	"its/core/app/apptest"
)

// gridRow reads the one row of a reference grid matching filters.
func gridRow(t *testing.T, c *apptest.Client, set string, filters map[string]any) map[string]any {
	t.Helper()
	r := c.Do("POST", "/api/admin/data/"+set+"/query", map[string]any{"filters": filters})
	rows, _ := r.Body["data"].(map[string]any)["rows"].([]any)
	if r.Status != 200 || len(rows) != 1 {
		t.Fatalf("%s %v: %d %s", set, filters, r.Status, r.Raw)
	}
	return rows[0].(map[string]any)
}

func tableState(t *testing.T, a *apptest.App) string {
	t.Helper()
	var s string
	if err := a.DB.QueryRow(t.Context(), `SELECT md5(
		(SELECT string_agg(c::text, ',' ORDER BY currency_code) FROM currencies c) ||
		(SELECT string_agg(l::text, ',' ORDER BY code) FROM locations l) ||
		(SELECT string_agg(x::text, ',' ORDER BY id) FROM territories x) ||
		(SELECT string_agg(d::text, ',' ORDER BY id) FROM division_groups d))`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestReferenceGrids: an admin edits each reference grid (versions move on, an audit entry per
// row with before and after); a stale version is a 409 userLock, a bad value a 400 with its
// message, and neither changes anything; list options come from the referred table.
func TestReferenceGrids(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	batch := func(set string, body map[string]any) *apptest.Response {
		return adm.Do("PATCH", "/api/admin/data/"+set+"/batch", body)
	}

	// A location's currency options are the currencies.
	sch := adm.Do("GET", "/api/admin/data/locations/schema", nil).Body["data"].(map[string]any)
	if cols := sch["columns"].([]any); fmt.Sprint(cols[2].(map[string]any)["options"]) != "[CAD EUR GBP JPY USD]" {
		t.Fatalf("currency options: %v", cols[2])
	}

	uk := gridRow(t, adm, "locations", map[string]any{"code": "UK"})
	r := batch("locations", map[string]any{"update": []any{map[string]any{"id": uk["id"], "version": uk["version"], "changes": map[string]any{"name": "Great Britain", "currencyCode": "eur"}}}})
	if r.Status != 200 {
		t.Fatalf("edit: %s", r.Raw)
	}
	got := gridRow(t, adm, "locations", map[string]any{"code": "UK"})
	if got["name"] != "Great Britain" || got["currencyCode"] != "EUR" || got["version"].(float64) != uk["version"].(float64)+1 {
		t.Fatalf("after the edit: %v", got)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'admin.locations.update' AND model_type = 'Location' AND model_id = $1
		AND data->'before'->>'currencyCode' = 'GBP' AND data->'after'->>'currencyCode' = 'EUR'`, uk["id"]); n != 1 {
		t.Fatalf("%d audit entries", n)
	}

	before := tableState(t, a)
	for _, tc := range []struct {
		set     string
		body    map[string]any
		status  int
		message string
	}{
		{"locations", map[string]any{"update": []any{map[string]any{"id": uk["id"], "version": uk["version"], "changes": map[string]any{"name": "UK"}}}}, 409, "This row was changed by someone else since you loaded it."},
		{"locations", map[string]any{"update": []any{map[string]any{"id": got["id"], "version": got["version"], "changes": map[string]any{"currencyCode": "XYZ"}}}}, 400, "'XYZ' is not a valid Currency"},
		{"locations", map[string]any{"update": []any{map[string]any{"id": got["id"], "version": got["version"], "changes": map[string]any{"region": "Mars"}}}}, 400, "'Mars' is not a valid Region"},
		{"locations", map[string]any{"update": []any{map[string]any{"id": got["id"], "version": got["version"], "changes": map[string]any{"code": "GB"}}}}, 400, "Location Code cannot be edited here"},
		{"locations", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"code": "US", "name": "Twice", "currencyCode": "USD", "region": "Domestic"}}}}, 400, "This location code already exists"},
		{"currencies", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"currencyCode": "chf", "currencySymbol": "Fr.", "decimalPlaces": 2}}}}, 400, "Currency Code must be three capital letters (ISO 4217)"},
		{"currencies", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"currencyCode": "CHF", "currencySymbol": "Fr.", "decimalPlaces": 7}}}}, 400, "Decimal Places must be from 0 to 4"},
		{"currencies", map[string]any{"delete": []any{map[string]any{"id": gridRow(t, adm, "currencies", map[string]any{"currencyCode": "USD"})["id"], "version": 1}}}, 400, "This currency is used by a location: change the location first"},
		{"territories", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"territory": "NORDICS", "businessEntity": "EUROPE", "locations": "EU, XX"}}}}, 400, "'EU, XX' is not a valid Locations"},
		{"territories", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"territory": "EUROPE", "businessEntity": "EUROPE"}}}}, 400, "This territory and business entity already exist"},
		{"divisionGroups", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"divisionGroup": "Pets", "genders": "Dogs"}}}}, 400, "'Dogs' is not a valid Genders"},
		{"divisionGroups", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"genders": "Mens"}}}}, 400, "Division Group is required"},
	} {
		r := batch(tc.set, tc.body)
		if r.Status != tc.status || r.Body["message"] != tc.message {
			t.Fatalf("%s %v: %d %s", tc.set, tc.body, r.Status, r.Raw)
		}
		if tableState(t, a) != before {
			t.Fatalf("%s %v changed the data", tc.set, tc.body)
		}
	}

	// Adds, with lists typed as Excel has them; then a delete.
	r = batch("currencies", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"currencyCode": "CHF", "currencySymbol": "Fr.", "decimalPlaces": "2"}}}})
	if r.Status != 200 {
		t.Fatalf("add currency: %s", r.Raw)
	}
	r = batch("territories", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"territory": "NORDICS", "businessEntity": "EUROPE", "locations": "eu, uk"}}}})
	if r.Status != 200 {
		t.Fatalf("add territory: %s", r.Raw)
	}
	added := r.Body["data"].(map[string]any)["added"].([]any)[0].(map[string]any)["row"].(map[string]any)
	if fmt.Sprint(added["locations"]) != "[EU UK]" || added["description"] != nil {
		t.Fatalf("added territory: %v", added)
	}
	kids := gridRow(t, adm, "divisionGroups", map[string]any{"divisionGroup": "Kids"})
	if fmt.Sprint(kids["genders"]) != "[Boys Girls Kids]" {
		t.Fatalf("Kids: %v", kids)
	}
	r = batch("divisionGroups", map[string]any{"update": []any{map[string]any{"id": kids["id"], "version": kids["version"], "changes": map[string]any{"genders": nil}}},
		"delete": []any{map[string]any{"id": added["id"], "version": added["version"]}}})
	if r.Status == 200 {
		t.Fatalf("a delete of another grid's row went through: %s", r.Raw)
	}
	r = batch("divisionGroups", map[string]any{"update": []any{map[string]any{"id": kids["id"], "version": kids["version"], "changes": map[string]any{"genders": nil}}}})
	if r.Status != 200 || fmt.Sprint(r.Body["data"].(map[string]any)["updated"].([]any)[0].(map[string]any)["genders"]) != "[]" {
		t.Fatalf("clear the genders: %s", r.Raw)
	}
	r = batch("territories", map[string]any{"delete": []any{map[string]any{"id": added["id"], "version": added["version"]}}})
	if r.Status != 200 || a.Count(`SELECT count(*) FROM territories WHERE territory = 'NORDICS'`) != 0 {
		t.Fatalf("delete: %s", r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action LIKE 'admin.%' AND model_type IN ('Currency', 'Territory', 'DivisionGroup')`); n != 4 {
		t.Fatalf("%d audit entries of the adds, the update and the delete", n)
	}

	// Each grid exports as xlsx.
	for _, set := range []string{"currencies", "locations", "territories", "divisionGroups"} {
		var cols []any
		for _, c := range adm.Do("GET", "/api/admin/data/"+set+"/schema", nil).Body["data"].(map[string]any)["columns"].([]any) {
			cols = append(cols, map[string]any{"field": c.(map[string]any)["field"], "headerName": c.(map[string]any)["headerName"]})
		}
		x := adm.Do("POST", "/api/admin/data/"+set+"/export/xlsx", map[string]any{"columns": cols})
		if x.Status != 200 || !bytes.HasPrefix(x.Raw, []byte("PK")) {
			t.Fatalf("%s export: %d %.200s", set, x.Status, x.Raw)
		}
	}
}

// TestReferenceGridsRefuseOthers: whoever lacks a grid's permission gets 403 from each of its
// calls and changes nothing; an admin of one grid (territories) is refused the others.
func TestReferenceGridsRefuseOthers(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	loc := gridRow(t, adm, "locations", map[string]any{"code": "US"})
	before := tableState(t, a)
	ed := a.Client()
	ed.Login("editor@example.com")
	for _, set := range []string{"currencies", "locations", "territories", "divisionGroups"} {
		for _, rq := range []struct{ method, path string }{{"GET", "/schema"}, {"POST", "/query"}, {"POST", "/stream"}, {"PATCH", "/batch"}, {"POST", "/export/xlsx"}} {
			var body any
			if rq.method != "GET" {
				body = map[string]any{"update": []any{map[string]any{"id": loc["id"], "version": loc["version"], "changes": map[string]any{"name": "X"}}}}
			}
			if r := ed.Do(rq.method, "/api/admin/data/"+set+rq.path, body); r.Status != 403 || r.Body["messageCode"] != "ITS_ERR_FORBIDDEN" {
				t.Fatalf("editor %s %s: %d %s", rq.method, set+rq.path, r.Status, r.Raw)
			}
		}
	}
	if tableState(t, a) != before {
		t.Fatal("a refused request changed the data")
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action LIKE '%denied%' OR action LIKE '%refused%'`); n == 0 {
		t.Fatal("the refused admin requests are not audited")
	}
}
