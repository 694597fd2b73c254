package admin_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"its/core/app/apptest"
	"its/modules/actions"
)

// liveFiles reads the live version's files through the API.
func liveFiles(t testing.TB, c *apptest.Client) (float64, map[string]any) {
	t.Helper()
	r := c.Do("GET", "/api/admin/policies/versions/live", nil)
	if r.Status != 200 {
		t.Fatalf("live version: %d %s", r.Status, r.Raw)
	}
	d := r.Body["data"].(map[string]any)
	return d["version"].(float64), d["files"].(map[string]any)
}

// withoutSeniorEditor takes assortments.edit away from seniorEditor; fixTest also turns the test
// that asserts the grant into one that asserts its absence.
func withoutSeniorEditor(t testing.TB, files map[string]any, fixTest bool) map[string]any {
	t.Helper()
	out := map[string]any{}
	for k, v := range files {
		out[k] = v
	}
	g := out["grants.json"].(string)
	i := strings.Index(g, `"`+actions.AssortmentsEdit+`"`)
	j := i + strings.Index(g[i:], "]")
	if i < 0 || !strings.Contains(g[i:j], `"seniorEditor", `) {
		t.Fatal("grants.json changed shape")
	}
	out["grants.json"] = g[:i] + strings.Replace(g[i:j], `"seniorEditor", `, "", 1) + g[j:]
	if fixTest {
		out["assortments_test.rego"] = strings.Replace(out["assortments_test.rego"].(string),
			"test_assortments_edit_allow_seniorEditor if t.allowed(", "test_assortments_edit_deny_seniorEditor if not t.allowed(", 1)
	}
	return out
}

// mayEdit asks the server whether c may edit a Retail assortment.
func mayEdit(t testing.TB, c *apptest.Client) bool {
	t.Helper()
	r := c.Do("POST", "/api/authz/decisions", map[string]any{"checks": []map[string]any{{"action": actions.AssortmentsEdit, "resource": map[string]any{"channel": "Retail"}}}})
	if r.Status != 200 {
		t.Fatalf("decisions: %d %s", r.Status, r.Raw)
	}
	return r.Body["decisions"].([]any)[0] == true
}

