// Tests of an assortment's rows: pricing, per-style values, batches, the edit lock and alerts, each
// against a fresh app on real PostgreSQL.

package assortments_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/modules/assortments"
	"its/modules/products"
)

// TestPricingAndStyleValues: the pricing rules, values shared by a style's colours and sell-
// through.
func TestPricingAndStyleValues(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
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
		update(map[string]any{"cost": "$40.00"}).Data(t, 200)
		if r := cur(); num(r["cost"]) != 40 || num(r["netCost"]) != 40 {
			t.Fatalf("cost edit: %v", r)
		}
		update(map[string]any{"discountPercent": 12.345}).Data(t, 200)
		if r := cur(); num(r["discountPercent"]) != 12.35 || num(r["discountAmount"]) != 4.94 || num(r["netCost"]) != 35.06 {
			t.Fatalf("discount %% edit: %v %v %v", r["discountPercent"], r["discountAmount"], r["netCost"])
		}
		update(map[string]any{"cost": 50}).Data(t, 200)
		if r := cur(); num(r["discountPercent"]) != 12.35 || num(r["discountAmount"]) != 6.18 || num(r["netCost"]) != 43.82 {
			t.Fatalf("cost edit keeps the percentage: %v %v %v", r["discountPercent"], r["discountAmount"], r["netCost"])
		}
		update(map[string]any{"discountAmount": 10}).Data(t, 200)
		if r := cur(); num(r["discountPercent"]) != 20 || num(r["netCost"]) != 40 {
			t.Fatalf("amount edit: %v %v", r["discountPercent"], r["netCost"])
		}
		update(map[string]any{"netCost": 45}).Data(t, 200)
		if r := cur(); num(r["discountAmount"]) != 5 || num(r["discountPercent"]) != 10 || num(r["cost"]) != 50 {
			t.Fatalf("net edit: %v %v %v", r["discountAmount"], r["discountPercent"], r["cost"])
		}
		update(map[string]any{"discountAmount": 60}).Data(t, 200)
		if r := cur(); r["netCost"] != nil || r["discountPercent"] != nil {
			t.Fatalf("a discount above cost leaves net cost blank: %v %v", r["netCost"], r["discountPercent"])
		}
		update(map[string]any{"suggestedRetail": 100, "discountPercent": 0}).Data(t, 200)
		update(map[string]any{"initialMarkup": 60}).Data(t, 200)
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
		update(map[string]any{"suggestedRetail": 0}).Data(t, 200)
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
		res := r.Data(t, 200)
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
		editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": updates}).Data(t, 200)
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
		res := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{map[string]any{
			"id": rows[2]["id"], "version": rows[2]["version"], "changes": map[string]any{"colorNote": "no stock yet"}}}}).Data(t, 200)

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
}

// TestBatches: batches: adds, deletes, updates, renames and sorts; stale writes; filtered reads;
// alerts.
func TestBatches(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
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
		res := r.Data(t, 200)
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
		res = r.Data(t, 200)
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
		res = r.Data(t, 200)
		if num(res["deleted"]) != 1 || !strings.Contains(str(r.Body["message"]), "1 Item(s) Deleted") || count() != 3 {
			t.Fatalf("update+delete: %s", r.Raw)
		}
		up := byStyleColor(rowsOf(t, editor, id), str(ps[2]["style"]), str(ps[2]["color"]))
		if num(up["quantity"]) != 1200 || up["storeType"] != "Outlet" || num(up["sort"]) != 0 {
			t.Fatalf("updated row %v", up)
		}
		// Ending the editing session: the added row is no longer new.
		editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil).Data(t, 200)
		editor.Do("POST", "/api/assortments/edit/lock/"+id+"/release", nil).Data(t, 200)
		again := byStyleColor(rowsOf(t, editor, id), str(ps[4]["style"]), str(ps[4]["color"]))
		if again["isNew"] != false {
			t.Fatal("row still new after the lock was released")
		}
		if r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"renameProducts": []any{map[string]any{"id": again["id"], "version": again["version"], "newColor": ps[5]["color"], "newStyle": ps[5]["style"]}}}); r.Status != 400 {
			t.Fatalf("rename after the session: %d", r.Status)
		}
	})
	t.Run("stale write is a 409 userLock and writes nothing", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Stale", "products": pairs(t, a, 2, "product_type = 'Footwear' AND gender = 'Girls'")})
		id := str(d["_id"])
		rows := rowsOf(t, editor, id)
		r0, r1 := rows[0], rows[1]
		editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{map[string]any{"id": r0["id"], "version": r0["version"], "changes": map[string]any{"colorNote": "first"}}}}).Data(t, 200)
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
	t.Run("alerts", func(t *testing.T) {
		spring := titles(listView(t, editor, "view=all"))["Spring 2025"]
		run := titles(arr(editor.Do("GET", "/api/assortments?view=all&folder="+str(spring["_id"]), nil).Data(t, 200)["items"]))["Men's Running SP25"]
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
		d := editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil).Data(t, 200)
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
		editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"addProducts": []any{map[string]any{"style": style, "color": color}}}).Data(t, 200)
		if a.Count(`SELECT count(*) FROM assortment_alerts WHERE assortment_id = $1 AND style = $2 AND color = $3 AND type = 'discontinued'
			AND params->>'location' = $4`, id, style, color, str(d["locationId"])) != 1 {
			t.Fatal("no discontinued alert with its location for the added row")
		}
		n++
		r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"clearAlerts": map[string]any{"all": true}})
		if r.Data(t, 200); r.Body["message"] != fmt.Sprintf("%d Alerts Cleared", n) {
			t.Fatalf("clear: %s", r.Raw)
		}
		if a.Count(`SELECT count(*) FROM assortment_alerts WHERE assortment_id = $1`, id) != 0 ||
			a.Count(`SELECT count(*) FROM audit_log WHERE action = 'stats.clearAlerts' AND model_id = $1 AND (data->>'count')::int = $2`, id, n) != 1 {
			t.Fatal("alerts not cleared or not recorded")
		}
	})
}

// TestEditLock: the edit lock between two editors.
func TestEditLock(t *testing.T) {
	e := setup(t)
	a, editor, manager := e.app, e.editor, e.manager
	t.Run("edit lock between two editors", func(t *testing.T) {
		d := create(t, editor, map[string]any{"title": "Locked", "products": pairs(t, a, 2, "product_type = 'POP'")})
		id := str(d["_id"])
		r := editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil)
		if ld := r.Data(t, 200); ld["locked"] != true || obj(ld["lock"])["mine"] != true {
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
		editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"subTitle": "still mine"}).Data(t, 200)
		if _, err := a.DB.Exec(t.Context(), `UPDATE assortment_locks SET expires_at = now() - interval '1 second' WHERE assortment_id = $1`, id); err != nil {
			t.Fatal(err)
		}
		ld := manager.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil).Data(t, 200)
		if obj(ld["lock"])["user"].(map[string]any)["email"] != "manager@example.com" {
			t.Fatalf("lock after expiry: %v", ld)
		}
		if r := editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil); r.Status != 409 {
			t.Fatalf("the first editor takes it back: %d", r.Status)
		}
		manager.Do("POST", "/api/assortments/edit/lock/"+id+"/release", nil).Data(t, 200)
		editor.Do("POST", "/api/assortments/edit/lock/"+id+"/request", nil).Data(t, 200)
		if r := editor.Do("POST", "/api/assortments/edit/lock/"+id+"/steal", nil); r.Status != 404 {
			t.Fatalf("unknown lock action: %d", r.Status)
		}
	})
}
