package imports_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/assortments"
	"its/modules/imports"
	"its/modules/products"
	"its/modules/sampleinventory"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func modules() fx.Option {
	return fx.Options(users.Module, products.Module, assortments.Module, sampleinventory.Module, imports.Module)
}

func start(t testing.TB) *apptest.App { return apptest.Start(t, modules()) }

func login(a *apptest.App, email string) *apptest.Client {
	c := a.Client()
	c.Login(email)
	return c
}

// workbook writes rows as an xlsx, as a user's spreadsheet would hold them.
func workbook(t testing.TB, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// upload sends a file through the multipart upload and answers the completion.
func upload(t testing.TB, a *apptest.App, c *apptest.Client, filename string, body []byte, params map[string]any) *apptest.Response {
	t.Helper()
	req := map[string]any{"filename": filename, "fileSize": len(body), "usageType": imports.UploadUsage}
	for k, v := range params {
		req[k] = v
	}
	r := c.Do("POST", "/api/upload/aws/s3/create", req)
	if r.Status != 200 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	d := r.Body["data"].(map[string]any)
	url := d["urls"].([]any)[0].(string)
	if strings.HasPrefix(url, "/") {
		url = a.URL + url
	}
	put, _ := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
	res, err := http.DefaultClient.Do(put)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{res.Header.Get("ETag")}})
}

func importID(t testing.TB, r *apptest.Response) string {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
	res := r.Body["data"].(map[string]any)["result"].(map[string]any)
	return res["importId"].(string)
}

type pair struct{ style, color, productType string }

