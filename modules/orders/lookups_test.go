package orders_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"its/core/app/apptest"
	"its/modules/orders"
)

// refused checks a bad request: the status, the error envelope with the message, and nothing
// written.
func refused(t *testing.T, a *apptest.App, c *apptest.Client, method, path string, body any, status int, message string) {
	t.Helper()
	before := state(t, a)
	r := c.Do(method, path, body)
	if r.Status != status || r.Body["messageCode"] == nil || (message != "" && r.Body["message"] != message) || state(t, a) != before {
		t.Fatalf("%s %s %v: %d %s", method, path, body, r.Status, r.Raw)
	}
}

func list(t *testing.T, r *apptest.Response) []any {
	t.Helper()
	d, ok := r.Body["data"].([]any)
	if r.Status != 200 || !ok {
		t.Fatalf("no data list: %d %s", r.Status, r.Raw)
	}
	return d
}

// TestCustomerLookups: customer name autocomplete per region, customer details with the terms of
// its country (else its region), rep validation and the account address, each refusing bad
// input with the error envelope, and closed to a user without the wof flag.
func TestCustomerLookups(t *testing.T) {
	a := start(t)
	c := login(a, "manager")
	const wof = "/api/orders/wof"

	names := func(r *apptest.Response) []string {
		var out []string
		for _, x := range list(t, r) {
			out = append(out, x.(map[string]any)["name"].(string))
		}
		return out
	}
	if got := names(c.Do("POST", wof+"/customer/name/autocomplete", map[string]any{"name": "sch", "region": "Europe"})); !slices.Equal(got, []string{"Schuh Ltd", "Schuhhaus Berger"}) {
		t.Fatalf("EU sch: %v", got)
	}
	if got := names(c.Do("POST", wof+"/customer/name/autocomplete", map[string]any{"name": "LEA", "region": "Domestic"})); !slices.Equal(got, []string{"Maple Leaf Shoes"}) {
		t.Fatalf("US 'LEA' (a word of the name): %v", got)
	}
	if got := names(c.Do("POST", wof+"/customer/name/autocomplete", map[string]any{"name": "%%", "region": "US"})); len(got) != 0 {
		t.Fatalf("a LIKE pattern is literal: %v", got)
	}

	d := data(t, c.Do("POST", wof+"/customer/details", map[string]any{"email": "buyer@example.com", "region": "Europe", "id": "c2001"}))
	terms := fmt.Sprint(d["terms"])
	if d["name"] != "Schuhhaus Berger" || d["currency"] != "EUR" || terms != "[map[code:N60 description:Net 60 days] map[code:S30 description:2% 10 days, net 30]]" ||
		fmt.Sprint(d["termsInfo"]) != "map[code:N60 description:Net 60 days]" {
		t.Fatalf("German customer's own terms: %v", d)
	}
	d = data(t, c.Do("POST", wof+"/customer/details", map[string]any{"email": "buyer@example.com", "region": "EU", "id": "C2002"}))
	if fmt.Sprint(d["terms"]) != "[map[code:N30 description:Net 30 days]]" {
		t.Fatalf("French customer gets the region's terms: %v", d)
	}

	r := c.Do("POST", wof+"/rep", map[string]any{"repNumber": " r200 "})
	if d := data(t, r); d["valid"] != true || d["rep"].(map[string]any)["name"] != "Elke Europa" {
		t.Fatalf("rep: %s", r.Raw)
	}
	for _, n := range []string{"R999", "R404"} {
		if d := data(t, c.Do("POST", wof+"/rep", map[string]any{"repNumber": n})); d["valid"] != false || d["rep"] != nil {
			t.Fatalf("inactive or unknown rep %s: %v", n, d)
		}
	}

	d = data(t, c.Do("GET", "/api/orders/wholesale/active/accounts/address/a100300", nil))
	if d["name"] != "Great Lakes Outfitters" || d["address1"] != "800 N Michigan Ave" || d["city"] != "Chicago" || d["state"] != "IL" || d["zip"] != "60611" || d["country"] != "US" {
		t.Fatalf("address: %v", d)
	}

	for _, k := range []struct {
		method, path string
		body         any
		status       int
		message      string
	}{
		{"POST", wof + "/customer/name/autocomplete", map[string]any{"name": "s", "region": "US"}, 400, "Type 2 to 100 characters of the customer's name"},
		{"POST", wof + "/customer/name/autocomplete", map[string]any{"name": "shoes"}, 400, "Region is required"},
		{"POST", wof + "/customer/details", map[string]any{"region": "EU", "id": "C2001"}, 400, "Email is required"},
		{"POST", wof + "/customer/details", map[string]any{"email": "not an email", "region": "EU", "id": "C2001"}, 400, `Invalid email "not an email"`},
		{"POST", wof + "/customer/details", map[string]any{"email": "a@b.example", "region": "EU"}, 400, "Customer id is required"},
		{"POST", wof + "/customer/details", map[string]any{"email": "a@b.example", "region": "EU", "id": "C2001'--"}, 400, `Invalid customer id "C2001'--"`},
		{"POST", wof + "/customer/details", map[string]any{"email": "a@b.example", "region": "US", "id": "C2001"}, 404, "Customer not found"},
		{"POST", wof + "/customer/details", map[string]any{"email": "a@b.example", "region": "EU", "id": 7}, 400, ""},
		{"POST", wof + "/rep", map[string]any{"repNumber": ""}, 400, "Rep number is required"},
		{"POST", wof + "/rep", map[string]any{"repNumber": "R-1 OR 1=1"}, 400, `Invalid rep number "R-1 OR 1=1"`},
		{"POST", wof + "/rep", map[string]any{"repNumber": "R12345678901"}, 400, `Invalid rep number "R12345678901"`},
		{"GET", "/api/orders/wholesale/active/accounts/address/A%20B", nil, 400, `Invalid account "A B"`},
		{"GET", "/api/orders/wholesale/active/accounts/address/A999999", nil, 404, "Account not found"},
	} {
		refused(t, a, c, k.method, k.path, k.body, k.status, k.message)
	}
	// Without the wof flag.
	user := login(a, "user")
	refused(t, a, user, "POST", wof+"/rep", map[string]any{"repNumber": "R100"}, 403, "")
	refused(t, a, user, "POST", wof+"/customer/details", map[string]any{"email": "a@b.example", "region": "EU", "id": "C2001"}, 403, "")
	refused(t, a, user, "GET", "/api/orders/wholesale/active/accounts/address/A100300", nil, 403, "")
	// The accounts are wholesale customers': not read through an order type the user may use.
	refused(t, a, user, "GET", "/api/orders/sample/active-orders/accounts/address/A100300", nil, 404, "Account not found")
}