// eventually waits (at most 10 s) for want; the time a switch takes is measured by the benchmark.
func eventually(t *testing.T, what string, want bool, f func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for f() != want {
		if time.Now().After(deadline) {
			t.Fatalf("%s: still %v", what, !want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestPolicyVersionsTwoServers(t *testing.T) {
	a := start(t)
	b := a.Peer(t, modulesUnderTest)
	adm := a.Client()
	adm.Login("admin@example.com")
	se := a.Client()
	se.Login("seniorEditor@example.com")
	seOnB := se.On(b)
	if !mayEdit(t, se) || !mayEdit(t, seOnB) {
		t.Fatal("the shipped policies refuse the senior editor")
	}

	r := adm.Do("GET", "/api/admin/policies/versions", nil)
	list := r.Body["data"].([]any)
	if r.Status != 200 || len(list) != 1 || list[0].(map[string]any)["kind"] != "shipped" || list[0].(map[string]any)["live"] != true {
		t.Fatalf("version 1: %d %s", r.Status, r.Raw)
	}
	v1, files := liveFiles(t, adm)

	// The grant goes but the test asserting it stays: refused with the test named, nothing changes.
	r = adm.Do("POST", "/api/admin/policies/versions", map[string]any{"base": v1, "comment": "no senior edits", "files": withoutSeniorEditor(t, files, false)})
	if r.Status != 422 || !strings.Contains(string(r.Raw), "test_assortments_edit_allow_seniorEditor") {
		t.Fatalf("failing test not refused by name: %d %s", r.Status, r.Raw)
	}
	// A compile error is refused with its file and line.
	broken := map[string]any{}
	for k, v := range files {
		broken[k] = v
	}
	broken["assortments.rego"] = files["assortments.rego"].(string) + "\nallow if {\n\tinput.action == \"x\"\n\tno_such_var.y\n}\n"
	r = adm.Do("POST", "/api/admin/policies/versions", map[string]any{"base": v1, "comment": "broken", "files": broken})
	errs, _ := r.Body["details"].(map[string]any)["errors"].([]any)
	if r.Status != 422 || len(errs) == 0 || errs[0].(map[string]any)["file"] != "assortments.rego" || errs[0].(map[string]any)["row"].(float64) < 2 {
		t.Fatalf("compile error not refused with its place: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM policy_versions`); n != 1 || !mayEdit(t, se) {
		t.Fatal("a refused version changed the policies")
	}
	// Each refusal is an audit entry naming what stopped it.
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'policies.version.refused' AND data::text LIKE '%test_assortments_edit_allow_seniorEditor%'`); n != 1 {
		t.Fatalf("%d refused saves audited with the failing test, want 1", n)
	}

	// With the test turned around it goes live: at once here, within a second on the other server.
	r = adm.Do("POST", "/api/admin/policies/versions", map[string]any{"base": v1, "comment": "no senior edits", "files": withoutSeniorEditor(t, files, true)})
	if r.Status != 201 || r.Body["data"].(map[string]any)["version"].(float64) != 2 {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}
	if mayEdit(t, se) {
		t.Fatal("the saving server still allows the senior editor")
	}
	eventually(t, "the other server switches", false, func() bool { return mayEdit(t, seOnB) })
	// A save based on an old version conflicts.
	if r := adm.Do("POST", "/api/admin/policies/versions", map[string]any{"base": v1, "comment": "stale", "files": files}); r.Status != 409 {
		t.Fatalf("stale save: %d %s", r.Status, r.Raw)
	}

	// The diff names the grant.
	r = adm.Do("GET", "/api/admin/policies/versions/2/diff", nil)
	if d, _ := r.Body["data"].(map[string]any)["diff"].(string); r.Status != 200 || !strings.Contains(d, `-    {"domain": "its:productAssortments", "roles": ["editor", "seniorEditor", "manager"]`) {
		t.Fatalf("diff: %d %s", r.Status, r.Raw)
	}

	// The simulator explains the deny; a draft of version 1 would allow it.
	seID := userID(t, a, "seniorEditor@example.com")
	r = adm.Do("POST", "/api/admin/policies/simulate", map[string]any{"userId": seID, "action": actions.AssortmentsEdit, "resource": map[string]any{"channel": "Retail"}})
	d := r.Body["data"].(map[string]any)
	if r.Status != 200 || d["allowed"] != false || len(d["failed"].([]any)) == 0 || !strings.Contains(string(r.Raw), "p.role in") {
		t.Fatalf("simulate deny: %d %s", r.Status, r.Raw)
	}
	r = adm.Do("POST", "/api/admin/policies/simulate", map[string]any{"userId": seID, "method": "POST", "path": "/api/authz/decisions", "draft": files})
	if r.Status != 200 || r.Body["data"].(map[string]any)["allowed"] != true {
		t.Fatalf("simulate a route: %d %s", r.Status, r.Raw)
	}
	r = adm.Do("POST", "/api/admin/policies/simulate", map[string]any{"identity": map[string]any{"permissions": []map[string]string{
		{"domain": "its:productAssortments", "role": "seniorEditor", "channel": "All", "region": "All", "productType": "All"}}},
		"action": actions.AssortmentsEdit, "resource": map[string]any{"channel": "Retail"}, "draft": files})
	if r.Status != 200 || r.Body["data"].(map[string]any)["allowed"] != true || len(r.Body["data"].(map[string]any)["matched"].([]any)) == 0 {
		t.Fatalf("simulate a made-up identity on a draft: %d %s", r.Status, r.Raw)
	}
	who := func(draft any) string {
		r := adm.Do("POST", "/api/admin/policies/who", map[string]any{"action": actions.AssortmentsEdit, "resource": map[string]any{"channel": "Retail"}, "draft": draft})
		if r.Status != 200 {
			t.Fatalf("who: %d %s", r.Status, r.Raw)
		}
		return string(r.Raw)
	}
	if now, before := who(nil), who(files); strings.Contains(now, "senioreditor@example.com") || !strings.Contains(before, "senioreditor@example.com") ||
		!strings.Contains(now, `"role":"editor"`) || strings.Contains(now, `"role":"seniorEditor"`) {
		t.Fatalf("who can edit: now %s, with version 1 %s", now, before)
	}
	r = adm.Do("POST", "/api/admin/policies/what", map[string]any{"userId": seID})
	if r.Status != 200 || !strings.Contains(string(r.Raw), `"path":"/api/admin/policies/versions","action":"`+actions.AdminPolicies+`","allowed":false`) {
		t.Fatalf("what can the senior editor do: %d %.500s", r.Status, r.Raw)
	}

	// Rollback to version 1 is version 3, live on both servers.
	r = adm.Do("POST", "/api/admin/policies/versions/1/rollback", map[string]any{})
	if r.Status != 201 || r.Body["data"].(map[string]any)["kind"] != "rollback" || r.Body["data"].(map[string]any)["version"].(float64) != 3 {
		t.Fatalf("rollback: %d %s", r.Status, r.Raw)
	}
	if !mayEdit(t, se) {
		t.Fatal("rollback not live here")
	}
	eventually(t, "the other server rolls back", true, func() bool { return mayEdit(t, seOnB) })

	// Every version and every refused save is an audit entry.
	r = adm.Do("GET", "/api/admin/audit?kind=policies.", nil)
	if r.Status != 200 || len(r.Body["data"].([]any)) != 5 {
		t.Fatalf("policy audit entries: %d %s", r.Status, r.Raw)
	}
}

func TestPolicyRoutesAreAdminOnly(t *testing.T) {
	a := start(t)
	se := a.Client()
	se.Login("seniorEditor@example.com")
	for _, rt := range [][2]string{
		{"GET", "/api/admin/policies/versions"}, {"POST", "/api/admin/policies/versions"}, {"GET", "/api/admin/policies/versions/1"},
		{"GET", "/api/admin/policies/versions/1/diff"}, {"POST", "/api/admin/policies/versions/1/rollback"},
		{"POST", "/api/admin/policies/validate"}, {"POST", "/api/admin/policies/format"}, {"POST", "/api/admin/policies/simulate"},
		{"POST", "/api/admin/policies/who"}, {"POST", "/api/admin/policies/what"}, {"GET", "/api/admin/audit"}, {"GET", "/api/admin/audit/xlsx"},
		{"GET", "/api/admin/policies/catalog"}, {"POST", "/api/admin/policies/preview"},
	} {
		if r := se.Do(rt[0], rt[1], map[string]any{}); r.Status != 403 {
			t.Fatalf("%s %s: %d", rt[0], rt[1], r.Status)
		}
	}
	if n := a.Count(`SELECT count(*) FROM policy_versions`); n != 1 {
		t.Fatal("a forged request made a version")
	}
	// Each refusal is an audit entry naming the route.
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'request.denied' AND model_id LIKE '% /api/admin/%'`); n != 14 {
		t.Fatalf("%d refused admin requests audited, want 14", n)
	}
}

func TestAuditLog(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	id := userID(t, a, "user@example.com")
	if r := adm.Do("PATCH", "/api/admin/users/"+id, map[string]any{"flags": []string{"wof"}, "departmentAccess": []string{"Sales"}}); r.Status != 200 {
		t.Fatalf("patch: %d %s", r.Status, r.Raw)
	}
	r := adm.Do("GET", "/api/admin/audit?kind=admin.users.update&actor=admin@example&text=wof&from="+time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), nil)
	list, _ := r.Body["data"].([]any)
	if r.Status != 200 || len(list) != 1 {
		t.Fatalf("audit list: %d %s", r.Status, r.Raw)
	}
	e := list[0].(map[string]any)
	if e["modelId"] != id || e["actorEmail"] != "admin@example.com" || !strings.Contains(fmt.Sprint(e["data"]), "before") {
		t.Fatalf("entry: %v", e)
	}
	if r := adm.Do("GET", "/api/admin/audit?kind=admin.users.update&to=2000-01-01", nil); len(r.Body["data"].([]any)) != 0 {
		t.Fatal("date filter ignored")
	}
	if r := adm.Do("GET", "/api/admin/audit?from=yesterday", nil); r.Status != 400 && r.Status != 422 {
		t.Fatalf("bad date: %d", r.Status)
	}
	r = adm.Do("GET", "/api/admin/audit/xlsx?kind=admin.users.update", nil)
	if r.Status != 200 || !bytes.HasPrefix(r.Raw, []byte("PK")) || !strings.Contains(r.Header.Get("Content-Disposition"), "audit-log.xlsx") {
		t.Fatalf("export: %d %s", r.Status, r.Header)
	}
	// No API edits or deletes an entry, and the database refuses it.
	for _, m := range []string{"PUT", "PATCH", "DELETE"} {
		if r := adm.Do(m, "/api/admin/audit", map[string]any{}); r.Status != 404 && r.Status != 405 {
			t.Fatalf("%s /api/admin/audit: %d", m, r.Status)
		}
	}
	if _, err := a.DB.Exec(t.Context(), `UPDATE audit_log SET action = 'x'`); err == nil {
		t.Fatal("an audit entry was changed")
	}
	if _, err := a.DB.Exec(t.Context(), `DELETE FROM audit_log`); err == nil {
		t.Fatal("an audit entry was deleted")
	}
}

func TestPolicyPreviewAndCatalog(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	r := adm.Do("GET", "/api/admin/policies/catalog", nil)
	if r.Status != 200 || !strings.Contains(string(r.Raw), `"id":"`+actions.AdminPolicies+`"`) || !strings.Contains(string(r.Raw), `"seniorEditor"`) {
		t.Fatalf("catalog: %d %.300s", r.Status, r.Raw)
	}
	_, files := liveFiles(t, adm)
	// The same files change nothing.
	r = adm.Do("POST", "/api/admin/policies/preview", map[string]any{"files": files})
	if r.Status != 200 || len(r.Body["data"].(map[string]any)["changes"].([]any)) != 0 {
		t.Fatalf("preview of the live set: %d %s", r.Status, r.Raw)
	}
	r = adm.Do("POST", "/api/admin/policies/preview", map[string]any{"files": withoutSeniorEditor(t, files, true)})
	changes, _ := r.Body["data"].(map[string]any)["changes"].([]any)
	if r.Status != 200 || len(changes) != 1 {
		t.Fatalf("preview: %d %s", r.Status, r.Raw)
	}
	c := changes[0].(map[string]any)
	raw := fmt.Sprint(c)
	if c["action"] != actions.AssortmentsEdit || len(c["gained"].([]any)) != 0 || !strings.Contains(raw, "senioreditor@example.com") ||
		len(c["lost"].([]any)) != 1 || !strings.Contains(fmt.Sprint(c["rolesLost"]), "domain:its:productAssortments role:seniorEditor") {
		t.Fatalf("change: %s", raw)
	}
	// A draft that is not JSON is refused, and nothing was saved by previews.
	bad := map[string]any{}
	for k, v := range files {
		bad[k] = v
	}
	bad["grants.json"] = "{"
	if r := adm.Do("POST", "/api/admin/policies/preview", map[string]any{"files": bad}); r.Status != 422 && r.Status != 400 {
		t.Fatalf("broken grants: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM policy_versions`); n != 1 {
		t.Fatal("a preview made a version")
	}
}

// TestSimulateSignInGroups: the simulator makes the user a company sign-in's groups map to, in
// the live set or a draft of the mapping (sso.rego), and decides for it.
func TestSimulateSignInGroups(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	body := map[string]any{"signIn": map[string]any{"provider": "corp", "groups": []string{"ITS Sample Orders"}}, "action": actions.AssortmentsView}
	r := adm.Do("POST", "/api/admin/policies/simulate", body)
	d, _ := r.Body["data"].(map[string]any)
	if r.Status != 200 || d["allowed"] != false || !strings.Contains(string(r.Raw), `"domain":"its:sampleOrders"`) {
		t.Fatalf("simulate the live mapping: %d %s", r.Status, r.Raw)
	}
	r = adm.Do("GET", "/api/admin/policies/versions/1", nil)
	files := map[string]string{}
	for k, v := range r.Body["data"].(map[string]any)["files"].(map[string]any) {
		files[k] = v.(string)
	}
	files["sso.rego"] = strings.Replace(files["sso.rego"], `"ITS Sample Orders": {"permissions": [{"domain": "its:sampleOrders", "role": "user"}]}`,
		`"ITS Sample Orders": {"permissions": [{"domain": "its:sampleOrders", "role": "user"}, {"domain": "its:productAssortments", "role": "user"}]}`, 1)
	body["draft"] = files
	r = adm.Do("POST", "/api/admin/policies/simulate", body)
	if d, _ := r.Body["data"].(map[string]any); r.Status != 200 || d["allowed"] != true {
		t.Fatalf("simulate a draft mapping: %d %s", r.Status, r.Raw)
	}
}

// The simulator asks a route's second questions as its guard does: a made-up products user may
// save views (the route's action) but not of the sample inventory grid (the route's second
// check), so the route is denied with the refusal shown under that check; a grid the user may
// open is allowed with both checks held; an unknown grid answers as the route would (400).
func TestSimulateRouteAsksSecondChecks(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	productsUser := map[string]any{"permissions": []map[string]string{
		{"domain": "its:products", "role": "user", "channel": "All", "region": "All", "productType": "All"}}}
	sim := func(path string) (int, map[string]any, string) {
		r := adm.Do("POST", "/api/admin/policies/simulate", map[string]any{"identity": productsUser, "method": "GET", "path": path})
		d, _ := r.Body["data"].(map[string]any)
		return r.Status, d, string(r.Raw)
	}
	status, d, raw := sim("/api/gridViews/sampleInventory.Production")
	if status != 200 || d["action"] != actions.SearchesSave || len(d["matched"].([]any)) == 0 || d["allowed"] != false {
		t.Fatalf("a refused second check: %d %s", status, raw)
	}
	also := d["also"].([]any)
	if len(also) != 1 {
		t.Fatalf("want the one second check, got %s", raw)
	}
	second := also[0].(map[string]any)
	if second["action"] != actions.SampleInventoryView || second["allowed"] != false || second["resource"].(map[string]any)["library"] != "Production" {
		t.Fatalf("the second check: %s", raw)
	}
	status, d, raw = sim("/api/gridViews/products.catalog")
	if status != 200 || d["allowed"] != true || len(d["also"].([]any)) != 1 || d["also"].([]any)[0].(map[string]any)["action"] != actions.ProductsView {
		t.Fatalf("both checks held: %d %s", status, raw)
	}
	if status, _, raw = sim("/api/gridViews/nosuchgrid"); status != 400 || !strings.Contains(raw, "nosuchgrid") {
		t.Fatalf("an unknown grid: %d %s", status, raw)
	}
	// A route without second checks lists none.
	if status, d, raw = sim("/api/products/locations"); status != 200 || len(d["also"].([]any)) != 0 {
		t.Fatalf("a route without second checks: %d %s", status, raw)
	}
}