func catalogPairs(t testing.TB, a *apptest.App, n int) []pair {
	rows, err := a.DB.Query(context.Background(), `SELECT style, color, product_type FROM catalog_products ORDER BY id LIMIT $1`, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []pair
	for rows.Next() {
		var p pair
		if err := rows.Scan(&p.style, &p.color, &p.productType); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func errorsOf(row map[string]any) map[string]string {
	out := map[string]string{}
	for _, e := range row["error"].([]any) {
		m := e.(map[string]any)
		out[m["errorType"].(string)] = m["errorSeverity"].(string)
	}
	return out
}

func rowsOf(t testing.TB, r *apptest.Response) []map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("rows: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	for _, x := range r.Body["data"].(map[string]any)["rows"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

// TestAssortmentImport walks the four steps: upload, column association by the spec's
// auto-matching order, validation (cleaning, dropped rows, net cost, duplicates, the catalog),
// a refused import that changes nothing, the criticals fixed in the grid, and the import.
func TestAssortmentImport(t *testing.T) {
	a := start(t)
	ed := login(a, "editor@example.com")
	r := ed.Do("POST", "/api/assortments", map[string]any{"title": "Import target"})
	if r.Status != 200 {
		t.Fatalf("create assortment: %d %s", r.Status, r.Raw)
	}
	aid := r.Body["data"].(map[string]any)["_id"].(string)
	ps := catalogPairs(t, a, 12)
	rows := [][]any{{"Style Number", "Colour", "Cost", "Discount %", "Retail price incl."}}
	for i, p := range ps[:10] {
		rows = append(rows, []any{" " + strings.ToLower(p.style) + "\n", p.color, 100, 10, i})
	}
	rows = append(rows,
		[]any{"NOSUCH", "ZZZ", 5, nil, nil},      // not in the catalog
		[]any{ps[0].style, ps[0].color, 1, 0, 0}, // a duplicate of the first
		[]any{"", "BLK", 3, nil, nil},            // no style: dropped
	)
	id := importID(t, upload(t, a, ed, "styles.xlsx", workbook(t, rows), map[string]any{"target": "assortment"}))

	cols := ed.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id})
	if cols.Status != 200 {
		t.Fatalf("columns: %d %s", cols.Status, cols.Raw)
	}
	mapping := cols.Body["data"].(map[string]any)["mapping"].(map[string]any)
	want := map[string]float64{"style": 0, "color": 1, "cost": 2, "discountPercent": 3, "suggestedRetail": 4}
	for f, col := range want {
		if mapping[f] != col {
			t.Errorf("auto-matched %s to %v, want column %v (mapping %v)", f, mapping[f], col, mapping)
		}
	}
	se := login(a, "seniorEditor@example.com")
	if r := se.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id}); r.Status != 404 {
		t.Errorf("another user's file and assortment: %d %s", r.Status, r.Raw)
	}

	res := ed.Do("POST", "/api/imports/assortment/"+aid+"/rows", map[string]any{"importId": id, "mapping": mapping})
	got := rowsOf(t, res)
	d := res.Body["data"].(map[string]any)
	if len(got) != 12 || d["dropped"] != float64(1) || d["status"] != imports.ValidationCritical || d["criticalCount"] != float64(2) {
		t.Fatalf("rows %d, dropped %v, status %v, critical %v", len(got), d["dropped"], d["status"], d["criticalCount"])
	}
	first := got[0]["values"].(map[string]any)
	if first["style"] != ps[0].style || first["netCost"] != "90" {
		t.Errorf("first row cleaned to %v: style upper-cased and trimmed, net cost 90 derived", first)
	}
	if e := errorsOf(got[10]); e[imports.ErrorTypeStylecolor] != imports.SeverityCritical {
		t.Errorf("unknown style/colour: %v", got[10]["error"])
	}
	if e := errorsOf(got[11]); e[imports.ErrorTypeDuplicate] != imports.SeverityCritical {
		t.Errorf("duplicate: %v", got[11]["error"])
	}
	// Downloading, a duplicate is only a warning (duplicateSoft).
	soft := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+aid+"/validate", map[string]any{"rows": got, "subtype": imports.SubtypeBulkDownloader}))
	if e := errorsOf(soft[11]); e[imports.ErrorTypeDuplicateSoft] != imports.SeverityWarning {
		t.Errorf("duplicate when downloading: %v", soft[11]["error"])
	}

	count := func() int { return a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, aid) }
	if r := ed.Do("POST", "/api/imports/assortment/"+aid, map[string]any{"rows": got, "ignoreWarnings": true}); r.Status != 422 || count() != 0 {
		t.Fatalf("import with criticals: %d %s, %d rows written", r.Status, r.Raw, count())
	}

	// Fixed in the grid: the unknown pair becomes a real one, the duplicate is removed.
	got[10]["values"].(map[string]any)["style"] = ps[10].style
	got[10]["values"].(map[string]any)["color"] = ps[10].color
	got = got[:11]
	again := ed.Do("POST", "/api/imports/assortment/"+aid+"/validate", map[string]any{"rows": got})
	fixed := rowsOf(t, again)
	if s := again.Body["data"].(map[string]any)["status"]; s != imports.ValidationWarning {
		t.Fatalf("after the fix: %v %s", s, again.Raw)
	}
	if e := errorsOf(fixed[10]); e[imports.ErrorTypeChanged] != imports.SeverityWarning || fixed[10]["changed"] != true {
		t.Errorf("edited row: %v", fixed[10])
	}
	if fixed[0]["changed"] != false || len(errorsOf(fixed[0])) != 0 {
		t.Errorf("a row whose lower-case style the server upper-cased is not an edit: %v", fixed[0])
	}
	if r := ed.Do("POST", "/api/imports/assortment/"+aid, map[string]any{"rows": fixed}); r.Status != 422 || count() != 0 {
		t.Fatalf("import with warnings not ignored: %d %s", r.Status, r.Raw)
	}
	done := ed.Do("POST", "/api/imports/assortment/"+aid, map[string]any{"rows": fixed, "ignoreWarnings": true})
	if done.Status != 200 || done.Body["message"] != imports.MsgImported || count() != 11 {
		t.Fatalf("import: %d %s, %d rows", done.Status, done.Raw, count())
	}
	var net float64
	if err := a.DB.QueryRow(context.Background(), `SELECT net_cost FROM assortment_products WHERE assortment_id = $1 AND style = $2 AND color = $3`, aid, ps[1].style, ps[1].color).Scan(&net); err != nil || net != 90 {
		t.Errorf("net cost stored %v (%v), want 90", net, err)
	}
	// The same rows again are already in the assortment: critical, and nothing is added.
	already := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+aid+"/validate", map[string]any{"rows": fixed}))
	if e := errorsOf(already[0]); e[imports.ErrorTypeAlready] != imports.SeverityCritical {
		t.Errorf("a row already there: %v", already[0]["error"])
	}
}

