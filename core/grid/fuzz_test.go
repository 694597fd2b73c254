package grid_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"its/core/grid"
)

// FuzzQuery sends query protocol requests, as a JSON body and as a query string, to a grid
// over a real table: every answer is a page (200, never more rows than the grid's cap) or a
// 400 envelope, never a 5xx; and a JSON query the server accepts, decoded and encoded again,
// asks for the same page.
func FuzzQuery(f *testing.F) {
	fx := setup(f, 30)
	f.Fuzz(func(t *testing.T, body []byte, rawQuery string) {
		a := fx.do(t, http.MethodPost, "/items/query", string(body))
		checkPage(t, a, "POST "+string(body))
		if a.status == http.StatusOK {
			var q grid.Query
			if err := json.Unmarshal(body, &q); err != nil {
				t.Fatalf("the server accepted a query that does not decode: %v", err)
			}
			again, err := json.Marshal(q)
			if err != nil {
				t.Fatalf("an accepted query does not encode: %v", err)
			}
			b := fx.do(t, http.MethodPost, "/items/query", string(again))
			if b.status != a.status || !reflect.DeepEqual(b.body, a.body) {
				t.Fatalf("the re-encoded query %s answers %d %s, the original %s answered %d %s", again, b.status, b.raw, body, a.status, a.raw)
			}
		}
		checkPage(t, fx.do(t, http.MethodGet, "/items?"+requestQuery(rawQuery), nil), "GET ?"+rawQuery)
	})
}

