package modules_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules"
	"its/modules/users"
)

func TestMain(m *testing.M) {
	if apptest.Serving() {
		mods := serverModules
		if name, value, _ := strings.Cut(internalServer, "="); os.Getenv(name) == value {
			mods = internalModules
		}
		os.Exit(apptest.Serve(mods))
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

// TestUploadUsages: the usage types the modules declare answer as the core's own list did
// (keys, permissions, required fields), now that each module owns its usages.
func TestUploadUsages(t *testing.T) {
	a := apptest.Start(t, modules.All)
	create := func(c *apptest.Client, body map[string]any) (int, map[string]any) {
		r := c.Do("POST", "/api/upload/aws/s3/create", body)
		d, _ := r.Body["data"].(map[string]any)
		if d == nil {
			d = r.Body
		}
		return r.Status, d
	}
	editor, boss, user := a.Client(), a.Client(), a.Client()
	editor.Login("editor@example.com")
	boss.Login("adminEditor@example.com")
	user.Login("user@example.com")
	// The assortment usages ask whether the caller may edit attachTo: a real assortment of the editor's.
	r := editor.Do("POST", "/api/assortments", map[string]any{"title": "Upload usages", "channel": "Retail"})
	made, _ := r.Body["data"].(map[string]any)
	id, _ := made["_id"].(string)
	if id == "" {
		t.Fatalf("create assortment: %d %s", r.Status, r.Raw)
	}
	for _, c := range []struct {
		who    *apptest.Client
		body   map[string]any
		status int
		key    string
	}{
		{editor, map[string]any{"filename": "logo.png", "fileSize": 10, "usageType": "assortmentLogo", "attachTo": id}, 200, "assortments/" + id + "/logo.png"},
		{editor, map[string]any{"filename": "shoe.webp", "fileSize": 10, "usageType": "product", "attachTo": id}, 200, "assortments/" + id + "/shoe.webp"},
		{editor, map[string]any{"filename": "group.pdf", "fileSize": 10, "usageType": "displayGroup", "attachTo": id}, 200, "assortments/" + id + "/customContent/group.pdf"},
		{editor, map[string]any{"filename": "logo.pdf", "fileSize": 10, "usageType": "assortmentLogo", "attachTo": id}, 400, ""},
		{editor, map[string]any{"filename": "logo.png", "fileSize": 10, "usageType": "assortmentLogo"}, 400, ""},
		{user, map[string]any{"filename": "logo.png", "fileSize": 10, "usageType": "assortmentLogo", "attachTo": id}, 403, ""},
		{editor, map[string]any{"filename": "Spec Sheet.pdf", "fileSize": 10, "usageType": "libraryAsset", "libraryType": "ProductDocument"}, 200, "uploads/ProductDocument/Spec Sheet.pdf"},
		{editor, map[string]any{"filename": "a.pdf", "fileSize": 10, "usageType": "libraryAsset"}, 400, ""},
		{boss, map[string]any{"filename": "cover.jpg", "fileSize": 10, "usageType": "seasonCover", "year": "2026", "season": "Spring", "channel": "Wholesale"}, 200, "seasons/2026/Spring/Wholesale/sourceFile.jpg"},
		{boss, map[string]any{"filename": "cover.jpg", "fileSize": 10, "usageType": "seasonCover", "year": "2026"}, 400, ""},
		{editor, map[string]any{"filename": "cover.jpg", "fileSize": 10, "usageType": "seasonCover", "year": "2026", "season": "Spring", "channel": "Wholesale"}, 403, ""},
	} {
		status, d := create(c.who, c.body)
		if status != c.status || (c.key != "" && d["key"] != c.key) {
			t.Errorf("%v: %d %v, want %d %s", c.body, status, d, c.status, c.key)
		}
	}
	if _, d := create(editor, map[string]any{"filename": "x.png", "fileSize": 10, "usageType": "avatar"}); !strings.Contains(fmt.Sprint(d), "assortmentLogo, displayGroup, importFile, libraryAsset, product, seasonCover") {
		t.Errorf("unknown usage type: %v", d)
	}
}
