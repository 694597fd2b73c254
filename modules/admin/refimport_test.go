package admin_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/app/apptest"
)

// importFile sends a file to a reference grid's import (apply with a token) as the browser
// does: the headers of the user's language, the token, then the file.
func importFile(t *testing.T, c *apptest.Client, set, name string, file []byte, token string, headers string) *apptest.Response {
	t.Helper()
	var fields [][2]string
	if headers != "" {
		fields = append(fields, [2]string{"headers", headers})
	}
	path := "/api/admin/data/" + set + "/import"
	if token != "" {
		fields = append(fields, [2]string{"token", token})
		path += "/apply"
	}
	return c.Upload(path, fields, "file", name, file)
}

func review(t *testing.T, r *apptest.Response) map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("import: %d %s", r.Status, r.Raw)
	}
	return r.Body["data"].(map[string]any)
}

func counts(rv map[string]any) string {
	c := rv["counts"].(map[string]any)
	return fmt.Sprintf("+%v ~%v =%v !%v", c["added"], c["changed"], c["unchanged"], c["refused"])
}

// TestReferenceImport: an admin exports the currencies, edits the workbook, imports it: the
// review names the rows added, changed and unchanged; applying it writes them in one go with an
// audit entry per row and one for the import. A file with a refused row, a stale review, an
// oversize file and a file without the key column change nothing; others are refused.
func TestReferenceImport(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")

	// The export, edited as Excel would: JPY gets 1 decimal place, CHF is added, a column the
	// grid does not know is ignored.
	x := adm.Do("POST", "/api/admin/data/currencies/export/xlsx", map[string]any{"columns": []any{
		map[string]any{"field": "currencyCode", "headerName": "Code de devise"},
		map[string]any{"field": "currencySymbol", "headerName": "Currency Symbol"},
		map[string]any{"field": "decimalPlaces", "headerName": "decimalPlaces"}}})
	if x.Status != 200 {
		t.Fatalf("export: %d", x.Status)
	}
	f, err := excelize.OpenReader(bytes.NewReader(x.Raw))
	if err != nil {
		t.Fatal(err)
	}
	sh := f.GetSheetList()[0]
	rows, _ := f.GetRows(sh)
	for i, r := range rows {
		if r[0] == "JPY" {
			_ = f.SetCellValue(sh, fmt.Sprintf("C%d", i+1), 1)
		}
	}
	n := len(rows) + 1
	_ = f.SetSheetRow(sh, fmt.Sprintf("A%d", n), &[]any{"CHF", "Fr.", 2, "ignored"})
	_ = f.SetCellValue(sh, "D1", "Notes")
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	names := `{"currencyCode":"Code de devise"}`

	before := tableState(t, a)
	rv := review(t, importFile(t, adm, "currencies", "currencies.xlsx", buf.Bytes(), "", names))
	if counts(rv) != "+1 ~1 =4 !0" || fmt.Sprint(rv["ignored"]) != "[Notes]" || len(rv["columns"].([]any)) != 3 {
		t.Fatalf("review: %s %v %v", counts(rv), rv["ignored"], rv["columns"])
	}
	for _, r := range rv["rows"].([]any) {
		row := r.(map[string]any)
		if row["values"].(map[string]any)["currencyCode"] == "JPY" && (row["status"] != "changed" || fmt.Sprint(row["changed"]) != "[decimalPlaces]" || fmt.Sprint(row["before"]) != "map[decimalPlaces:0]") {
			t.Fatalf("JPY: %v", row)
		}
	}
	if tableState(t, a) != before || a.Count(`SELECT count(*) FROM audit_log WHERE action LIKE 'admin.currencies.%'`) != 0 {
		t.Fatal("the review wrote")
	}

	// A stale token is refused and changes nothing; the review's token applies.
	if r := importFile(t, adm, "currencies", "currencies.xlsx", buf.Bytes(), "0000", names); r.Status != 409 || tableState(t, a) != before {
		t.Fatalf("stale token: %d %s", r.Status, r.Raw)
	}
	done := review(t, importFile(t, adm, "currencies", "currencies.xlsx", buf.Bytes(), rv["token"].(string), names))
	if done["applied"] != true || counts(done) != "+1 ~1 =4 !0" {
		t.Fatalf("apply: %v", done)
	}
	if a.Count(`SELECT count(*) FROM currencies WHERE currency_code = 'JPY' AND decimal_places = 1`) != 1 || a.Count(`SELECT count(*) FROM currencies WHERE currency_code = 'CHF'`) != 1 {
		t.Fatal("the import did not write")
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action IN ('admin.currencies.update', 'admin.currencies.add')`); n != 2 {
		t.Fatalf("%d row audit entries", n)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'admin.currencies.import' AND data->>'fileName' = 'currencies.xlsx' AND (data->>'changed')::int = 1`); n != 1 {
		t.Fatalf("%d import audit entries", n)
	}
	// The same file again changes nothing: there is nothing to apply.
	rv = review(t, importFile(t, adm, "currencies", "currencies.xlsx", buf.Bytes(), "", names))
	if counts(rv) != "+0 ~0 =6 !0" {
		t.Fatalf("again: %s", counts(rv))
	}

	// Bad rows: the review names each refused cell; applying refuses the whole file.
	before = tableState(t, a)
	bad := []byte("\ufeffCurrency Code,Decimal Places,Currency Symbol\r\nUSD,9,$\r\nSEK,two,kr\r\nNOK,2,kr\r\nNOK,2,kr\r\n,,\r\nEUR,2,€\r\n")
	rv = review(t, importFile(t, adm, "currencies", "c.csv", bad, "", ""))
	if counts(rv) != "+1 ~0 =1 !3" {
		t.Fatalf("bad review: %s %s", counts(rv), rv["rows"])
	}
	reasons := map[float64]string{}
	for _, r := range rv["rows"].([]any) {
		row := r.(map[string]any)
		if errs, _ := row["errors"].([]any); len(errs) > 0 {
			reasons[row["line"].(float64)] = errs[0].(map[string]any)["message"].(string)
		}
	}
	if reasons[3] != "Decimal Places must be a whole number" || reasons[5] != "This row repeats line 4 of the file" {
		t.Fatalf("reasons: %v", reasons)
	}
	r := importFile(t, adm, "currencies", "c.csv", bad, rv["token"].(string), "")
	if r.Status != 400 || !strings.Contains(r.Body["message"].(string), "nothing was imported") || tableState(t, a) != before {
		t.Fatalf("bad apply: %d %s", r.Status, r.Raw)
	}
	// A value only the table refuses (decimal places 0 to 4) is found by the review's dry run.
	rv = review(t, importFile(t, adm, "currencies", "c.csv", []byte("Currency Code,Decimal Places\nUSD,9\n"), "", ""))
	if counts(rv) != "+0 ~0 =0 !1" || !strings.Contains(fmt.Sprint(rv["rows"]), "Decimal Places must be from 0 to 4") {
		t.Fatalf("constraint: %s %v", counts(rv), rv["rows"])
	}

	// Files refused before their rows are read.
	for _, tc := range []struct {
		name   string
		file   []byte
		status int
		msg    string
	}{
		{"big.csv", bytes.Repeat([]byte("a"), 3<<20), 413, "larger than 2.0 MB"},
		{"c.csv", []byte("Currency Symbol,Decimal Places\n$,2\n"), 422, "The file needs the column Currency Code"},
		{"c.txt", []byte("Currency Code\nUSD\n"), 422, "Only .xlsx and .csv files"},
		{"c.xlsx", []byte("Currency Code\nUSD\n"), 422, "not an Excel workbook"},
		{"c.csv", []byte(""), 422, "no rows"},
		{"c.csv", []byte("Currency Code" + strings.Repeat(",x", 80) + "\n"), 422, "columns"},
		{"c.csv", []byte("Currency Code\n" + strings.Repeat("ABC\n", 1100)), 413, "at most 1000 rows"},
	} {
		r := importFile(t, adm, "currencies", tc.name, tc.file, "", "")
		if r.Status != tc.status || !strings.Contains(fmt.Sprint(r.Body["message"]), tc.msg) {
			t.Fatalf("%s: %d %s", tc.name, r.Status, r.Raw)
		}
	}
	if tableState(t, a) != before {
		t.Fatal("a refused file changed the data")
	}

	// Territories match on two keys; a locations list is read as Excel has it.
	rv = review(t, importFile(t, adm, "territories", "t.csv", []byte("Territory,Business Entity,Locations\nNORDICS,EUROPE,\"eu, uk\"\n"), "", ""))
	if counts(rv) != "+1 ~0 =0 !0" {
		t.Fatalf("territories: %s %v", counts(rv), rv["rows"])
	}

	// Whoever is not an admin of the grid gets 403 and changes nothing.
	ed := a.Client()
	ed.Login("editor@example.com")
	for _, tok := range []string{"", "x"} {
		if r := importFile(t, ed, "currencies", "c.csv", []byte("Currency Code,Decimal Places\nUSD,3\n"), tok, ""); r.Status != 403 {
			t.Fatalf("editor import %q: %d %s", tok, r.Status, r.Raw)
		}
	}
	if tableState(t, a) != before {
		t.Fatal("a refused import changed the data")
	}
}
