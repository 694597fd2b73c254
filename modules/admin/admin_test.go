package admin_test

import (
	"fmt"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/actions"
	"its/modules/admin"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/searches"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// modulesUnderTest: the admin pages include the CRM outbox of the assortments module (its
// action gates the page), so the admin module is tested beside it; searches gives the simulator
// routes with second checks (a grid's views).
var modulesUnderTest = fx.Options(users.Module, products.Module, assortments.Module, searches.Module, admin.Module)

func start(t *testing.T) *apptest.App {
	return apptest.Start(t, modulesUnderTest)
}

func userID(t *testing.T, a *apptest.App, email string) string {
	var id string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM users WHERE lower(email) = lower($1)`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestOnlyAdminsAdminister(t *testing.T) {
	a := start(t)
	ed := a.Client()
	ed.Login("editor@example.com")
	id := userID(t, a, "user@example.com")
	for _, r := range []*apptest.Response{
		ed.Do("GET", "/api/admin/users", nil),
		ed.Do("GET", "/api/mail/outbox", nil),
		ed.Do("PATCH", "/api/admin/users/"+id, map[string]any{"flags": []string{"wof"}}),
	} {
		if r.Status != 403 || r.Body["messageCode"] != "ITS_ERR_FORBIDDEN" {
			t.Fatalf("editor got %d %s", r.Status, r.Raw)
		}
	}
	if n := a.Count(`SELECT count(*) FROM users WHERE 'wof' = ANY(flags) AND email = 'user@example.com'`); n != 0 {
		t.Fatal("forged admin request changed the account")
	}
}

func TestEditPermissionsTakesEffectAtOnce(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	u := a.Client()
	u.Login("user@example.com")
	check := map[string]any{"checks": []map[string]any{{"action": actions.AssortmentsEdit, "resource": map[string]any{"channel": "Retail"}}}}
	if d := u.Do("POST", "/api/authz/decisions", check); d.Body["decisions"].([]any)[0] != false {
		t.Fatal("plain user may edit assortments before the grant")
	}
	id := userID(t, a, "user@example.com")
	perms := []map[string]string{
		{"domain": "its:productAssortments", "role": "editor", "channel": "Retail", "region": "All", "productType": "All"},
	}
	r := adm.Do("PATCH", "/api/admin/users/"+id, map[string]any{"permissions": perms, "flags": []string{"wof"}})
	if r.Status != 200 {
		t.Fatalf("patch: %d %s", r.Status, r.Raw)
	}
	if d := u.Do("POST", "/api/authz/decisions", check); d.Body["decisions"].([]any)[0] != true {
		t.Fatal("grant did not take effect on the live session")
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'admin.users.update' AND model_id = $1`, id); n != 1 {
		t.Fatal("no audit entry")
	}
}

func TestBadPatchesChangeNothing(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	id := userID(t, a, "user@example.com")
	before := a.Count(`SELECT count(*) FROM user_permissions WHERE user_id = $1`, id)
	bad := []map[string]any{
		{"permissions": []map[string]string{{"domain": "its:everything", "role": "editor", "channel": "All", "region": "All", "productType": "All"}}},
		{"permissions": []map[string]string{{"domain": "its:products", "role": "god", "channel": "All", "region": "All", "productType": "All"}}},
		{"permissions": []map[string]string{{"domain": "its:products", "role": "user", "channel": "Mars", "region": "All", "productType": "All"}}},
		{"flags": []string{"superuser"}},
		{"status": "pendingEmail"},
		{"departmentAccess": []string{"Finance"}},
	}
	for _, b := range bad {
		if r := adm.Do("PATCH", "/api/admin/users/"+id, b); r.Status != 400 {
			t.Errorf("%v: %d %s", b, r.Status, r.Raw)
		}
	}
	if r := adm.Do("PATCH", "/api/admin/users/"+id, `{"permissions":[],"role":"admin"}`); r.Status != 400 {
		t.Errorf("unknown field: %d", r.Status)
	}
	if after := a.Count(`SELECT count(*) FROM user_permissions WHERE user_id = $1`, id); after != before {
		t.Fatalf("permissions changed from %d to %d", before, after)
	}
	// An admin cannot lock themselves out.
	self := userID(t, a, "admin@example.com")
	if r := adm.Do("PATCH", "/api/admin/users/"+self, map[string]any{"permissions": []any{}}); r.Status != 400 || !strings.Contains(r.Body["message"].(string), "own") {
		t.Fatalf("self lock-out: %d %s", r.Status, r.Raw)
	}
	if r := adm.Do("PATCH", "/api/admin/users/00000000-0000-0000-0000-000000000000", map[string]any{"flags": []string{}}); r.Status != 404 {
		t.Fatalf("unknown user: %d", r.Status)
	}
}

