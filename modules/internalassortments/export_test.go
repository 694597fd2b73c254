package internalassortments_test

import (
	"regexp"
	"slices"
	"testing"

	"its/core/app/apptest"
)

// TestExport: a channel's export holds the internal assortments the caller's policy shows them
// (a permission narrowed to a region exports only that region), with the page's filters.
func TestExport(t *testing.T) {
	a := start(t)
	addUser(t, a, "intl@example.com", "adminEditor", "All", "International", "Footwear")
	addUser(t, a, "viewer@example.com", "user", "All", "All", "All")
	intl, viewer := login(a, "intl@example.com"), login(a, "viewer@example.com")
	name := regexp.MustCompile(`filename="InternalAssortments_Retail_\d{4}-\d{2}-\d{2}\.(xlsx|csv)"`)
	body := map[string]any{"columns": []map[string]string{{"field": "title"}, {"field": "region", "headerName": "Region"}, {"field": "gender"}},
		"sort": []map[string]string{{"field": "title"}}}
	titles := func(toc map[string]any) []string {
		var out []string
		for _, e := range arr(toc["assortments"]) {
			out = append(out, obj(e)["title"].(string))
		}
		slices.Sort(out)
		return out
	}
	for _, format := range []string{"xlsx", "csv"} {
		for who, client := range map[string]*apptest.Client{"intl": intl, "viewer": viewer} {
			rows := client.Exported(t, "/api/internalAssortments/export/"+format+"/retail", format, name, body)
			if !slices.Equal(rows[0], []string{"Title", "Region", "Gender"}) {
				t.Fatalf("%s header %q", who, rows[0])
			}
			var got []string
			for _, r := range rows[1:] {
				got = append(got, r[0])
				if who == "intl" && r[1] != "International" {
					t.Fatalf("intl exports another region: %q", r)
				}
			}
			want := titles(client.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Retail"}).Data(t, 200))
			if len(want) == 0 || !slices.Equal(got, want) {
				t.Fatalf("%s %s export %d rows, discover shows %d", who, format, len(got), len(want))
			}
		}
	}
	// The page's region filter.
	rows := viewer.Exported(t, "/api/internalAssortments/export/xlsx/Retail", "xlsx", name,
		map[string]any{"columns": []map[string]string{{"field": "region"}}, "filters": map[string]any{"region": "Domestic"}})
	if len(rows) < 2 {
		t.Fatalf("domestic: %q", rows)
	}
	for _, r := range rows[1:] {
		if r[0] != "Domestic" {
			t.Fatalf("region filter: %q", r)
		}
	}
	if r := viewer.Do("POST", "/api/internalAssortments/export/xlsx/Everything", body); r.Status != 400 {
		t.Fatalf("unknown channel: %d", r.Status)
	}
}
