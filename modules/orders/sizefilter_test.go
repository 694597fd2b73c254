package orders_test

import (
	"context"
	"fmt"
	"testing"
)

// detailLines answers an order detail's lines.
func detailLines(t *testing.T, d map[string]any) []map[string]any {
	t.Helper()
	var out []map[string]any
	list, _ := d["products"].([]any) // none: left out of the answer
	for _, l := range list {
		out = append(out, l.(map[string]any))
	}
	return out
}

// TestDetailSizeFilter: the detail grid's size footer field (product spec §5.3) filters an order's
// lines on the server: a promo or sample line by its size (any casing), a wholesale line by the
// units its size matrix holds in that size (9H and 9.5 are the same half size); the order's
// totals and size columns stay those of every line; a size over 5 characters is refused.
func TestDetailSizeFilter(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	user := login(a, "user")
	ps := pairs(t, a, 3)
	r := user.Do("POST", "/api/orders/promo/needs-review", map[string]any{
		"approverCode": "APR001", "seniorApproverCode": "SAP001", "reason": "Event",
		"products": []map[string]any{
			{"style": ps[0][0], "color": ps[0][1], "values": map[string]any{"size": "9H"}},
			{"style": ps[1][0], "color": ps[1][1], "values": map[string]any{"size": "10"}},
			{"style": ps[2][0], "color": ps[2][1], "values": map[string]any{"size": "9H"}},
		}})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := data(t, r)["_id"].(string)
	lines := detailLines(t, data(t, user.Do("POST", "/api/orders/promo/order/query", map[string]any{"orderId": id, "size": " 9h "})))
	if len(lines) != 2 || lines[0]["size"] != "9H" || lines[1]["size"] != "9H" {
		t.Fatalf("promo lines of size 9H: %v", lines)
	}
	if n := len(detailLines(t, data(t, user.Do("POST", "/api/orders/promo/order/query", map[string]any{"orderId": id})))); n != 3 {
		t.Fatalf("without a size: %d lines", n)
	}
	if r := user.Do("POST", "/api/orders/promo/order/query", map[string]any{"orderId": id, "size": "XXXXXL"}); r.Status != 400 {
		t.Fatalf("a size of 6 characters: %d %s", r.Status, r.Raw)
	}

	admin := login(a, "admin")
	var style, color string
	if err := a.DB.QueryRow(ctx, `SELECT p.style, p.color FROM products p JOIN product_locations l ON l.product_id = p.id AND l.code = 'US'
		WHERE p.channel = 'Wholesale' AND p.region = 'Domestic' AND l.wholesale_price IS NOT NULL AND l.line_status = 'A' AND l.size_range = '7-14' ORDER BY p.id LIMIT 1`).Scan(&style, &color); err != nil {
		t.Fatal(err)
	}
	r = admin.Do("POST", "/api/orders/wholesale/active", map[string]any{"region": "Domestic", "origin": "US", "currency": "USD", "products": []map[string]any{
		{"tempId": "a", "style": style, "color": color, "values": map[string]any{"sizes": map[string]any{"8": 2, "9.5": 1}}},
		{"tempId": "b", "style": style, "color": color, "values": map[string]any{"sizes": map[string]any{"10": 4}}},
		{"tempId": "c", "style": style, "color": color, "values": map[string]any{"sizes": map[string]any{"9.5": 0, "11": 1}}},
	}})
	if r.Status != 201 {
		t.Fatalf("create wholesale: %d %s", r.Status, r.Raw)
	}
	wid := data(t, r)["_id"].(string)
	all := data(t, admin.Do("POST", "/api/orders/wholesale/order/query", map[string]any{"orderId": wid}))
	for _, size := range []string{"9.5", "9h"} {
		d := data(t, admin.Do("POST", "/api/orders/wholesale/order/query", map[string]any{"orderId": wid, "size": size}))
		got := detailLines(t, d)
		if len(got) != 1 || fmt.Sprint(got[0]["sizes"]) != "map[8:2 9.5:1]" {
			t.Fatalf("wholesale lines with units in %s: %v", size, got)
		}
		if fmt.Sprint(d["totals"]) != fmt.Sprint(all["totals"]) || fmt.Sprint(d["sizeColumns"]) != fmt.Sprint(all["sizeColumns"]) {
			t.Fatalf("size %s: totals %v and columns %v, want the whole order's %v %v", size, d["totals"], d["sizeColumns"], all["totals"], all["sizeColumns"])
		}
	}
	if got := detailLines(t, data(t, admin.Do("POST", "/api/orders/wholesale/order/query", map[string]any{"orderId": wid, "size": "13"}))); len(got) != 0 {
		t.Fatalf("no line holds size 13: %v", got)
	}
}