func TestApproveAccessRequestAndDeactivate(t *testing.T) {
	a := start(t)
	anon := a.Client()
	anon.Do("POST", "/api/users/access-request", map[string]string{"email": "pat@partner.example", "name": "Pat", "lastName": "Partner"})
	if _, err := a.DB.Exec(t.Context(), `UPDATE users SET status = 'pendingApproval' WHERE email = 'pat@partner.example'`); err != nil {
		t.Fatal(err)
	}
	adm := a.Client()
	adm.Login("admin@example.com")
	list := adm.Do("GET", "/api/admin/users?status=pendingApproval", nil)
	if list.Status != 200 || len(list.Body["data"].([]any)) != 1 {
		t.Fatalf("pending list: %d %s", list.Status, list.Raw)
	}
	id := userID(t, a, "pat@partner.example")
	if r := adm.Do("PATCH", "/api/admin/users/"+id, map[string]any{"status": "active"}); r.Status != 200 {
		t.Fatalf("approve: %d %s", r.Status, r.Raw)
	}
	out := adm.Do("GET", "/api/mail/outbox?to=pat@partner.example", nil)
	mails := out.Body["data"].([]any)
	if len(mails) == 0 || !strings.Contains(mails[0].(map[string]any)["body"].(string), fmt.Sprintf("/set-password/%s/", id)) {
		t.Fatalf("no welcome mail with a set-password link: %s", out.Raw)
	}
	// Deactivating ends the user's sessions at once.
	u := a.Client()
	u.Login("user@example.com")
	uid := userID(t, a, "user@example.com")
	if r := adm.Do("PATCH", "/api/admin/users/"+uid, map[string]any{"status": "deactivated"}); r.Status != 200 {
		t.Fatalf("deactivate: %d", r.Status)
	}
	if r := u.Do("GET", "/api/users/ping", nil); r.Status != 401 {
		t.Fatalf("deactivated user still logged in: %d", r.Status)
	}
	r := a.Client().Do("POST", "/api/users/session", map[string]string{"email": "user@example.com", "password": "its-demo"})
	if r.Status != 403 || r.Body["messageCode"] != "ITS_ERR_ACCOUNT_DEACTIVATED" {
		t.Fatalf("deactivated login: %d %s", r.Status, r.Raw)
	}
}

// TestSearchTakesWildcardsLiterally: % and _ in the search text are characters to find, not
// patterns that match every account.
func TestSearchTakesWildcardsLiterally(t *testing.T) {
	a := start(t)
	adm := a.Client()
	adm.Login("admin@example.com")
	count := func(text string) int {
		r := adm.Do("GET", "/api/admin/users?text="+text, nil)
		if r.Status != 200 {
			t.Fatalf("search %q: %d %s", text, r.Status, r.Raw)
		}
		return len(r.Body["data"].([]any))
	}
	for _, text := range []string{"%25", "_", "%25%25", "e_itor"} {
		if n := count(text); n != 0 {
			t.Errorf("search %q matched %d accounts", text, n)
		}
	}
	if n := count("editor"); n == 0 {
		t.Error("a plain search found nothing")
	}
}
