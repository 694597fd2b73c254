// Tests of the list views, folders, the archive and stars, each against a fresh app on real
// PostgreSQL.

package assortments_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/modules/assortments"
)

// TestListViews: the list views over the demo tree: what each shows, in which order, and to whom.
func TestListViews(t *testing.T) {
	e := setup(t)
	a, editor, senior, manager := e.app, e.editor, e.senior, e.manager
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
		d := editor.Do("GET", "/api/assortments?view=all&folder="+str(spring["_id"]), nil).Data(t, 200)
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
		editor.Do("POST", "/api/assortments/unarchive", map[string]any{"ids": []string{folderID}}).Data(t, 200)
		if got := titles(listView(t, editor, "view=quick-access")); got["Men's Trail FA24"] == nil {
			t.Fatalf("quick access after unarchive %v", got)
		}
		editor.Do("POST", "/api/assortments/archive", map[string]any{"ids": []string{folderID}}).Data(t, 200)
		for _, view := range []string{"view=quick-access", "view=starred", "view=scheduled", "view=recent"} {
			if got := titles(listView(t, editor, view)); got["Men's Trail FA24"] != nil {
				t.Fatalf("%s after re-archiving %v", view, got)
			}
		}
	})
}

// TestFoldersArchiveAndStars: folders and the archive cascade, and stars.
func TestFoldersArchiveAndStars(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
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
		r.Data(t, 200)
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
		inside := titles(arr(editor.Do("GET", "/api/assortments?view=archived&folder="+str(f["_id"]), nil).Data(t, 200)["items"]))
		if inside["Inner"] == nil || inside["Shallow item"] == nil {
			t.Fatalf("archived folder content %v", inside)
		}
		// Restoring one item out of an archived folder puts it at the root.
		editor.Do("POST", "/api/assortments/unarchive", map[string]any{"ids": []any{y["_id"]}}).Data(t, 200)
		root := titles(listView(t, editor, "view=all"))
		if root["Shallow item"] == nil || len(arr(root["Shallow item"]["hierarchy"])) != 0 {
			t.Fatalf("restored item not at the root")
		}
		editor.Do("POST", "/api/assortments/unarchive", map[string]any{"ids": []any{f["_id"]}}).Data(t, 200)
		if n := a.Count(`SELECT count(*) FROM assortments WHERE ($1 = ANY(hierarchy) OR id = $1) AND state = 'published'`, f["_id"]); n != 3 {
			t.Fatalf("unarchived %d of 3", n)
		}
		// Move and delete with content.
		editor.Do("PATCH", "/api/assortments/"+str(y["_id"]), map[string]any{"parentId": g["_id"]}).Data(t, 200)
		inner := titles(arr(editor.Do("GET", "/api/assortments?view=all&folder="+str(g["_id"]), nil).Data(t, 200)["items"]))
		if inner["Shallow item"] == nil || inner["Deep item"] == nil {
			t.Fatalf("moved item not in the folder: %v", inner)
		}
		editor.Do("DELETE", "/api/assortments/"+str(f["_id"]), nil).Data(t, 200)
		if n := a.Count(`SELECT count(*) FROM assortments WHERE id = ANY($1::uuid[])`, []string{str(f["_id"]), str(g["_id"]), str(x["_id"]), str(y["_id"])}); n != 0 {
			t.Fatalf("deleting the folder left %d", n)
		}
	})
	t.Run("star", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Star me"})
		editor.Do("PATCH", "/api/assortments/"+str(d["_id"]), map[string]any{"starred": true}).Data(t, 200)
		if titles(listView(t, editor, "view=starred"))["Star me"] == nil || titles(listView(t, editor, "view=quick-access"))["Star me"] == nil {
			t.Fatal("starred assortment not in starred and quick access")
		}
		editor.Do("PATCH", "/api/assortments/"+str(d["_id"]), map[string]any{"starred": false}).Data(t, 200)
		if titles(listView(t, editor, "view=starred"))["Star me"] != nil {
			t.Fatal("unstarred assortment still starred")
		}
	})
}

// queryBlocks reads a list view through its query call, limit rows at a time (on the cursor
// when cursor, by skip otherwise), and answers every row read and the totals each block gave.
func queryBlocks(t *testing.T, c *apptest.Client, view string, body map[string]any, limit int, cursor bool) ([]map[string]any, []float64) {
	t.Helper()
	var rows []map[string]any
	var totals []float64
	next := ""
	for i := 0; i < 100; i++ {
		b := map[string]any{"limit": limit}
		for k, v := range body {
			b[k] = v
		}
		if cursor && next != "" {
			b["cursor"] = next
		} else if !cursor && len(rows) > 0 {
			b["skip"] = len(rows)
		}
		d := c.Do("POST", "/api/assortments/query/"+view, b).Data(t, 200)
		page := arr(d["rows"])
		for _, r := range page {
			rows = append(rows, obj(r))
		}
		totals = append(totals, num(d["totalCount"]))
		next = str(d["nextCursor"])
		if len(page) < limit || (cursor && next == "") {
			return rows, totals
		}
	}
	t.Fatal("the blocks never end")
	return nil, nil
}