// TestYear: the requester's lines of the last year for a product type, with totals; a
// coordinator may look at another requester, a user only at themselves.
func TestYear(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	recent, _ := fixture(t, a, orders.TypeSample, "SUBMITTED", "USR001")
	old, _ := fixture(t, a, orders.TypeSample, "COMPLETED", "USR001")
	if _, err := a.DB.Exec(ctx, `UPDATE orders SET created_at = now() - interval '400 days' WHERE id = $1`, old); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.Exec(ctx, `UPDATE order_lines SET product_type = 'Apparel', quantity = 3 WHERE order_id = $1`, recent); err != nil {
		t.Fatal(err)
	}
	var number int64
	var lines, qty int
	if err := a.DB.QueryRow(ctx, `SELECT count(DISTINCT o.id), count(*), coalesce(sum(l.quantity), 0) FROM orders o JOIN order_lines l ON l.order_id = o.id
		WHERE o.type = 'SAMPLE' AND o.requester_code = 'USR001' AND o.created_at >= now() - interval '1 year'`).Scan(&number, &lines, &qty); err != nil {
		t.Fatal(err)
	}
	user := login(a, "user")
	d := data(t, user.Do("GET", "/api/orders/samples/active-orders/year/usr001/All", nil))
	if d["orders"] != float64(number) || len(d["lines"].([]any)) != lines || d["quantity"] != float64(qty) {
		t.Fatalf("all product types: want %d orders %d lines %d units: %v", number, lines, qty, d)
	}
	// One product type: the lines of that type only (the demo orders' lines carry their product's).
	var fwOrders int64
	var fwLines, fwQty int
	if err := a.DB.QueryRow(ctx, `SELECT count(DISTINCT o.id), count(*), coalesce(sum(l.quantity), 0) FROM orders o JOIN order_lines l ON l.order_id = o.id
		WHERE o.type = 'SAMPLE' AND o.requester_code = 'USR001' AND o.created_at >= now() - interval '1 year' AND l.product_type = 'Footwear'`).Scan(&fwOrders, &fwLines, &fwQty); err != nil {
		t.Fatal(err)
	}
	if fwLines == 0 || fwLines == lines {
		t.Fatalf("%d footwear lines of %d: the fixture needs lines of another type too", fwLines, lines)
	}
	d = data(t, user.Do("GET", "/api/orders/samples/active-orders/year/USR001/footwear", nil))
	ls := d["lines"].([]any)
	if d["orders"] != float64(fwOrders) || len(ls) != fwLines || d["quantity"] != float64(fwQty) {
		t.Fatalf("footwear: want %d orders %d lines %d units: %v", fwOrders, fwLines, fwQty, d)
	}
	for _, l := range ls {
		if l.(map[string]any)["productType"] != "Footwear" {
			t.Fatalf("footwear: a line of another type %v", l)
		}
	}
	d = data(t, login(a, "coordinator").Do("GET", "/api/orders/samples/active-orders/year/USR001/Footwear", nil))
	if d["orders"] != float64(fwOrders) {
		t.Fatalf("coordinator: %v", d)
	}
	refused(t, a, user, "GET", "/api/orders/samples/active-orders/year/EDT001/All", nil, 403, "")
	refused(t, a, user, "GET", "/api/orders/samples/active-orders/year/USR-1/All", nil, 400, `Invalid requester code "USR-1"`)
	refused(t, a, login(a, "adminEditor"), "GET", "/api/orders/samples/active-orders/year/AED001/All", nil, 403, "")
}

