// Tests of the schema and who may do what, each against a fresh app on real PostgreSQL.

package assortments_test

import (
	"net/http"
	"strings"
	"testing"

	"its/modules/assortments"
)

// TestSchemaAndPermissions: the grid schema, forged requests, the registry's screens and channel
// narrowing.
func TestSchemaAndPermissions(t *testing.T) {
	e := setup(t)
	a, editor, user := e.app, e.editor, e.user
	t.Run("schema", func(t *testing.T) {
		s := editor.Do("GET", "/api/assortments/schema", nil).Data(t, 200)
		cols := map[string]map[string]any{}
		for _, c := range arr(s["columns"]) {
			cols[str(obj(c)["field"])] = obj(c)
		}
		if cols["style"]["editableWhen"] != "newRows" || arr(cols["discountPercent"]["validators"])[0] != "discount" || cols["netCost"]["editable"] != true {
			t.Fatalf("schema %v", cols)
		}
		// The catalog's read-only values come from the server too (the browser only orders them).
		if cols["initialMarkup"]["editable"] != false || cols["initialMarkup"]["type"] != "number" || cols["totalInventory"]["type"] != "integer" || cols["alerts"]["sortable"] != false {
			t.Fatalf("read-only columns %v %v %v", cols["initialMarkup"], cols["totalInventory"], cols["alerts"])
		}
		if obj(s["messages"])["discount"] != assortments.MsgDiscountRange {
			t.Fatal("schema messages")
		}
	})
	t.Run("permissions with forged requests", func(t *testing.T) {
		mine := titles(listView(t, editor, "view=all"))["Holiday 2025 Gift Guide"]
		id := str(mine["_id"])
		row := rowsOf(t, editor, id)[0]
		before := a.Count(`SELECT count(*) FROM assortments`) + a.Count(`SELECT sum(version)::int FROM assortment_products`)
		for _, call := range []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/assortments", map[string]any{"title": "forged"}},
			{"PATCH", "/api/assortments/" + id, map[string]any{"title": "forged"}},
			{"DELETE", "/api/assortments/" + id, nil},
			{"PATCH", "/api/assortments/batch/" + id, map[string]any{"updateProducts": []any{map[string]any{"id": row["id"], "version": row["version"], "changes": map[string]any{"colorNote": "x"}}}}},
			{"PATCH", "/api/assortments/" + id + "/merge", map[string]any{"ids": []any{id}}},
			{"POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{id}}},
			{"POST", "/api/assortments/archive", map[string]any{"ids": []any{id}}},
			{"POST", "/api/assortments/edit/lock/" + id + "/request", nil},
			{"POST", "/api/collections/AssortmentCollection", map[string]any{"name": "forged"}},
		} {
			if r := user.Do(call.method, call.path, call.body); r.Status != 403 {
				t.Fatalf("user %s %s: %d %s", call.method, call.path, r.Status, r.Raw)
			}
		}
		// Reading is allowed, but only one's own.
		if r := user.Do("GET", "/api/assortments?view=all", nil); r.Status != 200 || len(arr(obj(r.Body["data"])["items"])) != 0 {
			t.Fatalf("user list: %d %s", r.Status, r.Raw)
		}
		anon := a.Client()
		if r := anon.Do("GET", "/api/assortments", nil); r.Status != 401 {
			t.Fatalf("anonymous: %d", r.Status)
		}
		approver := login(a, "approver@example.com")
		if r := approver.Do("GET", "/api/assortments", nil); r.Status != 403 {
			t.Fatalf("approver: %d", r.Status)
		}
		// A write without the CSRF header is refused before any rule runs.
		req, _ := http.NewRequest("PATCH", a.URL+"/api/assortments/"+id, strings.NewReader(`{"title":"csrf"}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := editor.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Fatalf("no CSRF: %d", res.StatusCode)
		}
		if after := a.Count(`SELECT count(*) FROM assortments`) + a.Count(`SELECT sum(version)::int FROM assortment_products`); after != before {
			t.Fatal("a refused request changed something")
		}
		// The user who received a copy sees it but cannot change it.
		var uid string
		_ = a.DB.QueryRow(t.Context(), `SELECT id::text FROM users WHERE email = 'user@example.com'`).Scan(&uid)
		d := editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{id}, "userId": uid}).Data(t, 200)
		copied := str(arr(d["ids"])[0])
		if r := user.Do("GET", "/api/assortments/"+copied, nil); r.Status != 200 {
			t.Fatalf("user reads the copy: %d", r.Status)
		}
		if r := user.Do("PATCH", "/api/assortments/"+copied, map[string]any{"title": "mine"}); r.Status != 403 {
			t.Fatalf("user edits the copy: %d", r.Status)
		}
	})
	t.Run("registry shows the screens to who may open them", func(t *testing.T) {
		mods := map[string]map[string]any{}
		for _, m := range arr(editor.Do("GET", "/api/modules", nil).Body["data"]) {
			mods[str(obj(m)["id"])] = obj(m)
		}
		as, ps := mods["assortments"], mods["products"]
		if as == nil || ps == nil {
			t.Fatalf("editor's modules: %v", mods)
		}
		names := map[string]bool{}
		for _, r := range arr(as["routes"]) {
			names[str(obj(r)["name"])] = true
		}
		for _, n := range []string{"assortment-manager--quick-access", "assortment-manager--all-assortments", "assortment-manager--recent",
			"assortment-manager--starred", "assortment-manager--scheduled", "assortment-manager--archived", "assortment-manager--assortment--manage"} {
			if !names[n] {
				t.Fatalf("route %s missing: %v", n, names)
			}
		}
		if nav := obj(arr(as["nav"])[0]); nav["path"] != "/product/assortments" || nav["title"] != "nav.assortments" || obj(as["remote"])["name"] != "assortments" {
			t.Fatalf("assortments nav/remote %v", as)
		}
		if r := obj(arr(ps["routes"])[0]); r["path"] != "/product/libraries/products" || r["name"] != "product-libraries--products" || r["expose"] != "./Products" {
			t.Fatalf("products route %v", r)
		}
		approver := login(a, "approver@example.com")
		for _, m := range arr(approver.Do("GET", "/api/modules", nil).Body["data"]) {
			if id := obj(m)["id"]; id == "assortments" || id == "products" {
				t.Fatalf("approver sees %v", id)
			}
		}
	})
	t.Run("channel narrowing", func(t *testing.T) {
		// An editor allowed on Retail only (a permission narrowed by channel).
		if _, err := a.DB.Exec(t.Context(), `WITH u AS (INSERT INTO users (email, name, last_name, user_code, password_hash, status)
			SELECT 'retail@example.com', 'Rita', 'Retail', 'RTL001', password_hash, 'active' FROM users WHERE email = 'editor@example.com' RETURNING id)
			INSERT INTO user_permissions (user_id, domain, role, channel) SELECT id, 'its:productAssortments', 'editor', 'Retail' FROM u`); err != nil {
			t.Fatal(err)
		}
		retail := login(a, "retail@example.com")
		before := a.Count(`SELECT count(*) FROM assortments`)
		if r := retail.Do("POST", "/api/assortments", map[string]any{"title": "Wholesale try", "channel": "Wholesale"}); r.Status != 403 {
			t.Fatalf("create on another channel: %d", r.Status)
		}
		if r := retail.Do("POST", "/api/assortments", map[string]any{"title": "All channels try"}); r.Status != 403 {
			t.Fatalf("create on channel All: %d", r.Status)
		}
		if a.Count(`SELECT count(*) FROM assortments`) != before {
			t.Fatal("refused create wrote")
		}
		d := create(t, retail, map[string]any{"title": "Retail only", "channel": "Retail"})
		if r := retail.Do("PATCH", "/api/assortments/"+str(d["_id"]), map[string]any{"channel": "Wholesale"}); r.Status != 403 {
			t.Fatalf("move to another channel: %d", r.Status)
		}
		retail.Do("PATCH", "/api/assortments/"+str(d["_id"]), map[string]any{"title": "Retail only!"}).Data(t, 200)
	})
}
