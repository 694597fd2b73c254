package imports_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/app/apptest"
)

// largeWorkbook writes n rows of the catalog's first n style/colours as an xlsx (streamed, as a
// buyer's large file).
func largeWorkbook(t testing.TB, ps []pair, n int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	_ = sw.SetRow("A1", []any{"Style", "Color", "Cost", "Discount %", "Suggested Retail", "Quantity", "Style Note", "Color Note"})
	for i := 0; i < n; i++ {
		p := ps[i%len(ps)]
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, []any{p.style, p.color, 42.5, 10, 99.99, i % 50, "note", "colour note"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestLargeImportThroughReview imports a 20,000-row workbook with the calls the import page
// makes, on a server whose request limit (2 MiB here) is far below those rows sent back as JSON:
// the rows sent back are refused (413), as 100,000 rows were at the default 10 MiB, while the
// review (the file kept on the server, one row edited, two deleted) validates and imports every
// other row, the edit included.
func TestLargeImportThroughReview(t *testing.T) {
	const n = 20000
	a := apptest.Start(t, modules(), "ITS_BODY_LIMIT_BYTES=2097152")
	ed := login(a, "editor@example.com")
	r := ed.Do("POST", "/api/assortments", map[string]any{"title": "Large import"})
	if r.Status != 200 {
		t.Fatalf("create assortment: %d %s", r.Status, r.Raw)
	}
	aid := r.Body["data"].(map[string]any)["_id"].(string)
	ps := catalogPairs(t, a, n)
	id := importID(t, upload(t, a, ed, "large.xlsx", largeWorkbook(t, ps, n), map[string]any{"target": "assortment"}))
	cols := ed.Do("POST", "/api/imports/assortment/"+aid+"/columns", map[string]any{"importId": id})
	if cols.Status != 200 {
		t.Fatalf("columns: %d %s", cols.Status, cols.Raw)
	}
	mapping := cols.Body["data"].(map[string]any)["mapping"]
	got := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+aid+"/rows", map[string]any{"importId": id, "mapping": mapping}))
	if len(got) != n {
		t.Fatalf("rows step: %d rows, want %d", len(got), n)
	}

	// The whole review sent back is over the limit.
	if r := ed.Do("POST", "/api/imports/assortment/"+aid+"/validate", map[string]any{"rows": got}); r.Status != 413 {
		t.Fatalf("%d rows sent back: %d, want 413 under a 2 MiB limit", n, r.Status)
	}

	// The page's review: line 2 (the first row) edited, lines 3 and 4 deleted.
	edited := map[string]any{}
	for k, v := range got[0]["values"].(map[string]any) {
		edited[k] = v
	}
	edited["cost"] = "50"
	review := map[string]any{"importId": id, "mapping": mapping,
		"edited": []any{map[string]any{"index": got[0]["index"], "values": edited}}, "deleted": []any{got[1]["index"], got[2]["index"]}}
	if b, _ := json.Marshal(review); len(b) > 4096 {
		t.Fatalf("the review of %d rows is %d bytes", n, len(b))
	}
	v := ed.Do("POST", "/api/imports/assortment/"+aid+"/validate", map[string]any{"review": review})
	checked := rowsOf(t, v)
	if len(checked) != n-2 {
		t.Fatalf("validated %d rows, want %d", len(checked), n-2)
	}
	if s := v.Body["data"].(map[string]any)["criticalCount"]; s != float64(0) {
		t.Fatalf("critical rows: %v", s)
	}
	if e := errorsOf(checked[0]); checked[0]["changed"] != true || e["changed"] == "" {
		t.Errorf("the edited row is not marked changed: %v", checked[0])
	}
	done := ed.Do("POST", "/api/imports/assortment/"+aid, map[string]any{"review": review, "ignoreWarnings": true})
	if done.Status != 200 || done.Body["data"].(map[string]any)["added"] != float64(n-2) {
		t.Fatalf("import: %d %.300s", done.Status, done.Raw)
	}
	if c := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, aid); c != n-2 {
		t.Fatalf("%d rows in the assortment, want %d", c, n-2)
	}
	var cost float64
	if err := a.DB.QueryRow(context.Background(), `SELECT cost FROM assortment_products WHERE assortment_id = $1 AND style = $2 AND color = $3`,
		aid, ps[0].style, ps[0].color).Scan(&cost); err != nil || cost != 50 {
		t.Errorf("edited row's cost %v (%v), want 50", cost, err)
	}
	if c := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1 AND (style, color) IN (($2, $3), ($4, $5))`,
		aid, ps[1].style, ps[1].color, ps[2].style, ps[2].color); c != 0 {
		t.Errorf("%d deleted rows imported", c)
	}

	// A review naming a line the file does not have is refused, and adds nothing.
	bad := map[string]any{"importId": id, "mapping": mapping, "deleted": []any{n + 50}}
	if r := ed.Do("POST", "/api/imports/assortment/"+aid+"/validate", map[string]any{"review": bad}); r.Status != 400 {
		t.Errorf("unknown line: %d %.300s", r.Status, r.Raw)
	}
}

// TestReviewImportInPieces: the import of a review reads, checks and adds the file piece by piece
// in one transaction, and answers what the rows sent back whole would give. A 12,000-row file
// whose last line repeats its first is refused with the duplicate counted, and nothing of the
// pieces before is left; with that line deleted and a row of the middle edited, the review adds
// exactly the rows (and values) that the same review validated and sent back as rows adds.
func TestReviewImportInPieces(t *testing.T) {
	const n = 12000
	a := start(t)
	ed := login(a, "editor@example.com")
	ps := catalogPairs(t, a, n-1)
	ps = append(ps, ps[0])
	newTarget := func(title string) string {
		r := ed.Do("POST", "/api/assortments", map[string]any{"title": title})
		if r.Status != 200 {
			t.Fatalf("create assortment: %d %s", r.Status, r.Raw)
		}
		return r.Body["data"].(map[string]any)["_id"].(string)
	}
	byReview, byRows := newTarget("By review"), newTarget("By rows")
	id := importID(t, upload(t, a, ed, "pieces.xlsx", largeWorkbook(t, ps, n), map[string]any{"target": "assortment"}))
	mapping := ed.Do("POST", "/api/imports/assortment/"+byReview+"/columns", map[string]any{"importId": id}).Body["data"].(map[string]any)["mapping"]
	held := func(aid string) (kept, count int) {
		return a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, aid),
			a.Count(`SELECT row_count FROM assortments WHERE id = $1`, aid)
	}

	r := ed.Do("POST", "/api/imports/assortment/"+byReview, map[string]any{"review": map[string]any{"importId": id, "mapping": mapping}, "ignoreWarnings": true})
	if r.Status != 422 || !strings.HasPrefix(r.Body["message"].(string), "1 rows have critical issues") {
		t.Fatalf("a duplicate on the last line: %d %.300s", r.Status, r.Raw)
	}
	if rows, count := held(byReview); rows != 0 || count != 0 {
		t.Fatalf("a refused import left %d rows (row count %d)", rows, count)
	}

	// Line 7001 (the second piece) edited, line 11001 and the duplicate (line n+1) deleted.
	got := rowsOf(t, ed.Do("POST", "/api/imports/assortment/"+byReview+"/rows", map[string]any{"importId": id, "mapping": mapping}))
	edited := map[string]any{}
	for k, v := range got[6999]["values"].(map[string]any) {
		edited[k] = v
	}
	edited["cost"] = "77"
	review := map[string]any{"importId": id, "mapping": mapping,
		"edited": []any{map[string]any{"index": 7001, "values": edited}}, "deleted": []any{11001, n + 1}}
	checked := ed.Do("POST", "/api/imports/assortment/"+byRows+"/validate", map[string]any{"review": review})
	sent := rowsOf(t, checked)
	if len(sent) != n-2 || checked.Body["data"].(map[string]any)["criticalCount"] != float64(0) {
		t.Fatalf("validated %d rows, %v critical", len(sent), checked.Body["data"].(map[string]any)["criticalCount"])
	}
	if r := ed.Do("POST", "/api/imports/assortment/"+byRows, map[string]any{"rows": sent, "ignoreWarnings": true}); r.Status != 200 {
		t.Fatalf("import of the rows: %d %.300s", r.Status, r.Raw)
	}
	done := ed.Do("POST", "/api/imports/assortment/"+byReview, map[string]any{"review": review, "ignoreWarnings": true})
	if done.Status != 200 || done.Body["data"].(map[string]any)["added"] != float64(n-2) {
		t.Fatalf("import of the review: %d %.300s", done.Status, done.Raw)
	}
	if rows, count := held(byReview); rows != n-2 || count != n-2 {
		t.Fatalf("the review added %d rows (row count %d), want %d", rows, count, n-2)
	}
	const cols = `style, color, cost, net_cost, suggested_retail, discount_percent, discount_amount, quantity, style_note, color_note`
	if d := a.Count(`SELECT count(*) FROM ((SELECT `+cols+` FROM assortment_products WHERE assortment_id = $1
		EXCEPT SELECT `+cols+` FROM assortment_products WHERE assortment_id = $2)
		UNION ALL (SELECT `+cols+` FROM assortment_products WHERE assortment_id = $2
		EXCEPT SELECT `+cols+` FROM assortment_products WHERE assortment_id = $1)) d`, byReview, byRows); d != 0 {
		t.Fatalf("%d rows differ between the review's import and the rows'", d)
	}
	if c := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1 AND cost = 77`, byReview); c != 1 {
		t.Errorf("%d rows with the edited cost, want 1", c)
	}
}
