package imports_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/app/apptest"
	"its/modules/imports"
)

// newAssortment creates an assortment for the caller and answers its id.
func newAssortment(t *testing.T, c *apptest.Client, body map[string]any) string {
	t.Helper()
	r := c.Do("POST", "/api/assortments", body)
	if r.Status != 200 {
		t.Fatalf("create assortment: %d %s", r.Status, r.Raw)
	}
	return r.Body["data"].(map[string]any)["_id"].(string)
}

// gridRow is a row as the import grid sends it back: the values as the file had them.
func gridRow(index int, values map[string]any) map[string]any {
	return map[string]any{"index": index, "values": values, "origdata": values, "error": []any{}, "changed": false}
}

func filledOf(row map[string]any) map[string]string {
	out := map[string]string{}
	f, _ := row["filled"].([]any)
	for _, x := range f {
		m := x.(map[string]any)
		out[m["field"].(string)] = m["value"].(string)
	}
	return out
}

// TestInAssortmentAndStatusChecks: a style/colour another assortment of the same season, year
// and region holds is an inAssortment warning; with an assortment status set, a product whose
// line status in the assortment's location differs is a status warning (spec §5.4).
func TestInAssortmentAndStatusChecks(t *testing.T) {
	a := start(t)
	ed := login(a, "editor@example.com")
	se := login(a, "seniorEditor@example.com")
	year := 2027
	season := map[string]any{"title": "Spring A", "season": "SP", "year": year, "region": "Europe"}
	first := newAssortment(t, ed, season)
	other := newAssortment(t, se, map[string]any{"title": "Spring B", "season": "SP", "year": year, "region": "Europe"})
	elsewhere := newAssortment(t, ed, map[string]any{"title": "Fall", "season": "FA", "year": year, "region": "Europe"})

	// Products with a US price: one whose line status is A, one whose is not.
	var activeStyle, activeColor, otherStyle, otherColor, otherStatus string
	if err := a.DB.QueryRow(context.Background(), `SELECT p.style, p.color FROM products p JOIN product_locations pl ON pl.product_id = p.id AND pl.code = 'US'
		WHERE pl.line_status = 'A' AND p.region = 'Europe' ORDER BY p.id LIMIT 1`).Scan(&activeStyle, &activeColor); err != nil {
		t.Fatal(err)
	}
	if err := a.DB.QueryRow(context.Background(), `SELECT p.style, p.color, pl.line_status FROM products p JOIN product_locations pl ON pl.product_id = p.id AND pl.code = 'US'
		WHERE pl.line_status <> 'A' AND p.region = 'Europe' ORDER BY p.id LIMIT 1`).Scan(&otherStyle, &otherColor, &otherStatus); err != nil {
		t.Fatal(err)
	}
	// The other user's assortment of the same season holds the first product.
	held := []any{gridRow(2, map[string]any{"style": activeStyle, "color": activeColor})}
	if r := se.Do("POST", "/api/imports/assortment/"+other, map[string]any{"rows": held, "ignoreWarnings": true}); r.Status != 200 {
		t.Fatalf("import into the other assortment: %d %s", r.Status, r.Raw)
	}
	rows := []any{
		gridRow(2, map[string]any{"style": activeStyle, "color": activeColor}),
		gridRow(3, map[string]any{"style": otherStyle, "color": otherColor}),
	}
	got := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+first+"/validate", map[string]any{"rows": rows}))
	if e := errorsOf(got[0]); e[imports.ErrorTypeInAssortment] != imports.SeverityWarning {
		t.Errorf("a style/colour of another assortment of SP %d Europe: %v", year, got[0]["error"])
	}
	if e := errorsOf(got[1]); e[imports.ErrorTypeInAssortment] != "" || e[imports.ErrorTypeStatus] != "" {
		t.Errorf("a style/colour in no other assortment, no assortment status: %v", got[1]["error"])
	}
	for _, e := range got[0]["error"].([]any) {
		if m := e.(map[string]any); m["errorType"] == imports.ErrorTypeInAssortment && m["errorMessage"] != imports.MsgInAssortment {
			t.Errorf("inAssortment text %q, want the spec's %q", m["errorMessage"], imports.MsgInAssortment)
		}
	}
	// Another season does not count.
	if got := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+elsewhere+"/validate", map[string]any{"rows": rows})); errorsOf(got[0])[imports.ErrorTypeInAssortment] != "" {
		t.Errorf("a style/colour in another season: %v", got[0]["error"])
	}

	// The assortment's status A: the product of another line status does not match it.
	if r := ed.Do("PATCH", "/api/assortments/"+first, map[string]any{"status": "A"}); r.Status != 200 {
		t.Fatalf("status: %d %s", r.Status, r.Raw)
	}
	got = rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+first+"/validate", map[string]any{"rows": rows}))
	if e := errorsOf(got[1]); e[imports.ErrorTypeStatus] != imports.SeverityWarning {
		t.Errorf("line status %s in an assortment of status A: %v", otherStatus, got[1]["error"])
	}
	if e := errorsOf(got[0]); e[imports.ErrorTypeStatus] != "" {
		t.Errorf("line status A in an assortment of status A: %v", got[0]["error"])
	}
	// Warnings: ignored, the rows are imported.
	if r := ed.Do("POST", "/api/imports/assortment/"+first, map[string]any{"rows": got, "ignoreWarnings": true}); r.Status != 200 {
		t.Fatalf("import with the warnings ignored: %d %s", r.Status, r.Raw)
	}
}

