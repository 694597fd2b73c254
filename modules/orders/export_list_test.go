package orders_test

import (
	"regexp"
	"slices"
	"strconv"
	"testing"

	"its/core/app/apptest"
	"its/modules/orders"
)

// exported posts an export and answers its rows (header first).
func exported(t *testing.T, c *apptest.Client, path, format string, body map[string]any) [][]string {
	t.Helper()
	return c.Exported(t, path, format, regexp.MustCompile(`filename="Orders?_[^"]+\.`+format+`"`), body)
}

// TestExport: a list view exports the orders the list shows the caller, and an order's lines
// export only for one who may read the order.
func TestExport(t *testing.T) {
	a := start(t)
	draft, _ := fixture(t, a, orders.TypeSample, "DRAFT", "USR001")
	submitted, _ := fixture(t, a, orders.TypeSample, "SUBMITTED", "USR001")
	theirs, _ := fixture(t, a, orders.TypeSample, "DRAFT", "EDT001")
	number := func(id string) string {
		return strconv.Itoa(a.Count(`SELECT order_number FROM orders WHERE id = $1`, id))
	}
	user, coord := login(a, "user"), login(a, "coordinator")
	body := map[string]any{"columns": []map[string]string{{"field": "orderNumber", "headerName": "Auftrag"}, {"field": "status"}, {"field": "productCount"}},
		"sort": []map[string]string{{"field": "orderNumber", "dir": "asc"}}}
	listed := func(c *apptest.Client, format, query string) []string {
		rows := exported(t, c, "/api/orders/sample/active-orders/export/"+format+query, format, body)
		if !slices.Equal(rows[0], []string{"Auftrag", "Status", "Products"}) {
			t.Fatalf("header %q", rows[0])
		}
		var out []string
		for _, r := range rows[1:] {
			out = append(out, r[0])
		}
		return out
	}
	// What the list query shows the caller, as sorted order numbers.
	query := func(c *apptest.Client, body map[string]any) []string {
		var out []string
		body["limit"] = orders.MaxListPage
		for _, x := range data(t, c.Do("POST", "/api/orders/sample/active-orders/query", body))["rows"].([]any) {
			out = append(out, strconv.FormatFloat(x.(map[string]any)["orderNumber"].(float64), 'f', -1, 64))
		}
		slices.SortFunc(out, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
		return out
	}
	for _, format := range []string{"xlsx", "csv"} {
		got := listed(user, format, "")
		if want := query(user, map[string]any{}); !slices.Equal(got, want) || !slices.Contains(got, number(draft)) || !slices.Contains(got, number(submitted)) || slices.Contains(got, number(theirs)) {
			t.Fatalf("user's %s export %q, the list shows %q (never another user's %s)", format, got, want, number(theirs))
		}
		got = listed(coord, format, "")
		if want := query(coord, map[string]any{}); !slices.Equal(got, want) || !slices.Contains(got, number(submitted)) || slices.Contains(got, number(draft)) {
			t.Fatalf("coordinator's %s export %q, the list shows %q", format, got, want)
		}
		got = listed(coord, format, "?viewAs=SCR001")
		if want := query(coord, map[string]any{"viewAsCoordinatorCode": "SCR001"}); !slices.Equal(got, want) || slices.Contains(got, number(submitted)) {
			t.Fatalf("viewing as another coordinator exports %q, the list shows %q", got, want)
		}
	}
	if r := user.Do("POST", "/api/orders/sample/active-orders/export/xlsx?viewAs=CRD001", body); r.Status != 403 {
		t.Fatalf("a user exports as a coordinator: %d", r.Status)
	}
	if r := user.Do("POST", "/api/orders/sample/everything/export/xlsx", body); r.Status != 404 {
		t.Fatalf("unknown list: %d", r.Status)
	}
	if r := user.Do("POST", "/api/orders/wholesale/active/export/xlsx", body); r.Status != 403 {
		t.Fatalf("wholesale without wof: %d", r.Status)
	}

	lines := map[string]any{"columns": []map[string]string{{"field": "style"}, {"field": "color"}, {"field": "quantity"}}}
	for _, format := range []string{"xlsx", "csv"} {
		rows := exported(t, user, "/api/orders/sample/order/export/"+format+"/"+draft, format, lines)
		if len(rows) != 2 || !slices.Equal(rows[0], []string{"Style", "Color", "Quantity"}) || rows[1][2] != "1" {
			t.Fatalf("lines %s: %q", format, rows)
		}
	}
	if r := user.Do("POST", "/api/orders/sample/order/export/xlsx/"+theirs, lines); r.Status != 404 {
		t.Fatalf("lines of another user's order: %d", r.Status)
	}
	if r := user.Do("POST", "/api/orders/promo/order/export/xlsx/"+draft, lines); r.Status != 404 {
		t.Fatalf("lines under another order type: %d", r.Status)
	}
	if r := user.Do("POST", "/api/orders/sample/active-orders/export/xlsx/"+draft, lines); r.Status != 404 {
		t.Fatalf("lines under a list subtype: %d", r.Status)
	}
	if r := user.Do("POST", "/api/orders/sample/order/export/xlsx/"+draft, map[string]any{"columns": []map[string]string{{"field": "nope"}}}); r.Status != 400 {
		t.Fatalf("unknown column: %d", r.Status)
	}
}
