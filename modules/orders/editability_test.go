package orders_test

import (
	"fmt"
	"slices"
	"testing"

	"its/core/app/apptest"
	"its/modules/orders"
	"its/modules/users"
)

// access is what product spec §4.3 (and platform spec §6) give one role on the orders of one
// type: the statuses it may edit, the statuses it may see without editing, or no access to the
// type at all (the route's gate refuses).
type access struct {
	edit, read []string
	gate       bool
}

var (
	sampleStatuses    = []string{"DRAFT", "SUBMITTED", "IN PROGRESS", "COMPLETED", "CANCELED", "ARCHIVED", "INACTIVE", "UNAPPROVED ORDER"}
	promoStatuses     = []string{"DRAFT", "REQUIRES APPROVER", "REQUIRES SENIOR", "REVIEW COMPLETE", "PROCESSED", "FINALIZED", "CANCELED", "ARCHIVED"}
	wholesaleStatuses = []string{"PENDING", "SUBMITTED", "IN PROGRESS", "COMPLETED", "CANCELED", "ARCHIVED"}
)

func but(all []string, drop ...string) []string {
	var out []string
	for _, s := range all {
		if !slices.Contains(drop, s) {
			out = append(out, s)
		}
	}
	return out
}

// editability is §4.3's table, for every demo role (TestEditability fails when one is missing). The requester of the sample and promo fixtures is the demo user,
// of the wholesale ones the editor (who has the wof flag); coordinators, approver and senior
// approver are the ones the fixture names (CRD001, APR001, SAP001). An approver has the advanced
// rights of promo line statuses (see TestAdvancedRights).
var editability = map[string]map[string]access{
	orders.TypeSample: {
		"user":              {edit: []string{"DRAFT"}, read: sampleStatuses}, // requester
		"coordinator":       {edit: []string{"SUBMITTED", "IN PROGRESS"}, read: but(sampleStatuses, "DRAFT")},
		"seniorCoordinator": {edit: []string{"SUBMITTED", "IN PROGRESS"}, read: but(sampleStatuses, "DRAFT")},
		"approver":          {gate: true},
		"seniorApprover":    {gate: true},
		"editor":            {},           // sample orders, not the requester
		"manager":           {gate: true}, // wof only
		"seniorEditor":      {gate: true},
		"admin":             {gate: true},
		"adminEditor":       {gate: true},
	},
	orders.TypePromo: {
		"user":              {edit: []string{"DRAFT"}, read: promoStatuses},
		"coordinator":       {read: []string{"REVIEW COMPLETE", "PROCESSED", "FINALIZED"}},
		"seniorCoordinator": {gate: true},
		"approver":          {edit: []string{"REQUIRES APPROVER"}, read: but(promoStatuses, "DRAFT")},
		"seniorApprover":    {edit: []string{"REQUIRES APPROVER", "REQUIRES SENIOR"}, read: but(promoStatuses, "DRAFT")},
		"editor":            {gate: true},
		"manager":           {gate: true},
		"seniorEditor":      {gate: true},
		"admin":             {gate: true},
		"adminEditor":       {gate: true},
	},
	orders.TypeWholesale: {
		"user":              {gate: true}, // no wof flag
		"coordinator":       {gate: true},
		"seniorCoordinator": {gate: true},
		"approver":          {gate: true},
		"seniorApprover":    {gate: true},
		"editor":            {edit: wholesaleStatuses, read: wholesaleStatuses}, // requester: wholesale is always editable
		"manager":           {},                                                 // wof, not the requester
		"seniorEditor":      {},                                                 // wof, not the requester
		"admin":             {},                                                 // wof, not the requester
		"adminEditor":       {gate: true},                                       // no wof flag
	},
}

var requesterOf = map[string]string{orders.TypeSample: "USR001", orders.TypePromo: "USR001", orders.TypeWholesale: "EDT001"}

func (x access) want(status string) int {
	switch {
	case slices.Contains(x.edit, status):
		return 200
	case x.gate || slices.Contains(x.read, status):
		return 403
	}
	return 404 // an order one may not read answers as a missing one, so ids cannot be probed
}

func clientsOf(a *apptest.App, roles ...string) map[string]*apptest.Client {
	out := map[string]*apptest.Client{}
	for _, r := range roles {
		out[r] = login(a, r)
	}
	return out
}