// TestStyleLookups: the wholesale style lookups answer the catalog's wholesale style/colours of
// the region (Europe is EU) with the origin's prices, as the catalog holds them; bad input is
// refused with the envelope.
func TestStyleLookups(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	c := login(a, "admin")
	const wof = "/api/orders/wof"
	// A European wholesale style and what the catalog holds of it at the UK location.
	var style string
	if err := a.DB.QueryRow(ctx, `SELECT style FROM products WHERE channel = 'Wholesale' AND region = 'Europe' ORDER BY style_numeric LIMIT 1`).Scan(&style); err != nil {
		t.Fatal(err)
	}
	rows, err := a.DB.Query(ctx, `SELECT p.color, coalesce(l.wholesale_price::float8::text, '<nil>') FROM products p
		LEFT JOIN product_locations l ON l.product_id = p.id AND l.code = 'UK'
		WHERE p.style = $1 AND p.channel = 'Wholesale' AND p.region = 'Europe' ORDER BY p.color`, style)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for rows.Next() {
		var color, price string
		if err := rows.Scan(&color, &price); err != nil {
			t.Fatal(err)
		}
		want = append(want, color+" "+price)
	}
	rows.Close()
	colors := func(st map[string]any) []string {
		var out []string
		for _, x := range st["colors"].([]any) {
			m := x.(map[string]any)
			out = append(out, fmt.Sprintf("%v %v", m["color"], m["wholesalePrice"]))
		}
		return out
	}
	st := data(t, c.Do("POST", wof+"/style", map[string]any{"region": "Europe", "origin": "uk", "style": style, "customer": "C2003"}))
	if st["style"] != style || st["currency"] != "GBP" || !slices.Equal(colors(st), want) {
		t.Fatalf("style %s: want %v, got %v", style, want, st)
	}
	// The same style is not sold in the US region (unless the catalog also has it there).
	var inUS int
	_ = a.DB.QueryRow(ctx, `SELECT count(*) FROM products WHERE style = $1 AND channel = 'Wholesale' AND region IN ('Domestic', 'International')`, style).Scan(&inUS)
	if inUS == 0 {
		refused(t, a, c, "POST", wof+"/style", map[string]any{"region": "Domestic", "origin": "US", "style": style}, 404, "Style "+style+" not found")
	}

	// Autocomplete: styles starting with the typed digits, each a European wholesale style.
	prefix := style[:3]
	hits := list(t, c.Do("GET", wof+"/style/autocomplete/Europe/UK/C2003/"+prefix, nil))
	if len(hits) == 0 || len(hits) > 20 {
		t.Fatalf("autocomplete %s: %d hits", prefix, len(hits))
	}
	for _, h := range hits {
		s := h.(map[string]any)["style"].(string)
		if s[:3] != prefix || a.Count(`SELECT count(*) FROM products WHERE style = $1 AND channel = 'Wholesale' AND region = 'Europe'`, s) == 0 {
			t.Fatalf("autocomplete hit %s", s)
		}
		// Each hit with its name and picture, so a style is picked by more than its number.
		if th, _ := h.(map[string]any)["thumbnail"].(string); th == "" || h.(map[string]any)["name"] == "" {
			t.Fatalf("autocomplete hit %s without its name or picture: %v", s, h)
		}
	}
	if hits[0].(map[string]any)["style"] != style {
		t.Fatalf("the first European style first: %v", hits[0])
	}

	// Styles: the region's wholesale style/colours at the origin, in the origin's currency.
	all := list(t, c.Do("GET", wof+"/styles/EU/UK/gbp", nil))
	n := 0
	for _, x := range all {
		n += len(x.(map[string]any)["colors"].([]any))
	}
	total := a.Count(`SELECT count(*) FROM products WHERE channel = 'Wholesale' AND region = 'Europe'`)
	if all[0].(map[string]any)["style"] != style || n != min(total, 1000) {
		t.Fatalf("styles: %d style/colours of %d, first %v", n, total, all[0])
	}

	for _, k := range []struct {
		method, path string
		body         any
		status       int
		message      string
	}{
		{"POST", wof + "/style", map[string]any{"origin": "UK", "style": style}, 400, "Region is required"},
		{"POST", wof + "/style", map[string]any{"region": "EU", "origin": "UK", "style": "12 34"}, 400, `Invalid style "12 34"`},
		{"POST", wof + "/style", map[string]any{"region": "EU", "origin": "XX", "style": style}, 400, `Unknown origin "XX"`},
		{"POST", wof + "/style", map[string]any{"region": "EU", "origin": "U1", "style": style}, 400, `Invalid origin "U1"`},
		{"POST", wof + "/style", map[string]any{"region": "EU", "origin": "UK", "style": style, "customer": "C1001"}, 404, "Customer not found"},
		{"GET", wof + "/style/autocomplete/EU/UK/C2003/%25", nil, 400, `Invalid style "%"`},
		{"GET", wof + "/style/autocomplete/EU/UK/C9999/" + prefix, nil, 404, "Customer not found"},
		{"GET", wof + "/styles/EU/UK/EUR", nil, 400, "Origin UK sells in GBP, not EUR"},
		{"GET", wof + "/styles/EU/UK/POUND", nil, 400, `Invalid currency "POUND"`},
		{"GET", wof + "/styles/EU/UK/GBP?skip=x", nil, 400, "skip must be a whole number"},
		{"GET", wof + "/styles/EU/UK/GBP?skip=-1", nil, 400, "skip cannot be negative"},
	} {
		refused(t, a, c, k.method, k.path, k.body, k.status, k.message)
	}
	// A wof user without the location sees no origin; a user without wof is refused.
	refused(t, a, login(a, "manager"), "POST", wof+"/style", map[string]any{"region": "EU", "origin": "UK", "style": style}, 400, `Unknown origin "UK"`)
	refused(t, a, login(a, "user"), "GET", wof+"/styles/EU/UK/GBP", nil, 403, "")
	// The static lookups leave the wof spelling of the order routes working.
	if r := c.Do("POST", "/api/orders/wof/active/query", map[string]any{}); r.Status != 200 {
		t.Fatalf("wof order list: %d %s", r.Status, r.Raw)
	}
}

