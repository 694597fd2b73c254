package orders_test

import (
	"context"
	"fmt"
	"testing"
)

// TestWholesaleDetail: a wholesale order's detail answers its totals in its currency with the
// location's decimals, and reports the style/colours its region or origin does not sell.
func TestWholesaleDetail(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	c := login(a, "admin") // wof, and every pricing location
	var euStyle, euColor, usStyle, usColor string
	if err := a.DB.QueryRow(ctx, `SELECT p.style, p.color FROM products p JOIN product_locations l ON l.product_id = p.id AND l.code = 'UK'
		WHERE p.channel = 'Wholesale' AND p.region = 'Europe' AND l.wholesale_price IS NOT NULL ORDER BY p.id LIMIT 1`).Scan(&euStyle, &euColor); err != nil {
		t.Fatal(err)
	}
	if err := a.DB.QueryRow(ctx, `SELECT style, color FROM products WHERE channel = 'Wholesale' AND region = 'Domestic' ORDER BY id LIMIT 1`).Scan(&usStyle, &usColor); err != nil {
		t.Fatal(err)
	}
	r := c.Do("POST", "/api/orders/wholesale/active", map[string]any{"region": "Europe", "origin": "UK", "currency": "GBP", "products": []map[string]any{
		{"tempId": "a", "style": euStyle, "color": euColor, "values": map[string]any{"sizes": map[string]any{"8": 2, "9": 1}, "unitPrice": 10.005}},
		{"tempId": "b", "style": euStyle, "color": euColor, "values": map[string]any{"sizes": map[string]any{"10": 4}, "unitPrice": 20, "discount": 12.5}},
		{"tempId": "c", "style": usStyle, "color": usColor, "values": map[string]any{"sizes": map[string]any{"10": 1}, "unitPrice": 1}},
	}})
	o := data(t, r)
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	// A unit price is stored with 2 decimals, half-up: 10.005 is 10.01, and 3 × 10.01 = 30.03;
	// 4 × 20 less 12.5% = 70; 1 × 1 = 1.
	if got := fmt.Sprint(o["totals"]); got != "[map[amount:101.03 currency:GBP decimalPlaces:2 units:8]]" {
		t.Fatalf("totals: %s", got)
	}
	if got := fmt.Sprint(o["unavailable"]); got != fmt.Sprintf("[map[color:%s reason:Not sold wholesale in EU style:%s]]", usColor, usStyle) {
		t.Fatalf("unavailable: %s", got)
	}
	d := data(t, c.Do("POST", "/api/orders/wholesale/order/query", map[string]any{"orderId": o["_id"]}))
	if fmt.Sprint(d["totals"]) != fmt.Sprint(o["totals"]) || fmt.Sprint(d["unavailable"]) != fmt.Sprint(o["unavailable"]) {
		t.Fatalf("the detail answers the same: %v %v", d["totals"], d["unavailable"])
	}
}
