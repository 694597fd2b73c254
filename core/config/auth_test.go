package config

import (
	"strings"
	"testing"
)

// TestAuthProvidersFromEnv: the provider list comes from ITS_AUTH_PROVIDERS (YAML or JSON) and
// is empty by default.
func TestAuthProvidersFromEnv(t *testing.T) {
	c, err := LoadFrom(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Auth.Providers) != 0 {
		t.Fatalf("default providers: %+v", c.Auth.Providers)
	}
	c, err = LoadFrom([]string{`ITS_AUTH_PROVIDERS=[{id: corp, type: oidc, name: Corp, domains: ["@Corp.Example"], only: true,
		oidc: {issuer: "https://login.corp.example/", client_id: its, client_secret: s3cret}, claims: {user_code: employee_id}}]`})
	if err != nil {
		t.Fatal(err)
	}
	p := c.Auth.Providers[0]
	if p.ID != "corp" || p.OIDC.ClientID != "its" || p.Domains[0] != "corp.example" || !p.Only ||
		p.Claim("user_code") != "employee_id" || p.Claim("email") != "email" || p.Groups() != "groups" || p.OIDC.Skew() <= 0 {
		t.Fatalf("provider: %+v", p)
	}
}

// TestAuthProviderIncomplete: an incomplete provider stops the start with the key to fix.
func TestAuthProviderIncomplete(t *testing.T) {
	for _, tc := range []struct{ list, want string }{
		{`[{id: corp, type: oidc, name: Corp}]`, "needs an oidc section"},
		{`[{id: corp, type: oidc, name: Corp, oidc: {issuer: "https://x.example", client_id: a}}]`, "client_id and client_secret are required"},
		{`[{id: corp, type: oidc, name: Corp, oidc: {issuer: "x.example", client_id: a, client_secret: b}}]`, "oidc.issuer"},
		{`[{id: Corp!, type: oidc, name: Corp}]`, "auth.providers[0].id"},
		{`[{id: corp, type: oidc, oidc: {issuer: "https://x.example", client_id: a, client_secret: b}}]`, "name is required"},
		{`[{id: corp, type: ldap, name: Corp}]`, "is not oidc or saml"},
		{`[{id: corp, type: saml, name: Corp, saml: {entity_id: e, cert_file: c, key_file: k}}]`, "one of idp_metadata_url and idp_metadata"},
		{`[{id: corp, type: oidc, name: Corp, only: true, oidc: {issuer: "https://x.example", client_id: a, client_secret: b}}]`, "only needs the domains"},
		{`[{id: corp, type: oidc, name: Corp, claims: {shoe: s}, oidc: {issuer: "https://x.example", client_id: a, client_secret: b}}]`, `"shoe" is not one of`},
	} {
		_, err := LoadFrom([]string{"ITS_AUTH_PROVIDERS=" + tc.list})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.list, err, tc.want)
		}
	}
}
