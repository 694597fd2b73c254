package config

import (
	"strings"
	"testing"
	"time"
)

func TestDefaults(t *testing.T) {
	c, err := LoadFrom(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./var" || c.DatabaseURL != "" || !c.Demo || c.DemoPassword != "its-demo" || c.Env != "development" {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if c.Session.UserTimeoutMs != 3_600_000-30_000 || c.Session.UserWarningMs != 300_000 {
		t.Fatalf("session defaults: %+v", c.Session)
	}
	if c.Session.AbsoluteLifetime.Duration != 12*time.Hour {
		t.Fatalf("absolute lifetime %v", c.Session.AbsoluteLifetime)
	}
	if c.CRM.Driver != "outbox" || c.CRM.MaxAttempts != 8 || c.CRM.Timeout.Duration != 10*time.Second {
		t.Fatalf("crm defaults: %+v", c.CRM)
	}
}

// TestCRMHTTPSettings: the http CRM driver's keys come from the environment like the others.
func TestCRMHTTPSettings(t *testing.T) {
	c, err := LoadFrom([]string{"ITS_CRM_DRIVER=http", "ITS_CRM_URL=https://crm.example/sync", "ITS_CRM_SECRET=" + strings.Repeat("k", 32),
		"ITS_CRM_TIMEOUT=3s", "ITS_CRM_MAX_ATTEMPTS=3"})
	if err != nil {
		t.Fatal(err)
	}
	if c.CRM.Driver != "http" || c.CRM.URL != "https://crm.example/sync" || len(c.CRM.Secret) != 32 || c.CRM.Timeout.Duration != 3*time.Second || c.CRM.MaxAttempts != 3 {
		t.Fatalf("crm settings: %+v", c.CRM)
	}
}

func TestEnvOverrides(t *testing.T) {
	c, err := LoadFrom([]string{"ITS_ADDR=127.0.0.1:9999", "ITS_SESSION_USER_TIMEOUT_MS=20000", "ITS_SESSION_USER_WARNING_MS=5000", "ITS_DEMO=false", "ITS_SESSION_ABSOLUTE_LIFETIME=1h", "PATH=/bin"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9999" || c.Session.UserTimeoutMs != 20000 || c.Demo || c.Session.AbsoluteLifetime.Duration != time.Hour {
		t.Fatalf("overrides not applied: %+v", c)
	}
}

func TestOverlayFile(t *testing.T) {
	c, err := LoadFrom([]string{"ITS_CONFIG=configs/production.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Production() || c.Demo || !c.Session.SecureCookies {
		t.Fatalf("production overlay not applied: %+v", c)
	}
}

func TestRejects(t *testing.T) {
	cases := map[string][]string{
		"unknown configuration variable": {"ITS_NOPE=1"},
		"refusing to start":              {"ITS_ENV=production", "ITS_AUTHZ_GRANT_ALL=true"},
		"not a duration":                 {"ITS_LOGIN_FAILURE_WINDOW=soon"},
		"must be below":                  {"ITS_SESSION_USER_WARNING_MS=99999999"},
		"is not development":             {"ITS_ENV=staging"},
		"is not outbox or http":          {"ITS_CRM_DRIVER=soap"},
		"required with crm.driver http":  {"ITS_CRM_DRIVER=http", "ITS_CRM_URL=http://crm.example/sync", "ITS_CRM_SECRET=short"},
	}
	for want, env := range cases {
		_, err := LoadFrom(env)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: got %v, want error containing %q", env, err, want)
		}
	}
}

// Links follow the listen address unless public_url is set.
func TestPublicURLFollowsAddr(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{[]string{"ITS_ADDR=127.0.0.1:9999"}, "http://127.0.0.1:9999"},
		{[]string{"ITS_ADDR=0.0.0.0:8081"}, "http://localhost:8081"},
		{[]string{"ITS_ADDR=:8082"}, "http://localhost:8082"},
		{[]string{"ITS_ADDR=[::]:8083"}, "http://localhost:8083"},
		{[]string{"ITS_ADDR=127.0.0.1:9999", "ITS_PUBLIC_URL=https://its.example.com"}, "https://its.example.com"},
	} {
		c, err := LoadFrom(tc.env)
		if err != nil {
			t.Fatal(err)
		}
		if c.PublicURL != tc.want {
			t.Errorf("%v: public URL %q, want %q", tc.env, c.PublicURL, tc.want)
		}
	}
}

// TestSCIMProviders: auth.scim is empty by default (SCIM off), comes from ITS_AUTH_SCIM as a YAML
// list, and refuses short tokens, malformed hashes and repeated or malformed provider ids.
func TestSCIMProviders(t *testing.T) {
	c, err := LoadFrom(nil)
	if err != nil || len(c.Auth.SCIM) != 0 {
		t.Fatalf("default auth.scim: %v %v", c.Auth.SCIM, err)
	}
	hash := "sha256:" + strings.Repeat("ab", 32)
	c, err = LoadFrom([]string{"ITS_AUTH_SCIM=[{provider: okta, token: " + strings.Repeat("t", 32) + "}, {provider: entra-id, token: '" + hash + "'}]"})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Auth.SCIM) != 2 || c.Auth.SCIM[0].Provider != "okta" || c.Auth.SCIM[1].Token != hash {
		t.Fatalf("auth.scim: %+v", c.Auth.SCIM)
	}
	for _, bad := range []string{
		"[{provider: okta, token: short}]",
		"[{provider: okta, token: 'sha256:abc'}]",
		"[{provider: Okta!, token: " + strings.Repeat("t", 32) + "}]",
		"[{provider: okta, token: " + strings.Repeat("t", 32) + "}, {provider: okta, token: " + strings.Repeat("u", 32) + "}]",
		"[{provider: okta, token: " + strings.Repeat("t", 32) + ", extra: 1}]",
	} {
		if _, err := LoadFrom([]string{"ITS_AUTH_SCIM=" + bad}); err == nil {
			t.Errorf("ITS_AUTH_SCIM=%s accepted", bad)
		}
	}
}
