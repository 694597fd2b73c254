package orders_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestCustomersImport: the customers grid imports a csv matched by Customer Id; a term the
// customer's region and country do not have is refused in the review (the grid's own check, in
// a rolled-back write) and applying it changes nothing; a good file applies and is audited.
func TestCustomersImport(t *testing.T) {
	a := start(t)
	adm := login(a, "admin")
	send := func(file, token string) map[string]any {
		t.Helper()
		fields := [][2]string{}
		path := customersGrid + "/import"
		if token != "" {
			fields, path = append(fields, [2]string{"token", token}), path+"/apply"
		}
		r := adm.Upload(path, fields, "file", "customers.csv", []byte(file))
		if r.Status != 200 {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
		return data(t, r)
	}
	unchanged := func() string { return fmt.Sprint(customerRow(t, adm, "A200100")["terms"]) }
	before := unchanged()

	rv := send("Customer Id,Terms,Official,Name\nC2001,N45,false,Schuhhaus Berger\n", "")
	row := rv["rows"].([]any)[0].(map[string]any)
	if row["status"] != "refused" || !strings.Contains(row["errors"].([]any)[0].(map[string]any)["message"].(string), "'N45' is not a term of EU DE") {
		t.Fatalf("review: %v", rv)
	}
	if r := adm.Upload(customersGrid+"/import/apply", [][2]string{{"token", rv["token"].(string)}}, "file", "customers.csv", []byte("Customer Id,Terms\nC2001,N45\n")); r.Status != 400 || unchanged() != before {
		t.Fatalf("refused apply: %d %s", r.Status, r.Raw)
	}

	good := "Customer Id,Terms,Official,Name\nC2001,S30,TRUE,Schuhhaus Berger\n"
	rv = send(good, "")
	row = rv["rows"].([]any)[0].(map[string]any)
	if row["status"] != "changed" || len(row["changed"].([]any)) != 1 || row["changed"].([]any)[0] != "terms" {
		t.Fatalf("review: %v", rv)
	}
	if done := send(good, rv["token"].(string)); done["applied"] != true || unchanged() != "S30" {
		t.Fatalf("apply: %v", done)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action IN ('admin.customers.update', 'admin.customers.import')`); n != 2 {
		t.Fatalf("%d audit entries", n)
	}
}
