package orders_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/core/identity"
	"its/modules/orders"
	"its/modules/users"
)

// step is one transition of an order type's state machine: from a status, an action (submit or
// markCompleted) taken by whom, to the next status.
type step struct {
	typ, from, action string
	by                func(u *identity.User) bool
	to                string
}

func role(r ...string) func(u *identity.User) bool {
	return func(u *identity.User) bool { return slices.Contains(r, strings.TrimSuffix(u.Email, "@example.com")) }
}

func coordinatorOf(domains ...string) func(u *identity.User) bool {
	return func(u *identity.User) bool {
		for _, d := range domains {
			if u.HasRole(d, "coordinator", "seniorCoordinator") {
				return true
			}
		}
		return false
	}
}

// machine is product spec §4's state machine of the three order types, the only transitions
// there are. The fixtures' requester is the demo user (the editor for wholesale), their approver
// APR001 and senior approver SAP001; every other (type, status, action, role) is refused. A
// coordinator acts on the order types they hold a role in.
var machine = []step{
	{orders.TypeSample, "DRAFT", "submit", role("user"), "SUBMITTED"},
	{orders.TypeSample, "SUBMITTED", "markCompleted", coordinatorOf("its:sampleOrders", "its:promoOrders"), "COMPLETED"},
	{orders.TypeSample, "IN PROGRESS", "markCompleted", coordinatorOf("its:sampleOrders", "its:promoOrders"), "COMPLETED"},
	{orders.TypePromo, "DRAFT", "submit", role("user"), "REQUIRES APPROVER"},
	{orders.TypePromo, "REQUIRES APPROVER", "submit", role("approver"), "REQUIRES SENIOR"},
	{orders.TypePromo, "REQUIRES SENIOR", "submit", role("seniorApprover"), "REVIEW COMPLETE"},
	{orders.TypePromo, "REVIEW COMPLETE", "markCompleted", coordinatorOf("its:promoOrders"), "PROCESSED"},
	{orders.TypePromo, "PROCESSED", "markCompleted", coordinatorOf("its:promoOrders"), "FINALIZED"},
	{orders.TypeWholesale, "PENDING", "submit", role("editor"), "SUBMITTED"},
	// A wholesale order is its requester's alone (another wof user does not see it).
	{orders.TypeWholesale, "SUBMITTED", "markCompleted", role("editor"), "COMPLETED"},
	{orders.TypeWholesale, "IN PROGRESS", "markCompleted", role("editor"), "COMPLETED"},
}

// TestStateMachine takes every order type's every status through submit and mark complete as
// every demo role: the machine's transitions land on their next status, everything else is
// refused (403, or 404 where the role may not see the order) and changes nothing.
func TestStateMachine(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	demo, err := users.DemoUsers()
	if err != nil {
		t.Fatal(err)
	}
	statuses := map[string][]string{orders.TypeSample: sampleStatuses, orders.TypePromo: promoStatuses, orders.TypeWholesale: wholesaleStatuses}
	clients := map[string]*apptest.Client{}
	for _, u := range demo {
		r := strings.TrimSuffix(u.Email, "@example.com")
		clients[r] = login(a, r)
	}
	for _, typ := range []string{orders.TypeSample, orders.TypePromo, orders.TypeWholesale} {
		requester := "USR001"
		if typ == orders.TypeWholesale {
			requester = "EDT001"
		}
		for _, from := range statuses[typ] {
			for _, action := range []string{"submit", "markCompleted"} {
				// A refusal changes nothing, so one order serves until a transition moves it on.
				id := ""
				for _, u := range demo {
					r := strings.TrimSuffix(u.Email, "@example.com")
					want := ""
					for _, s := range machine {
						if s.typ == typ && s.from == from && s.action == action && s.by(u) {
							want = s.to
						}
					}
					if id == "" {
						id, _ = fixture(t, a, typ, from, requester)
						// The catalogue's price, as the server sets it when a line is added.
						if _, err := a.DB.Exec(ctx, `UPDATE order_lines SET unit_price = 10 WHERE order_id = $1`, id); err != nil {
							t.Fatal(err)
						}
					}
					before := orderState(t, a, id)
					res := clients[r].Do("PATCH", fmt.Sprintf("/api/orders/%s/order/batch/%s", area[typ], id), map[string]any{"version": 1, action: true})
					var got string
					if err := a.DB.QueryRow(ctx, `SELECT status FROM orders WHERE id = $1`, id).Scan(&got); err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("%s %s %s by %s", typ, from, action, r)
					switch {
					case want != "" && (res.Status != 200 || got != want):
						t.Errorf("%s: %d, now %s; want %s (%s)", name, res.Status, got, want, res.Raw)
					case want == "" && ((res.Status != 403 && res.Status != 404) || orderState(t, a, id) != before):
						t.Errorf("%s: %d, now %s; want it refused and nothing changed", name, res.Status, got)
					}
					if got != from {
						id = ""
					}
				}
			}
		}
	}
}

// orderState fingerprints one order, its lines, and the notifications and mail it could cause.
func orderState(t testing.TB, a *apptest.App, id string) string {
	t.Helper()
	var s string
	if err := a.DB.QueryRow(context.Background(), `SELECT md5((SELECT o::text FROM orders o WHERE id = $1) ||
		coalesce((SELECT string_agg(l::text, ',' ORDER BY id) FROM order_lines l WHERE order_id = $1), '')) || ':' ||
		(SELECT count(*) FROM notifications) || ':' || (SELECT count(*) FROM mail_outbox)`, id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}