// TestBadFilesAreRefused: a workbook with macros, a damaged one, a password-protected one and
// one with too many rows are refused with a message; nothing is recorded.
func TestBadFilesAreRefused(t *testing.T) {
	a := start(t)
	ed := login(a, "editor@example.com")
	good := workbook(t, [][]any{{"Style", "Color"}, {"A", "B"}})
	var macro bytes.Buffer
	{
		f, _ := excelize.OpenReader(bytes.NewReader(good))
		_ = f.AddVBAProject(vbaProject())
		_ = f.Write(&macro)
		f.Close()
	}
	cases := map[string][]byte{
		"macros.xlsx":   macro.Bytes(),
		"damaged.xlsx":  append(good[:len(good)/2:len(good)/2], make([]byte, 64)...),
		"password.xlsx": append([]byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}, make([]byte, 1024)...),
		"toolong.csv":   []byte("Style,Color\n" + strings.Repeat("A,B\n", imports.MaxRows+1)),
	}
	for name, body := range cases {
		r := upload(t, a, ed, name, body, map[string]any{"target": "assortment"})
		if r.Status != 422 && r.Status != 413 || r.Body["message"] == nil || r.Body["message"] == "" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
		t.Logf("%s: %d %v", name, r.Status, r.Body["message"])
	}
	if n := a.Count(`SELECT count(*) FROM import_files`); n != 0 {
		t.Errorf("%d refused files recorded", n)
	}
	if r := ed.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "m.xlsm", "fileSize": 10, "usageType": imports.UploadUsage, "target": "assortment"}); r.Status != 400 {
		t.Errorf("an .xlsm upload: %d %s", r.Status, r.Raw)
	}
}

// vbaProject is a minimal OLE file excelize accepts as a VBA project.
func vbaProject() []byte {
	return append([]byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}, make([]byte, 504)...)
}

// TestSampleImport imports samples into the Production library through its own validation.
func TestSampleImport(t *testing.T) {
	a := start(t)
	ed := login(a, "editor@example.com")
	body := workbook(t, [][]any{
		{"Division", "Style", "Color", "Status", "Side", "Total Qty", "Bin"},
		{"Footwear", "IMP1", "BLK", "Available", "L", 2, "B1"},
		{"Footwear", "IMP2", "WHT", "Available", "R", 1, ""},
	})
	r := upload(t, a, ed, "samples.xlsx", body, map[string]any{"target": "sampleInventory", "library": "Production"})
	id := importID(t, r)
	cols := ed.Do("POST", "/api/imports/sampleInventory/Production/columns", map[string]any{"importId": id})
	if cols.Status != 200 {
		t.Fatalf("columns %d %s", cols.Status, cols.Raw)
	}
	mapping := cols.Body["data"].(map[string]any)["mapping"]
	got := rowsOf(t, ed.Do("POST", "/api/imports/sampleInventory/Production/rows", map[string]any{"importId": id, "mapping": mapping}))
	if len(got) != 2 || errorsOf(got[1])[imports.ErrorTypeNotblank] != imports.SeverityCritical || len(errorsOf(got[0])) != 0 {
		t.Fatalf("rows %v", got)
	}
	before := a.Count(`SELECT count(*) FROM sample_inventory`)
	if r := ed.Do("POST", "/api/imports/sampleInventory/Production", map[string]any{"rows": got}); r.Status != 422 || a.Count(`SELECT count(*) FROM sample_inventory`) != before {
		t.Fatalf("import with a missing bin: %d %s", r.Status, r.Raw)
	}
	got[1]["values"].(map[string]any)["bin"] = "B2"
	fixed := rowsOf(t, ed.Do("POST", "/api/imports/sampleInventory/Production/validate", map[string]any{"rows": got}))
	r = ed.Do("POST", "/api/imports/sampleInventory/Production", map[string]any{"rows": fixed, "ignoreWarnings": true})
	if r.Status != 200 || a.Count(`SELECT count(*) FROM sample_inventory`) != before+2 {
		t.Fatalf("import: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM sample_inventory WHERE style = 'IMP2' AND bin = 'B2'`); n != 1 {
		t.Errorf("imported sample not found: %d", n)
	}
}
