// Tests of the manage grid's asset comments (core/comments through the module's policy), against
// a fresh app on real PostgreSQL.

package libraries_test

import (
	"context"
	"testing"

	"its/core/app/apptest"
	"its/core/comments"
)

// thread is a row's thread as the API answers it.
type thread struct {
	Row      string
	Resolved bool
	Comments []struct {
		Body     string
		Mine     bool
		Mentions []string
	}
}

// threadOf is r's thread; r must have status want.
func threadOf(t *testing.T, r *apptest.Response, want int) thread {
	t.Helper()
	var v thread
	r.Decode(t, want, &v)
	return v
}

// countsOf is the Comments column's counts of library lt as c reads them.
func countsOf(t *testing.T, c *apptest.Client, lt string) map[string]int {
	t.Helper()
	var out map[string]int
	c.Do("GET", "/api/assets/comments/"+lt+"/counts", nil).Decode(t, 200, &out)
	return out
}

// TestAssetComments: a comment on an asset of a library's manage grid and its thread as a
// colleague reads it; a mention notifies and mails a colleague who may manage the library, a
// mention of one who may not is a 400 that writes nothing; a user who may not manage the
// library gets 404s; every change of an asset's open comments is a live event of the library's
// grids; an asset moved to Deleted (a grid delete, its status cell or a status batch) keeps its
// thread, so undoing the delete brings it back.
func TestAssetComments(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	// Lola edits the advertising logos only.
	if _, err := a.DB.Exec(ctx, `WITH u AS (INSERT INTO users (email, name, last_name, user_code, password_hash, status)
		SELECT 'logos@example.com', 'Lola', 'Logos', 'LOG001', password_hash, 'active' FROM users WHERE email = 'editor@example.com' RETURNING id)
		INSERT INTO user_permissions (user_id, domain, role) SELECT id, 'its:advertisingLogos', 'editor' FROM u`); err != nil {
		t.Fatal(err)
	}
	editor, senior, uma, lola := login(a, "editor"), login(a, "seniorEditor"), login(a, "user"), login(a, "logos")
	userID := func(email string) string {
		var id string
		if err := a.DB.QueryRow(ctx, `SELECT id::text FROM users WHERE lower(email) = lower($1)`, email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	selma, umaID, lolaID := userID("seniorEditor@example.com"), userID("user@example.com"), userID("logos@example.com")
	pending := ids(t, a, `library_type = 'AdvertisingAsset' AND status = 'Pending'`)
	asset, other, third := pending[0], pending[1], pending[2]
	base := "/api/assets/comments/AdvertisingAsset"
	path := base + "/rows/" + asset
	written := func() int {
		return a.Count(`SELECT count(*) FROM comments`) + a.Count(`SELECT count(*) FROM notifications`) + a.Count(`SELECT count(*) FROM mail_outbox`)
	}

	t.Run("a comment with a mention notifies and mails the colleague", func(t *testing.T) {
		v := threadOf(t, editor.Do("POST", path, map[string]any{"body": "The crop is off, @[Selma](" + selma + ")"}), 201)
		if cs := v.Comments; len(cs) != 1 || !cs[0].Mine || len(cs[0].Mentions) != 1 || cs[0].Mentions[0] != selma || v.Resolved || v.Row != asset {
			t.Fatalf("thread %v", v)
		}
		if n := a.Count(`SELECT count(*) FROM notifications WHERE user_id = $1 AND message_id = $2
			AND link = '/advertising/libraries/manage/assets/pending' AND message_values->>'title' = 'Advertising assets'`, selma, comments.MessageMention); n != 1 {
			t.Fatalf("notifications of the mentioned colleague: %d", n)
		}
		if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'senioreditor@example.com' IN (SELECT lower(r) FROM unnest(recipients) r)
			AND body_text LIKE '%The crop is off, @Selma%' AND body_text LIKE '%/advertising/libraries/manage/assets/pending%'`); n != 1 {
			t.Fatalf("e-mails to the mentioned colleague: %d", n)
		}
		// The colleague reads the thread; the Comments column counts it.
		if cs := threadOf(t, senior.Do("GET", path, nil), 200).Comments; len(cs) != 1 || cs[0].Mine || cs[0].Body != "The crop is off, @[Selma]("+selma+")" {
			t.Fatalf("the colleague's view %v", cs)
		}
		threadOf(t, senior.Do("POST", base+"/rows/"+other, map[string]any{"body": "Needs a tag"}), 201)
		threadOf(t, senior.Do("POST", base+"/rows/"+third, map[string]any{"body": "Wrong season"}), 201)
		if counts := countsOf(t, editor, "AdvertisingAsset"); len(counts) != 3 || counts[asset] != 1 || counts[other] != 1 {
			t.Fatalf("counts %v", counts)
		}
	})

	t.Run("open pages are told of each change of an asset's open comments", func(t *testing.T) {
		told := func(row string) int {
			return a.Count(`SELECT count(*) FROM live_events WHERE topic = 'library:AdvertisingAsset' AND grid = 'libraries.AdvertisingAsset'
				AND updated = ARRAY[$1] AND fields = ARRAY['comments'] AND cardinality(added) + cardinality(deleted) = 0`, row)
		}
		if told(asset) != 1 || told(third) != 1 {
			t.Fatalf("events of the comments: %d and %d", told(asset), told(third))
		}
		if v := threadOf(t, editor.Do("PATCH", base+"/rows/"+third, map[string]any{"resolved": true}), 200); !v.Resolved || told(third) != 2 {
			t.Fatalf("resolved %v, %d events", v, told(third))
		}
		if counts := countsOf(t, editor, "AdvertisingAsset"); len(counts) != 2 || counts[third] != 0 {
			t.Fatalf("counts of a resolved thread %v", counts)
		}
		if v := threadOf(t, editor.Do("PATCH", base+"/rows/"+third, map[string]any{"resolved": false}), 200); v.Resolved || told(third) != 3 {
			t.Fatalf("reopened %v, %d events", v, told(third))
		}
		// A refused comment tells nobody.
		editor.Do("POST", path, map[string]any{"body": "   "})
		if told(asset) != 1 {
			t.Fatalf("a refused comment was told: %d events", told(asset))
		}
	})

	t.Run("a mention of one who may not manage the library is refused", func(t *testing.T) {
		before := written()
		for _, who := range []string{"@[Uma](" + umaID + ")", "@[Lola](" + lolaID + ")"} {
			r := editor.Do("POST", path, map[string]any{"body": "Look, " + who})
			if d, _ := r.Body["details"].([]any); r.Status != 400 || len(d) != 1 || d[0].(map[string]any)["rule"] != "mention" {
				t.Fatalf("%s: %d %s", who, r.Status, r.Raw)
			}
		}
		if written() != before {
			t.Fatal("a refused mention wrote")
		}
		r := editor.Do("GET", base+"/mentions?q=", nil)
		got := map[string]bool{}
		for _, p := range r.Body["data"].([]any) {
			got[p.(map[string]any)["id"].(string)] = true
		}
		if r.Status != 200 || !got[selma] || got[umaID] || got[lolaID] {
			t.Fatalf("suggestions %d %v (selma %s)", r.Status, got, selma)
		}
	})

	t.Run("who may not manage the library gets 404", func(t *testing.T) {
		before := written()
		for _, call := range []struct {
			method, path string
			body         any
		}{
			{"GET", path, nil}, {"POST", path, map[string]any{"body": "x"}}, {"PATCH", path, map[string]any{"resolved": true}},
			{"GET", base + "/counts", nil}, {"GET", base + "/mentions?q=E", nil},
		} {
			if r := lola.Do(call.method, call.path, call.body); r.Status != 404 {
				t.Fatalf("%s %s: %d %s", call.method, call.path, r.Status, r.Raw)
			}
		}
		// Her own library's threads are hers to read; an unknown library is nobody's.
		countsOf(t, lola, "AdvertisingLogo")
		if r := editor.Do("GET", "/api/assets/comments/Nope/counts", nil); r.Status != 404 {
			t.Fatalf("unknown library: %d %s", r.Status, r.Raw)
		}
		// A viewer manages no library: the routes' own action refuses.
		if r := uma.Do("GET", path, nil); r.Status != 403 {
			t.Fatalf("a viewer: %d %s", r.Status, r.Raw)
		}
		if written() != before {
			t.Fatal("a refused call wrote")
		}
	})

	t.Run("a deleted asset keeps its thread: undoing the delete brings it back", func(t *testing.T) {
		threads := func(row string) int {
			return a.Count(`SELECT count(*) FROM comment_threads WHERE scope = $1 AND object_id = 'AdvertisingAsset' AND row_id = $2`, "libraries.assets", row)
		}
		if threads(asset) != 1 || threads(other) != 1 || threads(third) != 1 {
			t.Fatal("threads before the delete")
		}
		before := threadOf(t, editor.Do("GET", path, nil), 200)
		comments := a.Count(`SELECT count(*) FROM comments`)
		// The grid's Delete, its status cell and the spec's status batch all move an asset to Deleted.
		var res any
		editor.Do("PATCH", "/api/assets/AdvertisingAsset/batch/many", map[string]any{"delete": []any{map[string]any{"id": asset, "version": stateOf(t, a, asset).Version}}}).Decode(t, 200, &res)
		editor.Do("PATCH", "/api/assets/AdvertisingAsset/batch/many", map[string]any{"update": []any{
			map[string]any{"id": other, "version": stateOf(t, a, other).Version, "changes": map[string]any{"status": "Deleted"}}}}).Decode(t, 200, &res)
		editor.Do("PATCH", "/api/assets/AdvertisingAsset/batch/many", map[string]any{"_ids": []string{third}, "status": "Deleted"}).Decode(t, 200, &res)
		for _, id := range []string{asset, other, third} {
			if stateOf(t, a, id).Status != "Deleted" || threads(id) != 1 {
				t.Fatalf("%s after the delete: %s, %d threads", id, stateOf(t, a, id).Status, threads(id))
			}
		}
		if a.Count(`SELECT count(*) FROM comments`) != comments {
			t.Fatal("a delete took comments")
		}
		// Undone (the grid writes the status back): the thread is there as it was.
		editor.Do("PATCH", "/api/assets/AdvertisingAsset/batch/many", map[string]any{"update": []any{
			map[string]any{"id": asset, "version": stateOf(t, a, asset).Version, "changes": map[string]any{"status": "Pending"}}}}).Decode(t, 200, &res)
		after := threadOf(t, editor.Do("GET", path, nil), 200)
		if stateOf(t, a, asset).Status != "Pending" || len(after.Comments) != len(before.Comments) || len(after.Comments) == 0 || after.Comments[0].Body != before.Comments[0].Body {
			t.Fatalf("after the undo: %s, thread %v (before %v)", stateOf(t, a, asset).Status, after, before)
		}
		if counts := countsOf(t, editor, "AdvertisingAsset"); counts[asset] != len(before.Comments) {
			t.Fatalf("counts after the undo %v", counts)
		}
	})
}
