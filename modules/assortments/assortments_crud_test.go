// Tests of creating, reading, changing, copying, merging and deleting assortments, each against a
// fresh app on real PostgreSQL.

package assortments_test

import (
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/modules/assortments"
	"its/modules/products"
)

// TestCreateReadPatchDelete: an assortment's life: create, read, patch, delete.
func TestCreateReadPatchDelete(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
	t.Run("create, read, patch, delete", func(t *testing.T) {
		ps := pairs(t, a, 3, "product_type = 'Footwear' AND discount_percent IS NULL AND EXISTS (SELECT 1 FROM product_locations x WHERE x.product_id = p.id AND x.code = 'US')")
		before := a.Count(`SELECT count(*) FROM assortments`)
		for _, bad := range []map[string]any{
			{"title": "", "channel": "Wholesale"},
			{"title": "x", "channel": "Everywhere"},
			{"title": "x", "labels": []any{map[string]any{"name": "Hero", "color": "red"}}},
			{"title": "x", "method": "dynamic"},
			{"title": "x", "products": []any{map[string]any{"style": "1", "color": "NOPE"}}},
			{"title": "x", "locationId": "XX"},
		} {
			if r := editor.Do("POST", "/api/assortments", bad); r.Status != 400 {
				t.Fatalf("bad create %v: %d %s", bad, r.Status, r.Raw)
			}
		}
		if n := a.Count(`SELECT count(*) FROM assortments`); n != before {
			t.Fatalf("refused creates wrote %d assortments", n-before)
		}
		d := create(t, editor, map[string]any{"title": "Test Create", "channel": "wholesale", "region": "Domestic", "season": "sp", "year": 2026,
			"labels": []any{map[string]any{"name": "Hero", "color": "#C62828"}}, "products": ps, "source": "search"})
		id, created := str(d["_id"]), d
		if d["channel"] != "Wholesale" || d["season"] != "SP" || num(d["productCount"]) != 3 || d["orgType"] != "regular" || d["method"] != "static" {
			t.Fatalf("created %v", d)
		}
		rows := rowsOf(t, editor, id)
		var cost float64
		if err := a.DB.QueryRow(t.Context(), `SELECT wholesale_price::float8 FROM product_locations WHERE product_id = $1 AND code = 'US'`,
			products.ID(str(ps[0]["style"]), str(ps[0]["color"]))).Scan(&cost); err != nil {
			t.Fatal(err)
		}
		r0 := byStyleColor(rows, str(ps[0]["style"]), str(ps[0]["color"]))
		if len(rows) != 3 || num(r0["cost"]) != cost || num(r0["netCost"]) != cost || len(arr(r0["locations"])) != 1 || r0["version"] != 1.0 {
			t.Fatalf("row %v, want cost %v from the US location", r0, cost)
		}
		if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'stats.addStylesBySearch' AND model_id = $1`, id); n != 1 {
			t.Fatalf("add-styles statistics event: %d", n)
		}
		r := editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"title": "Renamed", "starred": true, "subTitle": "Big 5 Sporting Goods"})
		d = r.Data(t, 200)
		if d["title"] != "Renamed" || d["starred"] != true || num(d["version"]) != num(created["version"])+1 {
			t.Fatalf("patched %v", d)
		}
		if r := editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"title": "Stale", "version": created["version"]}); r.Status != 409 || obj(r.Body["details"])["errorType"] != "userLock" {
			t.Fatalf("stale patch: %d %s", r.Status, r.Raw)
		}
		if r := editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"title": "x", "bogus": 1}); r.Status != 400 {
			t.Fatalf("unknown field: %d", r.Status)
		}
		if r := editor.Do("DELETE", "/api/assortments/"+id, nil); r.Status != 200 {
			t.Fatalf("delete %d", r.Status)
		}
		if r := editor.Do("GET", "/api/assortments/"+id, nil); r.Status != 404 {
			t.Fatalf("deleted assortment: %d", r.Status)
		}
		if n := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, id); n != 0 {
			t.Fatalf("%d rows left", n)
		}
	})
}

// TestCopyAndMerge: copies (for oneself and to another user) and merges.
func TestCopyAndMerge(t *testing.T) {
	e := setup(t)
	a, editor, senior := e.app, e.editor, e.senior
	t.Run("duplicate for oneself and copy to another user", func(t *testing.T) {
		src := create(t, editor, map[string]any{"title": "Clone source", "labels": []any{map[string]any{"name": "Hero", "color": "#C62828"}},
			"products": pairs(t, a, 4, "product_type = 'Apparel'")})
		r := editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{src["_id"]}})
		d := r.Data(t, 200)
		if r.Body["message"] != assortments.MsgDuplicated || len(arr(d["ids"])) != 1 {
			t.Fatalf("duplicate: %s", r.Raw)
		}
		dup := str(arr(d["ids"])[0])
		got := editor.Do("GET", "/api/assortments/"+dup, nil).Data(t, 200)
		if got["title"] != "Clone source (Copy)" || len(arr(got["products"])) != 4 || len(arr(got["labels"])) != 1 {
			t.Fatalf("copy %v %d rows", got["title"], len(arr(got["products"])))
		}
		// Find the other user as the copy dialog does.
		r = editor.Do("GET", "/api/users/autocomplete?text=sel", nil)
		found := arr(r.Body["data"])
		if len(found) != 1 || !strings.EqualFold(str(obj(found[0])["email"]), "seniorEditor@example.com") {
			t.Fatalf("autocomplete: %s", r.Raw)
		}
		if r := editor.Do("GET", "/api/users/autocomplete?text=eddie", nil); len(arr(r.Body["data"])) != 0 {
			t.Fatal("autocomplete offers the caller")
		}
		if r := editor.Do("GET", "/api/users/autocomplete?text=april", nil); len(arr(r.Body["data"])) != 0 {
			t.Fatal("autocomplete offers a user without the assortment manager")
		}
		target := str(obj(found[0])["id"])
		r = editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{src["_id"]}, "userId": target})
		d = r.Data(t, 200)
		copied := str(arr(d["ids"])[0])
		if obj(d["copiedTo"])["fullName"] != "Selma Senior-Editor" {
			t.Fatalf("copied to %v", d["copiedTo"])
		}
		theirs := titles(listView(t, senior, "view=all"))["Clone source"]
		if theirs == nil || theirs["_id"] != copied || num(theirs["productCount"]) != 4 || !strings.EqualFold(str(obj(theirs["owner"])["email"]), "seniorEditor@example.com") {
			t.Fatalf("the other user does not see the copy: %v", theirs)
		}
		if r := editor.Do("GET", "/api/assortments/"+copied, nil); r.Status != 404 {
			t.Fatalf("the copy still belongs to the sender: %d", r.Status)
		}
		var approver string
		_ = a.DB.QueryRow(t.Context(), `SELECT id::text FROM users WHERE email = 'approver@example.com'`).Scan(&approver)
		before := a.Count(`SELECT count(*) FROM assortments`)
		if r := editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{src["_id"]}, "userId": approver}); r.Status != 400 {
			t.Fatalf("copy to a user without assortments: %d", r.Status)
		}
		if a.Count(`SELECT count(*) FROM assortments`) != before {
			t.Fatal("refused copy wrote")
		}
	})
	t.Run("merge", func(t *testing.T) {
		ps := pairs(t, a, 5, "product_type = 'Footwear' AND gender = 'Boys'")
		target := create(t, editor, map[string]any{"title": "Merge target", "products": ps[:3]})
		source := create(t, editor, map[string]any{"title": "Merge source", "products": ps[2:]})
		r := editor.Do("PATCH", "/api/assortments/"+str(target["_id"])+"/merge", map[string]any{"ids": []any{source["_id"]}})
		if r.Data(t, 200); r.Body["message"] != "2 Item(s) added to assortment" || len(rowsOf(t, editor, str(target["_id"]))) != 5 {
			t.Fatalf("merge: %s", r.Raw)
		}
	})
	t.Run("merge refusals change nothing", func(t *testing.T) {
		ps := pairs(t, a, 6, "product_type = 'Footwear' AND gender = 'Girls'")
		mine := create(t, editor, map[string]any{"title": "Merge mine", "products": ps[:2]})
		theirs := create(t, senior, map[string]any{"title": "Merge theirs", "products": ps[2:]})
		id, other := str(mine["_id"]), str(theirs["_id"])
		before := a.Count(`SELECT count(*) FROM assortment_products`)
		for _, c := range []struct {
			who    *apptest.Client
			target string
			body   any
			status int
		}{
			// Another user's assortment is not a source one may read: its products stay hidden.
			{editor, id, map[string]any{"ids": []any{other}}, 404},
			// Nor a target one may change.
			{editor, other, map[string]any{"ids": []any{id}}, 404},
			{editor, id, map[string]any{"ids": []any{}}, 400},
			{editor, id, map[string]any{"ids": []any{"00000000-0000-0000-0000-000000000000"}}, 404},
			// The user role has no assortments.edit at all.
			{e.user, id, map[string]any{"ids": []any{id}}, 403},
		} {
			if r := c.who.Do("PATCH", "/api/assortments/"+c.target+"/merge", c.body); r.Status != c.status {
				t.Fatalf("merge %s %v: %d %s, want %d", c.target, c.body, r.Status, r.Raw, c.status)
			}
		}
		if n := a.Count(`SELECT count(*) FROM assortment_products`); n != before {
			t.Fatalf("refused merges wrote %d rows", n-before)
		}
		if n := len(rowsOf(t, editor, id)); n != 2 {
			t.Fatalf("target has %d rows after refusals", n)
		}
	})
}
