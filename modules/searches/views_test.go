package searches_test

import (
	"context"
	"strings"
	"testing"

	"its/core/app/apptest"
)

// TestGridViews: a user saves a view of a grid (query and layout), shares it with a user who
// may open the grid, who lists and opens it; one who may not open the grid cannot be shared
// with (403, nothing kept), and one who loses the grid cannot open the view any more (the
// reader's policy decides when the view is read). Bad input is a 400 that keeps nothing.
func TestGridViews(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	// The demo editor opens both sample libraries, the coordinator only Production, the user and
	// the manager none.
	editor, coord, user, manager := login(a, "editor"), login(a, "coordinator"), login(a, "user"), login(a, "manager")
	views := func() int { return a.Count(`SELECT count(*) FROM grid_views`) }
	view := map[string]any{
		"name":       "Work boots",
		"query":      map[string]any{"filters": map[string]any{"division": []string{"Work"}}, "sort": []map[string]string{{"field": "style", "dir": "desc"}}, "groupBy": []string{"gender"}},
		"layout":     map[string]any{"columns": []map[string]any{{"field": "style"}, {"field": "color", "hide": true}, {"field": "bin", "hide": true}}, "rowHeight": "compact"},
		"sharedWith": []string{"COORDINATOR@example.com"},
	}
	with := func(k string, v any) map[string]any {
		out := map[string]any{}
		for key, val := range view {
			out[key] = val
		}
		out[k] = v
		return out
	}

	// Validation: nothing is kept.
	for _, bad := range []struct {
		grid   string
		body   map[string]any
		status int
		field  string
	}{
		{"sampleInventory.Production", with("name", "  "), 400, "name"},
		{"sampleInventory.Production", with("name", strings.Repeat("x", 201)), 400, "name"},
		{"nope.grid", view, 400, "grid"},
		{"sampleInventory.Production", with("sharedWith", []string{"nobody@example.com"}), 400, "sharedWith[0]"},
		{"sampleInventory.Production", with("layout", map[string]any{"columns": []any{}, "rowHeight": "huge"}), 400, "rowHeight"},
		{"sampleInventory.Production", with("query", "division=Work"), 400, "query"},
		// The coordinator may not open the Sales library: the view cannot be shared with them.
		{"sampleInventory.Sales", view, 403, ""},
	} {
		r := editor.Do("POST", "/api/gridViews/"+bad.grid, bad.body)
		if r.Status != bad.status || views() != 0 {
			t.Fatalf("save %s %v: %d %s", bad.grid, bad.body["name"], r.Status, r.Raw)
		}
		if bad.field != "" && !strings.Contains(string(r.Raw), `"field":"`+bad.field+`"`) {
			t.Fatalf("save %s: the error does not name %s: %s", bad.grid, bad.field, r.Raw)
		}
		if bad.status == 403 && !strings.Contains(r.Body["message"].(string), "coordinator@example.com may not open this grid") {
			t.Fatalf("403 message: %s", r.Raw)
		}
	}
	// The user cannot keep a view of a grid they may not open either.
	if r := user.Do("POST", "/api/gridViews/sampleInventory.Production", with("sharedWith", []string{})); r.Status != 403 {
		t.Fatalf("a view of a grid one may not open: %d", r.Status)
	}

	r := editor.Do("POST", "/api/gridViews/sampleInventory.Production", view)
	if r.Status != 200 {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}
	saved := r.Body["data"].(map[string]any)
	id := saved["_id"].(string)
	if saved["mine"] != true || saved["name"] != "Work boots" || len(saved["sharedWith"].([]any)) != 1 || saved["sharedWith"].([]any)[0] != "coordinator@example.com" {
		t.Fatalf("saved: %v", saved)
	}
	// The same name again replaces it (and whom it is shared with).
	if r := editor.Do("POST", "/api/gridViews/sampleInventory.Production", with("sharedWith", []string{"coordinator@example.com", "Coordinator@example.com"})); r.Status != 200 || views() != 1 || r.Body["data"].(map[string]any)["_id"] != id {
		t.Fatalf("save again: %d %s", r.Status, r.Raw)
	}

	// Renamed in place by its id (one transaction: the same view, its shares kept as sent); a
	// name another of one's views has is a 400, another user's id a 404; nothing changes.
	renamed := with("name", "Work boots, renamed")
	renamed["id"] = id
	if r := editor.Do("POST", "/api/gridViews/sampleInventory.Production", renamed); r.Status != 200 || views() != 1 || r.Body["data"].(map[string]any)["_id"] != id || r.Body["data"].(map[string]any)["name"] != "Work boots, renamed" {
		t.Fatalf("rename: %d %s", r.Status, r.Raw)
	}
	other := with("name", "Other boots")
	other["sharedWith"] = []string{}
	if r := editor.Do("POST", "/api/gridViews/sampleInventory.Production", other); r.Status != 200 || views() != 2 {
		t.Fatalf("another view: %d %s", r.Status, r.Raw)
	}
	otherID := editor.Do("GET", "/api/gridViews/sampleInventory.Production", nil).Body["data"].([]any)[0].(map[string]any)["_id"].(string)
	taken := with("name", "Other boots")
	taken["id"] = id
	if r := editor.Do("POST", "/api/gridViews/sampleInventory.Production", taken); r.Status != 400 || !strings.Contains(r.Body["message"].(string), "named \"Other boots\" already") {
		t.Fatalf("rename to a taken name: %d %s", r.Status, r.Raw)
	}
	theirs := with("name", "Not mine")
	theirs["id"] = id
	theirs["sharedWith"] = []string{}
	if r := coord.Do("POST", "/api/gridViews/sampleInventory.Production", theirs); r.Status != 404 {
		t.Fatalf("rename another user's view: %d %s", r.Status, r.Raw)
	}
	if r := editor.Do("DELETE", "/api/gridViews/view/"+otherID, nil); r.Status != 200 || views() != 1 {
		t.Fatalf("delete the other view: %d %s", r.Status, r.Raw)
	}
	renamed["id"], renamed["name"] = id, "Work boots"
	if r := editor.Do("POST", "/api/gridViews/sampleInventory.Production", renamed); r.Status != 200 || r.Body["data"].(map[string]any)["_id"] != id {
		t.Fatalf("rename back: %d %s", r.Status, r.Raw)
	}

	// The receiver lists and opens it: the owner's conditions and layout, not whom it is shared with.
	list := coord.Do("GET", "/api/gridViews/sampleInventory.Production", nil)
	if list.Status != 200 || len(list.Body["data"].([]any)) != 1 {
		t.Fatalf("receiver's list: %d %s", list.Status, list.Raw)
	}
	got := coord.Do("GET", "/api/gridViews/view/"+id, nil)
	d, _ := got.Body["data"].(map[string]any)
	if got.Status != 200 || d["mine"] != false || d["ownerEmail"] != "editor@example.com" || len(d["sharedWith"].([]any)) != 0 ||
		!strings.Contains(string(got.Raw), `"hide":true`) || !strings.Contains(string(got.Raw), `"rowHeight":"compact"`) || !strings.Contains(string(got.Raw), `"division":["Work"]`) {
		t.Fatalf("receiver's view: %d %s", got.Status, got.Raw)
	}
	// Not shared with the senior editor (who opens the library): as if it did not exist; only
	// the owner deletes it.
	senior := login(a, "seniorEditor")
	if r := senior.Do("GET", "/api/gridViews/view/"+id, nil); r.Status != 404 {
		t.Fatalf("another user's view: %d", r.Status)
	}
	if r := senior.Do("GET", "/api/gridViews/sampleInventory.Production", nil); r.Status != 200 || len(r.Body["data"].([]any)) != 0 {
		t.Fatalf("another user's list: %d %s", r.Status, r.Raw)
	}
	if r := manager.Do("GET", "/api/gridViews/view/"+id, nil); r.Status != 404 {
		t.Fatalf("the manager: %d", r.Status)
	}
	if r := coord.Do("DELETE", "/api/gridViews/view/"+id, nil); r.Status != 404 || views() != 1 {
		t.Fatalf("the receiver deletes: %d", r.Status)
	}

	// The receiver loses the library: the view no longer opens for them (their policy is asked
	// whenever the view is read, not when it was shared).
	if _, err := a.DB.Exec(ctx, `UPDATE users SET department_access = '{}' WHERE email = 'coordinator@example.com'`); err != nil {
		t.Fatal(err)
	}
	if r := coord.Do("GET", "/api/gridViews/view/"+id, nil); r.Status != 403 {
		t.Fatalf("a view of a grid the receiver lost: %d %s", r.Status, r.Raw)
	}
	if r := coord.Do("GET", "/api/gridViews/sampleInventory.Production", nil); r.Status != 403 {
		t.Fatalf("the list of a grid the receiver lost: %d", r.Status)
	}

	if r := editor.Do("DELETE", "/api/gridViews/view/"+id, nil); r.Status != 200 || views() != 0 || a.Count(`SELECT count(*) FROM grid_view_shares`) != 0 {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if r := editor.Do("GET", "/api/gridViews/view/not-an-id", nil); r.Status != 404 {
		t.Fatalf("a bad id: %d", r.Status)
	}
}

// TestOrderListViews: a view of an order list view is kept only by, and shared only with, users
// the order type's lists open to; the sample styles view is the coordinators'. The internal
// assortment list's views are for those who open internal assortments.
func TestOrderListViews(t *testing.T) {
	a := start(t)
	// The demo user and coordinator open sample and promo orders, the manager wholesale ones.
	user, coord, manager := login(a, "user"), login(a, "coordinator"), login(a, "manager")
	views := func() int { return a.Count(`SELECT count(*) FROM grid_views`) }
	view := func(name string, shared ...string) map[string]any {
		return map[string]any{
			"name":       name,
			"query":      map[string]any{"where": map[string]any{"field": "status", "op": "in", "value": []string{"DRAFT"}}, "groupBy": []string{"status"}},
			"layout":     map[string]any{"columns": []map[string]any{{"field": "orderNumber"}, {"field": "purpose", "hide": true}}},
			"sharedWith": append([]string{}, shared...),
		}
	}
	for _, c := range []struct {
		who    string
		grid   string
		body   map[string]any
		status int
	}{
		{"manager", "orders.samples.active-orders", view("Drafts"), 403},
		{"user", "orders.samples.active-orders", view("Drafts", "manager@example.com"), 403},
		{"user", "orders.samples.sample-styles", view("Styles"), 403},
		{"coordinator", "orders.wholesale.active", view("Wholesale"), 403},
		// The manager has no internal assortments.
		{"manager", "internalAssortments.list", view("Internal"), 403},
	} {
		client := map[string]*apptest.Client{"user": user, "coordinator": coord, "manager": manager}[c.who]
		if r := client.Do("POST", "/api/gridViews/"+c.grid, c.body); r.Status != c.status || views() != 0 {
			t.Fatalf("%s saves %s: %d %s", c.who, c.grid, r.Status, r.Raw)
		}
	}
	for _, c := range []struct {
		client *apptest.Client
		grid   string
		body   map[string]any
	}{
		{user, "orders.samples.active-orders", view("Drafts", "coordinator@example.com")},
		{coord, "orders.samples.sample-styles", view("Styles")},
		{manager, "orders.wholesale.active", view("Wholesale")},
		{user, "orders.promos.needs-review", view("Promos")},
		{user, "internalAssortments.list", view("Internal")},
	} {
		if r := c.client.Do("POST", "/api/gridViews/"+c.grid, c.body); r.Status != 200 {
			t.Fatalf("save %s: %d %s", c.grid, r.Status, r.Raw)
		}
	}
	if views() != 5 {
		t.Fatalf("views kept: %d", views())
	}
	// The coordinator finds the view shared with them; the manager has none of the sample lists.
	r := coord.Do("GET", "/api/gridViews/orders.samples.active-orders", nil)
	if list, _ := r.Body["data"].([]any); r.Status != 200 || len(list) != 1 || list[0].(map[string]any)["name"] != "Drafts" {
		t.Fatalf("shared list: %d %s", r.Status, r.Raw)
	}
	if r := manager.Do("GET", "/api/gridViews/orders.samples.active-orders", nil); r.Status != 403 {
		t.Fatalf("manager lists sample order views: %d", r.Status)
	}
}
