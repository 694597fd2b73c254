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

// internalAssortment starts the app with the internal assortments and the documents, and has the
// admin editor make an international wholesale one of n footwear styles (every colour of each).
func internalAssortment(t *testing.T, title string, n int) (*apptest.App, *apptest.Client, string, []map[string]any, map[string]bool) {
	t.Helper()
	a := apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module, seasons.Module, internalassortments.Module, documents.Module))
	editor := login(a, "adminEditor")
	pairs, styles := stylePairs(t, a, "product_type = 'Footwear'", n)
	id := editor.Do("POST", "/api/internalAssortments", map[string]any{"title": title, "channel": "Wholesale",
		"region": "International", "season": "FA", "year": 2027, "gender": "Mens", "productType": "Footwear", "locationId": "CA", "products": pairs}).Data(t, 200)["_id"].(string)
	return a, editor, id, pairs, styles
}

// TestInternalZipImages: GET /api/internalAssortments/zip/images/... zips an internal
// assortment's images, read through the internal assortments' own service (given to the
// documents in the "assortments.scoped" group): the hero of each style, or every colour. The
// regular call does not find an internal assortment, a user without the internal assortments
// permission is refused, an anonymous caller must log in, and a refused call queues nothing.
func TestInternalZipImages(t *testing.T) {
	a, editor, id, pairs, styles := internalAssortment(t, "Zip Key Initiatives", 2)

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

// TestInternalLineSheet: a line sheet of an internal assortment (orgType internal) is read
// through the internal assortments' own service, as a workbook with a row per style and as a
// download-queue job. The regular reader does not find it, a user without the internal
// assortments permission is refused, and a saved or shared document must be of a regular
// assortment; a refused call queues nothing.
func TestInternalLineSheet(t *testing.T) {
	a, editor, id, _, styles := internalAssortment(t, "Line Sheet Key Initiatives", 3)
	body := func(extra map[string]any) map[string]any {
		b := request(id, map[string]any{"orgType": "internal", "filename": "Key Initiatives"})
		for k, v := range extra {
			b[k] = v
		}
		return b
	}

	x := editor.Do("POST", "/api/assortment-documents/xlsx", body(nil))
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "Key_Initiatives.xlsx") {
		t.Fatalf("xlsx: %d %s %.300s", x.Status, x.Header.Get("Content-Disposition"), x.Raw)
	}
	rows, _ := workbookRows(t, x.Raw)
	found := map[string]bool{}
	for _, row := range rows {
		for _, cell := range row {
			if styles[cell] {
				found[cell] = true
			}
		}
	}
	if len(found) != len(styles) {
		t.Fatalf("the workbook names %d of %d styles: %v", len(found), len(styles), rows)
	}
	if job := editor.Do("POST", "/api/assortment-documents/xlsx", body(map[string]any{"queue": true})).Data(t, 202); job["jobId"] == nil {
		t.Fatalf("queued: %v", job)
	}

	before := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.render'`)
	if r := editor.Do("POST", "/api/assortment-documents/xlsx", request(id, nil)); r.Status != 404 {
		t.Errorf("the regular reader on an internal assortment: %d %.200s", r.Status, r.Raw)
	}
	if r := login(a, "editor").Do("POST", "/api/assortment-documents/xlsx", body(map[string]any{"queue": true})); r.Status != 403 && r.Status != 404 {
		t.Errorf("no internal assortments permission: %d %.200s", r.Status, r.Raw)
	}
	// A senior editor who may also see the internal wholesale assortments may save and share
	// documents, but not of an internal assortment.
	if _, err := a.DB.Exec(t.Context(), `INSERT INTO user_permissions (user_id, domain, role, channel, region, product_type)
		SELECT id, 'its:internalAssortments', 'adminEditor', 'Wholesale', 'International', 'Footwear' FROM users WHERE lower(email) = 'senioreditor@example.com'`); err != nil {
		t.Fatal(err)
	}
	senior := login(a, "seniorEditor")
	if r := senior.Do("POST", "/api/assortment-documents", body(nil)); r.Status != 400 || !strings.Contains(string(r.Raw), "orgType") {
		t.Errorf("saving an internal assortment's document: %d %.200s", r.Status, r.Raw)
	}
	if r := senior.Do("POST", "/api/assortment-documents/share/email/xlsx", body(map[string]any{"recipients": []string{"buyer@example.com"}})); r.Status != 400 {
		t.Errorf("sharing an internal assortment's document: %d %.200s", r.Status, r.Raw)
	}
	if after := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.render'`); after != before {
		t.Errorf("refused requests queued %d jobs", after-before)
	}
}
