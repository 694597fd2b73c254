package orders_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"its/core/app/apptest"
	"its/modules/orders"
)

// listRow is an order list row of the grid protocol as the tests read it.
type listRow struct {
	id           string
	number       int
	status       string
	productCount int
}

// gridRows posts a block read of a list view and answers its rows, total and next cursor.
func gridRows(t *testing.T, c *apptest.Client, path string, body map[string]any) ([]listRow, int, string) {
	t.Helper()
	r := c.Do("POST", path, body)
	d := data(t, r)
	var rows []listRow
	for _, x := range d["rows"].([]any) {
		m := x.(map[string]any)
		row := listRow{id: m["id"].(string), number: int(m["orderNumber"].(float64))}
		row.status, _ = m["status"].(string)
		if n, ok := m["productCount"].(float64); ok {
			row.productCount = int(n)
		}
		rows = append(rows, row)
	}
	next, _ := d["nextCursor"].(string)
	return rows, int(d["totalCount"].(float64)), next
}

// queried answers the ids the list query shows the caller (every page of it), newest first.
func queried(t *testing.T, c *apptest.Client, path string, body map[string]any) []string {
	t.Helper()
	var out []string
	for {
		d := data(t, c.Do("POST", path, body))
		for _, x := range d["rows"].([]any) {
			out = append(out, x.(map[string]any)["_id"].(string))
		}
		next, _ := d["nextCursor"].(string)
		if next == "" {
			return out
		}
		body = map[string]any{"viewAsCoordinatorCode": body["viewAsCoordinatorCode"], "cursor": next}
	}
}

