package internalassortments_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/assortments"
	"its/modules/internalassortments"
	"its/modules/products"
	"its/modules/seasons"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB) *apptest.App {
	return apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module, seasons.Module, internalassortments.Module))
}

func login(a *apptest.App, email string) *apptest.Client {
	c := a.Client()
	c.Login(email)
	return c
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }
func arr(v any) []any          { s, _ := v.([]any); return s }

// addUser adds an account with one internal assortments permission narrowed as given.
func addUser(t *testing.T, a *apptest.App, email, role, channel, region, productType string) {
	t.Helper()
	if _, err := a.DB.Exec(t.Context(), `WITH u AS (INSERT INTO users (email, name, last_name, user_code, password_hash, status)
		SELECT $1, 'Ina', 'Internal', upper(left(md5($1), 6)), password_hash, 'active' FROM users WHERE email = 'editor@example.com' RETURNING id)
		INSERT INTO user_permissions (user_id, domain, role, channel, region, product_type)
		SELECT id, 'its:internalAssortments', $2, $3, $4, $5 FROM u`, email, role, channel, region, productType); err != nil {
		t.Fatal(err)
	}
}

// newBody is a domestic wholesale men's footwear assortment of FA 2028.
func newBody(title string) map[string]any {
	return map[string]any{"title": title, "channel": "Wholesale", "region": "Domestic", "season": "FA", "year": 2028,
		"gender": "Mens", "productType": "Footwear", "locationId": "US"}
}

func with(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range m {
		out[key] = val
	}
	if v == nil {
		delete(out, k)
	} else {
		out[k] = v
	}
	return out
}

// TestDemoInternal: every variant of every demo season has internal assortments, grouped by
// pillar into display groups; the table of contents counts them per season.
func TestDemoInternal(t *testing.T) {
	a := start(t)
	boss := login(a, "adminEditor@example.com")
	toc := boss.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Wholesale"}).Data(t, 200)
	if len(arr(toc["seasons"])) != 12 {
		t.Fatalf("seasons: %v", toc["seasons"])
	}
	for _, s := range arr(toc["seasons"]) {
		want := 2.0 // both regions, men's
		if obj(s)["year"] == 2026.0 {
			want = 4 // and women's
		}
		if obj(s)["count"] != want {
			t.Fatalf("season %v: count %v, want %v", obj(s)["season"], obj(s)["count"], want)
		}
	}
	if n := len(arr(toc["assortments"])); n != 32 {
		t.Fatalf("wholesale internal assortments: %d", n)
	}
	for _, e := range arr(toc["assortments"]) {
		if !obj(e)["editable"].(bool) || obj(e)["productCount"] != 24.0 {
			t.Fatalf("entry %v", e)
		}
	}
	one := obj(arr(boss.Do("POST", "/api/internalAssortments/discover",
		map[string]any{"channel": "Wholesale", "region": "International", "season": "SP", "year": 2026, "gender": "Womens"}).Data(t, 200)["assortments"])[0])
	if one["title"] != "Womens Wholesale SP26" || one["locationId"] != "CA" {
		t.Fatalf("selected entry %v", one)
	}
	gs := boss.Do("GET", "/api/internalAssortments/groupsort/"+one["_id"].(string), nil).Data(t, 200)
	groups := arr(gs["groups"])
	if gs["groupBy"] != "pillar" || len(groups) < 2 || !obj(groups[len(groups)-1])["uncategorized"].(bool) {
		t.Fatalf("demo display groups: %v", gs)
	}
	styles := 0
	for _, g := range groups {
		styles += len(arr(obj(g)["styles"]))
	}
	if styles == 0 {
		t.Fatal("demo display groups hold no styles")
	}
	// Their custom content: the pillar's story as sanitised html and, in the live year, a
	// banner stored with its preview where an upload puts them.
	for _, g := range groups[:len(groups)-1] {
		c := obj(obj(g)["customContent"])
		title, _ := obj(g)["title"].(string)
		html, _ := c["html"].(string)
		if !strings.Contains(html, "<h3>"+title+" · SP 2026</h3>") || strings.Contains(html, "<script") {
			t.Fatalf("group %q html %q", title, html)
		}
		prefix := "assortments/" + one["_id"].(string) + "/customContent/"
		if src, _ := c["sourceFile"].(string); !strings.HasPrefix(src, prefix) || c["previewJpg"] != prefix+"preview/"+strings.TrimPrefix(src, prefix) || c["previewUrl"] == "" {
			t.Fatalf("group %q content files %v", title, c)
		}
	}
	old := obj(arr(boss.Do("POST", "/api/internalAssortments/discover",
		map[string]any{"channel": "Wholesale", "region": "Domestic", "season": "FA", "year": 2025}).Data(t, 200)["assortments"])[0])
	first := obj(obj(arr(boss.Do("GET", "/api/internalAssortments/groupsort/"+old["_id"].(string), nil).Data(t, 200)["groups"])[0])["customContent"])
	if html, _ := first["html"].(string); !strings.Contains(html, "FA 2025") || first["previewJpg"] != nil && first["previewJpg"] != "" {
		t.Fatalf("a past season's group content %v", first)
	}
	// Retail: every variant there too (the admin editor may see but not edit them).
	retail := login(a, "user@example.com").Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Retail", "region": "Domestic"}).Data(t, 200)
	if n := len(arr(retail["assortments"])); n != 16 {
		t.Fatalf("domestic retail: %d", n)
	}
	if obj(arr(retail["assortments"])[0])["editable"].(bool) {
		t.Fatal("a user may edit")
	}
}

