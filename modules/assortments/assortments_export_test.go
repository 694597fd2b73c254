// Tests of the list views' export, against a fresh app on real PostgreSQL.

package assortments_test

import (
	"regexp"
	"slices"
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
