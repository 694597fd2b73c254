// Tests of collections and the customer list, each against a fresh app on real PostgreSQL.

package assortments_test

import (
	"testing"
)

// TestCollectionsAndCustomers: collections and the customer list.
func TestCollectionsAndCustomers(t *testing.T) {
	e := setup(t)
	a, editor, senior := e.app, e.editor, e.senior
	t.Run("collections", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "With collection", "channel": "Retail"})
		id := str(d["_id"])
		ps := pairs(t, a, 3, "product_type = 'Apparel' AND gender = 'Girls'")
		r := editor.Do("POST", "/api/collections/AssortmentCollection", map[string]any{"name": "Picks", "linkageModel": "Assortment", "linkageId": id, "products": ps[:1]})
		col := r.Data(t, 200)
		cid := str(col["_id"])
		if len(arr(col["products"])) != 1 || obj(arr(col["products"])[0])["selected"] != true {
			t.Fatalf("collection %s", r.Raw)
		}
		r = editor.Do("POST", "/api/collections/AssortmentCollection/batch/"+cid, map[string]any{"addProducts": ps[1:], "updateProducts": []any{map[string]any{"style": ps[0]["style"], "color": ps[0]["color"], "selected": false}}})
		res := r.Data(t, 200)
		if r.Body["message"] != "2 Items Added or Removed" || num(res["addedToAssortment"]) != 2 {
			t.Fatalf("collection batch: %s", r.Raw)
		}
		if got := len(rowsOf(t, editor, id)); got != 3 {
			t.Fatalf("the linked assortment has %d rows, want 3 (creation added 1, the batch 2)", got)
		}
		q := editor.Do("POST", "/api/collections/AssortmentCollection/query", map[string]any{"linkageId": id})
		if got := arr(q.Body["data"]); len(got) != 1 || len(arr(obj(got[0])["products"])) != 3 {
			t.Fatalf("query: %s", q.Raw)
		}
		if got := arr(editor.Do("GET", "/api/collections/AssortmentCollection", nil).Body["data"]); len(got) < 2 {
			t.Fatalf("list has %d (the demo collection and this one)", len(got))
		}
		if r := editor.Do("POST", "/api/collections/AssortmentCollection/batch/"+cid, map[string]any{"addProducts": []any{map[string]any{"style": "1", "color": "X"}}}); r.Status != 400 {
			t.Fatalf("unknown product: %d", r.Status)
		}
		if r := senior.Do("POST", "/api/collections/AssortmentCollection/batch/"+cid, map[string]any{"deleteProducts": ps[:1]}); r.Status != 404 {
			t.Fatalf("another user's collection: %d", r.Status)
		}
		if r := editor.Do("POST", "/api/collections/Bad-Type", map[string]any{"name": "x"}); r.Status != 400 {
			t.Fatalf("bad type: %d", r.Status)
		}
	})
}