// requestQuery is raw as a client puts it on a request line: bytes a request line cannot carry
// (controls, spaces, non-ASCII, and "#", which would start a fragment) percent-encoded, the rest
// as it is, so the server's own query parsing sees everything else.
func requestQuery(raw string) string {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; c <= ' ' || c >= 0x7f || c == '#' {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func checkPage(t *testing.T, a answer, what string) {
	t.Helper()
	switch a.status {
	case http.StatusOK:
		d, _ := a.body["data"].(map[string]any)
		rows, _ := d["rows"].([]any)
		if d == nil || len(rows) > items.MaxLimit {
			t.Fatalf("%s: a page of %d rows (cap %d): %.300s", what, len(rows), items.MaxLimit, a.raw)
		}
	case http.StatusBadRequest:
		if a.body["messageCode"] == nil || a.body["message"] == "" {
			t.Fatalf("%s: a 400 without the envelope: %s", what, a.raw)
		}
	default:
		t.Fatalf("%s: %d %s", what, a.status, a.raw)
	}
}

// FuzzPaste runs a pasted value through the cell rules the batch endpoint applies. Pastes are
// split into cells by the browser; what reaches the server is each cell's text in a batch
// request, so this is the server's side of a paste. A refused value names its field and rule;
// an accepted one is stable (the value the grid stores, pasted again, is accepted unchanged);
// and the whole batch request against the real table answers 200 or a 400 envelope, never a
// 5xx from a value the rules let through.
func FuzzPaste(f *testing.F) {
	fx := setup(f, 3)
	var id string
	if err := fx.db.QueryRow(context.Background(), `SELECT id::text FROM grid_items WHERE kind = 'item' ORDER BY style LIMIT 1`).Scan(&id); err != nil {
		f.Fatal(err)
	}
	fields := items.Schema().Columns
	f.Fuzz(func(t *testing.T, column uint8, text string, typed bool) {
		field := fields[int(column)%len(fields)].Field
		// A number typed into the grid reaches the server as a JSON number, a paste as text.
		var v any = text
		if n, err := strconv.ParseFloat(text, 64); err == nil && typed {
			v = n
		}
		stored, cerr := items.Cell(field, v, grid.CellContext{Op: grid.OpUpdate})
		if cerr != nil {
			if cerr.Field != field || cerr.Rule == "" || cerr.Message == "" {
				t.Fatalf("%s %q: a refusal that does not name field and rule: %+v", field, text, cerr)
			}
		} else if stored != nil {
			// The grid shows the stored value as the JSON the server sends.
			shown := viaJSON(t, stored)
			again, cerr := items.Cell(field, shown, grid.CellContext{Op: grid.OpUpdate})
			if cerr != nil || !reflect.DeepEqual(viaJSON(t, again), shown) {
				t.Fatalf("%s %q: stored %#v, which sent back gives %#v %+v", field, text, stored, again, cerr)
			}
		}
		var version int64
		if err := fx.db.QueryRow(t.Context(), `SELECT version FROM grid_items WHERE id::text = $1`, id).Scan(&version); err != nil {
			t.Fatal(err)
		}
		req := map[string]any{"update": []any{map[string]any{"id": id, "version": version, "changes": map[string]any{field: v}}}}
		a := fx.do(t, http.MethodPatch, "/items/batch", req)
		switch a.status {
		case http.StatusOK, http.StatusBadRequest:
		default:
			t.Fatalf("%s %#v: %d %s", field, v, a.status, a.raw)
		}
		if a.status == http.StatusOK && cerr != nil {
			t.Fatalf("%s %#v: the batch accepted what the cell rules refuse: %s", field, v, a.raw)
		}
	})
}

func viaJSON(t *testing.T, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%#v does not encode: %v", v, err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// FuzzExportRoundTrip writes fuzzed text into a row, exports the grid as the user sees it and
// reads the workbook back with excelize (nothing on the server reads workbooks yet): the export
// answers a workbook, and every text cell reads back as the text stored, as far as a workbook
// can hold it (asExcelHolds).
func FuzzExportRoundTrip(f *testing.F) {
	fx := setup(f, 0)
	f.Fuzz(func(t *testing.T, style, color, note string, quantity int32) {
		// PostgreSQL text holds neither NUL nor invalid UTF-8: such input never gets stored.
		for _, s := range []string{style, color, note} {
			if strings.ContainsRune(s, 0) || !utf8.ValidString(s) {
				return
			}
		}
		ctx := t.Context()
		if _, err := fx.db.Exec(ctx, `DELETE FROM grid_items`); err != nil {
			t.Fatal(err)
		}
		if _, err := fx.db.Exec(ctx, `INSERT INTO grid_items (style, color, note, quantity) VALUES ($1, $2, $3, $4)`, style, color, note, quantity); err != nil {
			return // the table's own checks (a negative quantity)
		}
		req := map[string]any{"columns": []map[string]string{{"field": "style"}, {"field": "color"}, {"field": "note"}, {"field": "quantity"}}}
		a := fx.do(t, http.MethodPost, "/items/export", req)
		if a.status != http.StatusOK {
			t.Fatalf("export of %q %q %q: %d %.300s", style, color, note, a.status, a.raw)
		}
		x, err := excelize.OpenReader(bytes.NewReader(a.raw))
		if err != nil {
			t.Fatalf("not a workbook: %v", err)
		}
		defer x.Close()
		rows, err := x.GetRows(x.GetSheetName(0), excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{asExcelHolds(style), asExcelHolds(color), asExcelHolds(note), strconv.Itoa(int(quantity))}
		if len(rows) != 2 || !reflect.DeepEqual(pad(rows[1], 4), want) {
			t.Fatalf("exported %q, read back %q", want, rows)
		}
	})
}

// asExcelHolds is s as a workbook cell keeps it: characters XML cannot carry become U+FFFD,
// and the text ends at Excel's 32,767 UTF-16 units a cell.
func asExcelHolds(s string) string {
	var b strings.Builder
	units := 0
	for _, r := range s {
		if !(r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF) {
			r = utf8.RuneError
		}
		if units += utf16.RuneLen(r); units > excelize.TotalCellChars {
			break
		}
		b.WriteRune(r)
	}
	return b.String()
}

func pad(row []string, n int) []string {
	for len(row) < n {
		row = append(row, "")
	}
	return row
}
