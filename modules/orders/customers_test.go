package orders_test

import (
	"bytes"
	"fmt"
	"testing"

	"its/core/app/apptest"
)

const customersGrid = "/api/admin/data/customers"

// customerRow reads the customers grid's row of an account.
func customerRow(t *testing.T, c *apptest.Client, account string) map[string]any {
	t.Helper()
	p := data(t, c.Do("POST", customersGrid+"/query", map[string]any{"filters": map[string]any{"account": account}}))
	rows := p["rows"].([]any)
	if len(rows) != 1 {
		t.Fatalf("account %s: %v", account, p)
	}
	return rows[0].(map[string]any)
}

// TestCustomersGrid: an admin edits a customer in the grid (terms, name, flags) and the
// wholesale customer lookup and the official customer search answer the edit; a stale version
// is refused with userLock, a term of another country and a blank name are refused with their
// message and nothing changes; every write is audited; a non-admin gets 403.
func TestCustomersGrid(t *testing.T) {
	a := start(t)
	adm := login(a, "admin")

	sch := data(t, adm.Do("GET", customersGrid+"/schema", nil))
	if sch["grid"] != "referenceData.customers" || len(sch["columns"].([]any)) < 10 {
		t.Fatalf("schema: %v", sch)
	}
	row := customerRow(t, adm, "A200100") // Schuhhaus Berger, EU / DE: terms N60 and S30
	id, version := row["id"].(string), row["version"].(float64)

	details := func() map[string]any {
		return data(t, adm.Do("POST", "/api/orders/wof/customer/details", map[string]any{"email": "buyer@example.com", "region": "EU", "id": "C2001"}))
	}
	if d := details(); d["termsInfo"].(map[string]any)["code"] != "N60" {
		t.Fatalf("default term before the edit: %v", d["termsInfo"])
	}

	r := adm.Do("PATCH", customersGrid+"/batch", map[string]any{"update": []any{map[string]any{"id": id, "version": version,
		"changes": map[string]any{"terms": "S30", "name": "Schuhhaus Berger GmbH", "corporate": true, "territory": "EUROPE"}}}})
	res := data(t, r)
	updated := res["updated"].([]any)[0].(map[string]any)
	if updated["version"].(float64) != version+1 || updated["terms"] != "S30" {
		t.Fatalf("batch: %s", r.Raw)
	}
	// The batch told the customers grid's live topic which row and fields changed, no value.
	var ev struct{ updated, fields []string }
	if err := a.DB.QueryRow(t.Context(), `SELECT updated, fields FROM live_events WHERE topic = 'customers:all' ORDER BY id DESC LIMIT 1`).Scan(&ev.updated, &ev.fields); err != nil {
		t.Fatalf("the batch's live event: %v", err)
	}
	if fmt.Sprint(ev.updated) != "["+id+"]" || fmt.Sprint(ev.fields) != "[corporate name terms territory]" {
		t.Fatalf("the batch's live event: %v %v", ev.updated, ev.fields)
	}
	if r := adm.Do("GET", "/api/live/customers:all?once=1", nil); r.Status != 200 {
		t.Fatalf("the customers' stream for an admin: %d", r.Status)
	}
	if r := login(a, "editor").Do("GET", "/api/live/customers:all?once=1", nil); r.Status != 404 {
		t.Fatalf("the customers' stream for an editor: %d, want 404", r.Status)
	}
	d := details()
	if d["name"] != "Schuhhaus Berger GmbH" || d["termsInfo"].(map[string]any)["code"] != "S30" {
		t.Fatalf("the wholesale lookup does not answer the edit: %v", d)
	}
	list := adm.Do("GET", "/api/customers/official/text?text=berger&territory=europe&corporateOnly=true&labelValue=true", nil)
	found := list.Body["data"].([]any)
	if len(found) != 1 || found[0].(map[string]any)["label"] != "Schuhhaus Berger GmbH (A200100)" || found[0].(map[string]any)["corporate"] != true {
		t.Fatalf("the official search does not answer the edit: %s", list.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'admin.customers.update' AND model_type = 'Customer' AND model_id = $1
		AND data->'before'->>'terms' IS NULL AND data->'after'->>'terms' = 'S30'`, id); n != 1 {
		t.Fatalf("%d audit entries", n)
	}

	unchanged := func() string {
		var s string
		if err := a.DB.QueryRow(t.Context(), `SELECT string_agg(c::text, ',' ORDER BY row_id) FROM order_customers c`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := unchanged()
	for _, tc := range []struct {
		body    map[string]any
		status  int
		message string
	}{
		// The version read before the edit is stale now.
		{map[string]any{"update": []any{map[string]any{"id": id, "version": version, "changes": map[string]any{"terms": "N60"}}}}, 409, "This row was changed by someone else since you loaded it."},
		// N45 is a term of Canada, not of Germany; the other row of the batch is not written either.
		{map[string]any{"update": []any{map[string]any{"id": id, "version": version + 1, "changes": map[string]any{"terms": "N45"}}},
			"add": []any{map[string]any{"tempId": "t1", "values": map[string]any{"account": "A999", "name": "New", "region": "US", "country": "US", "currency": "USD"}}}},
			400, "'N45' is not a term of EU DE: N60, S30"},
		{map[string]any{"update": []any{map[string]any{"id": id, "version": version + 1, "changes": map[string]any{"name": ""}}}}, 400, "Name cannot be cleared"},
		{map[string]any{"update": []any{map[string]any{"id": id, "version": version + 1, "changes": map[string]any{"currency": "XYZ"}}}}, 400, "'XYZ' is not a valid Currency"},
		{map[string]any{"add": []any{map[string]any{"tempId": "t1", "values": map[string]any{"account": "A100100", "name": "Twin", "region": "US", "country": "US", "currency": "USD"}}}}, 400, "This account number already belongs to a customer"},
	} {
		r := adm.Do("PATCH", customersGrid+"/batch", tc.body)
		if r.Status != tc.status || r.Body["message"] != tc.message {
			t.Fatalf("%v: %d %s", tc.body, r.Status, r.Raw)
		}
		if unchanged() != before {
			t.Fatalf("%v changed the customers", tc.body)
		}
	}

	// A new customer gets an id, is found by the wholesale lookup, and can be deleted.
	r = adm.Do("PATCH", customersGrid+"/batch", map[string]any{"add": []any{map[string]any{"tempId": "t1", "values": map[string]any{
		"customerId": "C3001", "account": "A300100", "name": "Alpine Trail GmbH", "region": "EU", "country": "DE", "currency": "EUR", "terms": "N60"}}}})
	added := data(t, r)["added"].([]any)[0].(map[string]any)["row"].(map[string]any)
	if d := data(t, adm.Do("POST", "/api/orders/wof/customer/details", map[string]any{"email": "buyer@example.com", "region": "EU", "id": "C3001"})); d["name"] != "Alpine Trail GmbH" {
		t.Fatalf("added customer: %v", d)
	}
	r = adm.Do("PATCH", customersGrid+"/batch", map[string]any{"delete": []any{map[string]any{"id": added["id"], "version": added["version"]}}})
	if r.Status != 200 || a.Count(`SELECT count(*) FROM order_customers WHERE id = 'C3001'`) != 0 {
		t.Fatalf("delete: %s", r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action IN ('admin.customers.add', 'admin.customers.delete') AND model_id = $1`, added["id"]); n != 2 {
		t.Fatalf("%d audit entries of the add and delete", n)
	}

	// The export is the grid as an xlsx workbook.
	x := adm.Do("POST", customersGrid+"/export/xlsx", map[string]any{"columns": []any{map[string]any{"field": "name", "headerName": "Name"}, map[string]any{"field": "terms", "headerName": "Terms"}}})
	if x.Status != 200 || !bytes.HasPrefix(x.Raw, []byte("PK")) {
		t.Fatalf("export: %d %.200s", x.Status, x.Raw)
	}

	// Whoever is not a customers admin is refused and changes nothing.
	for _, role := range []string{"editor", "manager", "seniorCoordinator"} {
		c := login(a, role)
		for _, rq := range []struct{ method, path string }{{"GET", "/schema"}, {"POST", "/query"}, {"PATCH", "/batch"}, {"POST", "/export/xlsx"}, {"POST", "/export/csv"}} {
			body := any(nil)
			if rq.method != "GET" {
				body = map[string]any{"update": []any{map[string]any{"id": id, "version": version + 1, "changes": map[string]any{"terms": "N60"}}}}
			}
			if r := c.Do(rq.method, customersGrid+rq.path, body); r.Status != 403 {
				t.Fatalf("%s %s %s: %d", role, rq.method, rq.path, r.Status)
			}
		}
	}
	if unchanged() != before {
		t.Fatal("a refused request changed the customers")
	}
}

// TestOfficialCustomers: the official search (moved here with the customer list) by text with
// the account in the label, by territory and corporate flag, at most 10; a customer that is not
// official is not offered.
func TestOfficialCustomers(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	r := editor.Do("GET", "/api/customers/official/text?text=big%205&labelValue=true", nil)
	got := r.Body["data"].([]any)
	if len(got) != 2 || got[0].(map[string]any)["label"] != "Big 5 Sporting Goods (100215)" {
		t.Fatalf("customers: %s", r.Raw)
	}
	r = editor.Do("GET", "/api/customers/official/text?territory=europe&corporateOnly=true", nil)
	got = r.Body["data"].([]any)
	if len(got) == 0 || len(got) > 10 {
		t.Fatalf("%d customers", len(got))
	}
	for _, c := range got {
		if c.(map[string]any)["territory"] != "EUROPE" || c.(map[string]any)["corporate"] != true {
			t.Fatalf("filter: %v", c)
		}
	}
	if _, err := a.DB.Exec(t.Context(), `UPDATE order_customers SET official = false WHERE account = '100216'`); err != nil {
		t.Fatal(err)
	}
	if r := editor.Do("GET", "/api/customers/official/text?text=big%205", nil); len(r.Body["data"].([]any)) != 1 {
		t.Fatalf("a customer that is not official is offered: %s", r.Raw)
	}
}
