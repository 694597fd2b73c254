package users_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/identity"
	"its/core/policyversions"
	"its/core/sso/ssotest"
	"its/modules/users"
)

// publicHost is ITS's public address in these tests: the provider redirects the browser there,
// and the browser's transport takes it to the test server.
const publicHost = "its.test"

type ssoEnv struct {
	app *apptest.App
	op  *ssotest.Provider
}

// startSSO runs a real OpenID Provider on loopback and ITS with it as provider corp, the only
// way in for corp.example.
func startSSO(t testing.TB, opts ...fx.Option) *ssoEnv {
	t.Helper()
	callback := "http://" + publicHost + "/api/users/sso/corp/callback"
	op := ssotest.Start(t, []ssotest.User{{ID: "u1", Username: "ada", FirstName: "Ada", LastName: "Lovelace", Email: "ada@corp.example",
		Claims: map[string]any{"groups": []string{"ITS Assortment Editors", "ITS Wholesale"}, "department": "Production", "country": "GB", "employee_id": "ADA001"}}}, callback)
	providers := fmt.Sprintf(`[{id: corp, type: oidc, name: Corp Login, domains: [corp.example], only: true,
		claims: {user_code: employee_id}, oidc: {issuer: %q, client_id: %q, client_secret: %q}}]`, op.Issuer, ssotest.ClientID, ssotest.ClientSecret)
	a := apptest.Start(t, fx.Options(append(opts, users.Module)...), "ITS_AUTH_PROVIDERS="+providers, "ITS_PUBLIC_URL=http://"+publicHost)
	return &ssoEnv{app: a, op: op}
}

// browser is an HTTP client with a cookie jar whose requests to ITS's public host go to the
// test server.
func (e *ssoEnv) browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	target, _ := url.Parse(e.app.URL)
	return &http.Client{Jar: jar, Transport: rewrite{target: target.Host}}
}

type rewrite struct{ target string }

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == publicHost {
		req = req.Clone(req.Context())
		req.URL.Host = r.target
	}
	return http.DefaultTransport.RoundTrip(req)
}

func (e *ssoEnv) signIn(t testing.TB, b *http.Client) (final *url.URL, callback string) {
	t.Helper()
	loc, cb, err := e.op.SignIn(b, "http://"+publicHost+"/api/users/sso/corp/login", "ada")
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	return u, cb
}