// TestListBlocks: a list view read in blocks (issue 18): the blocks concatenate to the whole
// view in its order with no entry twice and none missing, every block answers the exact total,
// a sort and the search apply on the server, and a bad limit is refused.
func TestListBlocks(t *testing.T) {
	e := setup(t)
	editor := e.editor
	const made = 230
	for i := 0; i < made; i++ {
		body := map[string]any{"title": fmt.Sprintf("Block %03d", i), "channel": "Wholesale"}
		if i%10 == 0 {
			body["starred"] = true
		}
		create(t, editor, body)
	}
	ids := func(rows []map[string]any) []string {
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = str(r["_id"])
			if str(r["id"]) != out[i] {
				t.Fatalf("row id %v is not its _id %v", r["id"], r["_id"])
			}
		}
		return out
	}
	// The list call itself, by offset: pages of at most 500 in the same order.
	whole := func(view string) []string {
		var out []string
		for off := 0; ; off += 100 {
			d := editor.Do("GET", fmt.Sprintf("/api/assortments?view=%s&limit=100&offset=%d", view, off), nil).Data(t, 200)
			items := arr(d["items"])
			for _, it := range items {
				out = append(out, str(obj(it)["_id"]))
			}
			if len(items) < 100 {
				if int(num(d["totalCount"])) != len(out) {
					t.Fatalf("%s: GET total %v for %d entries", view, d["totalCount"], len(out))
				}
				return out
			}
		}
	}
	for _, view := range []string{"all", "starred", "quick-access"} {
		want := whole(view)
		if view == "all" && len(want) < made {
			t.Fatalf("all has %d entries, fewer than the %d made", len(want), made)
		}
		for _, cursor := range []bool{false, true} {
			rows, totals := queryBlocks(t, editor, view, nil, 100, cursor)
			got := ids(rows)
			if !slices.Equal(got, want) {
				t.Fatalf("%s (cursor %v): blocks %d entries, the view %d; or another order", view, cursor, len(got), len(want))
			}
			for _, n := range totals {
				if int(n) != len(want) {
					t.Fatalf("%s: a block's total %v, the view has %d", view, n, len(want))
				}
			}
		}
	}
	// A sort by a column: title descending, the blocks on their cursors, none twice.
	rows, _ := queryBlocks(t, editor, "all", map[string]any{"sort": []any{map[string]any{"field": "title", "dir": "desc"}}}, 100, true)
	seen := map[string]bool{}
	for i, r := range rows {
		if seen[str(r["_id"])] {
			t.Fatalf("%v read twice", r["title"])
		}
		seen[str(r["_id"])] = true
		// The titles made differ in their number only, whatever the collation.
		if i > 0 && strings.HasPrefix(str(r["title"]), "Block ") && strings.HasPrefix(str(rows[i-1]["title"]), "Block ") &&
			str(rows[i-1]["title"]) < str(r["title"]) {
			t.Fatalf("not by title descending: %v before %v", rows[i-1]["title"], r["title"])
		}
	}
	// The search box: titles containing the text, in any folder; a filter tree narrows further.
	rows, totals := queryBlocks(t, editor, "all", map[string]any{"filters": map[string]any{"title": map[string]any{"contains": "Block "}}}, 100, false)
	if len(rows) != made || int(totals[0]) != made {
		t.Fatalf("search: %d rows, total %v, want %d", len(rows), totals[0], made)
	}
	where := map[string]any{"and": []any{map[string]any{"field": "starred", "op": "in", "values": []any{true}}}}
	rows, _ = queryBlocks(t, editor, "all", map[string]any{"filters": map[string]any{"title": map[string]any{"contains": "Block "}}, "where": where}, 100, false)
	if len(rows) != made/10 {
		t.Fatalf("search with a filter on starred: %d rows, want %d", len(rows), made/10)
	}
	// Bad limits are refused with a 400; nothing else changed for bad input.
	for _, r := range []*apptest.Response{
		editor.Do("POST", "/api/assortments/query/all", map[string]any{"limit": 501}),
		editor.Do("POST", "/api/assortments/query/all", map[string]any{"limit": -1}),
		editor.Do("POST", "/api/assortments/query/everything", map[string]any{"limit": 10}),
		editor.Do("GET", "/api/assortments?view=all&limit=x", nil),
	} {
		if r.Status != 400 {
			t.Fatalf("a bad limit or view answers %d, want 400", r.Status)
		}
	}
	// Another user's entries are not in the editor's blocks.
	for _, r := range arr(e.senior.Do("POST", "/api/assortments/query/all", map[string]any{"limit": 500}).Data(t, 200)["rows"]) {
		if strings.HasPrefix(str(obj(r)["title"]), "Block ") {
			t.Fatal("the senior editor's list shows the editor's entries")
		}
	}
}
