package assortments_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB) *apptest.App {
	return apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module))
}

func login(a *apptest.App, email string) *apptest.Client {
	c := a.Client()
	c.Login(email)
	return c
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }
func arr(v any) []any          { s, _ := v.([]any); return s }
func num(v any) float64        { f, _ := v.(float64); return f }
func str(v any) string         { s, _ := v.(string); return s }

func data(t *testing.T, r *apptest.Response, want int) map[string]any {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d: %s", r.Status, want, r.Raw)
	}
	return obj(r.Body["data"])
}

// pairs picks n catalog style/colours matching where (trusted SQL on products p).
func pairs(t *testing.T, a *apptest.App, n int, where string) []map[string]any {
	t.Helper()
	rows, err := a.DB.Query(context.Background(), `SELECT style, color FROM products p WHERE `+where+` ORDER BY style_numeric DESC, color LIMIT $1`, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []map[string]any
	for rows.Next() {
		var s, c string
		if err := rows.Scan(&s, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, map[string]any{"style": s, "color": c})
	}
	if len(out) != n {
		t.Fatalf("only %d catalog rows for %s", len(out), where)
	}
	return out
}

func create(t *testing.T, c *apptest.Client, body map[string]any) map[string]any {
	t.Helper()
	r := c.Do("POST", "/api/assortments", body)
	d := data(t, r, 200)
	if want := "Assortment Created"; body["type"] != "folder" && r.Body["message"] != want {
		t.Fatalf("message %v, want %q", r.Body["message"], want)
	}
	return d
}

func rowsOf(t *testing.T, c *apptest.Client, id string) []map[string]any {
	t.Helper()
	d := data(t, c.Do("GET", "/api/assortments/"+id, nil), 200)
	var out []map[string]any
	for _, r := range arr(d["products"]) {
		out = append(out, obj(r))
	}
	return out
}

func byStyleColor(rows []map[string]any, style, color string) map[string]any {
	for _, r := range rows {
		if r["style"] == style && r["color"] == color {
			return r
		}
	}
	return nil
}

func details(r *apptest.Response) []map[string]any {
	var out []map[string]any
	for _, d := range arr(r.Body["details"]) {
		out = append(out, obj(d))
	}
	return out
}

func ndjson(t *testing.T, r *apptest.Response) []map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Raw)
	}
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(r.Raw))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
		out = append(out, m)
	}
	return out
}

func titles(items []any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, it := range items {
		out[str(obj(it)["title"])] = obj(it)
	}
	return out
}

func listView(t *testing.T, c *apptest.Client, query string) []any {
	t.Helper()
	return arr(data(t, c.Do("GET", "/api/assortments?"+query, nil), 200)["items"])
}