// TestInternalRules: the variant, the unique name ('This assortment already exists.  Please
// create a unique one.'), the published state, hidden columns, the scoped routes, and who may.
func TestInternalRules(t *testing.T) {
	a := start(t)
	boss, user, editor := login(a, "adminEditor@example.com"), login(a, "user@example.com"), login(a, "editor@example.com")
	count := func() int { return a.Count(`SELECT count(*) FROM assortments WHERE org_type = 'internal'`) }
	before := count()

	for name, body := range map[string]map[string]any{
		"no location for domestic wholesale": with(newBody("X"), "locationId", nil),
		"channel All":                        with(newBody("X"), "channel", "All"),
		"region Europe":                      with(newBody("X"), "region", "Europe"),
		"no season":                          with(newBody("X"), "season", nil),
		"no year":                            with(newBody("X"), "year", nil),
		"no gender":                          with(newBody("X"), "gender", nil),
		"a folder":                           with(newBody("X"), "type", "folder"),
		"dynamic":                            with(newBody("X"), "method", "dynamic"),
		"no title":                           with(newBody("X"), "title", " "),
	} {
		if r := boss.Do("POST", "/api/internalAssortments", body); r.Status != 400 {
			t.Fatalf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	// Retail is not the admin editor's channel; a user and an editor without the permission may not create.
	if r := boss.Do("POST", "/api/internalAssortments", with(newBody("Retail try"), "channel", "Retail")); r.Status != 403 {
		t.Fatalf("retail by a wholesale admin editor: %d", r.Status)
	}
	for who, c := range map[string]*apptest.Client{"user": user, "editor": editor} {
		if r := c.Do("POST", "/api/internalAssortments", newBody("Try")); r.Status != 403 {
			t.Fatalf("%s created: %d", who, r.Status)
		}
	}
	if count() != before {
		t.Fatal("a refused create wrote")
	}

	r := boss.Do("POST", "/api/internalAssortments", newBody("Key Initiatives"))
	created := r.Data(t, 200)
	id := created["_id"].(string)
	if created["orgType"] != "internal" || created["state"] != "published" || r.Body["message"] != assortments.MsgCreated {
		t.Fatalf("created %v %v", created, r.Body["message"])
	}
	// The same name (any case) in the same season, year, region and gender is refused.
	r = boss.Do("POST", "/api/internalAssortments", newBody("key initiatives "))
	if r.Status != 400 || r.Body["message"] != "This assortment already exists.  Please create a unique one." {
		t.Fatalf("duplicate: %d %s", r.Status, r.Raw)
	}
	if count() != before+1 {
		t.Fatal("a refused duplicate wrote")
	}
	// Another gender or year may use it.
	women := boss.Do("POST", "/api/internalAssortments", with(newBody("Key Initiatives"), "gender", "Womens")).Data(t, 200)
	boss.Do("POST", "/api/internalAssortments", with(newBody("Key Initiatives"), "year", 2029)).Data(t, 200)
	// Renaming or moving onto a taken name is refused and changes nothing.
	if r := boss.Do("PATCH", "/api/internalAssortments/"+women["_id"].(string), map[string]any{"gender": "Mens"}); r.Status != 400 || r.Body["message"] != internalassortments.MsgExists {
		t.Fatalf("move onto a taken name: %d %s", r.Status, r.Raw)
	}
	if a.Count(`SELECT count(*) FROM assortments WHERE id = $1 AND gender = 'Womens'`, women["_id"]) != 1 {
		t.Fatal("the refused patch wrote")
	}
	// The state stays published; a patch may not take the assortment to Retail (not the admin editor's channel).
	got := obj(boss.Do("PATCH", "/api/internalAssortments/"+id, map[string]any{"state": "archived", "subTitle": "FA28 core"}).Body["data"])
	if got["state"] != "published" || got["subTitle"] != "FA28 core" {
		t.Fatalf("patched %v", got)
	}
	if r := boss.Do("PATCH", "/api/internalAssortments/"+id, map[string]any{"channel": "Retail"}); r.Status != 403 {
		t.Fatalf("to retail: %d %s", r.Status, r.Raw)
	}
	if r := boss.Do("PATCH", "/api/internalAssortments/"+id, map[string]any{"region": "Europe"}); r.Status != 400 {
		t.Fatalf("to Europe: %d %s", r.Status, r.Raw)
	}

	// Rows: initialMarkup hidden, suggestedRetail hidden for the US, and refused in a batch.
	res := boss.Do("PATCH", "/api/internalAssortments/batch/"+id, map[string]any{"addProducts": []any{
		map[string]any{"style": firstStyle(t, a, "US"), "color": firstColor(t, a, "US")}}}).Data(t, 200)

	if res["added"] != 1.0 {
		t.Fatalf("batch %v", res)
	}
	rows := boss.Do("POST", "/api/internalAssortments/products/query", map[string]any{"assortmentId": id})
	if rows.Status != 200 || !containsAll(string(rows.Raw), `"initialMarkup":null`, `"suggestedRetail":null`) {
		t.Fatalf("rows %d %s", rows.Status, rows.Raw)
	}
	full := boss.Do("GET", "/api/internalAssortments/"+id, nil)
	if full.Status != 200 || !containsAll(string(full.Raw), `"initialMarkup":null`, `"suggestedRetail":null`) {
		t.Fatalf("get %d %s", full.Status, full.Raw)
	}
	row := obj(arr(obj(full.Body["data"])["products"])[0])
	for _, f := range []string{"initialMarkup", "suggestedRetail"} {
		r := boss.Do("PATCH", "/api/internalAssortments/batch/"+id, map[string]any{"updateProducts": []any{
			map[string]any{"id": row["id"], "version": row["version"], "changes": map[string]any{f: 50}}}})
		if r.Status != 400 {
			t.Fatalf("update of %s: %d %s", f, r.Status, r.Raw)
		}
	}

	// Its detail grid exports without the hidden fields, which may not be named anywhere.
	exported := boss.Exported(t, "/api/internalAssortments/products/export/xlsx/"+id, "xlsx", regexp.MustCompile(`filename="Key_Initiatives_`),
		map[string]any{"columns": []map[string]string{{"field": "style"}, {"field": "color"}, {"field": "cost"}}})
	if len(exported) != 2 || !slices.Equal(exported[0], []string{"Style", "Color", "Cost"}) || exported[1][0] != row["style"] {
		t.Fatalf("internal detail export %q", exported)
	}
	for _, body := range []map[string]any{
		{"columns": []map[string]string{{"field": "style"}, {"field": "initialMarkup"}}},
		{"columns": []map[string]string{{"field": "style"}}, "where": map[string]any{"field": "suggestedRetail", "op": "gt", "values": []string{"1"}}},
		{"columns": []map[string]string{{"field": "style"}}, "sort": []map[string]string{{"field": "suggestedRetail"}}},
	} {
		if r := boss.Do("POST", "/api/internalAssortments/products/export/csv/"+id, body); r.Status != 400 {
			t.Fatalf("hidden field in an export %v: %d %s", body, r.Status, r.Raw)
		}
	}

	// The two kinds never cross: the regular routes do not answer an internal assortment, nor
	// the internal routes a regular one.
	if r := boss.Do("GET", "/api/assortments/"+id, nil); r.Status != 404 {
		t.Fatalf("internal through the regular route: %d", r.Status)
	}
	mgr := login(a, "manager@example.com")
	if r := mgr.Do("DELETE", "/api/assortments/"+id, nil); r.Status != 404 {
		t.Fatalf("regular delete of an internal assortment: %d", r.Status)
	}
	var regular string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM assortments WHERE org_type = 'regular' AND type = 'item' LIMIT 1`).Scan(&regular); err != nil {
		t.Fatal(err)
	}
	if r := boss.Do("GET", "/api/internalAssortments/"+regular, nil); r.Status != 404 {
		t.Fatalf("regular through the internal route: %d", r.Status)
	}
	for _, v := range arr(obj(mgr.Do("GET", "/api/assortments?view=all", nil).Body["data"])["items"]) {
		if obj(v)["orgType"] != "regular" {
			t.Fatalf("regular list shows %v", v)
		}
	}

	// A user sees but may not change; an editor without the permission may not even read.
	if r := user.Do("GET", "/api/internalAssortments/"+id, nil); r.Status != 200 {
		t.Fatalf("user read: %d", r.Status)
	}
	for _, c := range []struct{ method, path string }{
		{"PATCH", "/api/internalAssortments/" + id}, {"DELETE", "/api/internalAssortments/" + id},
		{"POST", "/api/internalAssortments/edit/lock/" + id + "/request"}, {"PATCH", "/api/internalAssortments/batch/" + id},
		{"PATCH", "/api/internalAssortments/" + id + "/merge"},
	} {
		if r := user.Do(c.method, c.path, map[string]any{"ids": []any{id}}); r.Status != 403 {
			t.Fatalf("user %s %s: %d", c.method, c.path, r.Status)
		}
	}
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/internalAssortments/" + id}, {"POST", "/api/internalAssortments/discover"},
		{"POST", "/api/internalAssortments/products/options"}, {"GET", "/api/internalAssortments/groupsort/" + id},
	} {
		if r := editor.Do(c.method, c.path, map[string]any{"channel": "Wholesale"}); r.Status != 403 {
			t.Fatalf("editor %s %s: %d", c.method, c.path, r.Status)
		}
	}

	// Delete.
	if r := boss.Do("DELETE", "/api/internalAssortments/"+id, nil); r.Status != 200 {
		t.Fatalf("delete %d %s", r.Status, r.Raw)
	}
	if r := boss.Do("GET", "/api/internalAssortments/"+id, nil); r.Status != 404 {
		t.Fatalf("deleted: %d", r.Status)
	}
}

// TestNarrowing: a permission narrowed by region and product type sees and edits only those.
func TestNarrowing(t *testing.T) {
	a := start(t)
	addUser(t, a, "intl@example.com", "adminEditor", "All", "International", "Footwear")
	intl := login(a, "intl@example.com")
	toc := intl.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Retail"}).Data(t, 200)
	for _, e := range arr(toc["assortments"]) {
		if obj(e)["region"] != "International" {
			t.Fatalf("sees %v", e)
		}
	}
	if len(arr(toc["assortments"])) != 16 {
		t.Fatalf("international retail: %d", len(arr(toc["assortments"])))
	}
	var domestic string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM assortments WHERE org_type = 'internal' AND region = 'Domestic' LIMIT 1`).Scan(&domestic); err != nil {
		t.Fatal(err)
	}
	if r := intl.Do("GET", "/api/internalAssortments/"+domestic, nil); r.Status != 404 {
		t.Fatalf("another region's assortment: %d", r.Status)
	}
	if r := intl.Do("POST", "/api/internalAssortments", newBody("Domestic try")); r.Status != 403 {
		t.Fatalf("create in another region: %d", r.Status)
	}
	if r := intl.Do("POST", "/api/internalAssortments", with(with(newBody("Apparel try"), "region", "International"), "productType", "Apparel")); r.Status != 403 {
		t.Fatalf("create of another product type: %d", r.Status)
	}
	own := intl.Do("POST", "/api/internalAssortments", with(with(newBody("Intl retail"), "region", "International"), "channel", "Retail")).Data(t, 200)
	// A merge may not read another region's assortment into one's own, nor write into it.
	rows := a.Count(`SELECT count(*) FROM assortment_products`)
	if r := intl.Do("PATCH", "/api/internalAssortments/"+own["_id"].(string)+"/merge", map[string]any{"ids": []any{domestic}}); r.Status != 404 {
		t.Fatalf("merge from another region: %d %s", r.Status, r.Raw)
	}
	if r := intl.Do("PATCH", "/api/internalAssortments/"+domestic+"/merge", map[string]any{"ids": []any{own["_id"]}}); r.Status != 404 {
		t.Fatalf("merge into another region: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM assortment_products`); n != rows {
		t.Fatalf("refused merges wrote %d rows", n-rows)
	}
	// The dropdown: only what they may edit.
	addUser(t, a, "viewer@example.com", "user", "All", "All", "All")
	viewer := login(a, "viewer@example.com")
	all := viewer.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Retail"}).Data(t, 200)
	mine := viewer.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Retail", "editable": true}).Data(t, 200)
	if len(arr(all["assortments"])) != 33 || len(arr(mine["assortments"])) != 0 || all["publishedStateOnly"] != false {
		t.Fatalf("viewer: %d, editable %d, %v", len(arr(all["assortments"])), len(arr(mine["assortments"])), all["publishedStateOnly"])
	}
	if got := intl.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Retail", "editable": true}).Data(t, 200); len(arr(got["assortments"])) != 17 || got["publishedStateOnly"] != true {
		t.Fatalf("editable by intl: %d %v", len(arr(got["assortments"])), got["publishedStateOnly"])
	}
}

// TestDiscoverCache: the same body answers from the cache until a write or force.
func TestDiscoverCache(t *testing.T) {
	a := start(t)
	boss := login(a, "adminEditor@example.com")
	body := map[string]any{"channel": "Wholesale", "season": "FA", "year": 2028}
	first := boss.Do("POST", "/api/internalAssortments/discover", body).Data(t, 200)
	again := boss.Do("POST", "/api/internalAssortments/discover", body).Data(t, 200)
	if first["at"] != again["at"] || len(arr(again["assortments"])) != 0 {
		t.Fatalf("not cached: %v %v", first["at"], again["at"])
	}
	forced := boss.Do("POST", "/api/internalAssortments/discover", with(body, "force", true)).Data(t, 200)
	if forced["at"] == first["at"] {
		t.Fatal("force answered the cache")
	}
	boss.Do("POST", "/api/internalAssortments", newBody("Cache buster")).Data(t, 200)
	after := boss.Do("POST", "/api/internalAssortments/discover", body).Data(t, 200)
	if len(arr(after["assortments"])) != 1 {
		t.Fatalf("after a create: %v", after["assortments"])
	}
	for _, bad := range []map[string]any{{}, {"channel": "All"}, {"channel": "Wholesale", "season": "XX"}, {"channel": "Wholesale", "year": 1900}} {
		if r := boss.Do("POST", "/api/internalAssortments/discover", bad); r.Status != 400 {
			t.Fatalf("discover %v: %d", bad, r.Status)
		}
	}
}

// TestCreateFromQuery: an assortment holding a catalog query's products, grouped by pillar;
// an empty or too wide query is refused and writes nothing.
func TestCreateFromQuery(t *testing.T) {
	a := start(t)
	boss := login(a, "adminEditor@example.com")
	before := a.Count(`SELECT count(*) FROM assortments`)
	for name, q := range map[string]any{
		"no query":   nil,
		"no filter":  map[string]any{},
		"no match":   map[string]any{"text": "no-such-product-anywhere"},
		"too many":   map[string]any{"conditions": map[string]any{"productType": []any{"Footwear"}}},
		"bad filter": map[string]any{"conditions": map[string]any{"noSuchField": []any{"x"}}},
	} {
		if r := boss.Do("POST", "/api/internalAssortments/products/query/createAssortment", map[string]any{"assortment": newBody("Q"), "query": q}); r.Status != 400 {
			t.Fatalf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if a.Count(`SELECT count(*) FROM assortments`) != before {
		t.Fatal("a refused create wrote")
	}
	q := map[string]any{"conditions": map[string]any{"gender": []any{"Mens"}, "season": []any{"FA"}, "productType": []any{"Footwear"}}}
	want := a.Count(`SELECT count(*) FROM catalog_products WHERE gender = 'Mens' AND season = 'FA' AND product_type = 'Footwear'`)
	created := boss.Do("POST", "/api/internalAssortments/products/query/createAssortment", map[string]any{"assortment": newBody("From a query"), "query": q}).Data(t, 200)
	if created["productCount"] != float64(want) || want == 0 {
		t.Fatalf("products %v, want %d", created["productCount"], want)
	}
	gs := boss.Do("GET", "/api/internalAssortments/groupsort/"+created["_id"].(string), nil).Data(t, 200)
	if gs["groupBy"] != "pillar" || len(arr(gs["groups"])) < 3 || len(arr(obj(arr(gs["groups"])[0])["styles"])) == 0 {
		t.Fatalf("made from a query: not grouped by pillar: %v", gs)
	}
	opts := boss.Do("POST", "/api/internalAssortments/products/options", map[string]any{"productType": "Footwear"}).Data(t, 200)
	if len(arr(opts["genders"])) == 0 || len(arr(opts["pillars"])) == 0 || len(arr(opts["years"])) == 0 {
		t.Fatalf("options %v", opts)
	}
	if r := boss.Do("POST", "/api/internalAssortments/products/options", map[string]any{"productType": "Shoes"}); r.Status != 400 {
		t.Fatalf("options of a bad type: %d", r.Status)
	}
}

// TestInternalGroupSort: a move through the internal route keeps its order; a stale one is a
// userLock; the lock of another editor refuses it.
func TestInternalGroupSort(t *testing.T) {
	a := start(t)
	boss := login(a, "adminEditor@example.com")
	addUser(t, a, "second@example.com", "adminEditor", "Wholesale", "All", "All")
	second := login(a, "second@example.com")
	var id string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM assortments WHERE org_type = 'internal' AND channel = 'Wholesale' ORDER BY title LIMIT 1`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	gs := boss.Do("GET", "/api/internalAssortments/groupsort/"+id, nil).Data(t, 200)
	groups := arr(gs["groups"])
	from, to := obj(groups[0]), obj(groups[1])
	moved := obj(arr(from["styles"])[0])["style"].(string)
	before := obj(arr(to["styles"])[0])["style"].(string)
	batch := func(c *apptest.Client, version any, b map[string]any) *apptest.Response {
		return c.Do("PATCH", "/api/internalAssortments/groupsort/batch/"+id, map[string]any{"version": version, "batches": []any{b}})
	}
	move := map[string]any{"type": "moveStyle", "moves": []any{map[string]any{"item": moved, "before": before, "displayGroup": to["id"]}}}
	res := batch(boss, gs["version"], move).Data(t, 200)
	again := boss.Do("GET", "/api/internalAssortments/groupsort/"+id, nil).Data(t, 200)
	g1 := obj(arr(again["groups"])[1])
	if obj(arr(g1["styles"])[0])["style"] != moved || again["version"] != res["version"] {
		t.Fatalf("after the move: %v", g1)
	}
	r := batch(second, gs["version"], move)
	if r.Status != 409 || obj(r.Body["details"])["errorType"] != "userLock" {
		t.Fatalf("stale move: %d %s", r.Status, r.Raw)
	}
	boss.Do("POST", "/api/internalAssortments/edit/lock/"+id+"/request", nil).Data(t, 200)
	if r := batch(second, again["version"], map[string]any{"type": "groupBy", "groupBy": "gender"}); r.Status != 409 {
		t.Fatalf("move under another's lock: %d %s", r.Status, r.Raw)
	}
	if r := second.Do("GET", "/api/internalAssortments/"+id+"?_options="+`{"products":false}`, nil).Data(t, 200); r["lock"] == nil {
		t.Fatalf("lock not shown: %v", r)
	}
}

func firstStyle(t *testing.T, a *apptest.App, loc string) string { return pick(t, a, loc, "style") }
func firstColor(t *testing.T, a *apptest.App, loc string) string { return pick(t, a, loc, "color") }

func pick(t *testing.T, a *apptest.App, loc, col string) string {
	t.Helper()
	var v string
	if err := a.DB.QueryRow(t.Context(), fmt.Sprintf(`SELECT p.%s FROM catalog_products p JOIN catalog_locations pl ON pl.product_id = p.id AND pl.code = $1
		WHERE p.product_type = 'Footwear' ORDER BY p.style_numeric DESC, p.color LIMIT 1`, col), loc).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
