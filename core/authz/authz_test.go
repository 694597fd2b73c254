package authz

import (
	"context"
	"io"
	"log/slog"
	"sort"
	"testing"
	"time"

	"its/core/config"
	"its/core/identity"
)

func engine(t testing.TB, env ...string) *Engine {
	t.Helper()
	cfg, err := config.LoadFrom(env)
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Params{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
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
	cases := []struct {
		user   *identity.User
		action string
		res    map[string]any
		want   bool
	}{
		{editor(), "assortments.edit", map[string]any{"channel": "Wholesale"}, true},
		{editor(), "assortments.edit", map[string]any{"channel": "Retail"}, false},
		{plain, "assortments.edit", map[string]any{"channel": "Wholesale"}, false},
		{plain, "assortments.view", nil, true},
		{editor(), "sampleInventory.edit", map[string]any{"library": "Sales"}, true},
		{editor(), "admin.users", nil, false},
		{nil, "session.login", nil, true},
		{nil, "session.ping", nil, false},
		{editor(), "no.such.action", nil, false},
	}
	for _, c := range cases {
		got, err := e.Allowed(ctx, c.user, c.action, c.res)
		if err != nil || got != c.want {
			t.Errorf("%s %v for %v: got %v (%v), want %v", c.action, c.res, c.user != nil, got, err, c.want)
		}
	}
}

func TestGrantAllIsDevelopmentOnlyAndNeedsLogin(t *testing.T) {
	e := engine(t, "ITS_AUTHZ_GRANT_ALL=true")
	ctx := context.Background()
	if ok, _ := e.Allowed(ctx, &identity.User{ID: "x"}, "admin.users", nil); !ok {
		t.Fatal("grant_all did not grant a logged-in user")
	}
	if ok, _ := e.Allowed(ctx, nil, "admin.users", nil); ok {
		t.Fatal("grant_all granted an anonymous caller")
	}
	if _, err := config.LoadFrom([]string{"ITS_AUTHZ_GRANT_ALL=true", "ITS_ENV=production"}); err == nil {
		t.Fatal("production accepted grant_all")
	}
}

func TestCatalogue(t *testing.T) {
	e := engine(t)
	if !e.Known("session.ping") || !e.Known("assortments.edit") || e.Known("nope.nope") {
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
		if ok, err := e.Allowed(ctx, u, "assortments.edit", res); err != nil || !ok {
			b.Fatal("unexpected decision", err)
		}
	}
	const samples = 20000
	d := make([]time.Duration, samples)
	for i := range d {
		start := time.Now()
		_, _ = e.Allowed(ctx, u, "assortments.edit", res)
		d[i] = time.Since(start)
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	b.ReportMetric(float64(d[samples/2].Nanoseconds())/1000, "authz.decision.p50:us")
	b.ReportMetric(float64(d[samples*99/100].Nanoseconds())/1000, "authz.decision.p99:us")
}
