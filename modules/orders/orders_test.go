package orders_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/admin"
	"its/modules/assortments"
	"its/modules/orders"
	"its/modules/products"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB) *apptest.App {
	// The orders manifest names the assortments area's action on its create-order screen, and
	// the admin module's customers action on the customers grid.
	return apptest.Start(t, fx.Options(users.Module, admin.Module, products.Module, assortments.Module, orders.Module))
}

func login(a *apptest.App, role string) *apptest.Client {
	c := a.Client()
	c.Login(role + "@example.com")
	return c
}

func data(t testing.TB, r *apptest.Response) map[string]any {
	t.Helper()
	d, ok := r.Body["data"].(map[string]any)
	if !ok {
		t.Fatalf("no data object: %d %s", r.Status, r.Raw)
	}
	return d
}

// pairs are real style/colours of the demo catalog.
func pairs(t testing.TB, a *apptest.App, n int) [][2]string {
	t.Helper()
	rows, err := a.DB.Query(context.Background(), `SELECT style, color FROM products ORDER BY id DESC LIMIT $1`, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var p [2]string
		if err := rows.Scan(&p[0], &p[1]); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// fixture stores an order of typ in status requested by requester (a user code) with one line,
// assigned to the demo coordinator and approvers, and answers its id and the line's id.
func fixture(t testing.TB, a *apptest.App, typ, status, requester string) (string, string) {
	t.Helper()
	p := pairs(t, a, 1)[0]
	var id, line string
	err := a.DB.QueryRow(context.Background(), `INSERT INTO orders (type, status, requester_code, requester_name,
		coordinator_code, approver_code, senior_approver_code) VALUES ($1, $2, $3, 'Someone', 'CRD001', 'APR001', 'SAP001')
		RETURNING id::text`, typ, status, requester).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.DB.QueryRow(context.Background(), `INSERT INTO order_lines (order_id, style, color, quantity) VALUES ($1, $2, $3, 1)
		RETURNING id::text`, id, p[0], p[1]).Scan(&line); err != nil {
		t.Fatal(err)
	}
	return id, line
}

var area = map[string]string{orders.TypeSample: "sample", orders.TypePromo: "promo", orders.TypeWholesale: "wholesale"}

// state fingerprints the order tables, the notifications and the outbox.
func state(t testing.TB, a *apptest.App) string {
	t.Helper()
	var s string
	if err := a.DB.QueryRow(context.Background(), `SELECT md5(coalesce((SELECT string_agg(o::text, ',' ORDER BY id) FROM orders o), '') ||
		coalesce((SELECT string_agg(l::text, ',' ORDER BY id) FROM order_lines l), '')) || ':' ||
		(SELECT count(*) FROM notifications) || ':' || (SELECT count(*) FROM mail_outbox)`).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func lineVersion(t testing.TB, a *apptest.App, line string) int {
	t.Helper()
	return a.Count(`SELECT version FROM order_lines WHERE id = $1`, line)
}

// TestStaleWrite: two coordinators edit the same line; the second, holding the old version,
// gets userLock and the first one's change stays.
func TestStaleWrite(t *testing.T) {
	a := start(t)
	id, line := fixture(t, a, orders.TypeSample, "SUBMITTED", "USR001")
	v := lineVersion(t, a, line)
	one, two := login(a, "coordinator"), login(a, "seniorCoordinator")
	path := "/api/orders/sample/active-orders/batch/" + id
	if r := one.Do("PATCH", path, map[string]any{"updateProducts": []map[string]any{{"id": line, "version": v, "changes": map[string]any{"size": "9"}}}}); r.Status != 200 {
		t.Fatalf("first write: %d %s", r.Status, r.Raw)
	}
	before := state(t, a)
	r := two.Do("PATCH", path, map[string]any{"updateProducts": []map[string]any{{"id": line, "version": v, "changes": map[string]any{"size": "11"}}}})
	if r.Status != 409 || r.Body["details"].(map[string]any)["errorType"] != "userLock" {
		t.Fatalf("stale write: %d %s", r.Status, r.Raw)
	}
	if state(t, a) != before || a.Count(`SELECT count(*) FROM order_lines WHERE id = $1 AND size = '9'`, line) != 1 {
		t.Fatal("the stale write changed something")
	}
	// The order version too: a submit or complete against an old version is refused alike.
	var ov int
	ov = a.Count(`SELECT version FROM orders WHERE id = $1`, id)
	if r := two.Do("PATCH", path, map[string]any{"version": ov - 1, "markCompleted": true}); r.Status != 409 || r.Body["details"].(map[string]any)["errorType"] != "userLock" {
		t.Fatalf("stale complete: %d %s", r.Status, r.Raw)
	}
	if r := two.Do("PATCH", path, map[string]any{"version": ov, "markCompleted": true}); r.Status != 200 || data(t, r)["order"].(map[string]any)["status"] != "COMPLETED" {
		t.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
}

// TestPromoFlow walks a promo order from the requester through the approver and the senior
// approver, with the notifications and e-mails of each step and the forged requests refused.
func TestPromoFlow(t *testing.T) {
	a := start(t)
	user, approver, senior := login(a, "user"), login(a, "approver"), login(a, "seniorApprover")
	ps := pairs(t, a, 2)
	r := user.Do("POST", "/api/orders/promo/needs-review", map[string]any{
		"approverCode": "APR001", "seniorApproverCode": "SAP001", "reason": "Event",
		"products": []map[string]any{{"style": ps[0][0], "color": ps[0][1]}, {"style": ps[1][0], "color": ps[1][1], "values": map[string]any{"quantity": 3}}}})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	o := data(t, r)
	id := o["_id"].(string)
	lines := o["products"].([]any)
	if o["status"] != "DRAFT" || o["approverName"] != "April Approver" || len(lines) != 2 {
		t.Fatalf("created: %s", r.Raw)
	}
	// The requester is the current user: lines default to APPROVED (spec §4.3).
	for _, l := range lines {
		if l.(map[string]any)["status"] != "APPROVED" {
			t.Fatalf("line default: %v", l)
		}
	}
	path := "/api/orders/promo/needs-review/batch/" + id
	version := func() int { return a.Count(`SELECT version FROM orders WHERE id = $1`, id) }
	// The approver cannot see or move a draft: it answers as if it did not exist.
	if r := approver.Do("PATCH", path, map[string]any{"version": version(), "submit": true}); r.Status != 404 {
		t.Fatalf("approver submits a draft: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("PATCH", path, map[string]any{"version": version(), "submit": true}); r.Status != 200 || data(t, r)["order"].(map[string]any)["status"] != "REQUIRES APPROVER" {
		t.Fatalf("submit: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.user_code = 'APR001' AND n.type = 'PromoOrderNotification' AND n.link LIKE '/orders/promos/order/%'`); n != 1 {
		t.Fatalf("approver notifications: %d", n)
	}
	// The drawer words a notification in its reader's language: it is stored as a message id
	// and its values, not as English text.
	if n := a.Count(`SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.user_code = 'APR001'
		AND n.message_id = 'notifications.message.promoSubmitted' AND n.message_values->>'orderNumber' = (SELECT order_number::text FROM orders WHERE id = $1)
		AND n.message_values->>'requester' <> '' AND n.title = '' AND n.body = ''`, id); n != 1 {
		t.Fatalf("approver notification stored as message id and values: %d", n)
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'approver@example.com' = ANY(recipients) AND body_text LIKE '%/orders/promos/order/%'`); n != 1 {
		t.Fatalf("approver mails: %d", n)
	}
	// The order is in the approver's needs-review list, not in the senior approver's... yet it is
	// (a senior approver sees REQUIRES APPROVER too), and not in another user's.
	list := data(t, approver.Do("POST", "/api/orders/promo/needs-review/query", map[string]any{}))["rows"].([]any)
	found := false
	for _, x := range list {
		found = found || x.(map[string]any)["_id"] == id
	}
	if !found {
		t.Fatal("the approver does not see the order in needs-review")
	}
	// Forged: the requester sets a line status; refused, nothing written.
	line := lines[1].(map[string]any)
	lv := int(line["version"].(float64))
	before := state(t, a)
	if r := user.Do("PATCH", path, map[string]any{"status": []map[string]any{{"id": line["id"], "version": lv, "status": "DENIED"}}}); r.Status != 403 {
		t.Fatalf("requester sets a status: %d %s", r.Status, r.Raw)
	}
	// Advanced rights set a row only to APPROVED or DENIED.
	if r := approver.Do("PATCH", path, map[string]any{"status": []map[string]any{{"id": line["id"], "version": lv, "status": "DRAFT"}}}); r.Status != 403 {
		t.Fatalf("approver sets DRAFT: %d %s", r.Status, r.Raw)
	}
	if state(t, a) != before {
		t.Fatal("a refused status change wrote something")
	}
	if r := approver.Do("PATCH", path, map[string]any{"status": []map[string]any{{"id": line["id"], "version": lv, "status": "denied"}}}); r.Status != 200 {
		t.Fatalf("approver denies: %d %s", r.Status, r.Raw)
	}
	// The senior approver cannot pass the approver's step for them.
	if r := senior.Do("PATCH", path, map[string]any{"version": version(), "submit": true}); r.Status != 403 {
		t.Fatalf("senior submits the approver's step: %d %s", r.Status, r.Raw)
	}
	if r := approver.Do("PATCH", path, map[string]any{"version": version(), "submit": true}); r.Status != 200 || data(t, r)["order"].(map[string]any)["status"] != "REQUIRES SENIOR" {
		t.Fatalf("approver submit: %d %s", r.Status, r.Raw)
	}
	link := fmt.Sprintf("/orders/promos/order/%d", a.Count(`SELECT order_number FROM orders WHERE id = $1`, id))
	if n := a.Count(`SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.user_code = 'SAP001' AND n.type = 'PromoOrderNotification' AND n.link = $1`, link); n != 1 {
		t.Fatalf("senior notifications: %d", n)
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE EXISTS (SELECT 1 FROM unnest(recipients) r WHERE lower(r) = 'seniorapprover@example.com') AND body_text LIKE '%'||$1||'%'`, link); n != 1 {
		t.Fatalf("senior mails: %d", n)
	}
	if r := approver.Do("PATCH", path, map[string]any{"updateProducts": []map[string]any{{"id": lines[0].(map[string]any)["id"], "version": 1, "changes": map[string]any{"size": "8"}}}}); r.Status != 403 {
		t.Fatalf("approver edits at REQUIRES SENIOR: %d %s", r.Status, r.Raw)
	}
	if r := senior.Do("PATCH", path, map[string]any{"version": version(), "submit": true}); r.Status != 200 || data(t, r)["order"].(map[string]any)["status"] != "REVIEW COMPLETE" {
		t.Fatalf("senior submit: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.user_code = 'USR001' AND n.type = 'PromoOrderNotification'
		AND n.link = $1 AND n.message_id = 'notifications.message.promoReviewed' AND n.message_values->>'approved' = '1' AND n.message_values->>'denied' = '1'`, link); n != 1 {
		t.Fatalf("requester told of the review: %d", n)
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'user@example.com' = ANY(recipients) AND body_text LIKE '%'||$1||'%'`, link); n != 1 {
		t.Fatalf("requester mails: %d", n)
	}
	// A reviewed order is processed, then finalized, by a sample coordinator; the requester cannot.
	coord := login(a, "coordinator")
	before = state(t, a)
	if r := user.Do("PATCH", path, map[string]any{"version": version(), "markCompleted": true}); r.Status != 403 || state(t, a) != before {
		t.Fatalf("the requester processes: %d %s", r.Status, r.Raw)
	}
	for _, want := range []string{"PROCESSED", "FINALIZED"} {
		if r := coord.Do("PATCH", path, map[string]any{"version": version(), "markCompleted": true}); r.Status != 200 || data(t, r)["order"].(map[string]any)["status"] != want {
			t.Fatalf("complete to %s: %d %s", want, r.Status, r.Raw)
		}
	}
	if r := coord.Do("PATCH", path, map[string]any{"version": version(), "markCompleted": true}); r.Status != 403 {
		t.Fatalf("complete a finalized order: %d %s", r.Status, r.Raw)
	}
	found = false
	for _, x := range data(t, user.Do("POST", "/api/orders/promo/reviewed/query", map[string]any{}))["rows"].([]any) {
		found = found || x.(map[string]any)["_id"] == id
	}
	if !found {
		t.Fatal("the finalized order is not in the requester's reviewed list")
	}
}

// TestListsAndDelete: coordinators see only SUBMITTED and IN PROGRESS active sample orders,
// users their own drafts; only drafts are deleted.
func TestListsAndDelete(t *testing.T) {
	a := start(t)
	draft, _ := fixture(t, a, orders.TypeSample, "DRAFT", "USR001")
	submitted, _ := fixture(t, a, orders.TypeSample, "SUBMITTED", "USR001")
	ids := func(c *apptest.Client, body map[string]any) map[string]bool {
		r := c.Do("POST", "/api/orders/sample/active-orders/query", body)
		out := map[string]bool{}
		for _, x := range data(t, r)["rows"].([]any) {
			out[x.(map[string]any)["_id"].(string)] = true
		}
		return out
	}
	user, coord := login(a, "user"), login(a, "coordinator")
	if got := ids(user, map[string]any{}); !got[draft] || !got[submitted] {
		t.Fatalf("user's active list: %v", got)
	}
	if got := ids(coord, map[string]any{}); got[draft] || !got[submitted] {
		t.Fatalf("coordinator's active list: %v", got)
	}
	if got := ids(coord, map[string]any{"viewAsCoordinatorCode": "SCR001"}); got[submitted] {
		t.Fatal("viewing as another coordinator lists the first one's orders")
	}
	if r := user.Do("POST", "/api/orders/sample/active-orders/query", map[string]any{"viewAsCoordinatorCode": "CRD001"}); r.Status != 403 {
		t.Fatalf("a user views as a coordinator: %d", r.Status)
	}
	if r := user.Do("POST", "/api/orders/wholesale/active/query", map[string]any{}); r.Status != 403 {
		t.Fatalf("wholesale without wof: %d", r.Status)
	}
	before := state(t, a)
	if r := user.Do("DELETE", "/api/orders/sample/active-orders/"+submitted, nil); r.Status != 403 || state(t, a) != before {
		t.Fatalf("delete a submitted order: %d", r.Status)
	}
	if r := user.Do("DELETE", "/api/orders/sample/active-orders/"+draft, nil); r.Status != 200 || a.Count(`SELECT count(*) FROM orders WHERE id = $1`, draft) != 0 {
		t.Fatalf("delete a draft: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("PATCH", "/api/orders/sample/active-orders/batch/"+submitted, map[string]any{}); r.Status != 400 || r.Body["message"] != "Error. Your request was empty. Nothing has been submitted. Please try again." {
		t.Fatalf("empty batch: %d %s", r.Status, r.Raw)
	}
}

// TestWholesaleRules: the §5.2 date and pack-code rules through the batch. A warned date or
// pack code clears its cell (the pack code written empty, the date kept as stored), is answered
// as a warning with the spec's text, and the rest of the batch is saved; a size matrix past its
// bounds or range, or a price, refuses the batch and changes nothing.
func TestWholesaleRules(t *testing.T) {
	a := start(t)
	id, line := fixture(t, a, orders.TypeWholesale, "PENDING", "EDT001")
	// A men's style: its size range is 7-14.
	if _, err := a.DB.Exec(context.Background(), `UPDATE order_lines SET (style, color) = (SELECT p.style, p.color FROM products p
		JOIN product_locations l ON l.product_id = p.id AND l.code = 'US' WHERE l.size_range = '7-14' ORDER BY p.id LIMIT 1) WHERE id = $1`, line); err != nil {
		t.Fatal(err)
	}
	c := login(a, "editor")
	path := "/api/orders/wholesale/active/batch/" + id
	soon := time.Now().AddDate(0, 0, 20).Format("2006-01-02")
	dates := func() string {
		var s, e *string
		if err := a.DB.QueryRow(context.Background(), `SELECT to_char(start_date, 'YYYY-MM-DD'), to_char(end_date, 'YYYY-MM-DD') FROM order_lines WHERE id = $1`, line).Scan(&s, &e); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(deref(s), "/", deref(e))
	}
	// A stored pack code and dates, so a warning visibly clears or keeps them.
	if _, err := a.DB.Exec(context.Background(), `UPDATE order_lines SET pack_code = 'S01', start_date = current_date, end_date = current_date + 30 WHERE id = $1`, line); err != nil {
		t.Fatal(err)
	}
	warned := []struct {
		changes map[string]any
		field   string
		message string
	}{
		{map[string]any{"startDate": ""}, "startDate", "Invalid Start Date"},
		{map[string]any{"endDate": "13/45/2020"}, "endDate", "Invalid End Date"},
		{map[string]any{"startDate": "01/01/2000"}, "startDate", "Start date cannot be more than 1 week in the past"},
		{map[string]any{"endDate": "01/01/2999"}, "endDate", "End date cannot be more than 1 year in future"},
		{map[string]any{"packCode": "a12"}, "packCode", "Pack code A12: A-L codes cannot be ordered"},
		{map[string]any{"packCode": "X99"}, "packCode", "Unknown pack code X99"},
		{map[string]any{"packCode": "M12"}, "packCode", "Pack code M12 requires a sizes quantity"},
		{map[string]any{"packCode": "M12", "sizes": map[string]any{"8": 3, "9": 9}}, "packCode", "Incorrect quantities for pack code M12"},
	}
	for _, k := range warned {
		if _, err := a.DB.Exec(context.Background(), `UPDATE order_lines SET pack_code = 'S01' WHERE id = $1`, line); err != nil {
			t.Fatal(err)
		}
		datesBefore := dates()
		r := c.Do("PATCH", path, map[string]any{"updateProducts": []map[string]any{{"id": line, "version": lineVersion(t, a, line), "changes": k.changes}}})
		w := warningsOf(r.Body)
		if r.Status != 200 || len(w) != 1 {
			t.Fatalf("%v: %d %s", k.changes, r.Status, r.Raw)
		}
		if got := w[0].(map[string]any); got["field"] != k.field || got["id"] != line || !strings.HasPrefix(fmt.Sprint(got["message"]), k.message) {
			t.Fatalf("%v: warning %v", k.changes, got)
		}
		if k.field == "packCode" && a.Count(`SELECT count(*) FROM order_lines WHERE id = $1 AND pack_code IS NULL`, line) != 1 {
			t.Fatalf("%v: the warned pack code is not cleared", k.changes)
		}
		if k.field != "packCode" && dates() != datesBefore {
			t.Fatalf("%v: the warned date was written: %s, was %s", k.changes, dates(), datesBefore)
		}
	}
	// The rest of a batch with a warned cell is saved: the sizes and the good end date.
	r := c.Do("PATCH", path, map[string]any{"updateProducts": []map[string]any{{"id": line, "version": lineVersion(t, a, line),
		"changes": map[string]any{"packCode": "X99", "sizes": map[string]any{"8": 4}, "startDate": "01/01/2000", "endDate": soon}}}})
	if w := warningsOf(r.Body); r.Status != 200 || len(w) != 2 ||
		a.Count(`SELECT count(*) FROM order_lines WHERE id = $1 AND pack_code IS NULL AND sizes = '{"8":4}' AND end_date = $2::date AND start_date = current_date`, line, soon) != 1 {
		t.Fatalf("a batch with warned cells: %d %s", r.Status, r.Raw)
	}
	refused := []struct {
		changes map[string]any
		message string
	}{
		// Units are bounded per size and per line; a size outside the style's range is refused.
		{map[string]any{"sizes": map[string]any{"8": 9e18, "9": 9e18}}, "2 cells are not valid"},
		{map[string]any{"sizes": map[string]any{"8": 99999, "9": 99999, "10": 99999, "11": 99999, "12": 99999, "13": 99999, "14": 99999, "7": 99999, "7.5": 99999, "8.5": 99999, "9.5": 99999}}, "A line holds at most 999999 units"},
		{map[string]any{"sizes": map[string]any{"5": 1}}, "Size 5 is not in the size range 7-14 of style "},
		// A warned pack code does not save a batch another cell refuses.
		{map[string]any{"packCode": "X99", "sizes": map[string]any{"5": 1}}, "Size 5 is not in the size range 7-14 of style "},
		// The unit price is the catalogue's: the fixture's line has none, so any price is refused.
		{map[string]any{"unitPrice": 0.01}, "The unit price is the catalogue's (-); give a discount instead"},
	}
	for _, k := range refused {
		before := state(t, a)
		r := c.Do("PATCH", path, map[string]any{"updateProducts": []map[string]any{{"id": line, "version": lineVersion(t, a, line), "changes": k.changes}}})
		if msg, _ := r.Body["message"].(string); r.Status != 400 || !strings.HasPrefix(msg, k.message) || state(t, a) != before {
			t.Fatalf("%v: %d %s", k.changes, r.Status, r.Raw)
		}
	}
	r = c.Do("PATCH", path, map[string]any{"updateProducts": []map[string]any{{"id": line, "version": lineVersion(t, a, line), "changes": map[string]any{"packCode": "m12", "sizes": map[string]any{"9": 8, "8": 4}}}}})
	if r.Status != 200 || a.Count(`SELECT count(*) FROM order_lines WHERE id = $1 AND pack_code = 'M12' AND sizes = '{"8":4,"9":8}'`, line) != 1 {
		t.Fatalf("a good pack: %d %s", r.Status, r.Raw)
	}
	// The matrix offers the sizes of the lines' ranges, in size order, and names each line's range.
	d := data(t, c.Do("POST", "/api/orders/wholesale/order/query", map[string]any{"orderId": id}))
	if got := fmt.Sprint(d["sizeColumns"]); got != "[7 7.5 8 8.5 9 9.5 10 10.5 11 11.5 12 13 14]" {
		t.Fatalf("size columns: %s", got)
	}
	if l := d["products"].([]any)[0].(map[string]any); l["sizeRange"] != "7-14" {
		t.Fatalf("the line's size range: %v", l["sizeRange"])
	}
}

// TestAssignments: a senior coordinator manages the coordinator assignments (create, a patch
// with its version, delete); a stale patch gets userLock, a taken code a field error, and a
// coordinator without the right gets 403 — each refusal writing nothing.
func TestAssignments(t *testing.T) {
	a := start(t)
	senior, coord := login(a, "seniorCoordinator"), login(a, "coordinator")
	rows := func() string {
		var s string
		if err := a.DB.QueryRow(context.Background(), `SELECT coalesce(string_agg(c::text, ',' ORDER BY id), '') FROM coordinator_assignments c`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if r := coord.Do("GET", "/api/coordinatorAssignments", nil); r.Status != 200 || len(r.Body["data"].([]any)) != 2 {
		t.Fatalf("list: %d %s", r.Status, r.Raw)
	}
	before := rows()
	if r := coord.Do("POST", "/api/coordinatorAssignments", map[string]any{"coordinatorCode": "CRD009"}); r.Status != 403 || rows() != before {
		t.Fatalf("a coordinator creates: %d %s", r.Status, r.Raw)
	}
	if r := senior.Do("POST", "/api/coordinatorAssignments", map[string]any{"coordinatorCode": "crd001"}); r.Status != 400 || rows() != before {
		t.Fatalf("a taken code: %d %s", r.Status, r.Raw)
	}
	r := senior.Do("POST", "/api/coordinatorAssignments", map[string]any{"coordinatorCode": "crd009", "name": "Nia", "lastName": "New", "email": "nia@example.com"})
	if r.Status != 200 || data(t, r)["coordinatorCode"] != "CRD009" {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id, v := data(t, r)["_id"].(string), data(t, r)["version"]
	if r := senior.Do("PATCH", "/api/coordinatorAssignments/"+id, map[string]any{"version": v, "name": "Nina"}); r.Status != 200 || data(t, r)["name"] != "Nina" || data(t, r)["email"] != "nia@example.com" {
		t.Fatalf("patch: %d %s", r.Status, r.Raw)
	}
	before = rows()
	if r := senior.Do("PATCH", "/api/coordinatorAssignments/"+id, map[string]any{"version": v, "name": "Nora"}); r.Status != 409 || r.Body["details"].(map[string]any)["errorType"] != "userLock" || rows() != before {
		t.Fatalf("stale patch: %d %s", r.Status, r.Raw)
	}
	if r := coord.Do("DELETE", "/api/coordinatorAssignments/"+id, nil); r.Status != 403 || rows() != before {
		t.Fatalf("a coordinator deletes: %d %s", r.Status, r.Raw)
	}
	if r := senior.Do("DELETE", "/api/coordinatorAssignments/"+id, nil); r.Status != 200 || a.Count(`SELECT count(*) FROM coordinator_assignments WHERE id::text = $1`, id) != 0 {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if r := senior.Do("DELETE", "/api/coordinatorAssignments/"+id, nil); r.Status != 404 {
		t.Fatalf("delete again: %d %s", r.Status, r.Raw)
	}
	// The grid's export: the page's columns, filter and sort, as xlsx and csv, for those who
	// manage the assignments; an unknown column is a 400.
	name := regexp.MustCompile(`filename="CoordinatorAssignments_\d{4}-\d{2}-\d{2}\.(xlsx|csv)"`)
	body := map[string]any{"columns": []map[string]string{{"field": "coordinatorCode", "headerName": "Coordinator"}, {"field": "email"}},
		"sort": []map[string]string{{"field": "coordinatorCode", "dir": "desc"}}}
	var want [][]string
	for _, x := range coord.Do("GET", "/api/coordinatorAssignments", nil).Body["data"].([]any) {
		m := x.(map[string]any)
		want = append([][]string{{m["coordinatorCode"].(string), m["email"].(string)}}, want...)
	}
	for _, format := range []string{"xlsx", "csv"} {
		got := senior.Exported(t, "/api/coordinatorAssignments/export/"+format, format, name, body)
		if len(want) < 2 || !slices.Equal(got[0], []string{"Coordinator", "Email"}) || !slices.EqualFunc(got[1:], want, slices.Equal) {
			t.Fatalf("%s export: %q, want %q", format, got, want)
		}
	}
	if r := coord.Do("POST", "/api/coordinatorAssignments/export/xlsx", body); r.Status != 403 {
		t.Fatalf("a coordinator exports: %d", r.Status)
	}
	if r := senior.Do("POST", "/api/coordinatorAssignments/export/csv", map[string]any{"columns": []map[string]string{{"field": "password"}}}); r.Status != 400 {
		t.Fatalf("an unknown column: %d %s", r.Status, r.Raw)
	}
}

// TestDuplicateAndComment: duplicating an order gives the caller a new draft with the lines
// (PENDING again) and the spec's toast; an order the caller may not see is refused and nothing
// is written; a comment with a stale version gets userLock.
func TestDuplicateAndComment(t *testing.T) {
	a := start(t)
	user, editor := login(a, "user"), login(a, "editor")
	id, _ := fixture(t, a, orders.TypeSample, "COMPLETED", "USR001")
	if _, err := a.DB.Exec(context.Background(), `UPDATE order_lines SET status = 'APPROVED', quantity = 4 WHERE order_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	before := state(t, a)
	if r := editor.Do("POST", "/api/orders/sample/archived-orders/duplicate/"+id, nil); r.Status != 404 || state(t, a) != before {
		t.Fatalf("another user duplicates: %d %s", r.Status, r.Raw)
	}
	r := user.Do("POST", "/api/orders/sample/archived-orders/duplicate/"+id, nil)
	if r.Status != 201 || r.Body["message"] != orders.MsgDuplicated {
		t.Fatalf("duplicate: %d %s", r.Status, r.Raw)
	}
	o := data(t, r)
	copyID := o["_id"].(string)
	lines := o["products"].([]any)
	if copyID == id || o["status"] != "DRAFT" || o["requesterCode"] != "USR001" || len(lines) != 1 {
		t.Fatalf("the copy: %s", r.Raw)
	}
	if l := lines[0].(map[string]any); l["status"] != "PENDING" || l["quantity"] != float64(4) {
		t.Fatalf("the copied line: %v", l)
	}

	path := "/api/orders/sample/active-orders/comment/" + copyID
	v := a.Count(`SELECT version FROM orders WHERE id = $1`, copyID)
	if r := user.Do("POST", path, map[string]any{"comment": "  Rush, please ", "version": v}); r.Status != 200 || data(t, r)["comment"] != "Rush, please" {
		t.Fatalf("comment: %d %s", r.Status, r.Raw)
	}
	before = state(t, a)
	if r := user.Do("POST", path, map[string]any{"comment": "Late", "version": v}); r.Status != 409 || r.Body["details"].(map[string]any)["errorType"] != "userLock" || state(t, a) != before {
		t.Fatalf("stale comment: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("DELETE", "/api/orders/sample/active-orders/"+copyID, nil); r.Status != 200 || r.Body["message"] != orders.MsgDeleted {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
}

// TestSampleFlow: submitting a sample order tells its coordinator (a notification and an e-mail
// with the order's link); the requester cannot mark it complete (403, nothing written); the
// coordinator can, and the requester is told.
func TestSampleFlow(t *testing.T) {
	a := start(t)
	user, coord := login(a, "user"), login(a, "coordinator")
	p := pairs(t, a, 1)[0]
	r := user.Do("POST", "/api/orders/sample/active-orders", map[string]any{"coordinatorCode": "CRD001", "products": []map[string]any{{"style": p[0], "color": p[1]}}})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	o := data(t, r)
	id, number := o["_id"].(string), int(o["orderNumber"].(float64))
	path := "/api/orders/sample/active-orders/batch/" + id
	version := func() int { return a.Count(`SELECT version FROM orders WHERE id = $1`, id) }
	if r := user.Do("PATCH", path, map[string]any{"version": version(), "submit": true}); r.Status != 200 || data(t, r)["order"].(map[string]any)["status"] != "SUBMITTED" {
		t.Fatalf("submit: %d %s", r.Status, r.Raw)
	}
	link := fmt.Sprintf("/orders/samples/order/%d", number)
	if n := a.Count(`SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.user_code = 'CRD001' AND n.type = 'SampleOrderNotification' AND n.link = $1`, link); n != 1 {
		t.Fatalf("coordinator notifications: %d", n)
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'coordinator@example.com' = ANY(recipients) AND body_text LIKE '%'||$1||'%'`, link); n != 1 {
		t.Fatalf("coordinator mails: %d", n)
	}
	before := state(t, a)
	if r := user.Do("PATCH", path, map[string]any{"version": version(), "markCompleted": true}); r.Status != 403 || state(t, a) != before {
		t.Fatalf("the requester completes: %d %s", r.Status, r.Raw)
	}
	if r := coord.Do("PATCH", path, map[string]any{"version": version(), "markCompleted": true}); r.Status != 200 || data(t, r)["order"].(map[string]any)["status"] != "COMPLETED" {
		t.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.user_code = 'USR001' AND n.type = 'SampleOrderNotification' AND n.link = $1`, link); n != 1 {
		t.Fatalf("requester notifications: %d", n)
	}
}

// TestLineOrder: the lines of one batch keep the order they were sent in (they share the
// transaction's time, and the id that breaks ties is random).
func TestLineOrder(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	var products []map[string]any
	var want []string
	for i, p := range pairs(t, a, 8) {
		products = append(products, map[string]any{"tempId": fmt.Sprint(i), "style": p[0], "color": p[1]})
		want = append(want, p[0]+"/"+p[1])
	}
	r := user.Do("POST", "/api/orders/sample/active-orders", map[string]any{"coordinatorCode": "CRD001", "products": products})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	d := data(t, user.Do("POST", "/api/orders/sample/order/query", map[string]any{"orderId": data(t, r)["_id"]}))
	var got []string
	for _, l := range d["products"].([]any) {
		m := l.(map[string]any)
		got = append(got, fmt.Sprint(m["style"], "/", m["color"]))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("lines %v, want %v", got, want)
	}
}

// TestSeparationOfDuties: nobody names himself approver of his own order, nor reviews it at his
// step whatever is stored; only sample coordinators set sample line statuses; a sample quantity
// cannot be cleared.
func TestSeparationOfDuties(t *testing.T) {
	a := start(t)
	approver := login(a, "approver")
	ps := pairs(t, a, 1)
	before := state(t, a)
	r := approver.Do("POST", "/api/orders/promo/needs-review", map[string]any{"approverCode": "APR001", "seniorApproverCode": "SAP001",
		"products": []map[string]any{{"style": ps[0][0], "color": ps[0][1]}}})
	if r.Status != 400 || !strings.Contains(string(r.Raw), "selfApprover") || state(t, a) != before {
		t.Fatalf("approver names himself: %d %s", r.Status, r.Raw)
	}
	// Stored anyhow (an older order): submit and the approval step are refused.
	id, _ := fixture(t, a, orders.TypePromo, "REQUIRES APPROVER", "APR001")
	path := "/api/orders/promo/needs-review/batch/" + id
	before = state(t, a)
	if r := approver.Do("PATCH", path, map[string]any{"version": 1, "submit": true}); r.Status != 403 || state(t, a) != before {
		t.Fatalf("approver approves his own order: %d %s", r.Status, r.Raw)
	}
	// Sample line statuses: not the requester, even on a draft.
	sid, line := fixture(t, a, orders.TypeSample, "DRAFT", "USR001")
	user := login(a, "user")
	spath := "/api/orders/sample/active-orders/batch/" + sid
	before = state(t, a)
	if r := user.Do("PATCH", spath, map[string]any{"status": []map[string]any{{"id": line, "version": lineVersion(t, a, line), "status": "APPROVED"}}}); r.Status != 403 || state(t, a) != before {
		t.Fatalf("requester sets a sample line status: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("PATCH", spath, map[string]any{"updateProducts": []map[string]any{{"id": line, "version": lineVersion(t, a, line), "changes": map[string]any{"quantity": nil}}}}); r.Status != 400 || state(t, a) != before {
		t.Fatalf("quantity cleared: %d %s", r.Status, r.Raw)
	}
}

// TestApproverPicker: the picker offers the promo approvers (or senior approvers) by name and
// code, never the caller; another order type or role is refused.
func TestApproverPicker(t *testing.T) {
	a := start(t)
	codes := func(c *apptest.Client, role string) []string {
		t.Helper()
		r := c.Do("GET", "/api/orders/promo/needs-review/approvers/"+role, nil)
		if r.Status != 200 {
			t.Fatalf("%s picker: %d %s", role, r.Status, r.Raw)
		}
		var out []string
		for _, p := range r.Body["data"].([]any) {
			m := p.(map[string]any)
			if m["name"] == "" {
				t.Fatalf("an approver without a name: %v", m)
			}
			out = append(out, m["code"].(string))
		}
		return out
	}
	user := login(a, "user")
	if got := codes(user, "approver"); !slices.Contains(got, "APR001") {
		t.Fatalf("approvers offered to a requester: %v", got)
	}
	if got := codes(user, "seniorApprover"); !slices.Contains(got, "SAP001") || slices.Contains(got, "APR001") {
		t.Fatalf("senior approvers offered: %v", got)
	}
	if got := codes(login(a, "approver"), "approver"); slices.Contains(got, "APR001") {
		t.Fatalf("the approver is offered himself: %v", got)
	}
	for path, want := range map[string]int{"/api/orders/promo/needs-review/approvers/admin": 400, "/api/orders/sample/active-orders/approvers/approver": 400} {
		if r := user.Do("GET", path, nil); r.Status != want {
			t.Fatalf("%s: %d, want %d", path, r.Status, want)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// warningsOf is the warnings of a batch's answer.
func warningsOf(body map[string]any) []any {
	d, _ := body["data"].(map[string]any)
	w, _ := d["warnings"].([]any)
	return w
}
