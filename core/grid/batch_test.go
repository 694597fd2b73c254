package grid_test

import (
	"context"
	"testing"

	"its/core/grid"
)

func (f *fixture) row(t *testing.T, where string) (id string, version int) {
	t.Helper()
	if err := f.db.QueryRow(context.Background(), "SELECT id::text, version FROM grid_items WHERE "+where+" ORDER BY style, color LIMIT 1").Scan(&id, &version); err != nil {
		t.Fatal(err)
	}
	return
}

// snapshot is the whole table as text, to prove a refused batch wrote nothing.
func (f *fixture) snapshot(t *testing.T) string {
	t.Helper()
	var s string
	if err := f.db.QueryRow(context.Background(), `SELECT coalesce(string_agg(t::text, E'\n' ORDER BY id), '') FROM grid_items t`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBatchAppliesEverythingInOneGo(t *testing.T) {
	f := setup(t, 12)
	u1, v1 := f.row(t, "style = '10001' AND color = 'BLK0'")
	u2, v2 := f.row(t, "style = '10002' AND color = 'NVY0'")
	d1, dv1 := f.row(t, "style = '10003' AND color = 'BLK0'")
	body := map[string]any{
		"update": []map[string]any{
			{"id": u1, "version": v1, "changes": map[string]any{"discountPercent": "12.345", "promoCode": "ab", "division": "pop", "availableDate": "04/15/2026", "features": "waterproof, vegan, Waterproof"}},
			{"id": u2, "version": v2, "changes": map[string]any{"quantity": "1,200"}},
		},
		"add":    []map[string]any{{"tempId": "n1", "values": map[string]any{"style": "20001", "color": "RED", "division": "apparel", "quantity": 3}}},
		"delete": []map[string]any{{"id": d1, "version": dv1}},
	}
	a := f.do(t, "PATCH", "/items/batch", body)
	if a.status != 200 {
		t.Fatalf("batch: %d %s", a.status, a.raw)
	}
	d := a.body["data"].(map[string]any)
	if len(d["updated"].([]any)) != 2 || len(d["added"].([]any)) != 1 || len(d["deleted"].([]any)) != 1 {
		t.Fatalf("answer: %s", a.raw)
	}
	added := d["added"].([]any)[0].(map[string]any)
	if added["tempId"] != "n1" || added["row"].(map[string]any)["style"] != "20001" {
		t.Fatalf("added: %v", added)
	}
	if del := d["deleted"].([]any)[0].(map[string]any); del["id"] != d1 || del["status"] != "Deleted" {
		t.Fatalf("deleted: %v", del)
	}
	up := d["updated"].([]any)[0].(map[string]any)
	if up["discountPercent"] != 12.35 || up["promoCode"] != "AB" || up["division"] != "POP" || up["availableDate"] != "2026-04-15" || up["version"] != float64(v1+1) {
		t.Fatalf("updated row: %v", up)
	}
	if fs := up["features"].([]any); len(fs) != 2 || fs[0] != "Waterproof" || fs[1] != "Vegan" {
		t.Fatalf("features: %v", fs)
	}
	if n := f.count(t, "id = $1 AND quantity = 1200 AND version = $2 AND updated_by = 'tester'", u2, v2+1); n != 1 {
		t.Fatal("second update not stored with its version bump and the module's columns")
	}
	if n := f.count(t, "style = '20001' AND color = 'RED' AND division = 'Apparel' AND quantity = 3 AND version = 1"); n != 1 {
		t.Fatal("added row not stored")
	}
	if n := f.count(t, "id = $1 AND status = 'Deleted' AND version = $2", d1, dv1+1); n != 1 {
		t.Fatal("delete did not set status Deleted")
	}
	// Undo of a delete is an update setting the status back.
	a = f.do(t, "PATCH", "/items/batch", map[string]any{"update": []map[string]any{{"id": d1, "version": dv1 + 1, "changes": map[string]any{"status": "active"}}}})
	if a.status != 200 || f.count(t, "id = $1 AND status = 'Active'", d1) != 1 {
		t.Fatalf("undo delete: %d %s", a.status, a.raw)
	}
}

func TestBatchRefusesAndWritesNothing(t *testing.T) {
	f := setup(t, 12)
	u1, v1 := f.row(t, "style = '10001' AND color = 'BLK0'")
	u2, v2 := f.row(t, "style = '10002' AND color = 'NVY0'")
	folder, fv := f.row(t, "kind = 'folder'")
	before := f.snapshot(t)
	good := map[string]any{"id": u1, "version": v1, "changes": map[string]any{"quantity": 5}}
	cases := []struct {
		name   string
		body   any
		status int
		code   string
		rule   string
	}{
		{"one bad cell among good rows", map[string]any{
			"update": []any{good, map[string]any{"id": u2, "version": v2, "changes": map[string]any{"discountPercent": 120}}},
			"add":    []any{map[string]any{"tempId": "n1", "values": map[string]any{"style": "30001", "color": "RED"}}},
		}, 400, "ITS_ERR_VALIDATION", "discount"},
		{"stale version", map[string]any{
			"update": []any{good, map[string]any{"id": u2, "version": v2 + 7, "changes": map[string]any{"quantity": 1}}},
		}, 409, "ITS_ERR_CONFLICT", ""},
		{"stale delete", map[string]any{
			"update": []any{good}, "delete": []any{map[string]any{"id": u2, "version": v2 + 3}},
		}, 409, "ITS_ERR_CONFLICT", ""},
		{"a constraint fails after other rows were written", map[string]any{
			"update": []any{good},
			"add":    []any{map[string]any{"tempId": "dup", "values": map[string]any{"style": "10001", "color": "BLK0"}}},
		}, 400, "ITS_ERR_VALIDATION", "duplicate"},
		{"style only on new rows", map[string]any{"update": []any{map[string]any{"id": u1, "version": v1, "changes": map[string]any{"style": "99999"}}}}, 400, "ITS_ERR_VALIDATION", "notEditable"},
		{"read-only field", map[string]any{"update": []any{map[string]any{"id": u1, "version": v1, "changes": map[string]any{"kind": "folder"}}}}, 400, "ITS_ERR_VALIDATION", "notEditable"},
		{"pending-only field outside the pending view", map[string]any{"update": []any{map[string]any{"id": u1, "version": v1, "changes": map[string]any{"note": "x"}}}}, 400, "ITS_ERR_VALIDATION", "notEditable"},
		{"unknown field", map[string]any{"update": []any{map[string]any{"id": u1, "version": v1, "changes": map[string]any{"nope": 1}}}}, 400, "ITS_ERR_VALIDATION", "unknown"},
		{"required missing on add", map[string]any{"add": []any{map[string]any{"tempId": "n", "values": map[string]any{"style": "40001"}}}}, 400, "ITS_ERR_VALIDATION", "required"},
		{"clearing a non-clearable cell", map[string]any{"update": []any{map[string]any{"id": u1, "version": v1, "changes": map[string]any{"division": ""}}}}, 400, "ITS_ERR_VALIDATION", "nonClearable"},
		{"folders are not editable", map[string]any{"update": []any{good, map[string]any{"id": folder, "version": fv, "changes": map[string]any{"quantity": 1}}}}, 400, "ITS_ERR_VALIDATION", "folder"},
		{"same row twice", map[string]any{"update": []any{good}, "delete": []any{map[string]any{"id": u1, "version": v1}}}, 400, "ITS_ERR_VALIDATION", "duplicateId"},
		{"bad id", map[string]any{"delete": []any{map[string]any{"id": "x'; drop table grid_items; --", "version": 1}}}, 400, "ITS_ERR_VALIDATION", "id"},
		{"missing version", map[string]any{"delete": []any{map[string]any{"id": u1}}}, 400, "ITS_ERR_VALIDATION", "version"},
		{"unknown row", map[string]any{"update": []any{good, map[string]any{"id": "00000000-0000-0000-0000-000000000000", "version": 1, "changes": map[string]any{"quantity": 1}}}}, 404, "ITS_ERR_NOT_FOUND", ""},
		{"nothing to do", map[string]any{"update": []any{}}, 400, "ITS_ERR_EMPTY_REQUEST", ""},
		{"unknown key", `{"updates":[]}`, 400, "ITS_ERR_BAD_REQUEST", ""},
	}
	for _, tc := range cases {
		a := f.do(t, "PATCH", "/items/batch", tc.body)
		if a.status != tc.status || a.body["messageCode"] != tc.code {
			t.Errorf("%s: %d %s, want %d %s", tc.name, a.status, a.raw, tc.status, tc.code)
			continue
		}
		if tc.rule != "" {
			d, _ := a.body["details"].([]any)
			found := false
			for _, e := range d {
				if e.(map[string]any)["rule"] == tc.rule {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: details %s lack rule %s", tc.name, a.raw, tc.rule)
			}
		}
		if tc.status == 409 {
			det := a.body["details"].(map[string]any)
			rows := det["rows"].([]any)
			if det["errorType"] != "userLock" || len(rows) != 1 || rows[0].(map[string]any)["id"] != u2 || rows[0].(map[string]any)["currentVersion"] != float64(v2) {
				t.Errorf("%s: details %v", tc.name, det)
			}
		}
		if tc.code == "ITS_ERR_EMPTY_REQUEST" && (a.body["message"] != "Error. Your request was empty. Nothing has been submitted. Please try again." || a.body["details"] != "Nothing to do") {
			t.Errorf("empty request answer: %s", a.raw)
		}
		if after := f.snapshot(t); after != before {
			t.Fatalf("%s: the refused batch changed the table", tc.name)
		}
	}
	// Every refused cell of a batch is named at once, located by op, index and id.
	a := f.do(t, "PATCH", "/items/batch", map[string]any{
		"update": []any{map[string]any{"id": u1, "version": v1, "changes": map[string]any{"promoCode": "ABCD", "availableDate": "13/01/2026"}}},
		"add":    []any{map[string]any{"tempId": "n9", "values": map[string]any{"style": "--", "color": "A B"}}},
	})
	d := a.body["details"].([]any)
	if a.status != 400 || len(d) != 4 || a.body["message"] != "4 cells are not valid" {
		t.Fatalf("all errors: %d %s", a.status, a.raw)
	}
	first := d[0].(map[string]any)
	if first["op"] != "update" || first["id"] != u1 || first["index"] != float64(0) || first["field"] != "availableDate" {
		t.Fatalf("error location: %v", first)
	}
	last := d[3].(map[string]any)
	if last["op"] != "add" || last["tempId"] != "n9" || last["field"] != "style" || last["rule"] != "alphanumericNoBlank" {
		t.Fatalf("add error location: %v", last)
	}
	// The pending view may clear a non-clearable cell and edit pending-only cells.
	a = f.do(t, "PATCH", "/items/batch?view=pending", map[string]any{"update": []any{map[string]any{"id": u1, "version": v1, "changes": map[string]any{"division": "", "note": "checked"}}}})
	if a.status != 200 || f.count(t, "id = $1 AND division IS NULL AND note = 'checked'", u1) != 1 {
		t.Fatalf("pending view: %d %s", a.status, a.raw)
	}
}

// A grid without a delete status removes rows; Apply must take the short RETURNING of a
// hard delete (id and version only).
func TestHardDelete(t *testing.T) {
	f := setup(t, 6)
	copied := *items // the shared test grid must keep its soft delete for the other tests
	hard := &copied
	hard.DeleteColumn, hard.DeleteValue = "", ""
	id, v := f.row(t, "style = '10001' AND color = 'BLK0'")
	plan, err := hard.Plan(grid.BatchRequest{Delete: []grid.DeleteRow{{ID: id, Version: int64(v)}}}, grid.WriteContext{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tx, err := f.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := hard.Apply(ctx, tx, plan, grid.ApplyOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if n := f.count(t, "id = $1", id); n != 0 {
		t.Fatal("row not deleted")
	}
	res := plan.Result()
	if len(res.Deleted) != 1 || res.Deleted[0].Values[0] != id {
		t.Fatalf("result: %+v", res.Deleted)
	}
}

// Issue 17 finding 9: numbers in other notations were stripped into different numbers (1e999 →
// 1999, 0x10 → 10, 12abc → 12) or into a blank (NaN). A batch carrying one is refused with the
// cell's message and writes nothing.
func TestBatchRefusesCoercedNumbers(t *testing.T) {
	f := setup(t, 4)
	u1, v1 := f.row(t, "style = '10001' AND color = 'BLK0'")
	before := f.snapshot(t)
	for _, field := range []string{"quantity", "cost", "discountPercent"} {
		for _, in := range []string{"1e999", "0x10", "12abc", "NaN"} {
			a := f.do(t, "PATCH", "/items/batch", map[string]any{"update": []any{
				map[string]any{"id": u1, "version": v1, "changes": map[string]any{field: in}},
			}})
			d, _ := a.body["details"].([]any)
			if a.status != 400 || len(d) != 1 {
				t.Errorf("%s %q: %d %s", field, in, a.status, a.raw)
				continue
			}
			e := d[0].(map[string]any)
			want := map[string]string{"quantity": "Quantity must be a number", "cost": "Cost must be a number", "discountPercent": "Discount Percentage must be between 0-100"}[field]
			if e["field"] != field || e["message"] != want {
				t.Errorf("%s %q: %v, want %q", field, in, e, want)
			}
		}
	}
	if after := f.snapshot(t); after != before {
		t.Fatal("a refused number changed the table")
	}
}
