package policies_test

// These tests decide real questions of the module policies through the core's engine (its
// prepared query, user cache and pooled caches), so they live with the policies.

import (
	"context"
	"io"
	"log/slog"
	"sort"
	"sync"
	"testing"
	"time"

	"its/core/authz"
	"its/core/config"
	"its/core/identity"
	"its/modules/actions"
)

func engine(t testing.TB, env ...string) *authz.Engine {
	t.Helper()
	// Eight goroutines deciding at once on a busy test machine may wait longer for a core than a
	// server's deadline allows; the deadline's own test sets a short one.
	cfg, err := config.LoadFrom(append([]string{"ITS_AUTHZ_DECISION_DEADLINE=2s", "ITS_AUTHZ_DECISION_BUDGET=1s"}, env...))
	if err != nil {
		t.Fatal(err)
	}
	e, err := authz.New(authz.Params{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func perm(domain, role string) identity.Permission {
	return identity.Permission{Domain: domain, Role: role, Channel: "All", Region: "All", ProductType: "All"}
}

// editor is a realistic input: a dozen grants, flags, departments and a territory.
func editor() *identity.User {
	return &identity.User{ID: "u1", Email: "editor@example.com", UserCode: "EDT001",
		Permissions: []identity.Permission{
			{Domain: "its:productAssortments", Role: "editor", Channel: "Wholesale", Region: "All", ProductType: "All"},
			perm("its:products", "user"), perm("its:advertisingAssets", "editor"), perm("its:advertisingLogos", "editor"),
			perm("its:globalRetailAssets", "editor"), perm("its:globalRetailResources", "editor"), perm("its:productDocuments", "editor"),
			perm("its:stepTraining", "editor"), perm("its:sampleInventory", "editor"), perm("its:sampleOrders", "user"),
			perm("its:keyItemPrice", "user"), perm("its:upcLookup", "user"),
		},
		DepartmentAccess: []string{"Production", "Sales"}, Flags: []string{"wof"},
		UserTBEs: []identity.TBE{{Territory: "US-WEST", BusinessEntity: "DOMESTIC", Locations: []identity.LocationKey{{Key: "US"}}}},
	}
}

func TestDecisions(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	plain := &identity.User{ID: "u2", Permissions: []identity.Permission{perm("its:productAssortments", "user")}}
	salesOnly := &identity.User{ID: "u3", Permissions: []identity.Permission{perm("its:sampleInventory", "coordinator")},
		DepartmentAccess: []string{"Sales"}}
	cases := []struct {
		user   *identity.User
		action string
		res    map[string]any
		want   bool
	}{
		{editor(), actions.AssortmentsEdit, map[string]any{"channel": "Wholesale"}, true},
		{editor(), actions.AssortmentsEdit, map[string]any{"channel": "Retail"}, false},
		{plain, actions.AssortmentsEdit, map[string]any{"channel": "Wholesale"}, false},
		{plain, actions.AssortmentsView, nil, true},
		{editor(), actions.SampleInventoryEdit, map[string]any{"library": "Sales"}, true},
		{editor(), actions.AdminUsers, nil, false},
		{nil, actions.SessionLogin, nil, true},
		{nil, actions.SessionPing, nil, false},
		{editor(), "no.such.action", nil, false},
		{editor(), actions.SampleInventoryTransfer, nil, true},
		{salesOnly, actions.SampleInventoryTransfer, nil, false},
		{salesOnly, actions.SampleInventoryEdit, map[string]any{"library": "sales"}, true},
		{editor(), actions.LibrariesManage, map[string]any{"libraryType": "advertisingasset"}, true},
		{editor(), actions.LibrariesManage, map[string]any{"libraryType": "Unknown"}, false},
		{editor(), actions.AssortmentsEdit, map[string]any{"channel": ""}, true},
		{editor(), actions.OrdersEdit, map[string]any{"orderType": "wholesale", "status": "SUBMITTED"}, true},
	}
	for _, c := range cases {
		got, err := e.Allowed(ctx, c.user, c.action, c.res)
		if err != nil || got != c.want {
			t.Errorf("%s %v for %v: got %v (%v), want %v", c.action, c.res, c.user != nil, got, err, c.want)
		}
	}
}

// The engine keeps converted users for reuse; a user whose permissions change (even in place)
// must be decided on the new ones.
func TestDecisionsFollowUserChanges(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	u := &identity.User{ID: "u4", Permissions: []identity.Permission{perm("its:products", "user")}}
	check := func(want bool) {
		t.Helper()
		if got, err := e.Allowed(ctx, u, actions.AdminUsers, nil); err != nil || got != want {
			t.Fatalf("admin.users with %v: got %v (%v), want %v", u.Permissions, got, err, want)
		}
	}
	check(false)
	u.Permissions = append(u.Permissions, perm("its:admin:users", "admin"))
	check(true)
	u.Permissions[1].Role = "user"
	check(false)
	same := &identity.User{ID: "u4", Permissions: []identity.Permission{perm("its:products", "user"), perm("its:admin:users", "admin")}}
	if got, _ := e.Allowed(ctx, same, actions.AdminUsers, nil); !got {
		t.Fatal("an equal user loaded again was refused")
	}
}

// Decisions run concurrently (go test -race): the cached users and the pooled evaluation caches
// are shared between requests.
func TestConcurrentDecisions(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	users := []*identity.User{editor(), {ID: "u5", Permissions: []identity.Permission{perm("its:productAssortments", "user")}}, nil}
	want := []bool{true, false, false}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				k := (g + i) % len(users)
				got, err := e.Allowed(ctx, users[k], actions.AssortmentsEdit, map[string]any{"channel": "Wholesale"})
				if err != nil || got != want[k] {
					t.Errorf("user %d: got %v (%v), want %v", k, got, err, want[k])
					return
				}
				if ok, _ := e.Allowed(ctx, users[k], actions.SampleInventoryTransfer, nil); ok != (k == 0) {
					t.Errorf("user %d: transfer %v", k, ok)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestGrantAllIsDevelopmentOnlyAndNeedsLogin(t *testing.T) {
	e := engine(t, "ITS_AUTHZ_GRANT_ALL=true")
	ctx := context.Background()
	if ok, _ := e.Allowed(ctx, &identity.User{ID: "x"}, actions.AdminUsers, nil); !ok {
		t.Fatal("grant_all did not grant a logged-in user")
	}
	if ok, _ := e.Allowed(ctx, nil, actions.AdminUsers, nil); ok {
		t.Fatal("grant_all granted an anonymous caller")
	}
	if _, err := config.LoadFrom([]string{"ITS_AUTHZ_GRANT_ALL=true", "ITS_ENV=production"}); err == nil {
		t.Fatal("production accepted grant_all")
	}
}

func TestEngineKnowsTheCatalogue(t *testing.T) {
	e := engine(t)
	if !e.Known(actions.SessionPing) || !e.Known(actions.AssortmentsEdit) || e.Known("nope.nope") {
		t.Fatal("catalogue lookups wrong")
	}
}

// BenchmarkDecision measures one prepared-query decision with a realistic input.
func BenchmarkDecision(b *testing.B) {
	e := engine(b)
	ctx := context.Background()
	u := editor()
	res := map[string]any{"channel": "Wholesale"}
	for i := 0; i < b.N; i++ {
		if ok, err := e.Allowed(ctx, u, actions.AssortmentsEdit, res); err != nil || !ok {
			b.Fatal("unexpected decision", err)
		}
	}
	const samples = 20000
	d := make([]time.Duration, samples)
	for i := range d {
		start := time.Now()
		_, _ = e.Allowed(ctx, u, actions.AssortmentsEdit, res)
		d[i] = time.Since(start)
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	b.ReportMetric(float64(d[samples/2].Nanoseconds())/1000, "authz.decision.p50:us")
	b.ReportMetric(float64(d[samples*99/100].Nanoseconds())/1000, "authz.decision.p99:us")
}
