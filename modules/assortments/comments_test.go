// Tests of the detail grid's row comments (core/comments through the module's policy), against
// a fresh app on real PostgreSQL.

package assortments_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"its/core/comments"
)

// TestRowComments: a mention notifies and mails a colleague who may read the rows; a mention of
// one who may not, and a body over the limit, are 400s that write nothing; a user who may not
// read the assortment gets 404s; resolve, reopen, edit, delete and the column's counts.
func TestRowComments(t *testing.T) {
	e := setup(t)
	a, editor, manager, user := e.app, e.editor, e.manager, e.user
	userID := func(email string) string {
		var id string
		if err := a.DB.QueryRow(context.Background(), `SELECT id::text FROM users WHERE lower(email) = lower($1)`, email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	mona, senior := userID("manager@example.com"), userID("seniorEditor@example.com")
	id := str(titles(listView(t, editor, "view=all"))["Holiday 2025 Gift Guide"]["_id"])
	row := fmt.Sprint(rowsOf(t, editor, id)[0]["id"])
	base := "/api/assortments/comments/" + id
	thread := base + "/rows/" + row
	written := func() int {
		return a.Count(`SELECT count(*) FROM comments`) + a.Count(`SELECT count(*) FROM notifications`) + a.Count(`SELECT count(*) FROM mail_outbox`)
	}

	t.Run("a mention notifies and mails the colleague", func(t *testing.T) {
		notes := a.Count(`SELECT count(*) FROM notifications WHERE user_id = $1`, mona)
		v := editor.Do("POST", thread, map[string]any{"body": "Please check the price, @[Mona](" + mona + ")"}).Data(t, 201)
		cs := arr(v["comments"])
		if len(cs) != 1 || obj(cs[0])["mine"] != true || arr(obj(cs[0])["mentions"])[0] != mona || v["resolved"] != false {
			t.Fatalf("thread %v", v)
		}
		if n := a.Count(`SELECT count(*) FROM notifications WHERE user_id = $1 AND message_id = $2 AND link LIKE '%'||$3||'%'
			AND message_values->>'title' = 'Holiday 2025 Gift Guide'`, mona, comments.MessageMention, id); n != notes+1 {
			t.Fatalf("notifications of the mentioned colleague: %d, want %d", n, notes+1)
		}
		if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'manager@example.com' = ANY(recipients)
			AND body_text LIKE '%Please check the price, @Mona%' AND body_text LIKE '%/product/assortments/assortment/'||$1||'/manage%'`, id); n != 1 {
			t.Fatalf("e-mails to the mentioned colleague: %d", n)
		}
		// The colleague reads the thread and the drawer shows the notification.
		if v := manager.Do("GET", thread, nil).Data(t, 200); len(arr(v["comments"])) != 1 || obj(arr(v["comments"])[0])["mine"] != false {
			t.Fatalf("manager's view %v", v)
		}
	})

	t.Run("refusals write nothing", func(t *testing.T) {
		before := written()
		for _, c := range []struct {
			body string
			rule string
		}{
			{"hi @[Selma](" + senior + ")", "mention"}, // may not read another editor's assortment
			{"hi @[Ghost](00000000-0000-4000-8000-000000000000)", "mention"},
			{"   ", "required"},
			{strings.Repeat("x", comments.MaxBody+1), "maxLength"},
		} {
			r := editor.Do("POST", thread, map[string]any{"body": c.body})
			if r.Status != 400 || len(details(r)) != 1 || details(r)[0]["rule"] != c.rule {
				t.Fatalf("%.40q: %d %s", c.body, r.Status, r.Raw)
			}
		}
		if r := editor.Do("POST", thread, map[string]any{"body": strings.Repeat("é", comments.MaxBody)}); r.Status != 201 {
			t.Fatalf("a body of exactly the limit: %d %s", r.Status, r.Raw)
		}
		if after := written(); after != before+1 {
			t.Fatalf("rows written: %d, want %d (only the comment at the limit)", after, before+1)
		}
	})

	t.Run("who may not read the assortment gets 404", func(t *testing.T) {
		before := written()
		for _, call := range []struct {
			method, path string
			body         any
		}{
			{"GET", thread, nil}, {"POST", thread, map[string]any{"body": "x"}}, {"PATCH", thread, map[string]any{"resolved": true}},
			{"GET", base + "/counts", nil}, {"GET", base + "/mentions?q=M", nil},
		} {
			if r := user.Do(call.method, call.path, call.body); r.Status != 404 {
				t.Fatalf("%s %s: %d %s", call.method, call.path, r.Status, r.Raw)
			}
		}
		if written() != before {
			t.Fatal("a refused call wrote")
		}
	})

	t.Run("resolve, reopen and counts", func(t *testing.T) {
		counts := editor.Do("GET", base+"/counts", nil).Data(t, 200)
		if counts[row] != float64(2) || len(counts) != 1 {
			t.Fatalf("counts %v", counts)
		}
		v := manager.Do("PATCH", thread, map[string]any{"resolved": true}).Data(t, 200)
		if v["resolved"] != true || obj(v["resolvedBy"])["id"] != mona {
			t.Fatalf("resolved %v", v)
		}
		if counts := editor.Do("GET", base+"/counts", nil).Data(t, 200); len(counts) != 0 {
			t.Fatalf("counts of a resolved thread %v", counts)
		}
		if v := editor.Do("PATCH", thread, map[string]any{"resolved": false}).Data(t, 200); v["resolved"] != false || v["resolvedBy"] != nil {
			t.Fatalf("reopened %v", v)
		}
		if counts := editor.Do("GET", base+"/counts", nil).Data(t, 200); counts[row] != float64(2) {
			t.Fatalf("counts after reopening %v", counts)
		}
	})

	t.Run("edit and delete one's own", func(t *testing.T) {
		v := editor.Do("GET", thread, nil).Data(t, 200)
		cid := str(obj(arr(v["comments"])[0])["id"])
		if r := manager.Do("PATCH", base+"/comment/"+cid, map[string]any{"body": "mine now"}); r.Status != 403 {
			t.Fatalf("editing another's comment: %d", r.Status)
		}
		if r := manager.Do("DELETE", base+"/comment/"+cid, nil); r.Status != 403 {
			t.Fatalf("deleting another's comment: %d", r.Status)
		}
		v = editor.Do("PATCH", base+"/comment/"+cid, map[string]any{"body": "Price checked"}).Data(t, 200)
		if c := obj(arr(v["comments"])[0]); c["body"] != "Price checked" || c["editedAt"] == nil || len(arr(c["mentions"])) != 0 {
			t.Fatalf("edited %v", c)
		}
		v = editor.Do("DELETE", base+"/comment/"+cid, nil).Data(t, 200)
		if len(arr(v["comments"])) != 1 {
			t.Fatalf("after delete %v", v)
		}
		// An edit tells a colleague it mentions anew, once.
		other := str(obj(arr(v["comments"])[0])["id"])
		notes := a.Count(`SELECT count(*) FROM notifications WHERE user_id = $1`, mona)
		body := "Now for you, @[Mona](" + mona + ")"
		editor.Do("PATCH", base+"/comment/"+other, map[string]any{"body": body}).Data(t, 200)
		editor.Do("PATCH", base+"/comment/"+other, map[string]any{"body": body + " again"}).Data(t, 200)
		if n := a.Count(`SELECT count(*) FROM notifications WHERE user_id = $1`, mona); n != notes+1 {
			t.Fatalf("notifications after two edits: %d, want %d", n, notes+1)
		}
	})

	t.Run("mention suggestions are colleagues who may read the rows", func(t *testing.T) {
		suggest := func(q string) map[string]bool {
			r := editor.Do("GET", base+"/mentions?q="+q, nil)
			if r.Status != 200 {
				t.Fatalf("suggestions %q: %d %s", q, r.Status, r.Raw)
			}
			got := map[string]bool{}
			for _, p := range arr(r.Body["data"]) {
				got[str(obj(p)["id"])] = true
			}
			if len(got) > comments.SuggestLimit {
				t.Fatalf("%d suggestions", len(got))
			}
			return got
		}
		all := suggest("")
		if !all[mona] || all[senior] || all[userID("editor@example.com")] {
			t.Fatalf("suggestions %v (manager %s, senior editor %s)", all, mona, senior)
		}
		if got := suggest("mo"); !got[mona] || len(got) != 1 {
			t.Fatalf("suggestions for mo: %v", got)
		}
		if got := suggest("se"); len(got) != 0 {
			t.Fatalf("suggestions for se: %v", got)
		}
	})

	t.Run("the threads go with the assortment", func(t *testing.T) {
		if n := a.Count(`SELECT count(*) FROM comment_threads WHERE object_id = $1`, id); n != 1 {
			t.Fatalf("threads before: %d", n)
		}
		if r := editor.Do("DELETE", "/api/assortments/"+id, nil); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if n := a.Count(`SELECT count(*) FROM comment_threads WHERE object_id = $1`, id) + a.Count(`SELECT count(*) FROM comments`); n != 0 {
			t.Fatalf("threads and comments after: %d", n)
		}
	})
}
