package assortments_test

import (
	"testing"
)

// TestSizeFilter: the detail grid's size footer field (product spec §5.3) narrows an assortment's
// rows on the server to the style/colours stocked in that size (any casing) at the assortment's
// pricing location, for a static assortment and a dynamic one alike.
func TestSizeFilter(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
	ps := append(pairs(t, a, 3, "product_type = 'Footwear' AND gender = 'Mens'"), pairs(t, a, 3, "product_type = 'Apparel'")...)
	d := create(t, editor, map[string]any{"title": "Sizes", "products": ps})
	id := str(d["_id"])
	want := a.Count(`SELECT count(*) FROM assortment_products ap JOIN assortments s ON s.id = ap.assortment_id
		JOIN product_availability pa ON pa.product_id = ap.product_id AND pa.code = s.location_id
		WHERE ap.assortment_id = $1 AND EXISTS (SELECT 1 FROM json_array_elements(pa.availability) e WHERE e->>'size' = 'M')`, id)
	if want == 0 || want == len(ps) {
		t.Fatalf("the case needs some rows with size M and some without: %d of %d", want, len(ps))
	}
	lines := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id,
		"conditions": map[string]any{"locations.availability.size": []any{"m"}}}))
	rows := lines[1 : len(lines)-1]
	if len(rows) != want || int(num(lines[0]["totalCount"])) != want {
		t.Fatalf("size M: %d rows (total %v), want %d", len(rows), lines[0]["totalCount"], want)
	}
	for _, r := range rows {
		if r["productType"] != "Apparel" {
			t.Fatalf("a %v row of size M: %v", r["productType"], r["id"])
		}
	}
	// A dynamic assortment's query narrowed by the size: only products stocked in it.
	dyn := create(t, editor, map[string]any{"title": "Sizes dynamic", "method": "dynamic", "query": map[string]any{"conditions": map[string]any{"productType": []any{"Footwear"}, "gender": []any{"Mens"}}}})
	narrowed := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": str(dyn["_id"]),
		"conditions": map[string]any{"locations.availability.size": []any{"M"}}, "limit": 10}))
	if len(narrowed) != 2 || num(narrowed[0]["totalCount"]) != 0 {
		t.Fatalf("mens footwear in size M: %v", narrowed)
	}
}