func ping(t testing.TB, b *http.Client) int {
	t.Helper()
	res, err := b.Get("http://" + publicHost + "/api/users/ping")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func account(t testing.TB, a *apptest.App, email string) *identity.User {
	t.Helper()
	u, _, err := identity.NewStore(a.DB).ByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func hasPermission(u *identity.User, domain, role string) bool {
	return slices.ContainsFunc(u.Permissions, func(p identity.Permission) bool { return p.Domain == domain && p.Role == role })
}

// TestOIDCSignInCreatesAndRefreshes: the first sign-in through the provider creates the account
// with its claims and the groups' mapped permissions and flags; a group changed at the provider
// changes them at the next sign-in; both are audited.
func TestOIDCSignInCreatesAndRefreshes(t *testing.T) {
	e := startSSO(t)
	b := e.browser()
	final, _ := e.signIn(t, b)
	if final.Path != "/" || final.Query().Get("ssoError") != "" {
		t.Fatalf("sign-in ended at %s", final)
	}
	if s := ping(t, b); s != 200 {
		t.Fatalf("ping after sign-in: %d", s)
	}
	u := account(t, e.app, "ada@corp.example")
	if u.Strategy != "oidc:corp" || u.Name != "Ada" || u.LastName != "Lovelace" || u.UserCode != "ADA001" || u.Country != "GB" ||
		!slices.Equal(u.DepartmentAccess, []string{"Production"}) || u.Status != "active" || !u.Employee {
		t.Fatalf("created account: %+v", u)
	}
	if !hasPermission(u, "its:productAssortments", "editor") || !hasPermission(u, "its:products", "user") || !slices.Contains(u.Flags, "wof") {
		t.Fatalf("mapped permissions and flags: %+v %v", u.Permissions, u.Flags)
	}
	if n := e.app.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.sso.signIn' AND model_id = $1`, u.ID); n != 1 {
		t.Fatalf("%d sign-in audit entries", n)
	}

	e.op.SetClaims("u1", map[string]any{"groups": []string{"ITS Sample Orders"}, "employee_id": "ADA001"})
	if final, _ := e.signIn(t, e.browser()); final.Path != "/" || final.Query().Get("ssoError") != "" {
		t.Fatalf("second sign-in ended at %s", final)
	}
	u = account(t, e.app, "ada@corp.example")
	if len(u.Permissions) != 1 || !hasPermission(u, "its:sampleOrders", "user") || slices.Contains(u.Flags, "wof") {
		t.Fatalf("after the group change: %+v %v", u.Permissions, u.Flags)
	}
	if n := e.app.Count(`SELECT count(*) FROM users WHERE lower(email) = 'ada@corp.example'`); n != 1 {
		t.Fatalf("%d accounts for one person", n)
	}
}

// TestMappingChangeAppliesAtNextSignIn: the group mapping is policy data; a new policy version
// that maps a group further (audited as a policy version naming sso.rego) gives the user the
// new permission at the next sign-in.
func TestMappingChangeAppliesAtNextSignIn(t *testing.T) {
	var pv *policyversions.Service
	e := startSSO(t, fx.Populate(&pv))
	e.signIn(t, e.browser())
	if u := account(t, e.app, "ada@corp.example"); hasPermission(u, "its:sampleOrders", "user") {
		t.Fatalf("sample orders before the mapping gives them: %+v", u.Permissions)
	}
	ctx := context.Background()
	live, err := pv.Store().Get(ctx, e.app.DB, 0)
	if err != nil {
		t.Fatal(err)
	}
	files := maps.Clone(live.Files)
	old := `"ITS Wholesale": {"flags": ["wof"]}`
	if !strings.Contains(files["sso.rego"], old) {
		t.Fatal("sso.rego has no wholesale group")
	}
	files["sso.rego"] = strings.Replace(files["sso.rego"], old, `"ITS Wholesale": {"flags": ["wof"], "permissions": [{"domain": "its:sampleOrders", "role": "user", "region": "Europe"}]}`, 1)
	if _, err := pv.Save(ctx, nil, 0, "Wholesale staff order samples in Europe", files, nil); err != nil {
		t.Fatal(err)
	}
	e.signIn(t, e.browser())
	u := account(t, e.app, "ada@corp.example")
	if !slices.ContainsFunc(u.Permissions, func(p identity.Permission) bool {
		return p.Domain == "its:sampleOrders" && p.Role == "user" && p.Region == "Europe" && p.Channel == "All"
	}) {
		t.Fatalf("after the mapping change: %+v", u.Permissions)
	}
	if n := e.app.Count(`SELECT count(*) FROM audit_log WHERE action = 'policies.version.edit' AND data->'changed' ? 'sso.rego'`); n != 1 {
		t.Fatalf("%d audited mapping changes", n)
	}
}

// TestOIDCRefusals: a tampered ID token, one for another audience, an expired one and a state
// used twice are refused with the login page's message, no session, and an audit entry.
func TestOIDCRefusals(t *testing.T) {
	e := startSSO(t)
	b := e.browser()
	_, callback := e.signIn(t, b)
	if callback == "" {
		t.Fatal("no callback seen")
	}
	for _, tc := range []struct {
		alter ssotest.Alter
		code  string
	}{
		{ssotest.Tamper, "ITS_ERR_SSO_TOKEN"},
		{ssotest.Audience, "ITS_ERR_SSO_TOKEN"},
		{ssotest.Expired, "ITS_ERR_SSO_TOKEN"},
	} {
		e.op.SetAlter(tc.alter)
		fresh := e.browser()
		final, _ := e.signIn(t, fresh)
		if final.Path != "/" || final.Query().Get("ssoError") != tc.code {
			t.Errorf("%s: ended at %s, want ?ssoError=%s", tc.alter, final, tc.code)
		}
		if s := ping(t, fresh); s != 401 {
			t.Errorf("%s: ping %d, want 401", tc.alter, s)
		}
	}
	// A provider clock a minute ahead is within the tolerated skew.
	e.op.SetAlter(ssotest.Skewed)
	if final, _ := e.signIn(t, e.browser()); final.Path != "/" || final.Query().Get("ssoError") != "" {
		t.Errorf("a token within the clock skew was refused: %s", final)
	}
	e.op.SetAlter(ssotest.None)

	// The same answer again (a replay): its state was used.
	c := *b
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := c.Get(callback)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if loc := res.Header.Get("Location"); loc != "/?ssoError=ITS_ERR_SSO_STATE" {
		t.Fatalf("replayed callback went to %q", loc)
	}
	if n := e.app.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.sso.refused'`); n != 4 {
		t.Fatalf("%d refusal audit entries, want 4", n)
	}
	if n := e.app.Count(`SELECT count(*) FROM users WHERE lower(email) = 'mallory@corp.example'`); n != 0 {
		t.Fatal("a tampered token made an account")
	}
}

