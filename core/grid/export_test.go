package grid_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
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
