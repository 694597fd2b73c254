package assortments_test

import (
	"fmt"
	"testing"

	"its/modules/assortments"
)

// TestListPages: a list view longer than one list call (MaxListPage entries) is read page after
// page with offset: the pages add up to every entry once, in the view's order, with the exact
// total on each; a bad limit or offset is a 400.
func TestListPages(t *testing.T) {
	e := setup(t)
	editor := e.editor
	before := editor.Do("GET", "/api/assortments?view=all", nil).Data(t, 200)
	n := assortments.MaxListPage + 20 - int(num(before["totalCount"]))
	for i := range n {
		create(t, editor, map[string]any{"title": fmt.Sprintf("Paged %04d", i), "channel": "Retail"})
	}
	for _, view := range []string{"all", "quick-access"} {
		first := editor.Do("GET", "/api/assortments?view="+view, nil).Data(t, 200)
		total := int(num(first["totalCount"]))
		if view == "all" && total != assortments.MaxListPage+20 {
			t.Fatalf("%s: total %d, want %d", view, total, assortments.MaxListPage+20)
		}
		if got := len(arr(first["items"])); got != min(total, assortments.MaxListPage) {
			t.Fatalf("%s: the first call answers %d of %d", view, got, total)
		}
		seen := map[string]bool{}
		var order []string
		for offset := 0; offset < total; offset += 100 {
			d := editor.Do("GET", fmt.Sprintf("/api/assortments?view=%s&limit=100&offset=%d", view, offset), nil).Data(t, 200)
			if int(num(d["totalCount"])) != total {
				t.Fatalf("%s offset %d: total %v, want %d", view, offset, d["totalCount"], total)
			}
			for _, it := range arr(d["items"]) {
				id := str(obj(it)["_id"])
				if seen[id] {
					t.Fatalf("%s: %s answered twice (offset %d)", view, id, offset)
				}
				seen[id] = true
				order = append(order, id)
			}
		}
		if len(order) != total {
			t.Fatalf("%s: the pages hold %d entries, the total is %d", view, len(order), total)
		}
		// The same order as one call reads it.
		for i, it := range arr(first["items"]) {
			if order[i] != str(obj(it)["_id"]) {
				t.Fatalf("%s: entry %d differs between the pages and one call", view, i)
			}
		}
	}
	for _, q := range []string{"limit=-1", "limit=x", "offset=-5", "offset=1.5"} {
		if r := editor.Do("GET", "/api/assortments?view=all&"+q, nil); r.Status != 400 {
			t.Errorf("%s: %d %s", q, r.Status, r.Raw)
		}
	}
}
