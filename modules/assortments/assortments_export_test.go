// Tests of the list views' export, against a fresh app on real PostgreSQL.

package assortments_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"its/core/app/apptest"
)

// exportRows posts an export of a list view and answers its rows (header first).
func exportRows(t *testing.T, c *apptest.Client, format, view string, body map[string]any) [][]string {
	t.Helper()
	name := regexp.MustCompile(`filename="Assortments_` + view + `_\d{4}-\d{2}-\d{2}\.` + format + `"`)
	return c.Exported(t, "/api/assortments/export/"+format+"/"+view, format, name, body)
}

// TestExportList: every list view exports the entries the list shows the caller (only their own),
// in the columns, order and headers asked for; the title search and sort apply; mistakes are 400s.
func TestExportList(t *testing.T) {
	e := setup(t)
	body := map[string]any{"columns": []map[string]string{{"field": "title", "headerName": "Titel"}, {"field": "channel"}, {"field": "productCount"}, {"field": "path"}}}
	for _, view := range []string{"all", "recent", "starred", "scheduled", "archived", "quick-access"} {
		for _, format := range []string{"xlsx", "csv"} {
			got := exportRows(t, e.editor, format, view, body)
			if !slices.Equal(got[0], []string{"Titel", "Channel", "Products", "Folder"}) {
				t.Fatalf("%s %s header %q", view, format, got[0])
			}
			var want []string
			for _, it := range listView(t, e.editor, "view="+view) {
				want = append(want, str(obj(it)["title"]))
			}
			var titlesGot []string
			for _, r := range got[1:] {
				titlesGot = append(titlesGot, r[0])
			}
			slices.Sort(want)
			slices.Sort(titlesGot)
			if len(want) == 0 || !slices.Equal(titlesGot, want) {
				t.Fatalf("%s %s: exported %q, the list shows %q", view, format, titlesGot, want)
			}
		}
	}
	// Another user's entries are never in the caller's export, whatever the search.
	theirs := titles(listView(t, e.senior, "view=all"))
	if theirs["Japan Comfort Collection"] == nil {
		t.Fatal("the senior editor's demo assortment is missing")
	}
	got := exportRows(t, e.editor, "xlsx", "all", map[string]any{"columns": []map[string]string{{"field": "title"}}, "filters": map[string]any{"title": map[string]any{"contains": "Japan"}}})
	if len(got) != 1 {
		t.Fatalf("the editor's export shows another user's assortments: %q", got)
	}
	got = exportRows(t, e.senior, "xlsx", "all", map[string]any{"columns": []map[string]string{{"field": "title"}}, "filters": map[string]any{"title": map[string]any{"contains": "Japan"}}})
	if len(got) < 2 || got[1][0] != "Japan Comfort Collection" {
		t.Fatalf("the owner's search export: %q", got)
	}
	// The search reaches into folders, and sort applies.
	got = exportRows(t, e.editor, "csv", "all", map[string]any{"columns": []map[string]string{{"field": "title"}, {"field": "path"}},
		"filters": map[string]any{"title": map[string]any{"contains": "Running"}}, "sort": []map[string]string{{"field": "title", "dir": "desc"}}})
	if len(got) < 2 || got[1][1] == "" {
		t.Fatalf("search in folders: %q", got)
	}
	for i := 2; i < len(got); i++ {
		if got[i-1][0] < got[i][0] {
			t.Fatalf("not sorted descending: %q", got)
		}
	}
	for _, bad := range []struct {
		view string
		body map[string]any
	}{
		{"everything", body},
		{"all", map[string]any{"columns": []map[string]string{}}},
		{"all", map[string]any{"columns": []map[string]string{{"field": "ownerEmail"}}}},
	} {
		if r := e.editor.Do("POST", "/api/assortments/export/xlsx/"+bad.view, bad.body); r.Status != 400 {
			t.Fatalf("export %s %v: %d", bad.view, bad.body, r.Status)
		}
	}
}

