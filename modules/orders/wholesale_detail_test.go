package orders_test

import (
	"context"
	"fmt"
	"strings"
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
		WHERE p.channel = 'Wholesale' AND p.region = 'Europe' AND l.wholesale_price IS NOT NULL AND l.size_range = '7-14' ORDER BY p.id LIMIT 1`).Scan(&euStyle, &euColor); err != nil {
		t.Fatal(err)
	}
	if err := a.DB.QueryRow(ctx, `SELECT p.style, p.color FROM products p JOIN product_locations l ON l.product_id = p.id AND l.code = 'US'
		WHERE p.channel = 'Wholesale' AND p.region = 'Domestic' AND l.size_range = '7-14' ORDER BY p.id LIMIT 1`).Scan(&usStyle, &usColor); err != nil {
		t.Fatal(err)
	}
	var price float64
	if err := a.DB.QueryRow(ctx, `SELECT l.wholesale_price FROM product_locations l JOIN products p ON p.id = l.product_id
		WHERE p.style = $1 AND p.color = $2 AND l.code = 'UK'`, euStyle, euColor).Scan(&price); err != nil {
		t.Fatal(err)
	}
	// The client's unit price is ignored when it is the catalogue's, refused when it is not.
	bad := c.Do("POST", "/api/orders/wholesale/active", map[string]any{"region": "Europe", "origin": "UK", "currency": "GBP", "products": []map[string]any{
		{"tempId": "a", "style": euStyle, "color": euColor, "values": map[string]any{"sizes": map[string]any{"8": 100}, "unitPrice": 0.01}}}})
	if bad.Status != 400 || a.Count(`SELECT count(*) FROM orders WHERE type = 'WHOLESALE' AND origin = 'UK' AND created_at > now() - interval '1 minute'`) != 0 {
		t.Fatalf("a client price: %d %s", bad.Status, bad.Raw)
	}
	r := c.Do("POST", "/api/orders/wholesale/active", map[string]any{"region": "Europe", "origin": "UK", "currency": "GBP", "products": []map[string]any{
		{"tempId": "a", "style": euStyle, "color": euColor, "values": map[string]any{"sizes": map[string]any{"8": 2, "9": 1}}},
		{"tempId": "b", "style": euStyle, "color": euColor, "values": map[string]any{"sizes": map[string]any{"10": 4}, "unitPrice": price, "discount": 12.5}},
		{"tempId": "c", "style": usStyle, "color": usColor, "values": map[string]any{"sizes": map[string]any{"10": 1}}},
	}})
	o := data(t, r)
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	// Each line is priced at the catalogue's UK price in GBP; the US-only style has none there.
	// 3 × price, then 4 × (price less 12.5 %, the amount rounded to 2 decimals).
	var want float64
	if err := a.DB.QueryRow(ctx, `SELECT round(3 * $1::numeric + 4 * ($1::numeric - round($1::numeric * 12.5 / 100, 2)), 2)::float8`, price).Scan(&want); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(o["totals"]); got != fmt.Sprintf("[map[amount:%v currency:GBP decimalPlaces:2 units:8]]", want) {
		t.Fatalf("totals: %s (price %v)", got, price)
	}
	if n := a.Count(`SELECT count(*) FROM order_lines WHERE order_id = $1 AND discount_by = 'ADM001' AND discount_at IS NOT NULL`, o["_id"]); n != 1 {
		t.Fatalf("the discount is recorded with who and when: %d", n)
	}
	// Submit is refused while a line has no price, naming the line.
	sub := c.Do("PATCH", "/api/orders/wholesale/active/batch/"+o["_id"].(string), map[string]any{"version": o["version"], "submit": true})
	if sub.Status != 400 || !strings.Contains(string(sub.Raw), "Line 3 ("+usStyle+" "+usColor+") has no price") {
		t.Fatalf("submit with an unpriced line: %d %s", sub.Status, sub.Raw)
	}
	if got := fmt.Sprint(o["unavailable"]); got != fmt.Sprintf("[map[color:%s reason:Not sold wholesale in EU style:%s]]", usColor, usStyle) {
		t.Fatalf("unavailable: %s", got)
	}
	d := data(t, c.Do("POST", "/api/orders/wholesale/order/query", map[string]any{"orderId": o["_id"]}))
	if fmt.Sprint(d["totals"]) != fmt.Sprint(o["totals"]) || fmt.Sprint(d["unavailable"]) != fmt.Sprint(o["unavailable"]) {
		t.Fatalf("the detail answers the same: %v %v", d["totals"], d["unavailable"])
	}
}

// TestWholesaleLineStatus: a domestic footwear colour whose line status at the origin is not A is
// not offered by the style lookup, is left out of a new order (and named), and a line add of it
// is refused, writing nothing (platform spec §9); the same style at status A is offered and added.
func TestWholesaleLineStatus(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	c := login(a, "admin")
	var id, style, color string
	if err := a.DB.QueryRow(ctx, `SELECT p.id, p.style, p.color FROM products p JOIN product_locations l ON l.product_id = p.id AND l.code = 'US'
		WHERE p.channel = 'Wholesale' AND p.region = 'Domestic' AND p.product_type = 'Footwear' AND l.wholesale_price IS NOT NULL AND l.line_status = 'A'
		ORDER BY p.id LIMIT 1`).Scan(&id, &style, &color); err != nil {
		t.Fatal(err)
	}
	setStatus := func(s string) {
		if _, err := a.DB.Exec(ctx, `UPDATE product_locations SET line_status = $2 WHERE product_id = $1 AND code = 'US'`, id, s); err != nil {
			t.Fatal(err)
		}
	}
	offered := func() bool {
		r := c.Do("POST", "/api/orders/wof/style", map[string]any{"region": "Domestic", "origin": "US", "style": style})
		if r.Status == 404 {
			return false
		}
		for _, co := range data(t, r)["colors"].([]any) {
			if co.(map[string]any)["color"] == color {
				return true
			}
		}
		return false
	}
	order := func() map[string]any {
		return map[string]any{"region": "Domestic", "origin": "US", "currency": "USD", "products": []map[string]any{
			{"tempId": "a", "style": style, "color": color, "values": map[string]any{"sizes": map[string]any{"8": 1}}}}}
	}
	if !offered() {
		t.Fatalf("%s %s at line status A is not offered", style, color)
	}
	setStatus("D")
	if offered() {
		t.Fatalf("%s %s at line status D is offered", style, color)
	}
	// A new order (from an assortment, say) leaves it out and says so.
	r := c.Do("POST", "/api/orders/wholesale/active", order())
	o := data(t, r)
	if r.Status != 201 || fmt.Sprint(o["skipped"]) != fmt.Sprintf("[map[color:%s lineStatus:D reason:Style %s %s is not sold wholesale at US: its line status is D, not A style:%s]]", color, style, color, style) ||
		a.Count(`SELECT count(*) FROM order_lines WHERE order_id = $1`, o["_id"]) != 0 {
		t.Fatalf("an order created with an inactive style: %d %s", r.Status, r.Raw)
	}
	// A line added to an order is refused, naming it, and nothing is written.
	before := state(t, a)
	add := c.Do("PATCH", "/api/orders/wholesale/order/batch/"+o["_id"].(string), map[string]any{"addProducts": []map[string]any{
		{"tempId": "a", "style": style, "color": color, "values": map[string]any{"sizes": map[string]any{"8": 1}}}}})
	if add.Status != 400 || !strings.Contains(string(add.Raw), fmt.Sprintf("Style %s %s is not sold wholesale at US: its line status is D, not A", style, color)) || state(t, a) != before {
		t.Fatalf("an inactive style added: %d %s", add.Status, add.Raw)
	}
	setStatus("A")
	if r := c.Do("POST", "/api/orders/wholesale/active", order()); r.Status != 201 || data(t, r)["skipped"] != nil || a.Count(`SELECT count(*) FROM order_lines WHERE order_id = $1`, data(t, r)["_id"]) != 1 {
		t.Fatalf("an active style: %d %s", r.Status, r.Raw)
	}
}
