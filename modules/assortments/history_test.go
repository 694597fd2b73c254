// Tests of the detail grid's cell history: entries from batches with their actor and via, the
// read under the rows' policy, a revert, a refused via and the retention prune.

package assortments_test

import (
	"fmt"
	"testing"
	"time"

	"its/core/app/apptest"
	"its/modules/assortments"
)

// TestCellHistory: three changes from two users are listed newest first with actors, old and
// new values and vias; a revert to the first value is a normal versioned edit, listed itself.
func TestCellHistory(t *testing.T) {
	e := setup(t)
	a, editor, manager := e.app, e.editor, e.manager
	ps := pairs(t, a, 1, "product_type = 'Footwear'")
	d := create(t, editor, map[string]any{"title": "History", "products": ps})
	id := str(d["_id"])
	row := rowsOf(t, editor, id)[0]
	rid, version := str(row["id"]), num(row["version"])
	first := row["styleNote"]
	history := "/api/assortments/" + id + "/rows/" + rid + "/history"
	batch := func(c *apptest.Client, note, via string, at float64) int {
		body := map[string]any{"updateProducts": []any{map[string]any{"id": rid, "version": at, "changes": map[string]any{"styleNote": note}}}}
		if via != "" {
			body["via"] = via
		}
		r := c.Do("PATCH", "/api/assortments/batch/"+id, body)
		if r.Status == 200 {
			version++
		}
		return r.Status
	}
	for _, step := range []struct {
		c         *apptest.Client
		note, via string
	}{{editor, "Note A", ""}, {manager, "Note B", "paste"}, {editor, "Note C", "batch"}} {
		if s := batch(step.c, step.note, step.via, version); s != 200 {
			t.Fatalf("%s: status %d", step.note, s)
		}
	}
	entries := func(query string) []map[string]any {
		t.Helper()
		var out []map[string]any
		for _, x := range arr(editor.Do("GET", history+query, nil).Data(t, 200)["entries"]) {
			out = append(out, obj(x))
		}
		return out
	}
	got := entries("?field=styleNote")
	if len(got) != 3 {
		t.Fatalf("%d entries, want 3: %v", len(got), got)
	}
	want := []struct {
		old, new any
		via      string
	}{{"Note B", "Note C", "batch"}, {"Note A", "Note B", "paste"}, {first, "Note A", "edit"}}
	for i, w := range want {
		g := got[i]
		if g["old"] != w.old || g["new"] != w.new || g["via"] != w.via || g["field"] != "styleNote" || str(g["actorName"]) == "" {
			t.Fatalf("entry %d: %v, want %v", i, g, w)
		}
	}
	if got[0]["actorName"] != got[2]["actorName"] || got[0]["actorName"] == got[1]["actorName"] {
		t.Fatalf("actors: %v, %v, %v", got[0]["actorName"], got[1]["actorName"], got[2]["actorName"])
	}
	if num(got[0]["id"]) <= num(got[1]["id"]) {
		t.Fatalf("not newest first: %v", got)
	}

	t.Run("writing the same value again is no change", func(t *testing.T) {
		if s := batch(editor, "Note C", "", version); s != 200 {
			t.Fatalf("status %d", s)
		}
		if n := len(entries("?field=styleNote")); n != 3 {
			t.Fatalf("%d entries, want 3", n)
		}
	})

	t.Run("revert restores the first value and is listed", func(t *testing.T) {
		if s := batch(editor, "Note A", "revert", version-1); s != 409 {
			t.Fatalf("a stale revert: status %d, want 409", s)
		}
		if s := batch(editor, str(got[2]["new"]), "revert", version); s != 200 {
			t.Fatalf("revert: status %d", s)
		}
		if r := rowsOf(t, editor, id)[0]; r["styleNote"] != "Note A" {
			t.Fatalf("after the revert: %v", r["styleNote"])
		}
		all := entries("")
		if len(all) != 4 || all[0]["via"] != "revert" || all[0]["old"] != "Note C" || all[0]["new"] != "Note A" {
			t.Fatalf("after the revert: %v", all)
		}
	})

	t.Run("a bad via is a 400 that writes nothing", func(t *testing.T) {
		r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"via": "copy",
			"updateProducts": []any{map[string]any{"id": rid, "version": version, "changes": map[string]any{"styleNote": "Nope"}}}})
		if r.Status != 400 || str(r.Body["message"]) != "via must be one of edit, paste, import, batch, revert" {
			t.Fatalf("status %d: %s", r.Status, r.Raw)
		}
		if n := len(entries("")); n != 4 {
			t.Fatalf("%d entries, want 4", n)
		}
		if r := rowsOf(t, editor, id)[0]; r["styleNote"] != "Note A" || num(r["version"]) != version {
			t.Fatalf("the row changed: %v %v", r["styleNote"], r["version"])
		}
	})

	t.Run("paging", func(t *testing.T) {
		page := editor.Do("GET", history+"?limit=3", nil).Data(t, 200)
		if len(arr(page["entries"])) != 3 || page["next"] == nil {
			t.Fatalf("first page: %v", page)
		}
		rest := entries(fmt.Sprintf("?limit=3&before=%d", int64(num(page["next"]))))
		if len(rest) != 1 || rest[0]["new"] != "Note A" || rest[0]["via"] != "edit" {
			t.Fatalf("second page: %v", rest)
		}
		if r := editor.Do("GET", history+"?field=nope", nil); r.Status != 400 {
			t.Fatalf("unknown field: %d", r.Status)
		}
	})

	t.Run("read under the rows' policy", func(t *testing.T) {
		for _, path := range []string{history, "/api/assortments/00000000-0000-4000-8000-000000000000/rows/" + rid + "/history", "/api/assortments/" + id + "/rows/999999999/history"} {
			if r := e.user.Do("GET", path, nil); r.Status != 404 {
				t.Fatalf("user %s: %d, want 404", path, r.Status)
			}
		}
		if r := manager.Do("GET", history, nil); r.Status != 200 {
			t.Fatalf("manager: %d", r.Status)
		}
	})

	t.Run("retention prune removes old entries", func(t *testing.T) {
		ctx := t.Context()
		if _, err := a.DB.Exec(ctx, `UPDATE cell_history SET at = now() - interval '800 days'
			WHERE id IN (SELECT id FROM cell_history WHERE row_id = $1 ORDER BY id LIMIT 2)`, rid); err != nil {
			t.Fatal(err)
		}
		if n, err := assortments.PruneHistory(ctx, a.DB, 0, time.Now()); err != nil || n != 0 {
			t.Fatalf("retention 0 keeps all: %d %v", n, err)
		}
		n, err := assortments.PruneHistory(ctx, a.DB, 730, time.Now())
		if err != nil || n != 2 {
			t.Fatalf("pruned %d (%v), want 2", n, err)
		}
		left := entries("")
		if len(left) != 2 || left[1]["new"] != "Note C" {
			t.Fatalf("left: %v", left)
		}
	})
}
