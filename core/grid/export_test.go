package grid_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/grid"
)

func TestExport(t *testing.T) {
	f := setup(t, 40)
	ctx := context.Background()
	// A deleted row is left out by the module's scope; a filter narrows further.
	if _, err := f.db.Exec(ctx, `UPDATE grid_items SET status = 'Deleted' WHERE style = '10004'`); err != nil {
		t.Fatal(err)
	}
	req := map[string]any{
		"columns": []map[string]string{{"field": "color", "headerName": "Colour"}, {"field": "style"}, {"field": "quantity"}, {"field": "availableDate"}, {"field": "cost"}, {"field": "features"}},
		"filters": map[string]any{"quantity": map[string]any{"blank": false}},
		"sort":    []map[string]string{{"field": "style", "dir": "desc"}},
		"groupBy": []string{"division"},
	}
	body, _ := json.Marshal(req)
	res, err := http.Post(f.srv.URL+"/items/export", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != grid.XLSXType || !strings.Contains(res.Header.Get("Content-Disposition"), `filename="items.xlsx"`) {
		t.Fatalf("export: %d %s %s", res.StatusCode, res.Header, raw[:min(len(raw), 300)])
	}
	x, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	got, err := x.GetRows(x.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}

	want := [][]string{{"Colour", "Style", "Quantity", "Available", "Cost", "Features"}}
	rows, err := f.db.Query(ctx, `SELECT division, color, style, quantity, coalesce(to_char(available_date, 'MM/DD/YYYY'), ''), cost::float8, array_to_string(features, ', '),
		count(*) OVER (PARTITION BY division)
		FROM grid_items WHERE status <> 'Deleted' AND quantity IS NOT NULL ORDER BY division, style DESC, id`)
	if err != nil {
		t.Fatal(err)
	}
	group := ""
	for rows.Next() {
		var div, color, style, date, features string
		var qty int32
		var cost float64
		var n int64
		if err := rows.Scan(&div, &color, &style, &qty, &date, &cost, &features, &n); err != nil {
			t.Fatal(err)
		}
		if div != group {
			want = append(want, []string{fmt.Sprintf("Division: %s (%d)", div, n)})
			group = div
		}
		line := []string{color, style, strconv.Itoa(int(qty)), date, strconv.FormatFloat(cost, 'f', -1, 64), features}
		for len(line) > 0 && line[len(line)-1] == "" {
			line = line[:len(line)-1]
		}
		want = append(want, line)
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	if len(want) < 10 {
		t.Fatalf("fixture too small: %d rows", len(want))
	}
	if !reflect.DeepEqual(got, want) {
		for i := range max(len(got), len(want)) {
			var g, w []string
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("row %d: got %q, want %q (%d rows vs %d)", i+1, g, w, len(got), len(want))
			}
		}
	}
	// Dates are real dates in Excel (numbers with a date format), not text.
	checked := false
	for i, line := range got {
		if i == 0 || len(line) < 4 || line[3] == "" {
			continue
		}
		cell := "D" + strconv.Itoa(i+1)
		typ, err := x.GetCellType(x.GetSheetName(0), cell)
		raw, _ := x.GetCellValue(x.GetSheetName(0), cell, excelize.Options{RawCellValue: true})
		if err != nil || typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString || strings.Contains(raw, "/") {
			t.Fatalf("date cell %s: type %v, raw %q, %v", cell, typ, raw, err)
		}
		checked = true
		break
	}
	if !checked {
		t.Fatal("no date cell to check")
	}

	// Bad exports are plain 400s.
	for _, bad := range []string{
		`{"columns":[]}`,
		`{"columns":[{"field":"nope"}]}`,
		`{"columns":[{"field":"style"}],"groupBy":["label"]}`,
		`{"columns":[{"field":"style"}],"filters":{"nope":["x"]}}`,
	} {
		if a := f.do(t, "POST", "/items/export", bad); a.status != 400 {
			t.Errorf("%s: %d", bad, a.status)
		}
	}
}

// TestExportCSV: the csv export is the view as the xlsx one (where tree, filters, column order,
// grouping), RFC 4180 in UTF-8 with a byte order mark, and text a spreadsheet would run as a
// formula is guarded.
func TestExportCSV(t *testing.T) {
	f := setup(t, 40)
	ctx := context.Background()
	if _, err := f.db.Exec(ctx, `UPDATE grid_items SET note = '=HYPERLINK("http://x","y")' WHERE style = '10002';
		UPDATE grid_items SET note = 'two "quoted", lines'||chr(10)||'here' WHERE style = '10003';
		UPDATE grid_items SET status = 'Deleted' WHERE style = '10004'`); err != nil {
		t.Fatal(err)
	}
	req := `{"columns":[{"field":"note","headerName":"Notiz"},{"field":"style"},{"field":"quantity"},{"field":"availableDate"}],
		"filters":{"division":["Footwear","Apparel"]},
		"where":{"or":[{"field":"quantity","op":"gte","values":[3]},{"field":"note","op":"notBlank"}]},
		"sort":[{"field":"style","dir":"asc"}],"groupBy":["division"]}`
	res, err := http.Post(f.srv.URL+"/items/export/csv", "application/json", strings.NewReader(req))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != grid.CSVType || !strings.Contains(res.Header.Get("Content-Disposition"), `filename="items.csv"`) {
		t.Fatalf("export: %d %s %.300s", res.StatusCode, res.Header, raw)
	}
	if !bytes.HasPrefix(raw, []byte("\xEF\xBB\xBF")) {
		t.Fatalf("no byte order mark: %q", raw[:min(len(raw), 10)])
	}
	body := string(raw[3:])
	if !strings.HasPrefix(body, "Notiz,Style,Quantity,Available\r\n") {
		t.Fatalf("header: %q", body[:min(len(body), 80)])
	}
	got, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("not RFC 4180: %v", err)
	}
	want := [][]string{{"Notiz", "Style", "Quantity", "Available"}}
	rows, err := f.db.Query(ctx, `SELECT division, coalesce(note, ''), style, coalesce(quantity::text, ''), coalesce(available_date::text, ''),
		count(*) OVER (PARTITION BY division)
		FROM grid_items WHERE status <> 'Deleted' AND division IN ('Footwear', 'Apparel') AND (quantity >= 3 OR note IS NOT NULL)
		ORDER BY division, style, id`)
	if err != nil {
		t.Fatal(err)
	}
	group := ""
	for rows.Next() {
		var div, note, style, qty, date string
		var n int64
		if err := rows.Scan(&div, &note, &style, &qty, &date, &n); err != nil {
			t.Fatal(err)
		}
		if div != group {
			want = append(want, []string{fmt.Sprintf("Division: %s (%d)", div, n), "", "", ""})
			group = div
		}
		if strings.HasPrefix(note, "=") {
			note = "'" + note
		}
		want = append(want, []string{note, style, qty, date})
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	if len(want) < 10 || !reflect.DeepEqual(got, want) {
		t.Fatalf("csv:\n got %q\nwant %q", got, want)
	}
	if !strings.Contains(body, `"'=HYPERLINK(""http://x"",""y"")"`) || !strings.Contains(body, "\"two \"\"quoted\"\", lines\r\nhere\"") {
		t.Fatalf("quoting or formula guard missing:\n%s", body)
	}
	// A bad where tree is a 400 before any byte, as for the workbook.
	if a := f.do(t, "POST", "/items/export/csv", `{"columns":[{"field":"style"}],"where":{"field":"nope","op":"in","values":["x"]}}`); a.status != 400 {
		t.Fatalf("bad where: %d", a.status)
	}
}

func TestCSVSafe(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "plain": "plain", "=1+2": "'=1+2", "+41 79": "'+41 79", "-5": "'-5", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "\rx": "'\rx", "a=b": "a=b", "'quoted": "'quoted",
	} {
		if got := grid.CSVSafe(in); got != want {
			t.Errorf("CSVSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestExportNumberFormats: money and percentage columns keep the grid's formats in the workbook
// (they were plain numbers: $45.21 became 45.21, 58.14 % became 58.14); a bad format is a 400.
func TestExportNumberFormats(t *testing.T) {
	f := setup(t, 10)
	body := `{"columns":[{"field":"style"},{"field":"cost","format":{"kind":"money","symbol":"€","decimals":2}},{"field":"quantity","format":{"kind":"percent","decimals":1}}],"sort":[{"field":"style","dir":"asc"}]}`
	res, err := http.Post(f.srv.URL+"/items/export", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("export: %d %s", res.StatusCode, raw)
	}
	x, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	sheet := x.GetSheetName(0)
	var cost float64
	var qty int64
	if err := f.db.QueryRow(context.Background(), `SELECT cost::float8, quantity FROM grid_items WHERE cost IS NOT NULL AND quantity IS NOT NULL ORDER BY style, id LIMIT 1`).Scan(&cost, &qty); err != nil {
		t.Fatal(err)
	}
	rows, _ := x.GetRows(sheet, excelize.Options{RawCellValue: true})
	found := false
	for i := 1; i < len(rows); i++ {
		if len(rows[i]) < 3 || rows[i][1] == "" || rows[i][2] == "" {
			continue
		}
		for col, want := range map[string]struct {
			format string
			value  float64
		}{"B": {`"€"#,##0.00`, cost}, "C": {"0.0%", float64(qty) / 100}} {
			cell := col + strconv.Itoa(i+1)
			id, _ := x.GetCellStyle(sheet, cell)
			st, err := x.GetStyle(id)
			if err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != want.format {
				t.Fatalf("%s: style %+v (%v), want format %q", cell, st, err, want.format)
			}
			v, _ := x.GetCellValue(sheet, cell, excelize.Options{RawCellValue: true})
			if got, _ := strconv.ParseFloat(v, 64); got != want.value {
				t.Fatalf("%s: value %q, want %g", cell, v, want.value)
			}
		}
		found = true
		break
	}
	if !found {
		t.Fatalf("no row with a cost and a quantity: %v", rows)
	}
	for _, bad := range []string{
		`{"columns":[{"field":"style","format":{"kind":"money"}}]}`,
		`{"columns":[{"field":"cost","format":{"kind":"fraction"}}]}`,
		`{"columns":[{"field":"cost","format":{"kind":"money","decimals":7}}]}`,
		`{"columns":[{"field":"cost","format":{"kind":"money","symbol":"ABCDEFGHIJ"}}]}`,
	} {
		if a := f.do(t, "POST", "/items/export", bad); a.status != 400 {
			t.Errorf("%s: %d", bad, a.status)
		}
	}
}

// TestExportSettings checks the settings an export's statement runs with, read by the statement
// itself: room to sort in memory, and no JIT compilation (which cost a million-row export up to
// a second that no smaller one pays).
func TestExportSettings(t *testing.T) {
	f := setup(t, 3)
	g := grid.MustNew(grid.Grid{
		Name:  "test.settings",
		Table: "grid_items",
		Columns: []grid.Column{
			{Field: "style", Header: "Style", Type: grid.Text, Column: "style"},
			{Field: "jit", Header: "JIT", Type: grid.Text, Expr: "current_setting('jit')"},
			{Field: "workMem", Header: "Work mem", Type: grid.Text, Expr: "current_setting('work_mem')"},
		},
		DefaultSort: []grid.Sort{{Field: "style"}},
	})
	w := httptest.NewRecorder()
	req := grid.ExportRequest{Columns: []grid.ExportColumn{{Field: "style"}, {Field: "jit"}, {Field: "workMem"}}, Format: grid.FormatCSV}
	if err := g.Export(context.Background(), w, f.db, req, nil, "settings"); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(w.Body.String(), "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 {
		t.Fatalf("rows: %q", got)
	}
	for _, r := range got[1:] {
		if r[1] != "off" || r[2] != "64MB" {
			t.Fatalf("an export ran with jit %q and work_mem %q, want off and 64MB", r[1], r[2])
		}
	}
}