// TestPasswordRefusedForProviderDomain: an address of a domain that signs in only through the
// provider gets the message naming it, from the login form and the access request; other
// accounts log in with their password as before.
func TestPasswordRefusedForProviderDomain(t *testing.T) {
	e := startSSO(t)
	c := e.app.Client()
	r := c.Do("POST", "/api/users/session", map[string]string{"email": "Ada@Corp.Example", "password": "whatever"})
	if r.Status != 403 || r.Body["messageCode"] != "ITS_ERR_SSO_REQUIRED" || !strings.Contains(fmt.Sprint(r.Body["message"]), "Sign in with Corp Login") {
		t.Fatalf("password login for the provider's domain: %d %s", r.Status, r.Raw)
	}
	r = c.Do("POST", "/api/users/access-request", map[string]string{"email": "bob@corp.example", "name": "Bob", "lastName": "B"})
	if r.Status != 403 || r.Body["messageCode"] != "ITS_ERR_SSO_REQUIRED" {
		t.Fatalf("access request for the provider's domain: %d %s", r.Status, r.Raw)
	}
	if n := e.app.Count(`SELECT count(*) FROM audit_log WHERE action = 'users.sso.passwordRefused'`); n != 2 {
		t.Fatalf("%d refusal audit entries", n)
	}
	if r := c.Login("editor@example.com"); r.Status != 200 {
		t.Fatalf("password account: %d", r.Status)
	}
	r = c.Do("GET", "/api/users/sso/providers", nil)
	if !strings.Contains(string(r.Raw), `{"id":"corp","name":"Corp Login","type":"oidc"}`) {
		t.Fatalf("providers: %s", r.Raw)
	}
}

// TestOIDCLogout: ITS's logout of a provider session ends it and sends the browser to the
// provider's end-session endpoint; the provider's back-channel logout token ends the session
// too, and a forged one is refused.
func TestOIDCLogout(t *testing.T) {
	e := startSSO(t)
	b := e.browser()
	e.signIn(t, b)
	res := logout(t, b)
	var body strings.Builder
	_, _ = fmt.Fprint(&body, readAll(res))
	if res.StatusCode != 200 || !strings.Contains(body.String(), `"redirect":"`+e.op.Issuer+`/end_session?`) || !strings.Contains(body.String(), "id_token_hint") {
		t.Fatalf("logout: %d %s", res.StatusCode, body.String())
	}
	if s := ping(t, b); s != 401 {
		t.Fatalf("ping after logout: %d", s)
	}

	// Back-channel: the provider ends every session of the subject.
	b = e.browser()
	e.signIn(t, b)
	post := func(token string) int {
		res, err := http.PostForm(e.app.URL+"/api/users/sso/corp/backchannel-logout", url.Values{"logout_token": {token}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	forged, _ := e.op.LogoutToken("another-client", "u1", "")
	if s := post(forged); s != 400 {
		t.Fatalf("forged logout token: %d", s)
	}
	if s := ping(t, b); s != 200 {
		t.Fatalf("a refused logout token ended the session: %d", s)
	}
	token, err := e.op.LogoutToken(ssotest.ClientID, "u1", "")
	if err != nil {
		t.Fatal(err)
	}
	if s := post(token); s != 200 {
		t.Fatalf("logout token: %d", s)
	}
	if s := ping(t, b); s != 401 {
		t.Fatalf("ping after back-channel logout: %d", s)
	}
}

// logout is the browser's POST /api/users/logout (with its CSRF token).
func logout(t testing.TB, b *http.Client) *http.Response {
	t.Helper()
	u, _ := url.Parse("http://" + publicHost)
	csrf := ""
	for _, ck := range b.Jar.Cookies(u) {
		if ck.Name == "its_csrf" {
			csrf = ck.Value
		}
	}
	req, _ := http.NewRequest("POST", "http://"+publicHost+"/api/users/logout", nil)
	req.Header.Set("X-CSRF-Token", csrf)
	res, err := b.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func readAll(res *http.Response) string {
	defer res.Body.Close()
	var sb strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			return sb.String()
		}
	}
}
