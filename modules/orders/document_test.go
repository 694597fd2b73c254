package orders_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/app/apptest"
	"its/core/grid"
	"its/modules/orders"
)

// workbook reads the first sheet of an .xlsx answer.
func workbook(t *testing.T, r *apptest.Response) [][]string {
	t.Helper()
	if r.Status != 200 || r.Header.Get("Content-Type") != grid.XLSXType {
		t.Fatalf("not a workbook: %d %s", r.Status, r.Raw[:min(len(r.Raw), 300)])
	}
	x, err := excelize.OpenReader(bytes.NewReader(r.Raw))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	defer x.Close()
	rows, err := x.GetRows(x.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// cells is a row as GetRows reads it: values as text, trailing blanks dropped.
func cells(vals ...any) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		if v != nil {
			out[i] = fmt.Sprint(v)
		}
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// TestOrderDocument: POST order-documents/xlsx answers the order's lines as a workbook, row for
// row what the order query answers (the sample columns by default, the wholesale matrix and
// dates for a wholesale order, the client's columns when it names them); another user's order
// answers 404 like a missing one, a user without any order type 403, bad input 400.
func TestOrderDocument(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	id, _ := fixture(t, a, orders.TypeSample, "DRAFT", "USR001")
	for i, p := range pairs(t, a, 3) {
		if _, err := a.DB.Exec(ctx, `INSERT INTO order_lines (order_id, style, color, quantity, size, size_preference, side)
			VALUES ($1, $2, $3, $4, '9.5', 'Required', 'Left')`, id, p[0], p[1], i+2); err != nil {
			t.Fatal(err)
		}
	}
	var number int64
	if err := a.DB.QueryRow(ctx, `SELECT order_number FROM orders WHERE id = $1`, id).Scan(&number); err != nil {
		t.Fatal(err)
	}
	user := login(a, "user")
	detail := data(t, user.Do("POST", "/api/orders/samples/order/query", map[string]any{"orderId": id}))
	lines := detail["products"].([]any)
	if len(lines) != 4 {
		t.Fatalf("the order has %d lines", len(lines))
	}

	r := user.Do("POST", "/api/order-documents/xlsx", map[string]any{"orderNumber": number})
	if !strings.Contains(r.Header.Get("Content-Disposition"), fmt.Sprintf(`filename="Order_%d.xlsx"`, number)) {
		t.Fatalf("file name: %s", r.Header.Get("Content-Disposition"))
	}
	got := workbook(t, r)
	want := [][]string{{"Style", "Color", "Status", "Size", "Size Preference", "Side", "Source", "Quantity", "Shipper", "Tracking", "Return Type"}}
	for _, l := range lines {
		m := l.(map[string]any)
		want = append(want, cells(m["style"], m["color"], m["status"], m["size"], m["sizePreference"], m["side"], m["source"], m["quantity"], m["shipper"], m["tracking"], m["returnType"]))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("workbook\n got %q\nwant %q", got, want)
	}

	// The client's columns and headers, by id with the type named.
	got = workbook(t, user.Do("POST", "/api/order-documents/xlsx", map[string]any{"orderId": id, "orderType": "samples",
		"columns": []map[string]string{{"field": "quantity", "headerName": "Menge"}, {"field": "style"}}}))
	want = [][]string{{"Menge", "Style"}}
	for _, l := range lines {
		m := l.(map[string]any)
		want = append(want, cells(m["quantity"], m["style"]))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("columns\n got %q\nwant %q", got, want)
	}

	// A wholesale order: the size matrix, prices and dates.
	wid, line := fixture(t, a, orders.TypeWholesale, "PENDING", "EDT001")
	if _, err := a.DB.Exec(ctx, `UPDATE order_lines SET pack_code = 'M12', sizes = '{"8":4,"9":8}', unit_price = 42.5, discount = 10,
		start_date = '2026-03-01', end_date = '2026-04-15', days_out = 30 WHERE id = $1`, line); err != nil {
		t.Fatal(err)
	}
	got = workbook(t, login(a, "editor").Do("POST", "/api/order-documents/xlsx", map[string]any{"orderId": wid}))
	var style, color string
	if err := a.DB.QueryRow(ctx, `SELECT style, color FROM order_lines WHERE id = $1`, line).Scan(&style, &color); err != nil {
		t.Fatal(err)
	}
	want = [][]string{
		{"Style", "Color", "Pack Code", "Sizes", "Unit Price", "Discount", "Term", "Start Date", "End Date", "Days Out", "Stores"},
		{style, color, "M12", `{"8":4,"9":8}`, "42.5", "10", "", "03/01/2026", "04/15/2026", "30"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("wholesale\n got %q\nwant %q", got, want)
	}

	// Refusals: another user's order and a missing one alike, the wrong type, no order access,
	// bad input.
	other, _ := fixture(t, a, orders.TypeSample, "DRAFT", "EDT001")
	for _, k := range []struct {
		who  string
		body any
		want int
		msg  string
	}{
		{"user", map[string]any{"orderId": other}, 404, ""},
		{"user", map[string]any{"orderId": "00000000-0000-0000-0000-000000000000"}, 404, ""},
		{"user", map[string]any{"orderId": id, "orderType": "promo"}, 404, ""},
		{"user", map[string]any{"orderId": wid}, 404, ""},
		{"adminEditor", map[string]any{"orderId": id}, 403, ""},
		{"user", map[string]any{}, 400, "Name the order (orderId or orderNumber)"},
		{"user", map[string]any{"orderId": id, "orderType": "rental"}, 400, `Unknown order type "rental"`},
		{"user", map[string]any{"orderId": id, "columns": []map[string]string{{"field": "password"}}}, 400, `Unknown field "password"`},
		{"user", `{"orderId": 5}`, 400, ""},
	} {
		r := login(a, k.who).Do("POST", "/api/order-documents/xlsx", k.body)
		if r.Status != k.want || r.Body["message"] == nil || r.Body["messageCode"] == nil {
			t.Fatalf("%s %v: %d %s", k.who, k.body, r.Status, r.Raw)
		}
		if k.msg != "" && !strings.Contains(fmt.Sprint(r.Body), k.msg) {
			t.Fatalf("%s %v: %s", k.who, k.body, r.Raw)
		}
	}
}