// TestWholesaleCustomer: a wholesale order's customer is the lookup's record, named by region
// and id (with a term of its own): what else the client says of it is ignored, the order takes
// its region, account and rep; an unknown customer, a term it does not have or a rep number of
// no active rep is refused and nothing is written.
func TestWholesaleCustomer(t *testing.T) {
	a := start(t)
	// The demo wholesale orders each have a customer of their region, with its account.
	if n := a.Count(`SELECT count(*) FROM orders WHERE type = 'WHOLESALE' AND (customer IS NULL OR customer->>'region' <> CASE WHEN region = 'Europe' THEN 'EU' ELSE 'US' END
		OR account <> customer->>'account' OR jsonb_array_length(customer->'terms') = 0)`); n != 0 {
		t.Fatalf("%d demo wholesale orders without a customer of their region", n)
	}
	// Their lines are priced at the catalogue's wholesale price at their origin (one order in EUR).
	if n := a.Count(`SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id AND o.type = 'WHOLESALE'
		LEFT JOIN catalog_products p ON p.style = l.style AND p.color = l.color LEFT JOIN catalog_locations pl ON pl.product_id = p.id AND pl.code = o.origin
		WHERE l.unit_price IS DISTINCT FROM round(pl.wholesale_price::numeric, 2) OR l.unit_price IS NULL`); n != 0 {
		t.Fatalf("%d demo wholesale lines without the catalogue's price", n)
	}
	if n := a.Count(`SELECT count(*) FROM orders o WHERE o.type = 'WHOLESALE' AND o.currency = 'EUR' AND o.origin = 'EU' AND o.customer->>'currency' = 'EUR'
		AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`); n != 1 {
		t.Fatalf("%d demo wholesale orders in EUR", n)
	}
	c := login(a, "editor")
	r := c.Do("POST", "/api/orders/wholesale/active", map[string]any{"customer": map[string]any{"id": "c2001", "region": "Europe", "name": "Forged", "currency": "XXX"}, "origin": "DE", "currency": "EUR"})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	o := data(t, r)
	cu := o["customer"].(map[string]any)
	if cu["name"] != "Schuhhaus Berger" || cu["currency"] != "EUR" || fmt.Sprint(cu["termsInfo"]) != "map[code:N60 description:Net 60 days]" || o["region"] != "EU" || o["account"] != cu["account"] || o["account"] == "" {
		t.Fatalf("the stored customer: %s", r.Raw)
	}
	id := o["_id"].(string)
	path := "/api/orders/wholesale/order/batch/" + id
	version := func() int { return a.Count(`SELECT version FROM orders WHERE id = $1`, id) }
	refused(t, a, c, "PATCH", path, map[string]any{"version": version(), "fields": map[string]any{"customer": map[string]any{"id": "C2001", "region": "US"}}}, 400, "")
	refused(t, a, c, "PATCH", path, map[string]any{"version": version(), "fields": map[string]any{"customer": map[string]any{"id": "C2001", "region": "EU", "termsInfo": map[string]any{"code": "N30"}}}}, 400, "")
	refused(t, a, c, "PATCH", path, map[string]any{"version": version(), "fields": map[string]any{"customer": "C2001"}}, 400, "")
	// A rep number must name an active rep.
	refused(t, a, c, "PATCH", path, map[string]any{"version": version(), "fields": map[string]any{"repNumber": "R999"}}, 400, "")
	refused(t, a, c, "PATCH", path, map[string]any{"version": version(), "fields": map[string]any{"repNumber2": "R-1"}}, 400, "")
	if r := c.Do("PATCH", path, map[string]any{"version": version(), "fields": map[string]any{"repNumber": " r201 "}}); r.Status != 200 || data(t, r)["order"].(map[string]any)["repNumber"] != "R201" {
		t.Fatalf("a rep: %d %s", r.Status, r.Raw)
	}
	r = c.Do("PATCH", path, map[string]any{"version": version(), "fields": map[string]any{"customer": map[string]any{"id": "C2001", "region": "EU", "termsInfo": map[string]any{"code": "S30"}}}})
	if r.Status != 200 || fmt.Sprint(data(t, r)["order"].(map[string]any)["customer"].(map[string]any)["termsInfo"]) != "map[code:S30 description:2% 10 days, net 30]" {
		t.Fatalf("pick a term: %d %s", r.Status, r.Raw)
	}
}
