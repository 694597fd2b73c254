package users_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/identity"
	"its/modules/users"
)

const (
	oktaToken  = "okta-scim-token-0123456789abcdef0123456789"
	entraToken = "entra-scim-token-0123456789abcdef0123456789"
)

// scimEnv configures two providers: Okta by its token, Entra ID by its token's hash.
func scimEnv() string {
	sum := sha256.Sum256([]byte(entraToken))
	return fmt.Sprintf("ITS_AUTH_SCIM=[{provider: okta, token: %s}, {provider: entra, token: 'sha256:%s'}]", oktaToken, hex.EncodeToString(sum[:]))
}

// scimClient is an identity provider calling ITS with token.
func scimClient(a *apptest.App, token string) *apptest.Client {
	c := a.Client()
	if token != "" {
		c.Header.Set("Authorization", "Bearer "+token)
	}
	c.Header.Set("Content-Type", "application/scim+json")
	return c
}

func oktaUser(email, given, family, external string) map[string]any {
	return map[string]any{
		"schemas":    []string{"urn:ietf:params:scim:schemas:core:2.0:User"},
		"userName":   email,
		"name":       map[string]any{"givenName": given, "familyName": family},
		"emails":     []any{map[string]any{"primary": true, "value": email, "type": "work"}},
		"externalId": external,
		"active":     true,
	}
}

func want(t *testing.T, r *apptest.Response, status int) map[string]any {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Raw)
	}
	return r.Body
}

func patchOp(ops ...map[string]any) map[string]any {
	return map[string]any{"schemas": []string{"urn:ietf:params:scim:api:messages:2.0:PatchOp"}, "Operations": ops}
}

