package modules_test

import (
	"os"
	"testing"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules"
	"its/modules/users"
)

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		os.Exit(serveForTest())
	}
	dbtest.Main(m)
}

type navView struct {
	module string
	path   string
	action string
}

// TestEveryModuleStartsAndFiltersByPolicy starts the app with every compiled-in module (so a
// manifest, route or policy out of step fails here) and checks that /api/modules shows each
// demo role exactly the nav entries its policy allows.
func TestEveryModuleStartsAndFiltersByPolicy(t *testing.T) {
	a := apptest.Start(t, modules.All)
	if r := a.Client().Do("GET", "/api/modules", nil); r.Status != 401 {
		t.Fatalf("anonymous registry: %d", r.Status)
	}
	seen := map[string][]navView{}
	union := map[navView]map[string]any{}
	clients := map[string]*apptest.Client{}
	for _, role := range users.DemoRoles() {
		c := a.Client()
		clients[role] = c
		c.Login(role + "@example.com")
		r := c.Do("GET", "/api/modules", nil)
		if r.Status != 200 {
			t.Fatalf("%s: %d", role, r.Status)
		}
		var navs []navView
		checks := []map[string]any{}
		for _, m := range r.Body["data"].([]any) {
			mod := m.(map[string]any)
			for _, n := range mod["nav"].([]any) {
				nv := n.(map[string]any)
				v := navView{mod["id"].(string), nv["path"].(string), nv["action"].(string)}
				navs = append(navs, v)
				check := map[string]any{"action": nv["action"], "resource": nv["resource"]}
				checks = append(checks, check)
				union[v] = check
			}
		}
		if len(navs) == 0 || navs[0].path == "" {
			t.Fatalf("%s sees no navigation", role)
		}
		// Every entry shown is one the decisions endpoint allows (the same policy).
		d := c.Do("POST", "/api/authz/decisions", map[string]any{"checks": checks})
		for i, ok := range d.Body["decisions"].([]any) {
			if ok != true {
				t.Errorf("%s sees %v but the policy refuses it", role, navs[i])
			}
		}
		seesDashboard := false
		for _, n := range navs {
			seesDashboard = seesDashboard || n.path == "/dashboard"
		}
		if !seesDashboard {
			t.Errorf("%s does not see the dashboard", role)
		}
		seen[role] = navs
	}
	// And every entry some role sees but this one does not is one the policy refuses it.
	for role, navs := range seen {
		shown := map[navView]bool{}
		for _, n := range navs {
			shown[n] = true
		}
		var hidden []navView
		var checks []map[string]any
		for v, check := range union {
			if !shown[v] {
				hidden = append(hidden, v)
				checks = append(checks, check)
			}
		}
		if len(checks) == 0 {
			continue
		}
		d := clients[role].Do("POST", "/api/authz/decisions", map[string]any{"checks": checks})
		for i, ok := range d.Body["decisions"].([]any) {
			if ok != false {
				t.Errorf("%s may open %v but the registry hid it", role, hidden[i])
			}
		}
	}
}
