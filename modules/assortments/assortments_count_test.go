package assortments_test

import (
	"testing"
)

// A static assortment's product count is kept by the writes (migration 0257): it answers what
// its rows are after the demo seed, a create with products, adds, a delete, a refused batch and a
// duplicate, on every read (the assortment, the batch's answer and the list).
func TestRowCountKept(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
	everyKept := func(what string) {
		t.Helper()
		if n := a.Count(`SELECT count(*) FROM assortments x WHERE x.row_count <>
			(SELECT count(*) FROM assortment_products ap WHERE ap.assortment_id = x.id)`); n != 0 {
			t.Fatalf("%s: %d assortments keep a row count other than their rows", what, n)
		}
	}
	everyKept("seeded")
	if a.Count(`SELECT count(*) FROM assortments WHERE row_count > 0`) == 0 {
		t.Fatal("the demo seed made no assortment with rows")
	}
	ps := pairs(t, a, 5, "product_type = 'Footwear'")
	d := create(t, editor, map[string]any{"title": "Counted", "products": ps[:2]})
	id := str(d["_id"])
	rows := func() int {
		return a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, id)
	}
	check := func(what string, answered any) {
		t.Helper()
		everyKept(what)
		if int(num(answered)) != rows() {
			t.Fatalf("%s: answered productCount %v, the assortment holds %d rows", what, answered, rows())
		}
	}
	check("created", d["productCount"])
	r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": []any{ps[2], ps[3]}})
	check("added", obj(r.Data(t, 200)["assortment"])["productCount"])
	// A refused batch (one add already there) changes nothing, the count included.
	r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": []any{ps[4], ps[0]}})
	if r.Status != 400 {
		t.Fatalf("adding a row already there: %d %s", r.Status, r.Raw)
	}
	check("refused", editor.Do("GET", "/api/assortments/"+id, nil).Data(t, 200)["productCount"])
	row := rowsOf(t, editor, id)[0]
	r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{
		"deleteProducts": []any{map[string]any{"id": row["id"], "version": row["version"]}}, "addProducts": []any{ps[4]}})
	check("deleted one, added one", obj(r.Data(t, 200)["assortment"])["productCount"])
	row = rowsOf(t, editor, id)[0]
	r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{
		"deleteProducts": []any{map[string]any{"id": row["id"], "version": row["version"]}}})
	check("deleted", obj(r.Data(t, 200)["assortment"])["productCount"])
	r = editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{id}})
	dup := str(arr(r.Data(t, 200)["ids"])[0])
	everyKept("duplicated")
	if got := editor.Do("GET", "/api/assortments/"+dup, nil).Data(t, 200)["productCount"]; int(num(got)) != rows() {
		t.Fatalf("the duplicate answers productCount %v, its source holds %d rows", got, rows())
	}
	list := editor.Do("GET", "/api/assortments?text=Counted", nil)
	found := 0
	for _, x := range arr(obj(list.Data(t, 200))["items"]) {
		if m := obj(x); m["_id"] == id || m["_id"] == dup {
			found++
			if int(num(m["productCount"])) != rows() {
				t.Fatalf("the list answers productCount %v for %v, it holds %d rows", m["productCount"], m["title"], rows())
			}
		}
	}
	if found != 2 {
		t.Fatalf("the list found %d of the two assortments: %.300s", found, list.Raw)
	}
}