func TestSCIMProvisioning(t *testing.T) {
	a := start(t, scimEnv())
	// A second server of the same installation, where the provisioned user is logged in.
	b := a.Peer(t, fx.Options(users.Module), scimEnv())
	okta := scimClient(a, oktaToken)
	entra := scimClient(a, entraToken)

	var jane string
	t.Run("POST creates an account of the provider", func(t *testing.T) {
		body := want(t, okta.Do("POST", "/scim/v2/Users", oktaUser("Jane.Doe@Example.com", "Jane", "Doe", "00u1jane")), 201)
		jane, _ = body["id"].(string)
		if body["userName"] != "jane.doe@example.com" || body["externalId"] != "00u1jane" || body["active"] != true {
			t.Fatalf("created: %v", body)
		}
		var strategy, status, name, ext string
		if err := a.DB.QueryRow(t.Context(), `SELECT u.strategy, u.status, u.name || ' ' || u.last_name, s.external_id
			FROM users u JOIN scim_users s ON s.user_id = u.id WHERE u.id::text = $1`, jane).Scan(&strategy, &status, &name, &ext); err != nil {
			t.Fatal(err)
		}
		if strategy != "scim:okta" || status != "active" || name != "Jane Doe" || ext != "00u1jane" {
			t.Fatalf("stored: %s %s %s %s", strategy, status, name, ext)
		}
		if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.scim.create' AND model_id = $1 AND data->>'provider' = 'okta'`, jane); n != 1 {
			t.Fatalf("%d audit entries of the creation", n)
		}
		if r := okta.Do("POST", "/scim/v2/Users", oktaUser("jane.doe@example.com", "J", "D", "dup")); r.Status != 409 || r.Body["scimType"] != "uniqueness" {
			t.Fatalf("a second account for the address: %d %s", r.Status, r.Raw)
		}
		// A refused provisioning request is audited too, with its provider and answer.
		if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.scim.refused' AND data->>'provider' = 'okta' AND data->>'status' = '409'`); n != 1 {
			t.Fatalf("%d audit entries of the refused duplicate", n)
		}
	})

	t.Run("filters find the account as Okta and Entra ID ask", func(t *testing.T) {
		for _, f := range []string{`userName eq "jane.doe@example.com"`, `userName eq "JANE.DOE@example.com"`, `externalId eq "00u1jane"`,
			`emails[value eq "jane.doe@example.com"]`, `name.givenName sw "Ja" and active eq true`} {
			body := want(t, okta.Do("GET", "/scim/v2/Users?filter="+url.QueryEscape(f), nil), 200)
			res, _ := body["Resources"].([]any)
			if body["totalResults"] != float64(1) || len(res) != 1 || res[0].(map[string]any)["id"] != jane {
				t.Fatalf("%s: %s", f, okta.Do("GET", "/scim/v2/Users?filter="+url.QueryEscape(f), nil).Raw)
			}
		}
		body := want(t, okta.Do("GET", "/scim/v2/Users?filter="+url.QueryEscape(`userName eq "nobody@example.com"`), nil), 200)
		if body["totalResults"] != float64(0) {
			t.Fatalf("no match: %v", body)
		}
		// Another provider sees none of Okta's accounts.
		body = want(t, entra.Do("GET", "/scim/v2/Users?filter="+url.QueryEscape(`userName eq "jane.doe@example.com"`), nil), 200)
		if body["totalResults"] != float64(0) {
			t.Fatalf("Entra ID sees Okta's account: %v", body)
		}
		want(t, entra.Do("GET", "/scim/v2/Users/"+jane, nil), 404)
		want(t, entra.Do("PATCH", "/scim/v2/Users/"+jane, patchOp(map[string]any{"op": "replace", "path": "active", "value": false})), 404)
	})

	t.Run("a malformed filter is a 400 SCIM error", func(t *testing.T) {
		for _, f := range []string{`userName eq`, `userName eq "x" and`, `(userName eq "x"`, `nosuch eq "x"`} {
			r := okta.Do("GET", "/scim/v2/Users?filter="+url.QueryEscape(f), nil)
			if r.Status != 400 || r.Body["scimType"] != "invalidFilter" || !strings.Contains(string(r.Raw), "urn:ietf:params:scim:api:messages:2.0:Error") {
				t.Fatalf("%q: %d %s", f, r.Status, r.Raw)
			}
		}
	})

	t.Run("lists are paged by startIndex and count", func(t *testing.T) {
		for i := range 3 {
			want(t, okta.Do("POST", "/scim/v2/Users", oktaUser(fmt.Sprintf("page%d@example.com", i), "Page", fmt.Sprint(i), "")), 201)
		}
		body := want(t, okta.Do("GET", "/scim/v2/Users?startIndex=3&count=2", nil), 200)
		res, _ := body["Resources"].([]any)
		if body["totalResults"] != float64(4) || body["startIndex"] != float64(3) || len(res) != 2 ||
			res[0].(map[string]any)["userName"] != "page1@example.com" || res[1].(map[string]any)["userName"] != "page2@example.com" {
			t.Fatalf("page: %v", body)
		}
	})

	t.Run("PUT replaces the account", func(t *testing.T) {
		u := oktaUser("jane.roe@example.com", "Jane", "Roe", "00u1jane")
		body := want(t, okta.Do("PUT", "/scim/v2/Users/"+jane, u), 200)
		if body["userName"] != "jane.roe@example.com" || body["displayName"] != "Jane Roe" {
			t.Fatalf("replaced: %v", body)
		}
		if n := a.Count(`SELECT count(*) FROM users WHERE id::text = $1 AND email = 'jane.roe@example.com' AND last_name = 'Roe'`, jane); n != 1 {
			t.Fatal("the replacement is not stored")
		}
	})

	t.Run("PATCH active \"False\" deactivates and ends the session on the other server", func(t *testing.T) {
		hash, err := identity.HashPassword("Provisioned-Pass-1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.DB.Exec(t.Context(), `UPDATE users SET password_hash = $2 WHERE id::text = $1`, jane, hash); err != nil {
			t.Fatal(err)
		}
		browser := b.Client()
		want(t, browser.Do("POST", "/api/users/session", map[string]string{"email": "jane.roe@example.com", "password": "Provisioned-Pass-1"}), 200)
		want(t, browser.Do("GET", "/api/users/ping", nil), 200)
		// Entra ID's form: op capitalised, the boolean as a string.
		body := want(t, okta.Do("PATCH", "/scim/v2/Users/"+jane, patchOp(
			map[string]any{"op": "Replace", "path": "active", "value": "False"},
			map[string]any{"op": "Replace", "path": "name.familyName", "value": "Gone"},
		)), 200)
		if body["active"] != false {
			t.Fatalf("patched: %v", body)
		}
		if n := a.Count(`SELECT count(*) FROM users WHERE id::text = $1 AND status = 'deactivated' AND last_name = 'Gone'`, jane); n != 1 {
			t.Fatal("the account is not deactivated")
		}
		apptest.Eventually(t, "the end of the session on the second server", func() error {
			if r := browser.Do("GET", "/api/users/ping", nil); r.Status != 401 {
				return fmt.Errorf("ping %d", r.Status)
			}
			return nil
		})
		if r := browser.Do("POST", "/api/users/session", map[string]string{"email": "jane.roe@example.com", "password": "Provisioned-Pass-1"}); r.Status != 403 {
			t.Fatalf("a deactivated account logged in: %d %s", r.Status, r.Raw)
		}
		if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.scim.deactivate' AND model_id = $1`, jane); n != 1 {
			t.Fatalf("%d audit entries of the deactivation", n)
		}
		// Okta's form: a path-less replace with a JSON boolean.
		body = want(t, okta.Do("PATCH", "/scim/v2/Users/"+jane, patchOp(map[string]any{"op": "replace", "value": map[string]any{"active": true}})), 200)
		if body["active"] != true || a.Count(`SELECT count(*) FROM users WHERE id::text = $1 AND status = 'active'`, jane) != 1 {
			t.Fatalf("reactivated: %v", body)
		}
	})

	t.Run("groups keep their members", func(t *testing.T) {
		var page0, page1 string
		if err := a.DB.QueryRow(t.Context(), `SELECT (SELECT id::text FROM users WHERE email = 'page0@example.com'), (SELECT id::text FROM users WHERE email = 'page1@example.com')`).Scan(&page0, &page1); err != nil {
			t.Fatal(err)
		}
		body := want(t, okta.Do("POST", "/scim/v2/Groups", map[string]any{
			"schemas":     []string{"urn:ietf:params:scim:schemas:core:2.0:Group"},
			"displayName": "Buyers", "members": []any{map[string]any{"value": jane}},
		}), 201)
		group, _ := body["id"].(string)
		// Okta adds members, and removes one by a filter; Entra ID removes by a value list.
		want(t, okta.Do("PATCH", "/scim/v2/Groups/"+group, patchOp(map[string]any{"op": "add", "path": "members", "value": []any{map[string]any{"value": page0}, map[string]any{"value": page1}}})), 200)
		want(t, okta.Do("PATCH", "/scim/v2/Groups/"+group, patchOp(map[string]any{"op": "remove", "path": fmt.Sprintf(`members[value eq "%s"]`, jane)})), 200)
		body = want(t, okta.Do("PATCH", "/scim/v2/Groups/"+group, patchOp(
			map[string]any{"op": "Remove", "path": "members", "value": []any{map[string]any{"value": page0}}},
			map[string]any{"op": "replace", "value": map[string]any{"id": group, "displayName": "Senior buyers"}},
		)), 200)
		members, _ := body["members"].([]any)
		if body["displayName"] != "Senior buyers" || len(members) != 1 || members[0].(map[string]any)["value"] != page1 {
			t.Fatalf("group: %v", body)
		}
		if n := a.Count(`SELECT count(*) FROM scim_group_members m JOIN scim_groups g ON g.id = m.group_id WHERE g.display_name = 'Senior buyers' AND m.user_id::text = $1`, page1); n != 1 {
			t.Fatal("membership not stored")
		}
		body = want(t, okta.Do("GET", "/scim/v2/Groups?filter="+url.QueryEscape(`displayName eq "Senior buyers"`), nil), 200)
		if body["totalResults"] != float64(1) {
			t.Fatalf("group by name: %v", body)
		}
		// A member the provider did not provision is refused and nothing changes.
		r := okta.Do("PATCH", "/scim/v2/Groups/"+group, patchOp(map[string]any{"op": "add", "path": "members", "value": []any{map[string]any{"value": "00000000-0000-4000-8000-000000000000"}}}))
		if r.Status != 400 || a.Count(`SELECT count(*) FROM scim_group_members WHERE group_id::text = $1`, group) != 1 {
			t.Fatalf("unknown member: %d %s", r.Status, r.Raw)
		}
		if n := a.Count(`SELECT count(*) FROM audit_log WHERE action LIKE 'users.scim.group.%' AND model_id = $1`, group); n != 4 {
			t.Fatalf("%d audit entries of the group's changes, want 4", n)
		}
	})

	t.Run("a wrong or missing token is refused and writes nothing", func(t *testing.T) {
		users0 := a.Count(`SELECT count(*) FROM users`)
		refused0 := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.scim.refused'`)
		for _, c := range []*apptest.Client{scimClient(a, "not-the-token-0123456789abcdef0123456789"), scimClient(a, "")} {
			r := c.Do("POST", "/scim/v2/Users", oktaUser("intruder@example.com", "In", "Truder", ""))
			if r.Status != 401 || !strings.Contains(string(r.Raw), "urn:ietf:params:scim:api:messages:2.0:Error") || r.Header.Get("WWW-Authenticate") == "" {
				t.Fatalf("refused: %d %s", r.Status, r.Raw)
			}
			if r := c.Do("PATCH", "/scim/v2/Users/"+jane, patchOp(map[string]any{"op": "replace", "path": "active", "value": false})); r.Status != 401 {
				t.Fatalf("patch refused: %d", r.Status)
			}
		}
		if a.Count(`SELECT count(*) FROM users`) != users0 || a.Count(`SELECT count(*) FROM users WHERE id::text = $1 AND status = 'active'`, jane) != 1 {
			t.Fatal("a refused request changed accounts")
		}
		if n := a.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.scim.refused'`) - refused0; n != 4 {
			t.Fatalf("%d refusals audited, want 4", n)
		}
	})

	t.Run("a body over the limit is refused before it is parsed", func(t *testing.T) {
		big := `{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"big@example.com","title":"` + strings.Repeat("x", 1<<20) + `"}`
		if r := okta.Do("POST", "/scim/v2/Users", big); r.Status != 413 || a.Count(`SELECT count(*) FROM users WHERE email = 'big@example.com'`) != 0 {
			t.Fatalf("big body: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("discovery", func(t *testing.T) {
		for _, p := range []string{"/scim/v2/ServiceProviderConfig", "/scim/v2/ResourceTypes", "/scim/v2/Schemas"} {
			want(t, okta.Do("GET", p, nil), 200)
		}
		body := want(t, okta.Do("GET", "/scim/v2/ServiceProviderConfig", nil), 200)
		if fmt.Sprint(body["patch"]) != "map[supported:true]" {
			t.Fatalf("config: %v", body)
		}
	})

	t.Run("DELETE deactivates the account and lets it go", func(t *testing.T) {
		want(t, okta.Do("DELETE", "/scim/v2/Users/"+jane, nil), 204)
		want(t, okta.Do("GET", "/scim/v2/Users/"+jane, nil), 404)
		if a.Count(`SELECT count(*) FROM users WHERE id::text = $1 AND status = 'deactivated'`, jane) != 1 {
			t.Fatal("deleted account still active")
		}
	})
}

func TestSCIMOffByDefault(t *testing.T) {
	a := start(t)
	if r := scimClient(a, oktaToken).Do("GET", "/scim/v2/Users", nil); r.Status != 404 {
		t.Fatalf("SCIM without providers: %d %s", r.Status, r.Raw)
	}
}