// TestAssortments runs the module's behaviour on one app (the 50,000-row catalog is the slow
// part of a start); every subtest makes the assortments it changes.
func TestAssortments(t *testing.T) {
	a := start(t)
	editor := login(a, "editor@example.com")
	senior := login(a, "seniorEditor@example.com")
	manager := login(a, "manager@example.com")
	user := login(a, "user@example.com")

	t.Run("list views", func(t *testing.T) {
		all := titles(listView(t, editor, "view=all"))
		for _, want := range []string{"Spring 2025", "Key Accounts", "Holiday 2025 Gift Guide", "Work Boots Core Line"} {
			if all[want] == nil {
				t.Fatalf("root of all lacks %q: %v", want, all)
			}
		}
		if all["Men's Running SP25"] != nil || all["Fall 2024"] != nil || all["Europe 2025"] != nil {
			t.Fatal("all view shows nested, archived or other users' entries at the root")
		}
		items := listView(t, editor, "view=all")
		if obj(items[0])["type"] != "folder" {
			t.Fatal("folders come first")
		}
		spring := all["Spring 2025"]
		d := data(t, editor.Do("GET", "/api/assortments?view=all&folder="+str(spring["_id"]), nil), 200)
		inside := titles(arr(d["items"]))
		if inside["Men's Running SP25"] == nil || inside["Kids Spring Essentials"] == nil || obj(d["folder"])["title"] != "Spring 2025" {
			t.Fatalf("folder content %v", inside)
		}
		recent := listView(t, editor, "view=recent")
		if len(recent) == 0 || len(recent) > assortments.RecentLimit {
			t.Fatalf("recent has %d", len(recent))
		}
		prev := "9999"
		for _, it := range recent {
			m := obj(it)
			if m["type"] != "item" || m["state"] == "archived" || str(m["modifiedDate"]) > prev {
				t.Fatalf("recent not items by modifiedDate descending: %v", m["title"])
			}
			prev = str(m["modifiedDate"])
		}
		for _, it := range listView(t, editor, "view=starred") {
			if obj(it)["starred"] != true {
				t.Fatal("starred view has an unstarred entry")
			}
		}
		sched := listView(t, editor, "view=scheduled")
		if len(sched) != 2 || obj(sched[0])["scheduledDate"] == nil {
			t.Fatalf("scheduled: %d", len(sched))
		}
		arch := titles(listView(t, editor, "view=archived"))
		if arch["Fall 2024"] == nil || arch["Back to School 2024"] == nil || arch["Men's Trail FA24"] != nil {
			t.Fatalf("archived view %v", arch)
		}
		qa := titles(listView(t, editor, "view=quick-access"))
		if qa["Spring 2025"] == nil || qa["Holiday 2025 Gift Guide"] == nil {
			t.Fatalf("quick access lacks starred entries: %v", qa)
		}
		if r := editor.Do("GET", "/api/assortments?view=everything", nil); r.Status != 400 {
			t.Fatalf("unknown view: %d", r.Status)
		}
		// Another user's assortment is not there for the editor.
		other := titles(listView(t, senior, "view=all"))["Japan Comfort Collection"]
		if r := editor.Do("GET", "/api/assortments/"+str(other["_id"]), nil); r.Status != 404 {
			t.Fatalf("another user's assortment: %d", r.Status)
		}
		// A manager manages every user's assortments.
		if r := manager.Do("GET", "/api/assortments/"+str(other["_id"])+`?_options={"products":false}`, nil); r.Status != 200 || r.Body["data"].(map[string]any)["products"] != nil {
			t.Fatalf("manager read: %d", r.Status)
		}
	})

	t.Run("archived folders hide their content from every live view", func(t *testing.T) {
		ctx := context.Background()
		var folderID string
		if err := a.DB.QueryRow(ctx, `SELECT id::text FROM assortments WHERE title = 'Fall 2024'`).Scan(&folderID); err != nil {
			t.Fatal(err)
		}
		// The demo folder's content is archived with it, as archiving does.
		var live int
		if err := a.DB.QueryRow(ctx, `SELECT count(*) FROM assortments WHERE $1 = ANY(hierarchy) AND state <> 'archived'`, folderID).Scan(&live); err != nil || live != 0 {
			t.Fatalf("%d live entries inside the archived demo folder (%v)", live, err)
		}
		// Even an entry left published, starred and scheduled inside it (older data) stays out.
		if _, err := a.DB.Exec(ctx, `UPDATE assortments SET state = 'published', starred = true, scheduled_date = now() + interval '1 day',
			modified_date = now() WHERE title = 'Men''s Trail FA24'`); err != nil {
			t.Fatal(err)
		}
		for _, view := range []string{"view=quick-access", "view=recent", "view=starred", "view=scheduled", "view=all", "view=all&q=FA24",
			"view=all&folder=" + folderID} {
			got := titles(listView(t, editor, view))
			if got["Men's Trail FA24"] != nil || got["Women's Boots FA24"] != nil {
				t.Fatalf("%s lists an assortment of the archived folder: %v", view, got)
			}
		}
		if arch := titles(listView(t, editor, "view=archived")); arch["Fall 2024"] == nil || arch["Men's Trail FA24"] != nil {
			t.Fatalf("archived view root %v", arch)
		}
		if inside := titles(listView(t, editor, "view=archived&folder="+folderID)); inside["Women's Boots FA24"] == nil {
			t.Fatalf("archived folder content %v", inside)
		}
		// Unarchiving the folder brings its content back to the live views.
		data(t, editor.Do("POST", "/api/assortments/unarchive", map[string]any{"ids": []string{folderID}}), 200)
		if got := titles(listView(t, editor, "view=quick-access")); got["Men's Trail FA24"] == nil {
			t.Fatalf("quick access after unarchive %v", got)
		}
		data(t, editor.Do("POST", "/api/assortments/archive", map[string]any{"ids": []string{folderID}}), 200)
		for _, view := range []string{"view=quick-access", "view=starred", "view=scheduled", "view=recent"} {
			if got := titles(listView(t, editor, view)); got["Men's Trail FA24"] != nil {
				t.Fatalf("%s after re-archiving %v", view, got)
			}
		}
	})

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
		d = data(t, r, 200)
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

	t.Run("folders and the archive cascade", func(t *testing.T) {
		f := create(t, editor, map[string]any{"title": "Cascade", "type": "folder"})
		g := create(t, editor, map[string]any{"title": "Inner", "type": "folder", "parentId": f["_id"]})
		x := create(t, editor, map[string]any{"title": "Deep item", "parentId": g["_id"]})
		y := create(t, editor, map[string]any{"title": "Shallow item", "parentId": f["_id"]})
		if h := arr(x["hierarchy"]); len(h) != 2 || h[0] != f["_id"] || h[1] != g["_id"] {
			t.Fatalf("hierarchy %v", h)
		}
		if r := editor.Do("POST", "/api/assortments", map[string]any{"title": "in an item", "parentId": y["_id"]}); r.Status != 400 {
			t.Fatalf("item as a parent: %d", r.Status)
		}
		if r := editor.Do("PATCH", "/api/assortments/"+str(f["_id"]), map[string]any{"parentId": g["_id"]}); r.Status != 400 {
			t.Fatalf("folder into its subfolder: %d", r.Status)
		}
		r := editor.Do("POST", "/api/assortments/archive", map[string]any{"ids": []any{f["_id"]}})
		data(t, r, 200)
		if n := a.Count(`SELECT count(*) FROM assortments WHERE id = ANY($1::uuid[]) AND state = 'archived'`, []string{str(f["_id"]), str(g["_id"]), str(x["_id"]), str(y["_id"])}); n != 4 {
			t.Fatalf("archiving the folder archived %d of 4", n)
		}
		if titles(listView(t, editor, "view=all"))["Cascade"] != nil {
			t.Fatal("archived folder still in all")
		}
		arch := titles(listView(t, editor, "view=archived"))
		if arch["Cascade"] == nil || arch["Inner"] != nil || arch["Deep item"] != nil {
			t.Fatalf("archive lists %v", arch)
		}
		inside := titles(arr(data(t, editor.Do("GET", "/api/assortments?view=archived&folder="+str(f["_id"]), nil), 200)["items"]))
		if inside["Inner"] == nil || inside["Shallow item"] == nil {
			t.Fatalf("archived folder content %v", inside)
		}
		// Restoring one item out of an archived folder puts it at the root.
		data(t, editor.Do("POST", "/api/assortments/unarchive", map[string]any{"ids": []any{y["_id"]}}), 200)
		root := titles(listView(t, editor, "view=all"))
		if root["Shallow item"] == nil || len(arr(root["Shallow item"]["hierarchy"])) != 0 {
			t.Fatalf("restored item not at the root")
		}
		data(t, editor.Do("POST", "/api/assortments/unarchive", map[string]any{"ids": []any{f["_id"]}}), 200)
		if n := a.Count(`SELECT count(*) FROM assortments WHERE ($1 = ANY(hierarchy) OR id = $1) AND state = 'published'`, f["_id"]); n != 3 {
			t.Fatalf("unarchived %d of 3", n)
		}
		// Move and delete with content.
		data(t, editor.Do("PATCH", "/api/assortments/"+str(y["_id"]), map[string]any{"parentId": g["_id"]}), 200)
		inner := titles(arr(data(t, editor.Do("GET", "/api/assortments?view=all&folder="+str(g["_id"]), nil), 200)["items"]))
		if inner["Shallow item"] == nil || inner["Deep item"] == nil {
			t.Fatalf("moved item not in the folder: %v", inner)
		}
		data(t, editor.Do("DELETE", "/api/assortments/"+str(f["_id"]), nil), 200)
		if n := a.Count(`SELECT count(*) FROM assortments WHERE id = ANY($1::uuid[])`, []string{str(f["_id"]), str(g["_id"]), str(x["_id"]), str(y["_id"])}); n != 0 {
			t.Fatalf("deleting the folder left %d", n)
		}
	})

	t.Run("star", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Star me"})
		data(t, editor.Do("PATCH", "/api/assortments/"+str(d["_id"]), map[string]any{"starred": true}), 200)
		if titles(listView(t, editor, "view=starred"))["Star me"] == nil || titles(listView(t, editor, "view=quick-access"))["Star me"] == nil {
			t.Fatal("starred assortment not in starred and quick access")
		}
		data(t, editor.Do("PATCH", "/api/assortments/"+str(d["_id"]), map[string]any{"starred": false}), 200)
		if titles(listView(t, editor, "view=starred"))["Star me"] != nil {
			t.Fatal("unstarred assortment still starred")
		}
	})

	t.Run("duplicate for oneself and copy to another user", func(t *testing.T) {
		src := create(t, editor, map[string]any{"title": "Clone source", "labels": []any{map[string]any{"name": "Hero", "color": "#C62828"}},
			"products": pairs(t, a, 4, "product_type = 'Apparel'")})
		r := editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{src["_id"]}})
		d := data(t, r, 200)
		if r.Body["message"] != assortments.MsgDuplicated || len(arr(d["ids"])) != 1 {
			t.Fatalf("duplicate: %s", r.Raw)
		}
		dup := str(arr(d["ids"])[0])
		got := data(t, editor.Do("GET", "/api/assortments/"+dup, nil), 200)
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
		d = data(t, r, 200)
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

	t.Run("pricing rules", func(t *testing.T) {
		ps := pairs(t, a, 1, "product_type = 'Footwear' AND suggested_retail > 0 AND EXISTS (SELECT 1 FROM product_locations x WHERE x.product_id = p.id AND x.code = 'US')")
		d := create(t, editor, map[string]any{"title": "Pricing", "products": ps})
		id := str(d["_id"])
		row := rowsOf(t, editor, id)[0]
		rid, version := str(row["id"]), num(row["version"])
		update := func(changes map[string]any) *apptest.Response {
			r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{map[string]any{"id": rid, "version": version, "changes": changes}}})
			if r.Status == 200 {
				version++
			}
			return r
		}
		cur := func() map[string]any { return rowsOf(t, editor, id)[0] }
		data(t, update(map[string]any{"cost": "$40.00"}), 200)
		if r := cur(); num(r["cost"]) != 40 || num(r["netCost"]) != 40 {
			t.Fatalf("cost edit: %v", r)
		}
		data(t, update(map[string]any{"discountPercent": 12.345}), 200)
		if r := cur(); num(r["discountPercent"]) != 12.35 || num(r["discountAmount"]) != 4.94 || num(r["netCost"]) != 35.06 {
			t.Fatalf("discount %% edit: %v %v %v", r["discountPercent"], r["discountAmount"], r["netCost"])
		}
		data(t, update(map[string]any{"cost": 50}), 200)
		if r := cur(); num(r["discountPercent"]) != 12.35 || num(r["discountAmount"]) != 6.18 || num(r["netCost"]) != 43.82 {
			t.Fatalf("cost edit keeps the percentage: %v %v %v", r["discountPercent"], r["discountAmount"], r["netCost"])
		}
		data(t, update(map[string]any{"discountAmount": 10}), 200)
		if r := cur(); num(r["discountPercent"]) != 20 || num(r["netCost"]) != 40 {
			t.Fatalf("amount edit: %v %v", r["discountPercent"], r["netCost"])
		}
		data(t, update(map[string]any{"netCost": 45}), 200)
		if r := cur(); num(r["discountAmount"]) != 5 || num(r["discountPercent"]) != 10 || num(r["cost"]) != 50 {
			t.Fatalf("net edit: %v %v %v", r["discountAmount"], r["discountPercent"], r["cost"])
		}
		data(t, update(map[string]any{"discountAmount": 60}), 200)
		if r := cur(); r["netCost"] != nil || r["discountPercent"] != nil {
			t.Fatalf("a discount above cost leaves net cost blank: %v %v", r["netCost"], r["discountPercent"])
		}
		data(t, update(map[string]any{"suggestedRetail": 100, "discountPercent": 0}), 200)
		data(t, update(map[string]any{"initialMarkup": 60}), 200)
		if r := cur(); num(r["netCost"]) != 40 || num(r["initialMarkup"]) != 60 || num(r["discountPercent"]) != 20 {
			t.Fatalf("markup edit: %v %v %v", r["netCost"], r["initialMarkup"], r["discountPercent"])
		}
		stored := cur()
		for _, bad := range []struct {
			changes map[string]any
			msg     string
		}{
			{map[string]any{"discountPercent": 150}, assortments.MsgDiscountRange},
			{map[string]any{"discountPercent": "abc"}, assortments.MsgDiscountRange},
			{map[string]any{"cost": -5}, "Cost cannot be negative"},
			{map[string]any{"quantity": "-3"}, "Quantity cannot be negative"},
			{map[string]any{"netCost": 70}, "Net cost cannot be more than cost"},
			{map[string]any{"label": "Nope"}, "'Nope' is not a label of this assortment"},
			{map[string]any{"style": "123"}, "Style cannot be edited here"},
			// Other notations are refused, not stripped into other numbers (issue 17 finding 9).
			{map[string]any{"quantity": "1e999"}, "Quantity must be a number"},
			{map[string]any{"cost": "0x10"}, "Cost must be a number"},
			{map[string]any{"netCost": "12abc"}, "Net Cost must be a number"},
			{map[string]any{"suggestedRetail": "NaN"}, "Suggested Retail must be a number"},
			{map[string]any{"discountPercent": "1e999"}, assortments.MsgDiscountRange},
			{map[string]any{"initialMarkup": "NaN"}, "Markup must be a number"},
			{map[string]any{"initialMarkup": "0x10"}, "Markup must be a number"},
		} {
			r := update(bad.changes)
			if r.Status != 400 || r.Body["message"] != bad.msg {
				t.Fatalf("%v: %d %s", bad.changes, r.Status, r.Raw)
			}
		}
		data(t, update(map[string]any{"suggestedRetail": 0}), 200)
		if r := update(map[string]any{"initialMarkup": 50}); r.Status != 400 || r.Body["message"] != assortments.MsgMarkupNeedsSR {
			t.Fatalf("markup without suggested retail: %d %s", r.Status, r.Raw)
		}
		if r := cur(); num(r["cost"]) != num(stored["cost"]) || num(r["netCost"]) != num(stored["netCost"]) || num(r["version"]) != version {
			t.Fatalf("refused edits changed the row: %v -> %v", stored, r)
		}
	})

	t.Run("notes and pillar go to every colour of the style", func(t *testing.T) {
		var style string
		if err := a.DB.QueryRow(t.Context(), `SELECT style FROM products WHERE product_type = 'Footwear' GROUP BY style HAVING count(*) >= 3 ORDER BY style LIMIT 1`).Scan(&style); err != nil {
			t.Fatal(err)
		}
		d := create(t, editor, map[string]any{"title": "Propagation", "products": pairs(t, a, 3, "style = '"+style+"'")})
		id := str(d["_id"])
		rows := rowsOf(t, editor, id)
		first := rows[0]
		r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{map[string]any{
			"id": first["id"], "version": first["version"], "changes": map[string]any{"styleNote": "Hero of the wall", "collectionStyleNote": "Lead", "pillar": "comfort", "colorNote": "only me"}}}})
		res := data(t, r, 200)
		if len(arr(res["rows"])) != 3 {
			t.Fatalf("answer holds %d changed rows, want 3", len(arr(res["rows"])))
		}
		for _, row := range rowsOf(t, editor, id) {
			if row["styleNote"] != "Hero of the wall" || row["collectionStyleNote"] != "Lead" || row["pillar"] != "Comfort" || num(row["version"]) != 2 {
				t.Fatalf("not propagated: %v", row)
			}
			if (row["id"] == first["id"]) != (row["colorNote"] == "only me") {
				t.Fatal("the colour note went to other colours")
			}
		}
	})

	t.Run("sell-through per colour and per style, over the whole assortment", func(t *testing.T) {
		var style string
		if err := a.DB.QueryRow(t.Context(), `SELECT style FROM products WHERE product_type = 'Footwear' GROUP BY style HAVING count(*) >= 3 ORDER BY style DESC LIMIT 1`).Scan(&style); err != nil {
			t.Fatal(err)
		}
		d := create(t, editor, map[string]any{"title": "Sell-through", "products": pairs(t, a, 3, "style = '"+style+"'")})
		id := str(d["_id"])
		rows := rowsOf(t, editor, id)
		set := [][2]int{{30, 10}, {10, 50}, {0, 0}}
		var updates []any
		for i, r := range rows {
			updates = append(updates, map[string]any{"id": r["id"], "version": r["version"], "changes": map[string]any{"quantity": set[i][0], "quantityOnHand": set[i][1]}})
		}
		data(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": updates}), 200)
		check := func(where string, r map[string]any) {
			t.Helper()
			if num(r["styleQuantity"]) != 40 || num(r["styleQuantityOnHand"]) != 60 || num(r["styleSellThru"]) != 40 {
				t.Fatalf("%s: style totals %v/%v sell-through %v, want 40/60 40", where, r["styleQuantity"], r["styleQuantityOnHand"], r["styleSellThru"])
			}
		}
		rows = rowsOf(t, editor, id)
		for _, r := range rows {
			check("read", r)
		}
		if num(rows[0]["sellThru"]) != 75 || num(rows[1]["sellThru"]) != 16.67 || rows[2]["sellThru"] != nil {
			t.Fatalf("colour sell-through %v %v %v, want 75 16.67 null", rows[0]["sellThru"], rows[1]["sellThru"], rows[2]["sellThru"])
		}
		// A batch answers only the row it changed, a page only its rows: the style still counts all colours.
		res := data(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{map[string]any{
			"id": rows[2]["id"], "version": rows[2]["version"], "changes": map[string]any{"colorNote": "no stock yet"}}}}), 200)
		if changed := arr(res["rows"]); len(changed) != 1 {
			t.Fatalf("batch answered %d rows, want 1", len(changed))
		} else {
			check("batch answer", obj(changed[0]))
		}
		lines := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id, "limit": 1}))
		if len(lines) != 3 {
			t.Fatalf("page of one: %d lines", len(lines))
		}
		check("page", lines[1])
	})

	t.Run("batches: add, delete, update, rename, sort", func(t *testing.T) {
		ps := pairs(t, a, 6, "product_type = 'Apparel'")
		d := create(t, editor, map[string]any{"title": "Batches", "products": ps[:2]})
		id := str(d["_id"])
		count := func() int { return a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1`, id) }
		if r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{}); r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_EMPTY_REQUEST" {
			t.Fatalf("empty batch: %d %s", r.Status, r.Raw)
		}
		// One bad row refuses the whole batch.
		r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": []any{
			ps[2], map[string]any{"style": ps[3]["style"], "color": "ZZZZ", "tempId": "t-bad"}, ps[0],
		}})
		if r.Status != 400 || count() != 2 {
			t.Fatalf("bad add: %d %s (rows %d)", r.Status, r.Raw, count())
		}
		rules := map[string]bool{}
		for _, e := range details(r) {
			rules[str(e["rule"])+"@"+fmt.Sprint(e["index"])] = true
		}
		if !rules["exists@1"] || !rules["duplicate@2"] {
			t.Fatalf("errors %v", rules)
		}
		r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": []any{
			map[string]any{"style": ps[2]["style"], "color": strings.ToLower(str(ps[2]["color"])), "tempId": "t1", "values": map[string]any{"quantity": 12}},
			map[string]any{"style": ps[3]["style"], "color": ps[3]["color"], "tempId": "t2", "isNew": true},
		}, "source": "style"})
		res := data(t, r, 200)
		if num(res["added"]) != 2 || r.Body["message"] != "2 Item(s) added to assortment" || count() != 4 || obj(res["tempIds"])["t1"] == nil {
			t.Fatalf("add: %s", r.Raw)
		}
		added := byStyleColor(rowsOf(t, editor, id), str(ps[2]["style"]), str(ps[2]["color"]))
		if num(added["quantity"]) != 12 || num(added["sort"]) != 2 {
			t.Fatalf("added row %v", added)
		}
		rows := rowsOf(t, editor, id)
		old := byStyleColor(rows, str(ps[0]["style"]), str(ps[0]["color"]))
		fresh := byStyleColor(rows, str(ps[3]["style"]), str(ps[3]["color"]))
		// Style and colour: only new rows, and only to a real style/colour.
		r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"renameProducts": []any{map[string]any{"id": old["id"], "version": old["version"], "newColor": ps[4]["color"], "newStyle": ps[4]["style"]}}})
		if r.Status != 400 || r.Body["message"] != assortments.MsgNewRowsOnly {
			t.Fatalf("rename of an old row: %d %s", r.Status, r.Raw)
		}
		r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"renameProducts": []any{map[string]any{"id": fresh["id"], "version": fresh["version"], "newStyle": ps[4]["style"], "newColor": "QQQQ"}}})
		if r.Status != 400 || r.Body["message"] != products.NoDataMessage {
			t.Fatalf("rename to nothing: %d %s", r.Status, r.Raw)
		}
		r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"renameProducts": []any{map[string]any{"id": fresh["id"], "version": fresh["version"], "newStyle": ps[4]["style"], "newColor": ps[4]["color"]}}})
		res = data(t, r, 200)
		renamed := obj(arr(res["rows"])[0])
		if num(res["renamed"]) != 1 || renamed["id"] != fresh["id"] || renamed["style"] != ps[4]["style"] || renamed["color"] != ps[4]["color"] {
			t.Fatalf("rename: %s", r.Raw)
		}
		// Update, delete and sort together.
		r = editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{
			"updateProducts": []any{map[string]any{"id": added["id"], "version": added["version"], "changes": map[string]any{"quantity": "1,200", "storeType": "outlet"}}},
			"deleteProducts": []any{map[string]any{"id": old["id"], "version": old["version"]}},
			"sortProducts":   []any{map[string]any{"id": added["id"], "sort": 0}},
		})
		res = data(t, r, 200)
		if num(res["deleted"]) != 1 || !strings.Contains(str(r.Body["message"]), "1 Item(s) Deleted") || count() != 3 {
			t.Fatalf("update+delete: %s", r.Raw)
		}
		up := byStyleColor(rowsOf(t, editor, id), str(ps[2]["style"]), str(ps[2]["color"]))
		if num(up["quantity"]) != 1200 || up["storeType"] != "Outlet" || num(up["sort"]) != 0 {
			t.Fatalf("updated row %v", up)
		}
		// Ending the editing session: the added row is no longer new.
		data(t, editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil), 200)
		data(t, editor.Do("POST", "/api/assortments/edit/lock/"+id+"/release", nil), 200)
		again := byStyleColor(rowsOf(t, editor, id), str(ps[4]["style"]), str(ps[4]["color"]))
		if again["isNew"] != false {
			t.Fatal("row still new after the lock was released")
		}
		if r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"renameProducts": []any{map[string]any{"id": again["id"], "version": again["version"], "newColor": ps[5]["color"], "newStyle": ps[5]["style"]}}}); r.Status != 400 {
			t.Fatalf("rename after the session: %d", r.Status)
		}
	})

	t.Run("edit lock between two editors", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Locked", "products": pairs(t, a, 2, "product_type = 'POP'")})
		id := str(d["_id"])
		r := editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil)
		if ld := data(t, r, 200); ld["locked"] != true || obj(ld["lock"])["mine"] != true {
			t.Fatalf("lock: %s", r.Raw)
		}
		// The manager (another editor) is refused, with the holder named.
		r = manager.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil)
		if r.Status != 409 || !strings.Contains(str(r.Body["message"]), "Eddie Editor") || obj(r.Body["details"])["errorType"] != "userLock" {
			t.Fatalf("second lock: %d %s", r.Status, r.Raw)
		}
		row := rowsOf(t, editor, id)[0]
		r = manager.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{map[string]any{"id": row["id"], "version": row["version"], "changes": map[string]any{"colorNote": "mine now"}}}})
		if r.Status != 409 || obj(r.Body["details"])["reason"] != "locked" {
			t.Fatalf("write under another's lock: %d %s", r.Status, r.Raw)
		}
		if r := manager.Do("PATCH", "/api/assortments/"+id, map[string]any{"title": "Taken"}); r.Status != 409 {
			t.Fatalf("patch under another's lock: %d", r.Status)
		}
		if n := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id = $1 AND color_note = 'mine now'`, id); n != 0 {
			t.Fatal("the refused write was saved")
		}
		// The holder keeps writing; an expired lock frees the assortment.
		data(t, editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"subTitle": "still mine"}), 200)
		if _, err := a.DB.Exec(t.Context(), `UPDATE assortment_locks SET expires_at = now() - interval '1 second' WHERE assortment_id = $1`, id); err != nil {
			t.Fatal(err)
		}
		ld := data(t, manager.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil), 200)
		if obj(ld["lock"])["user"].(map[string]any)["email"] != "manager@example.com" {
			t.Fatalf("lock after expiry: %v", ld)
		}
		if r := editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil); r.Status != 409 {
			t.Fatalf("the first editor takes it back: %d", r.Status)
		}
		data(t, manager.Do("POST", "/api/assortments/edit/lock/"+id+"/release", nil), 200)
		data(t, editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil), 200)
		if r := editor.Do("POST", "/api/assortments/edit/lock/"+id+"/steal", nil); r.Status != 404 {
			t.Fatalf("unknown lock action: %d", r.Status)
		}
	})

	t.Run("stale write is a 409 userLock and writes nothing", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Stale", "products": pairs(t, a, 2, "product_type = 'Footwear' AND gender = 'Girls'")})
		id := str(d["_id"])
		rows := rowsOf(t, editor, id)
		r0, r1 := rows[0], rows[1]
		data(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{map[string]any{"id": r0["id"], "version": r0["version"], "changes": map[string]any{"colorNote": "first"}}}}), 200)
		// A second client still holds version 1 of row 0, and edits row 1 in the same batch.
		r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{
			map[string]any{"id": r1["id"], "version": r1["version"], "changes": map[string]any{"colorNote": "other"}},
			map[string]any{"id": r0["id"], "version": r0["version"], "changes": map[string]any{"colorNote": "second"}},
		}})
		det := obj(r.Body["details"])
		if r.Status != 409 || det["errorType"] != "userLock" || len(arr(det["rows"])) != 1 || obj(arr(det["rows"])[0])["currentVersion"] != 2.0 {
			t.Fatalf("stale write: %d %s", r.Status, r.Raw)
		}
		after := rowsOf(t, editor, id)
		if byStyleColor(after, str(r0["style"]), str(r0["color"]))["colorNote"] != "first" || byStyleColor(after, str(r1["style"]), str(r1["color"]))["colorNote"] == "other" {
			t.Fatal("the refused batch wrote something")
		}
	})

	t.Run("dynamic assortments: filters and sort mapping", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Dyn", "method": "dynamic", "channel": "Wholesale",
			"query": map[string]any{"conditions": map[string]any{"division": []any{"Work", ""}}}})
		id := str(d["_id"])
		if q := obj(d["query"]); len(arr(obj(q["conditions"])["division"])) != 1 {
			t.Fatalf("saved query keeps empty values: %v", q)
		}
		lines := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id, "sort": []any{map[string]any{"field": "cost", "dir": "desc"}}, "limit": 50}))
		total := int(num(lines[0]["totalCount"]))
		work := a.Count(`SELECT count(*) FROM products WHERE division = 'Work'`)
		if total != work || lines[0]["totalCountCapped"] != false {
			t.Fatalf("dynamic total %d, want %d (exact): %v", total, work, lines[0])
		}
		// productCount is the number of catalog products its search matches: in the create answer,
		// the list views and GET, and again after the catalog changes.
		if int(num(d["productCount"])) != work {
			t.Fatalf("created dynamic productCount %v, want %d", d["productCount"], work)
		}
		countIn := func(view string) int {
			for _, it := range listView(t, editor, view) {
				if obj(it)["_id"] == id {
					return int(num(obj(it)["productCount"]))
				}
			}
			t.Fatalf("%s lacks the dynamic assortment", view)
			return 0
		}
		if got := countIn("view=all"); got != work {
			t.Fatalf("list productCount %d, want %d", got, work)
		}
		var moved string
		if err := a.DB.QueryRow(context.Background(), `UPDATE products SET division = 'Work' WHERE id = (SELECT id FROM products
			WHERE division = 'Kids' ORDER BY id LIMIT 1) RETURNING id`).Scan(&moved); err != nil {
			t.Fatal(err)
		}
		if got := countIn("view=all&q=Dyn"); got != work+1 {
			t.Fatalf("productCount after a catalog change %d, want %d", got, work+1)
		}
		if _, err := a.DB.Exec(context.Background(), `UPDATE products SET division = 'Kids' WHERE id = $1`, moved); err != nil {
			t.Fatal(err)
		}
		if got := int(num(data(t, editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil), 200)["productCount"])); got != work {
			t.Fatalf("GET productCount %d, want %d", got, work)
		}
		// Narrowed by the grid, the total is the catalog search's count (exact below the cap).
		narrowed := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": id,
			"conditions": map[string]any{"gender": []any{"Womens"}}, "limit": 10}))
		womens, ntotal := a.Count(`SELECT count(*) FROM products WHERE division = 'Work' AND gender = 'Womens'`), int(num(narrowed[0]["totalCount"]))
		if capped := womens > products.CountCap; narrowed[0]["totalCountCapped"] != capped || (!capped && ntotal != womens) || (capped && ntotal <= products.CountCap) {
			t.Fatalf("narrowed total %v, want %d", narrowed[0], womens)
		}
		prev := 1e18
		for _, row := range lines[1 : len(lines)-1] {
			loc := obj(arr(row["locations"])[0])
			if row["division"] != "Work" || num(loc["wholesalePrice"]) > prev {
				t.Fatalf("not Work or not by US wholesale price descending: %v", row["id"])
			}
			prev = num(loc["wholesalePrice"])
		}
		r := editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"query": map[string]any{"conditions": map[string]any{"division": []any{"Work"}, "gender": []any{"Mens"}}}})
		if data(t, r, 200); r.Body["message"] != "1 Filter added and assortment updated" {
			t.Fatalf("add filter: %s", r.Raw)
		}
		if got, want := num(data(t, r, 200)["productCount"]), a.Count(`SELECT count(*) FROM products WHERE division = 'Work' AND gender = 'Mens'`); int(got) != want || want == 0 {
			t.Fatalf("productCount after a filter change %v, want %d", got, want)
		}
		r = editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"query": map[string]any{"conditions": map[string]any{"division": []any{"Work"}}}})
		if data(t, r, 200); r.Body["message"] != "1 Filter removed and assortment updated" {
			t.Fatalf("remove filter: %s", r.Raw)
		}
		r = editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"gridSort": []any{map[string]any{"field": "suggestedRetail", "dir": "desc"}, map[string]any{"field": "style"}}})
		data(t, r, 200)
		var saved struct {
			Data struct{ Query products.Query }
		}
		if err := json.Unmarshal(r.Raw, &saved); err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(saved.Data.Query.Sort); string(b) != `{"locations.suggestedRetail":-1,"styleNumeric":1}` {
			t.Fatalf("saved sort %s", b)
		}
		got := data(t, editor.Do("GET", "/api/assortments/"+id, nil), 200)
		rows := arr(got["products"])
		if len(rows) == 0 || obj(rows[0])["version"] != 0.0 {
			t.Fatalf("dynamic rows %d", len(rows))
		}
		for i := 1; i < len(rows); i++ {
			if sr, prev := num(obj(arr(obj(rows[i])["locations"])[0])["suggestedRetail"]), num(obj(arr(obj(rows[i-1])["locations"])[0])["suggestedRetail"]); sr > prev {
				t.Fatalf("GET of a dynamic assortment ignores its saved sort: row %d %v after %v", i, sr, prev)
			}
		}
		if r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": pairs(t, a, 1, "product_type = 'POP'")}); r.Status != 400 || r.Body["message"] != assortments.MsgDynamicRows {
			t.Fatalf("rows into a dynamic assortment: %d %s", r.Status, r.Raw)
		}
		if r := editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"query": map[string]any{"conditions": map[string]any{"password": []any{"x"}}}}); r.Status != 400 {
			t.Fatalf("unknown condition: %d", r.Status)
		}
		if r := editor.Do("POST", "/api/assortments", map[string]any{"title": "no filter", "method": "dynamic", "query": map[string]any{}}); r.Status != 400 {
			t.Fatalf("dynamic without filters: %d", r.Status)
		}
	})

	t.Run("static rows query with filters and sort", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Mixed", "products": append(pairs(t, a, 5, "gender = 'Mens' AND product_type = 'Footwear'"), pairs(t, a, 4, "gender = 'Womens' AND product_type = 'Footwear'")...)})
		lines := ndjson(t, editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": d["_id"],
			"conditions": map[string]any{"gender": []any{"Womens"}}, "sort": []any{map[string]any{"field": "cost", "dir": "desc"}}}))
		if num(lines[0]["totalCount"]) != 4 || len(lines) != 6 || lines[5]["done"] != true {
			t.Fatalf("filtered rows: %v", lines[0])
		}
		for i := 2; i < 5; i++ {
			if lines[i]["gender"] != "Womens" || num(lines[i]["cost"]) > num(lines[i-1]["cost"]) {
				t.Fatal("rows not filtered or sorted")
			}
		}
		if r := editor.Do("POST", "/api/assortments/products/query", map[string]any{"assortmentId": d["_id"], "sort": []any{map[string]any{"field": "password"}}}); r.Status != 400 {
			t.Fatalf("unknown sort: %d", r.Status)
		}
	})

	t.Run("merge", func(t *testing.T) {
		ps := pairs(t, a, 5, "product_type = 'Footwear' AND gender = 'Boys'")
		target := create(t, editor, map[string]any{"title": "Merge target", "products": ps[:3]})
		source := create(t, editor, map[string]any{"title": "Merge source", "products": ps[2:]})
		r := editor.Do("PATCH", "/api/assortments/"+str(target["_id"])+"/merge", map[string]any{"ids": []any{source["_id"]}})
		if data(t, r, 200); r.Body["message"] != "2 Item(s) added to assortment" || len(rowsOf(t, editor, str(target["_id"]))) != 5 {
			t.Fatalf("merge: %s", r.Raw)
		}
	})

	t.Run("alerts", func(t *testing.T) {
		spring := titles(listView(t, editor, "view=all"))["Spring 2025"]
		run := titles(arr(data(t, editor.Do("GET", "/api/assortments?view=all&folder="+str(spring["_id"]), nil), 200)["items"]))["Men's Running SP25"]
		id := str(run["_id"])
		n := int(num(run["alertCount"]))
		if n == 0 {
			t.Fatal("the demo assortment has no alerts")
		}
		rows := rowsOf(t, editor, id)
		flagged := 0
		for _, r := range rows {
			flagged += len(arr(r["alerts"]))
		}
		if flagged != n {
			t.Fatalf("%d alerts on rows, %d on the assortment", flagged, n)
		}
		// Every alert is a stable type with parameters for the browser to word, the English
		// message as fallback; the same on the assortment and on its rows.
		d := data(t, editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil), 200)
		alerts := arr(d["alerts"])
		if len(alerts) != n {
			t.Fatalf("%d alerts on the assortment answer, want %d", len(alerts), n)
		}
		for _, al := range alerts {
			m := obj(al)
			loc := str(obj(m["params"])["location"])
			if m["type"] != "discontinued" || loc != str(d["locationId"]) || m["message"] != "Discontinued in "+loc ||
				str(m["style"]) == "" || str(m["color"]) == "" || str(m["createdDate"]) == "" || len(m) != 6 {
				t.Fatalf("alert shape %v", m)
			}
		}
		for _, r := range rows {
			for _, al := range arr(r["alerts"]) {
				m := obj(al)
				if m["type"] != "discontinued" || obj(m["params"])["location"] == nil || m["style"] != r["style"] || m["color"] != r["color"] {
					t.Fatalf("row alert shape %v", m)
				}
			}
		}
		// Adding a row discontinued in the assortment's location raises the alert with its params.
		var style, color string
		if err := a.DB.QueryRow(context.Background(), `SELECT p.style, p.color FROM products p JOIN product_locations pl
			ON pl.product_id = p.id AND pl.code = $1 WHERE pl.line_status = 'D' AND NOT EXISTS (SELECT 1 FROM assortment_products ap
			WHERE ap.assortment_id = $2 AND ap.product_id = p.id) ORDER BY p.id LIMIT 1`, str(d["locationId"]), id).Scan(&style, &color); err != nil {
			t.Fatal(err)
		}
		data(t, editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": []any{map[string]any{"style": style, "color": color}}}), 200)
		if a.Count(`SELECT count(*) FROM assortment_alerts WHERE assortment_id = $1 AND style = $2 AND color = $3 AND type = 'discontinued'
			AND params->>'location' = $4`, id, style, color, str(d["locationId"])) != 1 {
			t.Fatal("no discontinued alert with its location for the added row")
		}
		n++
		r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"clearAlerts": map[string]any{"all": true}})
		if data(t, r, 200); r.Body["message"] != fmt.Sprintf("%d Alerts Cleared", n) {
			t.Fatalf("clear: %s", r.Raw)
		}
		if a.Count(`SELECT count(*) FROM assortment_alerts WHERE assortment_id = $1`, id) != 0 ||
			a.Count(`SELECT count(*) FROM audit_log WHERE action = 'stats.clearAlerts' AND model_id = $1 AND (data->>'count')::int = $2`, id, n) != 1 {
			t.Fatal("alerts not cleared or not recorded")
		}
	})

	t.Run("collections", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "With collection", "channel": "Retail"})
		id := str(d["_id"])
		ps := pairs(t, a, 3, "product_type = 'Apparel' AND gender = 'Girls'")
		r := editor.Do("POST", "/api/collections/AssortmentCollection", map[string]any{"name": "Picks", "linkageModel": "Assortment", "linkageId": id, "products": ps[:1]})
		col := data(t, r, 200)
		cid := str(col["_id"])
		if len(arr(col["products"])) != 1 || obj(arr(col["products"])[0])["selected"] != true {
			t.Fatalf("collection %s", r.Raw)
		}
		r = editor.Do("POST", "/api/collections/AssortmentCollection/batch/"+cid, map[string]any{"addProducts": ps[1:], "updateProducts": []any{map[string]any{"style": ps[0]["style"], "color": ps[0]["color"], "selected": false}}})
		res := data(t, r, 200)
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

	t.Run("customers", func(t *testing.T) {
		r := editor.Do("GET", "/api/customers/official/text?text=big%205&labelValue=true", nil)
		list := arr(r.Body["data"])
		if len(list) != 2 || obj(list[0])["label"] != "Big 5 Sporting Goods (100215)" {
			t.Fatalf("customers: %s", r.Raw)
		}
		r = editor.Do("GET", "/api/customers/official/text?territory=europe&corporateOnly=true", nil)
		for _, c := range arr(r.Body["data"]) {
			if obj(c)["territory"] != "EUROPE" || obj(c)["corporate"] != true {
				t.Fatalf("filter: %v", c)
			}
		}
		if len(arr(r.Body["data"])) == 0 || len(arr(r.Body["data"])) > 10 {
			t.Fatalf("%d customers", len(arr(r.Body["data"])))
		}
	})

	t.Run("schema", func(t *testing.T) {
		s := data(t, editor.Do("GET", "/api/assortments/schema", nil), 200)
		cols := map[string]map[string]any{}
		for _, c := range arr(s["columns"]) {
			cols[str(obj(c)["field"])] = obj(c)
		}
		if cols["style"]["editableWhen"] != "newRows" || arr(cols["discountPercent"]["validators"])[0] != "discount" || cols["netCost"]["editable"] != true {
			t.Fatalf("schema %v", cols)
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
		d := data(t, editor.Do("POST", "/api/assortments/cloneMany", map[string]any{"ids": []any{id}, "userId": uid}), 200)
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
		data(t, retail.Do("PATCH", "/api/assortments/"+str(d["_id"]), map[string]any{"title": "Retail only!"}), 200)
	})
}