// TestFilledValuesShown: a row whose discount the file leaves blank is imported with the
// catalog's discount (and the net cost it gives); the review shows those values as filled, and
// the import writes exactly what the review showed.
func TestFilledValuesShown(t *testing.T) {
	a := start(t)
	ed := login(a, "editor@example.com")
	aid := newAssortment(t, ed, map[string]any{"title": "Filled"})
	var style, color string
	var discount float64
	if err := a.DB.QueryRow(context.Background(), `SELECT p.style, p.color, p.discount_percent::float8 FROM products p
		WHERE p.discount_percent = 10 AND EXISTS (SELECT 1 FROM product_locations pl WHERE pl.product_id = p.id AND pl.code = 'US' AND pl.suggested_retail IS NOT NULL)
		ORDER BY p.id LIMIT 1`).Scan(&style, &color, &discount); err != nil {
		t.Fatal(err)
	}
	body := workbook(t, [][]any{{"Style", "Color", "Cost", "Discount %"}, {style, color, 35, nil}})
	id := importID(t, upload(t, a, ed, "filled.xlsx", body, map[string]any{"target": "assortment"}))
	mapping := map[string]any{"style": 0, "color": 1, "cost": 2, "discountPercent": 3}
	got := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+aid+"/rows", map[string]any{"importId": id, "mapping": mapping}))
	filled := filledOf(got[0])
	wantNet := 35 - 35*discount/100
	if filled["discountPercent"] != fmt.Sprint(discount) || filled["discountAmount"] != fmt.Sprint(35*discount/100) || filled["netCost"] != fmt.Sprint(wantNet) || filled["suggestedRetail"] == "" {
		t.Fatalf("filled %v, want discount %v, net cost %v and the catalog's suggested retail", filled, discount, wantNet)
	}
	if _, ok := filled["cost"]; ok {
		t.Errorf("the file's own cost shown as filled: %v", filled)
	}
	if v := got[0]["values"].(map[string]any); v["discountPercent"] != nil || v["netCost"] != nil {
		t.Errorf("filled values are not the row's own: %v", v)
	}
	// Sent back and revalidated, the row is not an edit and the fill stays.
	again := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+aid+"/validate", map[string]any{"rows": got}))
	if again[0]["changed"] != false || len(errorsOf(again[0])) != 0 || filledOf(again[0])["discountPercent"] != fmt.Sprint(discount) {
		t.Fatalf("revalidated: %v", again[0])
	}
	if r := ed.Do("POST", "/api/imports/assortment/"+aid, map[string]any{"rows": again}); r.Status != 200 {
		t.Fatalf("import: %d %s", r.Status, r.Raw)
	}
	var dp, net, retail float64
	if err := a.DB.QueryRow(context.Background(), `SELECT discount_percent::float8, net_cost::float8, suggested_retail::float8 FROM assortment_products WHERE assortment_id = $1`, aid).Scan(&dp, &net, &retail); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(dp) != filled["discountPercent"] || fmt.Sprint(net) != filled["netCost"] || fmt.Sprint(retail) != filled["suggestedRetail"] {
		t.Errorf("imported discount %v, net %v, retail %v; the review showed %v", dp, net, retail, filled)
	}
}

// TestTemplate: the template is a workbook with the columns the import expects and one example
// row, which the import reads back with every column associated and without a critical issue;
// the column list is served for the upload step.
func TestTemplate(t *testing.T) {
	a := start(t)
	ed := login(a, "editor@example.com")
	aid := newAssortment(t, ed, map[string]any{"title": "Template"})

	list := ed.Do("GET", "/api/imports/assortment/"+aid+"/template/columns", nil)
	if list.Status != 200 {
		t.Fatalf("columns: %d %s", list.Status, list.Raw)
	}
	cols := list.Body["data"].(map[string]any)["columns"].([]any)
	if len(cols) < 5 || cols[0].(map[string]any)["field"] != "style" || cols[0].(map[string]any)["required"] != true {
		t.Fatalf("columns %v", cols)
	}

	req, _ := http.NewRequest("GET", a.URL+"/api/imports/assortment/"+aid+"/template", nil)
	res, err := ed.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "spreadsheetml") || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("template: %d %s %s", res.StatusCode, res.Header, body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	sheetRows, _ := f.GetRows(f.GetSheetName(0))
	f.Close()
	if len(sheetRows) != 2 || len(sheetRows[0]) != len(cols) {
		t.Fatalf("template rows %v, want the header of %d columns and one example", sheetRows, len(cols))
	}
	for i, c := range cols {
		if sheetRows[0][i] != c.(map[string]any)["header"] {
			t.Errorf("header %d %q, want %q", i, sheetRows[0][i], c.(map[string]any)["header"])
		}
	}

	// The template, uploaded as it is, associates every column and validates.
	id := importID(t, upload(t, a, ed, "template.xlsx", body, map[string]any{"target": "assortment"}))
	m := ed.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id})
	mapping := m.Body["data"].(map[string]any)["mapping"].(map[string]any)
	if len(mapping) != len(cols) {
		t.Errorf("the template's columns associated %v, want all %d", mapping, len(cols))
	}
	r := ed.Do("POST", "/api/imports/assortment/"+aid+"/rows", map[string]any{"importId": id, "mapping": mapping})
	got := rowsOf(t, r)
	if len(got) != 1 || r.Body["data"].(map[string]any)["criticalCount"] != float64(0) {
		t.Errorf("the example row: %s", r.Raw)
	}

	se := login(a, "seniorEditor@example.com")
	if r := se.Do("GET", "/api/imports/assortment/"+aid+"/template/columns", nil); r.Status != 404 {
		t.Errorf("another user's assortment: %d %s", r.Status, r.Raw)
	}
}