// TestListGrid: a list view read in blocks on the grid protocol holds each order the list query
// shows the caller exactly once, with the exact total in every block; the server sorts and
// filters it, never beyond the caller's orders; viewAs is for coordinators; a bad query is a 400
// that changes nothing.
func TestListGrid(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	// More than one block of the user's active sample orders, and a few of another requester.
	statuses := []string{"DRAFT", "SUBMITTED", "IN PROGRESS"}
	for i := range 2*orders.ListPageSize + 37 {
		if _, err := a.DB.Exec(ctx, `INSERT INTO orders (type, status, requester_code, requester_name, coordinator_code, purpose)
			VALUES ('SAMPLE', $1, 'USR001', 'Una User', 'CRD001', $2)`, statuses[i%3], fmt.Sprintf("Block test %03d", i)); err != nil {
			t.Fatal(err)
		}
	}
	theirs, _ := fixture(t, a, orders.TypeSample, "DRAFT", "EDT001")
	theirsSubmitted, _ := fixture(t, a, orders.TypeSample, "SUBMITTED", "EDT001")
	user, editor, coord := login(a, "user"), login(a, "editor"), login(a, "coordinator")
	const rows, query = "/api/orders/sample/active-orders/rows", "/api/orders/sample/active-orders/query"

	want := queried(t, user, query, map[string]any{})
	if len(want) <= 2*orders.ListPageSize {
		t.Fatalf("the user's active list holds %d orders, want more than two blocks", len(want))
	}

	// Block after block on the cursors: each order once, in the list's order, the total exact.
	var got []string
	var all []listRow
	cursor := ""
	for blocks := 0; ; blocks++ {
		body := map[string]any{"limit": orders.ListPageSize}
		if cursor != "" {
			body["cursor"] = cursor
		}
		block, total, next := gridRows(t, user, rows, body)
		if total != len(want) {
			t.Fatalf("block %d: total %d, the list holds %d", blocks, total, len(want))
		}
		if len(block) > orders.ListPageSize || next != "" && len(block) != orders.ListPageSize {
			t.Fatalf("block %d: %d rows (next %q)", blocks, len(block), next)
		}
		for _, r := range block {
			got = append(got, r.id)
		}
		all = append(all, block...)
		if cursor = next; cursor == "" {
			break
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the blocks hold %d orders, the list query %d (or in another order)", len(got), len(want))
	}
	if slices.Contains(got, theirs) || slices.Contains(got, theirsSubmitted) {
		t.Fatal("another requester's order is in the user's rows")
	}

	// A block further on: skip from the start, or from the nearest cursor, reads the same rows.
	first, _, next := gridRows(t, user, rows, map[string]any{"limit": orders.ListPageSize})
	if !slices.Equal(first, all[:orders.ListPageSize]) {
		t.Fatal("the first block differs on a second read")
	}
	skipped, total, _ := gridRows(t, user, rows, map[string]any{"limit": orders.ListPageSize, "skip": orders.ListPageSize + 50})
	if total != len(want) || !slices.Equal(skipped, all[orders.ListPageSize+50:min(len(all), 2*orders.ListPageSize+50)]) {
		t.Fatalf("skip from the start: %d rows of %d", len(skipped), total)
	}
	onCursor, _, _ := gridRows(t, user, rows, map[string]any{"limit": orders.ListPageSize, "cursor": next, "skip": 50})
	if !slices.Equal(onCursor, skipped) {
		t.Fatal("skip after the first block's cursor differs from skip from the start")
	}

	// Sorted on the server: status, then the order number ascending.
	sorted, _, _ := gridRows(t, user, rows, map[string]any{"limit": orders.MaxListPage,
		"sort": []map[string]string{{"field": "status", "dir": "asc"}, {"field": "orderNumber", "dir": "asc"}}})
	if len(sorted) != len(want) || !slices.IsSortedFunc(sorted, func(x, y listRow) int {
		if x.status != y.status {
			if x.status < y.status {
				return -1
			}
			return 1
		}
		return x.number - y.number
	}) {
		t.Fatalf("sorted by status and number: %d rows, not in order", len(sorted))
	}

	// Filtered on the server: the filter builder's tree and the column filters.
	submitted := 0
	for _, r := range all {
		if r.status == "SUBMITTED" {
			submitted++
		}
	}
	where := map[string]any{"field": "status", "op": "in", "values": []string{"submitted"}}
	block, total, _ := gridRows(t, user, rows, map[string]any{"where": where, "limit": orders.MaxListPage})
	if total != submitted || len(block) != submitted || slices.ContainsFunc(block, func(r listRow) bool { return r.status != "SUBMITTED" || r.id == theirsSubmitted }) {
		t.Fatalf("where status SUBMITTED: %d rows of %d, want %d of the user's", len(block), total, submitted)
	}
	if _, total, _ := gridRows(t, user, rows, map[string]any{"filters": map[string]any{"purpose": map[string]any{"startsWith": "block test 00"}}}); total != 10 {
		t.Fatalf("purpose starting with 'Block test 00': %d orders, want 10", total)
	}

	// The footer's figures: the same set.
	r := user.Do("POST", "/api/orders/sample/active-orders/summary", map[string]any{"fields": []string{"orderNumber", "productCount"},
		"aggregates": map[string][]string{"orderNumber": {"count"}, "productCount": {"sum"}}, "where": where})
	sum := data(t, r)
	lines := 0
	for _, r := range block {
		lines += r.productCount
	}
	if int(sum["totalCount"].(float64)) != submitted || int(sum["columns"].(map[string]any)["productCount"].(map[string]any)["sum"].(float64)) != lines {
		t.Fatalf("summary %s, want %d orders of %d lines", r.Raw, submitted, lines)
	}

	// Grouped by status: the groups count the user's orders in the order of the rows sorted by it.
	groups := data(t, user.Do("POST", "/api/orders/sample/active-orders/groups", map[string]any{"field": "status"}))
	byStatus, _, _ := gridRows(t, user, rows, map[string]any{"limit": orders.MaxListPage, "sort": []map[string]string{{"field": "status"}}})
	at := 0
	for _, g := range groups["groups"].([]any) {
		m := g.(map[string]any)
		n := int(m["count"].(float64))
		for _, r := range byStatus[at : at+n] {
			if r.status != m["value"] {
				t.Fatalf("group %v holds an order of %s", m["value"], r.status)
			}
		}
		at += n
	}
	if at != len(want) || int(groups["totalCount"].(float64)) != len(want) || len(groups["groups"].([]any)) != 3 {
		t.Fatalf("groups %v: %d orders, the list holds %d", groups["groups"], at, len(want))
	}

	// Another requester reads only their own, total included.
	theirRows, theirTotal, _ := gridRows(t, editor, rows, map[string]any{"limit": orders.MaxListPage})
	if w := queried(t, editor, query, map[string]any{}); theirTotal != len(w) || len(theirRows) != len(w) ||
		!slices.ContainsFunc(theirRows, func(r listRow) bool { return r.id == theirs }) || slices.ContainsFunc(theirRows, func(r listRow) bool { return slices.Contains(want, r.id) }) {
		t.Fatalf("the editor's rows: %d of %d, the list query %d", len(theirRows), theirTotal, len(w))
	}

	// A coordinator reads the submitted orders of the assignment, or of another coordinator.
	for _, viewAs := range []string{"", "SCR001"} {
		path, body := rows, map[string]any{}
		if viewAs != "" {
			path, body = rows+"?viewAs="+viewAs, map[string]any{"viewAsCoordinatorCode": viewAs}
		}
		w := queried(t, coord, query, body)
		var ids []string
		for cursor := ""; ; {
			b := map[string]any{}
			if cursor != "" {
				b["cursor"] = cursor
			}
			block, total, next := gridRows(t, coord, path, b)
			if total != len(w) {
				t.Fatalf("coordinator viewing as %q: total %d, the list holds %d", viewAs, total, len(w))
			}
			for _, r := range block {
				ids = append(ids, r.id)
			}
			if cursor = next; cursor == "" {
				break
			}
		}
		if !slices.Equal(ids, w) {
			t.Fatalf("coordinator viewing as %q: %d rows, the list query %d", viewAs, len(ids), len(w))
		}
	}

	// Refused: viewAs for a non-coordinator, an unknown view, wholesale
	// without wof; a bad query names its mistake. None changes anything.
	before := state(t, a)
	for _, k := range []struct {
		c      *apptest.Client
		method string
		path   string
		body   any
		status int
		field  string
	}{
		{user, "POST", rows + "?viewAs=CRD001", map[string]any{}, 403, ""},
		{user, "POST", "/api/orders/sample/active-orders/summary?viewAs=CRD001", map[string]any{"fields": []string{"status"}}, 403, ""},
		{user, "POST", "/api/orders/sample/active-orders/groups?viewAs=CRD001", map[string]any{"field": "status"}, 403, ""},
		{user, "POST", "/api/orders/sample/active-orders/groups", map[string]any{"field": "requesterCode"}, 400, "field"},
		{user, "POST", "/api/orders/sample/everything/rows", map[string]any{}, 404, ""},
		{user, "GET", "/api/orders/sample/everything/schema", nil, 404, ""},
		{user, "POST", "/api/orders/wholesale/active/rows", map[string]any{}, 403, ""},
		{user, "POST", rows, map[string]any{"sort": []map[string]string{{"field": "nope"}}}, 400, "sort.nope"},
		{user, "POST", rows, map[string]any{"sort": []map[string]string{{"field": "status", "dir": "up"}}}, 400, "sort.status"},
		{user, "POST", rows, map[string]any{"filters": map[string]any{"requesterCode": "EDT001"}}, 400, "filters.requesterCode"},
		{user, "POST", rows, map[string]any{"where": map[string]any{"field": "nope", "op": "in", "values": []string{"x"}}}, 400, "where"},
		{user, "POST", rows, map[string]any{"filters": map[string]any{"orderNumber": "many"}}, 400, "filters.orderNumber"},
		{user, "POST", rows, map[string]any{"limit": orders.MaxListPage + 1}, 400, "limit"},
		{user, "POST", rows, map[string]any{"cursor": "not-a-cursor"}, 400, "cursor"},
		{user, "POST", rows, map[string]any{"viewAsCoordinatorCode": "CRD001"}, 400, ""},
		{user, "POST", "/api/orders/sample/active-orders/summary", map[string]any{"fields": []string{"nope"}}, 400, "fields.nope"},
	} {
		r := k.c.Do(k.method, k.path, k.body)
		if r.Status != k.status {
			t.Errorf("%s %s %v: %d %s, want %d", k.method, k.path, k.body, r.Status, r.Raw, k.status)
			continue
		}
		if k.field != "" && !containsField(r.Body["details"], k.field) {
			t.Errorf("%s %s %v: %s does not name %s", k.method, k.path, k.body, r.Raw, k.field)
		}
	}
	if state(t, a) != before {
		t.Fatal("a refused read changed the orders")
	}

	// The schema: the protocol's page size and largest page, the columns' filters and sorts.
	sch := data(t, user.Do("GET", "/api/orders/sample/active-orders/schema", nil))
	if int(sch["pageSize"].(float64)) != orders.ListPageSize || int(sch["maxLimit"].(float64)) != orders.MaxListPage {
		t.Fatalf("schema page sizes: %v, %v", sch["pageSize"], sch["maxLimit"])
	}
	for _, x := range sch["columns"].([]any) {
		c := x.(map[string]any)
		if c["filterable"] != true || c["sortable"] != true || len(c["filterOps"].([]any)) == 0 {
			t.Fatalf("column %v is not filtered and sorted on the server", c)
		}
	}
}

// containsField says whether an error's details name field (a prefix: "where" for "where.and[0]").
func containsField(details any, field string) bool {
	list, _ := details.([]any)
	for _, d := range list {
		if f, _ := d.(map[string]any)["field"].(string); f == field || len(f) > len(field) && f[:len(field)] == field {
			return true
		}
	}
	return false
}

// TestStylesGrid: the sample styles view read in blocks on the grid protocol holds each line of
// the orders its list query shows the coordinator exactly once (with the order's number), the
// total exact in every block; its footer, groups and export are over the same lines; a caller
// who may not see the view is refused and nothing changes.
func TestStylesGrid(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	// Submitted orders with three lines each: more than one block of 25.
	for i := range 12 {
		id, _ := fixture(t, a, orders.TypeSample, []string{"SUBMITTED", "IN PROGRESS"}[i%2], "USR001")
		if _, err := a.DB.Exec(ctx, `INSERT INTO order_lines (order_id, style, color, quantity, division)
			SELECT $1, style, color, 2, 'Work' FROM order_lines WHERE order_id = $1 UNION ALL
			SELECT $1, style, color, 3, '' FROM order_lines WHERE order_id = $1`, id); err != nil {
			t.Fatal(err)
		}
	}
	coord, user := login(a, "coordinator"), login(a, "user")
	const base = "/api/orders/sample/sample-styles/"

	// The lines the list query shows, order by order.
	want := map[string]int{}
	quantity := 0
	body := map[string]any{}
	for {
		d := data(t, coord.Do("POST", base+"query", body))
		for _, x := range d["rows"].([]any) {
			o := x.(map[string]any)
			for _, l := range o["products"].([]any) {
				line := l.(map[string]any)
				want[line["id"].(string)] = int(o["orderNumber"].(float64))
				if q, ok := line["quantity"].(float64); ok {
					quantity += int(q)
				}
			}
		}
		next, _ := d["nextCursor"].(string)
		if next == "" {
			break
		}
		body = map[string]any{"cursor": next}
	}
	if len(want) < 36 {
		t.Fatalf("the styles view lists %d lines, want at least 36", len(want))
	}

	got := map[string]bool{}
	last := 1 << 30
	cursor := ""
	for blocks := 0; ; blocks++ {
		body := map[string]any{"limit": 25}
		if cursor != "" {
			body["cursor"] = cursor
		}
		d := data(t, coord.Do("POST", base+"rows", body))
		if int(d["totalCount"].(float64)) != len(want) {
			t.Fatalf("block %d: total %v, the view lists %d lines", blocks, d["totalCount"], len(want))
		}
		for _, x := range d["rows"].([]any) {
			r := x.(map[string]any)
			id, number := r["id"].(string), int(r["orderNumber"].(float64))
			if got[id] || want[id] != number || number > last || r["style"] == nil {
				t.Fatalf("block %d: line %v (order %d, want %d; seen %v; after %d)", blocks, r, number, want[id], got[id], last)
			}
			got[id], last = true, number
		}
		if cursor, _ = d["nextCursor"].(string); cursor == "" {
			break
		}
	}
	if len(got) != len(want) {
		t.Fatalf("read %d lines, the view lists %d", len(got), len(want))
	}

	// The schema is the lines', the footer and the groups count the same lines.
	schema := data(t, coord.Do("GET", base+"schema", nil))
	if cols := schema["columns"].([]any); cols[1].(map[string]any)["field"] != "style" {
		t.Fatalf("schema: %v", cols)
	}
	sum := data(t, coord.Do("POST", base+"summary", map[string]any{"fields": []string{"quantity"}}))
	if q := sum["columns"].(map[string]any)["quantity"].(map[string]any); int(q["sum"].(float64)) != quantity || int(sum["totalCount"].(float64)) != len(want) {
		t.Fatalf("summary %v, want the sum %d over %d lines", sum, quantity, len(want))
	}
	groups := data(t, coord.Do("POST", base+"groups", map[string]any{"field": "division"}))
	n := 0
	for _, g := range groups["groups"].([]any) {
		n += int(g.(map[string]any)["count"].(float64))
	}
	if n != len(want) || len(groups["groups"].([]any)) < 2 {
		t.Fatalf("groups by division: %v", groups)
	}
	if r := coord.Do("POST", base+"export/csv", map[string]any{"columns": []map[string]string{{"field": "orderNumber"}, {"field": "style"}, {"field": "quantity"}}}); r.Status != 200 || bytes.Count(r.Raw, []byte("\n")) != len(want)+1 {
		t.Fatalf("export: %d, %d lines for %d: %.300s", r.Status, bytes.Count(r.Raw, []byte("\n")), len(want), r.Raw)
	}

	before := state(t, a)
	for _, k := range []struct {
		c      *apptest.Client
		method string
		path   string
		body   map[string]any
		status int
	}{
		{user, "POST", base + "rows", map[string]any{}, 403},
		{user, "POST", base + "groups", map[string]any{"field": "division"}, 403},
		{coord, "POST", base + "rows?viewAs=CRD002", map[string]any{}, 403}, // the view is the coordinator's own
		{coord, "POST", base + "groups", map[string]any{"field": "nope"}, 400},
	} {
		if r := k.c.Do(k.method, k.path, k.body); r.Status != k.status {
			t.Errorf("%s %s: %d %s, want %d", k.method, k.path, r.Status, r.Raw, k.status)
		}
	}
	if state(t, a) != before {
		t.Fatal("a refused read changed the orders")
	}
}