// TestEditability checks every status × role cell of product spec §4.3 against the server, for
// sample, promo and wholesale orders: an allowed line change is written with a new version; a
// denied one answers 403 (404 when the user may not even read the order) and writes nothing.
func TestEditability(t *testing.T) {
	a := start(t)
	roles := users.DemoRoles()
	clients := clientsOf(a, roles...)
	for _, typ := range []string{orders.TypeSample, orders.TypePromo, orders.TypeWholesale} {
		statuses := map[string][]string{orders.TypeSample: sampleStatuses, orders.TypePromo: promoStatuses, orders.TypeWholesale: wholesaleStatuses}[typ]
		for _, role := range roles {
			if _, ok := editability[typ][role]; !ok {
				t.Errorf("%s orders: no editability row for the demo role %s", typ, role)
			}
		}
		for role, x := range editability[typ] {
			for _, status := range statuses {
				want := x.want(status)
				t.Run(fmt.Sprintf("%s %s by %s", typ, status, role), func(t *testing.T) {
					id, line := fixture(t, a, typ, status, requesterOf[typ])
					v := lineVersion(t, a, line)
					before := state(t, a)
					r := clients[role].Do("PATCH", "/api/orders/"+area[typ]+"/active/batch/"+id, map[string]any{
						"updateProducts": []map[string]any{{"id": line, "version": v, "changes": map[string]any{"size": "10.5"}}}})
					if r.Status != want {
						t.Fatalf("status %d, want %d: %s", r.Status, want, r.Raw)
					}
					if want != 200 {
						if r.Body["messageCode"] == nil {
							t.Fatalf("no error envelope: %s", r.Raw)
						}
						if after := state(t, a); after != before {
							t.Fatal("a refused change wrote something")
						}
						return
					}
					if n := a.Count(`SELECT count(*) FROM order_lines WHERE id = $1 AND size = '10.5' AND version = $2`, line, v+1); n != 1 {
						t.Fatal("the change was not stored with a new version")
					}
				})
			}
		}
	}
}

// TestAdvancedRights: on a promo order under review, a user with advanced rights (an approver)
// may set a line in PENDING, APPROVED or DENIED only to APPROVED or DENIED; the requester, who
// has none, may set no line status; a refusal writes nothing.
func TestAdvancedRights(t *testing.T) {
	a := start(t)
	clients := clientsOf(a, "user", "approver", "seniorApprover")
	cases := []struct {
		role, orderStatus, from, to string
		want                        int
	}{
		{"approver", "REQUIRES APPROVER", "PENDING", "APPROVED", 200},
		{"approver", "REQUIRES APPROVER", "PENDING", "DENIED", 200},
		{"approver", "REQUIRES APPROVER", "APPROVED", "DENIED", 200},
		{"approver", "REQUIRES APPROVER", "DENIED", "APPROVED", 200},
		{"approver", "REQUIRES APPROVER", "PENDING", "DRAFT", 403},
		{"approver", "REQUIRES APPROVER", "APPROVED", "PENDING", 403},
		{"approver", "REQUIRES APPROVER", "DRAFT", "APPROVED", 403},
		{"seniorApprover", "REQUIRES SENIOR", "APPROVED", "DENIED", 200},
		{"seniorApprover", "REQUIRES SENIOR", "DENIED", "PENDING", 403},
		{"approver", "REQUIRES SENIOR", "PENDING", "APPROVED", 403}, // not editable for the approver any more
		{"user", "DRAFT", "PENDING", "APPROVED", 403},
		{"user", "DRAFT", "APPROVED", "DENIED", 403},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s on %s: %s to %s", c.role, c.orderStatus, c.from, c.to), func(t *testing.T) {
			id, line := fixture(t, a, orders.TypePromo, c.orderStatus, "USR001")
			if _, err := a.DB.Exec(t.Context(), `UPDATE order_lines SET status = $2 WHERE id = $1`, line, c.from); err != nil {
				t.Fatal(err)
			}
			v := lineVersion(t, a, line)
			before := state(t, a)
			r := clients[c.role].Do("PATCH", "/api/orders/promo/needs-review/batch/"+id, map[string]any{
				"status": []map[string]any{{"id": line, "version": v, "status": c.to}}})
			if r.Status != c.want {
				t.Fatalf("status %d, want %d: %s", r.Status, c.want, r.Raw)
			}
			if c.want != 200 {
				if state(t, a) != before {
					t.Fatal("a refused status wrote something")
				}
				return
			}
			if n := a.Count(`SELECT count(*) FROM order_lines WHERE id = $1 AND status = $2 AND version = $3`, line, c.to, v+1); n != 1 {
				t.Fatal("the status was not stored with a new version")
			}
		})
	}
}
