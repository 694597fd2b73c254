// Tests of the list views, folders, the archive and stars, each against a fresh app on real
// PostgreSQL.

package assortments_test

import (
	"context"
	"testing"

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
}
