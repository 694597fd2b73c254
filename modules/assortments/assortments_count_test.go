package assortments_test

import (
	"context"
	"testing"
)

// A static assortment's product count is kept by the writes (migration 0257) and answers what
// its rows are after adds, deletes, a copy, a truncation of every row and across assortments
// written in one statement; the batch's answer carries it.
func TestRowCountKept(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
	ps := pairs(t, a, 5, "product_type = 'Footwear'")
	d := create(t, editor, map[string]any{"title": "Counted", "products": ps[:2]})
	id := str(d["_id"])
	other := str(create(t, editor, map[string]any{"title": "Counted too", "products": ps[:3]})["_id"])
	check := func(what string, answered any) {
		t.Helper()
		for _, x := range []string{id, other} {
			kept := a.Count(`SELECT row_count FROM assortments WHERE id = $1`, x)
			real := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, x)
			if kept != real {
				t.Fatalf("%s: assortment %s keeps %d rows, holds %d", what, x, kept, real)
			}
		}
		if answered != nil && int(num(answered)) != a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, id) {
			t.Fatalf("%s: answered productCount %v", what, answered)
		}
	}
	check("created", d["productCount"])
	r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": []any{ps[2], ps[3]}})
	res := r.Data(t, 200)
	check("added", obj(res["assortment"])["productCount"])
	row := rowsOf(t, editor, id)[0]
	r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"deleteProducts": []any{map[string]any{"id": row["id"], "version": row["version"]}}})
	check("deleted", obj(r.Data(t, 200)["assortment"])["productCount"])
	check("read", editor.Do("GET", "/api/assortments/"+id, nil).Data(t, 200)["productCount"])
	// One statement deleting rows of both assortments.
	if _, err := a.DB.Exec(context.Background(), `DELETE FROM assortment_products WHERE id IN
		(SELECT min(id) FROM assortment_products WHERE assortment_id IN ($1, $2) GROUP BY assortment_id)`, id, other); err != nil {
		t.Fatal(err)
	}
	check("one delete in two assortments", nil)
	if _, err := a.DB.Exec(context.Background(), `TRUNCATE assortment_products CASCADE`); err != nil {
		t.Fatal(err)
	}
	check("truncated", nil)
}
