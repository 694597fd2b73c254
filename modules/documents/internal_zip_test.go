package documents_test

import (
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/assortments"
	"its/modules/documents"
	"its/modules/internalassortments"
	"its/modules/products"
	"its/modules/seasons"
	"its/modules/users"
)

// TestInternalZipImages: GET /api/internalAssortments/zip/images/... zips an internal
// assortment's images, read through the internal assortments' own service (given to the
// documents in the "assortments.scoped" group): the hero of each style, or every colour. The
// regular call does not find an internal assortment, a user without the internal assortments
// permission is refused, an anonymous caller must log in, and a refused call queues nothing.
func TestInternalZipImages(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module, seasons.Module, internalassortments.Module, documents.Module))
	editor := login(a, "adminEditor")
	pairs, styles := stylePairs(t, a, "product_type = 'Footwear'", 2)
	id := data(t, editor.Do("POST", "/api/internalAssortments", map[string]any{"title": "Zip Key Initiatives", "channel": "Wholesale",
		"region": "International", "season": "FA", "year": 2027, "gender": "Mens", "productType": "Footwear", "locationId": "CA", "products": pairs}), 200)["_id"].(string)

	path := func(small, heroOnly string) string {
		return "/api/internalAssortments/zip/images/" + small + "/" + heroOnly + "/" + id
	}
	heroes := zipOf(t, editor, path("true", "true"), editor.Do("GET", path("true", "true"), nil))
	if len(heroes) != len(styles) {
		t.Fatalf("hero only: %v", names(heroes))
	}
	for n := range heroes {
		style, _, _ := strings.Cut(strings.TrimPrefix(n, "images/"), "_")
		if !styles[style] {
			t.Fatalf("entry %s", n)
		}
	}
	if all := zipOf(t, editor, path("true", "false"), editor.Do("GET", path("true", "false"), nil)); len(all) != len(pairs) {
		t.Fatalf("every colour: %d entries for %d rows: %v", len(all), len(pairs), names(all))
	}
	// A user of the internal assortments (every channel) may zip it too.
	if r := login(a, "user").Do("GET", path("true", "true"), nil); r.Status != 202 {
		t.Errorf("internal user: %d %.200s", r.Status, r.Raw)
	}

	before := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.zip'`)
	if r := editor.Do("GET", "/api/assortments/zip/images/true/true/"+id, nil); r.Status != 404 {
		t.Errorf("the regular call on an internal assortment: %d %.200s", r.Status, r.Raw)
	}
	if r := editor.Do("GET", "/api/internalAssortments/zip/images/maybe/true/"+id, nil); r.Status != 400 {
		t.Errorf("bad flag: %d %.200s", r.Status, r.Raw)
	}
	if r := login(a, "editor").Do("GET", path("true", "true"), nil); r.Status != 403 {
		t.Errorf("no internal assortments permission: %d", r.Status)
	}
	if r := a.Client().Do("GET", path("true", "true"), nil); r.Status != 401 {
		t.Errorf("anonymous: %d", r.Status)
	}
	if after := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.zip'`); after != before {
		t.Errorf("refused requests queued %d jobs", after-before)
	}
}
