package imports_test

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"fmt"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/storage"
	"its/modules/assortments"
	"its/modules/imports"
	"its/modules/products"
	"its/modules/sampleinventory"
	"its/modules/users"
)

// stringsBomb writes an xlsx whose shared-strings table holds n different strings (streamed into
// the zip, never held whole) and whose one sheet uses the first; count is what the table's
// count and uniqueCount attributes claim.
func stringsBomb(t testing.TB, n, count int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	part := func(name, body string) {
		w, err := zw.Create(name)
		if err == nil {
			_, err = w.Write([]byte(body))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	part("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`)
	part("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	part("xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`)
	part("xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`)
	part("xl/worksheets/sheet1.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row></sheetData></worksheet>`)
	w, err := zw.Create("xl/sharedStrings.xml")
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, count, count)
	for i := range n {
		fmt.Fprintf(bw, "<si><t>%x</t></si>", i)
	}
	bw.WriteString("</sst>")
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSharedStringsBombRefused: a workbook of 4 million shared strings (about 10 MB, a few
// cells) is refused at upload-complete with a 413 naming the reason, before excelize reads the
// table; one whose attributes understate the table is refused by counting; nothing is recorded.
func TestSharedStringsBombRefused(t *testing.T) {
	a := start(t)
	ed := login(a, "editor@example.com")
	const n = 4_000_000
	for _, c := range []struct {
		name  string
		count int
	}{{"honest.xlsx", n}, {"lying.xlsx", 4}} {
		body := stringsBomb(t, n, c.count)
		t.Logf("%s: %.1f MB", c.name, float64(len(body))/(1<<20))
		r := upload(t, a, ed, c.name, body, map[string]any{"target": "assortment"})
		if r.Status != 413 {
			t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
		}
		d := r.Body["details"].([]any)[0].(map[string]any)
		if d["rule"] != "tooManyStrings" || r.Body["message"] == "" {
			t.Fatalf("%s: %s", c.name, r.Raw)
		}
		t.Logf("%s: %v", c.name, r.Body["message"])
	}
	if n := a.Count(`SELECT count(*) FROM import_files`); n != 0 {
		t.Errorf("%d refused files recorded", n)
	}
}

// TestParsedOnce: the upload is parsed when it completes and the steps after read what that
// parse kept, so they still work when the uploaded file itself is gone.
func TestParsedOnce(t *testing.T) {
	var blobs storage.Store
	a := apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module, sampleinventory.Module, imports.Module, fx.Populate(&blobs)))
	ed := login(a, "editor@example.com")
	r := ed.Do("POST", "/api/assortments", map[string]any{"title": "Parsed once"})
	if r.Status != 200 {
		t.Fatalf("create assortment: %d %s", r.Status, r.Raw)
	}
	aid := r.Body["data"].(map[string]any)["_id"].(string)
	ps := catalogPairs(t, a, 3)
	rows := [][]any{{"Style", "Color", "Cost"}}
	for _, p := range ps {
		rows = append(rows, []any{p.style, p.color, 10})
	}
	for _, name := range []string{"styles.xlsx", "styles.csv"} {
		body := workbook(t, rows)
		if name == "styles.csv" {
			var b bytes.Buffer
			for _, r := range rows {
				fmt.Fprintf(&b, "%v,%v,%v\n", r[0], r[1], r[2])
			}
			body = b.Bytes()
		}
		id := importID(t, upload(t, a, ed, name, body, map[string]any{"target": "assortment"}))
		var key string
		if err := a.DB.QueryRow(context.Background(), `SELECT blob_key FROM import_files WHERE id = $1`, id).Scan(&key); err != nil {
			t.Fatal(err)
		}
		if err := blobs.Delete(context.Background(), key); err != nil {
			t.Fatal(err)
		}
		cols := ed.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id})
		if cols.Status != 200 {
			t.Fatalf("%s: columns without the uploaded file: %d %s", name, cols.Status, cols.Raw)
		}
		mapping := cols.Body["data"].(map[string]any)["mapping"]
		got := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+aid+"/rows", map[string]any{"importId": id, "mapping": mapping}))
		if len(got) != len(ps) || got[2]["values"].(map[string]any)["style"] != ps[2].style {
			t.Fatalf("%s: rows %v", name, got)
		}
	}
	// A file recorded before rows were kept is parsed itself.
	id := importID(t, upload(t, a, ed, "older.xlsx", workbook(t, rows), map[string]any{"target": "assortment"}))
	if _, err := a.DB.Exec(context.Background(), `UPDATE import_files SET parsed_key = NULL WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if cols := ed.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id}); cols.Status != 200 {
		t.Fatalf("columns of a file without kept rows: %d %s", cols.Status, cols.Raw)
	}
}