// TestExportDetail: an assortment's detail grid exports as the user sees it: the columns in
// their order with their headers, the filter tree evaluated as the grid does (on the values
// computed in Go), sort and grouping, as xlsx and csv; another user's assortment is a 404 and
// mistakes are 400s.
func TestExportDetail(t *testing.T) {
	e := setup(t)
	ps := pairs(t, e.app, 6, "product_type = 'Footwear' AND EXISTS (SELECT 1 FROM product_locations x WHERE x.product_id = p.id AND x.code = 'US' AND x.wholesale_price > 0)")
	d := create(t, e.editor, map[string]any{"title": "Detail Export", "products": ps})
	id := str(d["_id"])
	rows := rowsOf(t, e.editor, id)
	var updates []any
	for i, r := range rows[:3] {
		updates = append(updates, map[string]any{"id": r["id"], "version": r["version"], "changes": map[string]any{"quantity": 10 + i, "quantityOnHand": 2}})
	}
	e.editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": updates}).Data(t, 200)
	rows = rowsOf(t, e.editor, id)
	name := regexp.MustCompile(`filename="Detail_Export_\d{4}-\d{2}-\d{2}\.(xlsx|csv)"`)
	body := map[string]any{
		"columns": []map[string]string{{"field": "style", "headerName": "Stil"}, {"field": "color"}, {"field": "cost"}, {"field": "quantity"}, {"field": "sellThru"}, {"field": "name"}},
		// The grid's own tree: a quantity of 11 to 12 and a sell-through (computed in Go) over 50.
		"where": map[string]any{"and": []any{map[string]any{"field": "quantity", "op": "between", "values": []string{"11", "12"}}, map[string]any{"field": "sellThru", "op": "gt", "values": []string{"50"}}}},
		"sort":  []map[string]string{{"field": "quantity", "dir": "desc"}},
	}
	for _, format := range []string{"xlsx", "csv"} {
		got := e.editor.Exported(t, "/api/assortments/products/export/"+format+"/"+id, format, name, body)
		if !slices.Equal(got[0], []string{"Stil", "Color", "Cost", "Quantity", "Sell Thru %", "Name"}) {
			t.Fatalf("%s header %q", format, got[0])
		}
		if len(got) != 3 || got[1][3] != "12" || got[2][3] != "11" {
			t.Fatalf("%s rows %q", format, got)
		}
		want := byStyleColor(rows, got[1][0], got[1][1])
		if want == nil || got[1][5] != str(want["name"]) || got[1][2] != strconv.FormatFloat(num(want["cost"]), 'f', -1, 64) {
			t.Fatalf("%s values %q, the grid shows %v", format, got[1], want)
		}
	}
	// Grouped by style: a header row per style with its size, every row under one.
	got := e.editor.Exported(t, "/api/assortments/products/export/xlsx/"+id, "xlsx", name, map[string]any{
		"columns": []map[string]string{{"field": "color"}, {"field": "style"}}, "groupBy": []string{"style"}})
	groups, lines := 0, 0
	for _, r := range got[1:] {
		if strings.HasPrefix(r[0], "Style: ") {
			groups++
		} else {
			lines++
		}
	}
	if lines != len(rows) || groups == 0 {
		t.Fatalf("grouped: %d lines of %d, %d groups: %q", lines, len(rows), groups, got)
	}
	// Another user's assortment is not found; mistakes are one 400.
	if r := e.user.Do("POST", "/api/assortments/products/export/xlsx/"+id, body); r.Status != 404 {
		t.Fatalf("another user's: %d", r.Status)
	}
	for _, bad := range []map[string]any{
		{"columns": []map[string]string{}},
		{"columns": []map[string]string{{"field": "ownerEmail"}}},
		{"columns": []map[string]string{{"field": "style"}}, "where": map[string]any{"field": "cost", "op": "contains", "values": []string{"1"}}},
		{"columns": []map[string]string{{"field": "style"}}, "sort": []map[string]string{{"field": "alerts"}}},
	} {
		if r := e.editor.Do("POST", "/api/assortments/products/export/csv/"+id, bad); r.Status != 400 {
			t.Fatalf("export %v: %d %s", bad, r.Status, r.Raw)
		}
	}
}
