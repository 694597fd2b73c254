package users_test

import (
	"bytes"
	"compress/flate"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"html"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crewjam/saml/samlidp"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/users"
)

func keyPair(t testing.TB, cn string) (*rsa.PrivateKey, *x509.Certificate) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, cert
}

type samlEnv struct {
	app    *apptest.App
	idp    *samlidp.Server
	idpURL string
}

// startSAML runs a real SAML identity provider (crewjam's samlidp) on loopback and ITS with it
// as provider corp-saml.
func startSAML(t testing.TB) *samlEnv {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	idpURL, _ := url.Parse("http://" + ln.Addr().String())
	idpKey, idpCert := keyPair(t, "idp")
	idp, err := samlidp.New(samlidp.Options{URL: *idpURL, Key: idpKey, Certificate: idpCert, Store: &samlidp.MemoryStore{}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(idp)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)

	spKey, spCert := keyPair(t, "its")
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "sp.crt"), filepath.Join(dir, "sp.key")
	_ = os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: spCert.Raw}), 0o600)
	_ = os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(spKey)}), 0o600)
	entity := "http://" + publicHost + "/api/users/sso/corp-saml/metadata"
	providers := fmt.Sprintf(`[{id: corp-saml, type: saml, name: Corp SAML, domains: [corp.example], groups_claim: eduPersonAffiliation,
		claims: {email: mail, name: givenName, last_name: sn},
		saml: {idp_metadata_url: %q, entity_id: %q, cert_file: %q, key_file: %q}}]`, idpURL.String()+"/metadata", entity, certFile, keyFile)
	a := apptest.Start(t, fx.Options(users.Module), "ITS_AUTH_PROVIDERS="+providers, "ITS_PUBLIC_URL=http://"+publicHost)

	// The identity provider learns ITS from ITS's own metadata.
	r := a.Client().Do("GET", "/api/users/sso/corp-saml/metadata", nil)
	if r.Status != 200 {
		t.Fatalf("metadata: %d %s", r.Status, r.Raw)
	}
	e := &samlEnv{app: a, idp: idp, idpURL: idpURL.String()}
	e.put(t, "/services/its", string(r.Raw))
	e.setGroups(t, "ITS Assortment Editors")
	e.put(t, "/shortcuts/its", fmt.Sprintf(`{"name": "its", "service_provider": %q}`, entity))
	return e
}

// put sends the identity provider's admin API a PUT.
func (e *samlEnv) put(t testing.TB, path, body string) {
	t.Helper()
	req, _ := http.NewRequest("PUT", e.idpURL+path, strings.NewReader(body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode/100 != 2 {
		t.Fatalf("PUT %s: %d %s", path, res.StatusCode, b)
	}
}

// setGroups (re)creates the provider's user ada with groups.
func (e *samlEnv) setGroups(t testing.TB, groups ...string) {
	t.Helper()
	g, _ := json.Marshal(groups)
	e.put(t, "/users/ada", fmt.Sprintf(`{"name": "ada", "password": "verysecure", "email": "ada@corp.example", "given_name": "Ada", "surname": "Lovelace", "groups": %s}`, g))
}

var formField = regexp.MustCompile(`name="(\w+)"[^>]*value="([^"]*)"`)
var formAction = regexp.MustCompile(`<form method="post" action="([^"]*)"`)

// form reads an HTML form's action and hidden fields.
func form(t testing.TB, body string) (string, url.Values) {
	t.Helper()
	m := formAction.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no form in %s", body)
	}
	v := url.Values{}
	for _, f := range formField.FindAllStringSubmatch(body, -1) {
		v.Set(f[1], html.UnescapeString(f[2]))
	}
	return html.UnescapeString(m[1]), v
}

func noFollow(b *http.Client) *http.Client {
	c := *b
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

func send(t testing.TB, c *http.Client, method, target string, form url.Values) (*http.Response, string) {
	t.Helper()
	var res *http.Response
	var err error
	if method == "POST" {
		res, err = c.PostForm(target, form)
	} else {
		res, err = c.Get(target)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// samlSignIn walks an SP-initiated sign-in up to the identity provider's response form and
// returns the ACS address and the fields it posts.
func (e *samlEnv) toResponse(t testing.TB, b *http.Client) (string, url.Values) {
	t.Helper()
	c := noFollow(b)
	res, _ := send(t, c, "GET", "http://"+publicHost+"/api/users/sso/corp-saml/login", nil)
	loc := res.Header.Get("Location")
	if !strings.HasPrefix(loc, e.idpURL+"/sso?") {
		t.Fatalf("login went to %q", loc)
	}
	_, page := send(t, c, "GET", loc, nil)
	action, fields := form(t, page)
	fields.Set("user", "ada")
	fields.Set("password", "verysecure")
	_, page = send(t, c, "POST", action, fields)
	return form(t, page)
}

// TestSAMLSignIn: SP-initiated and IdP-initiated sign-in against a real SAML identity provider
// create the account with the groups' permissions; a replayed assertion and a tampered one are
// refused with the login page's message.
func TestSAMLSignIn(t *testing.T) {
	e := startSAML(t)
	b := (&ssoEnv{app: e.app}).browser()
	acs, fields := e.toResponse(t, b)
	if acs != "http://"+publicHost+"/api/users/sso/corp-saml/acs" {
		t.Fatalf("response posted to %q", acs)
	}
	c := noFollow(b)
	res, _ := send(t, c, "POST", acs, fields)
	if loc := res.Header.Get("Location"); loc != "/" {
		t.Fatalf("ACS answered %d to %q: %s", res.StatusCode, loc, lastRefusal(t, e.app))
	}
	if s := ping(t, b); s != 200 {
		t.Fatalf("ping after SAML sign-in: %d", s)
	}
	u := account(t, e.app, "ada@corp.example")
	if u.Strategy != "saml:corp-saml" || u.Name != "Ada" || u.LastName != "Lovelace" || !hasPermission(u, "its:productAssortments", "editor") {
		t.Fatalf("account: %+v", u)
	}

	// The same response again: its request was answered already.
	res, _ = send(t, noFollow((&ssoEnv{app: e.app}).browser()), "POST", acs, fields)
	if loc := res.Header.Get("Location"); loc != "/?ssoError=ITS_ERR_SSO_TOKEN" {
		t.Fatalf("replayed response went to %q", loc)
	}

	// A response whose signed content was changed: refused.
	acs, fields = e.toResponse(t, (&ssoEnv{app: e.app}).browser())
	raw := fields.Get("SAMLResponse")
	dec, _ := decodeB64(raw)
	// The assertion travels encrypted: change its ciphertext (the last CipherValue) at the
	// middle.
	i := strings.LastIndex(dec, "CipherValue>") + len("CipherValue>") + 40
	if i < 100 {
		t.Fatalf("no encrypted assertion to tamper: %.300s", dec)
	}
	swap := byte('A')
	if dec[i] == 'A' {
		swap = 'B'
	}
	tampered := dec[:i] + string(swap) + dec[i+1:]
	fields.Set("SAMLResponse", encodeB64(tampered))
	res, _ = send(t, noFollow((&ssoEnv{app: e.app}).browser()), "POST", acs, fields)
	if loc := res.Header.Get("Location"); loc != "/?ssoError=ITS_ERR_SSO_TOKEN" {
		t.Fatalf("tampered assertion went to %q", loc)
	}

	// IdP-initiated, after a group change at the provider.
	e.setGroups(t, "ITS Sample Orders")
	ib := (&ssoEnv{app: e.app}).browser()
	ic := noFollow(ib)
	_, page := send(t, ic, "GET", e.idpURL+"/login/its", nil)
	action, f := form(t, page)
	f.Set("user", "ada")
	f.Set("password", "verysecure")
	send(t, ic, "POST", action, f) // signed in at the provider
	_, page = send(t, ic, "GET", e.idpURL+"/login/its", nil)
	acs, fields = form(t, page)
	res, _ = send(t, ic, "POST", acs, fields)
	if loc := res.Header.Get("Location"); loc != "/" {
		t.Fatalf("IdP-initiated ACS answered %d to %q", res.StatusCode, loc)
	}
	// An IdP-initiated response answers no request: replayed, its assertion was seen before.
	res, _ = send(t, noFollow((&ssoEnv{app: e.app}).browser()), "POST", acs, fields)
	if loc := res.Header.Get("Location"); loc != "/?ssoError=ITS_ERR_SSO_STATE" || !strings.Contains(lastRefusal(t, e.app), "used before") {
		t.Fatalf("replayed assertion went to %q: %s", loc, lastRefusal(t, e.app))
	}
	u = account(t, e.app, "ada@corp.example")
	if !hasPermission(u, "its:sampleOrders", "user") || hasPermission(u, "its:productAssortments", "editor") || !slices.Contains([]string{"saml:corp-saml"}, u.Strategy) {
		t.Fatalf("after the group change: %+v", u.Permissions)
	}
}

func decodeB64(s string) (string, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	return string(b), err
}

func encodeB64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// lastRefusal is the newest refused sign-in's reason in the audit log.
func lastRefusal(t testing.TB, a *apptest.App) string {
	t.Helper()
	var reason string
	_ = a.DB.QueryRow(context.Background(), `SELECT data->>'error' FROM audit_log WHERE action = 'users.sso.refused' ORDER BY id DESC LIMIT 1`).Scan(&reason)
	return reason
}

// signInSAML signs browser b in through the identity provider (SP-initiated).
func (e *samlEnv) signInSAML(t testing.TB, b *http.Client) {
	t.Helper()
	acs, fields := e.toResponse(t, b)
	if res, _ := send(t, noFollow(b), "POST", acs, fields); res.Header.Get("Location") != "/" {
		t.Fatalf("ACS answered %d to %q: %s", res.StatusCode, res.Header.Get("Location"), lastRefusal(t, e.app))
	}
}

// follow walks the browser from target through redirects and the providers' self-posting
// forms, and returns the first ITS page it lands on (its path and query) or, when the walk
// ends at the identity provider, "".
func follow(t testing.TB, b *http.Client, target string) string {
	t.Helper()
	c := noFollow(b)
	method, fields := "GET", url.Values(nil)
	for hop := 0; hop < 12; hop++ {
		res, page := send(t, c, method, target, fields)
		here, err := url.Parse(target) // the address the browser asked for (the transport may have rewritten it)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case res.StatusCode/100 == 3:
			loc, err := here.Parse(res.Header.Get("Location"))
			if err != nil {
				t.Fatal(err)
			}
			if loc.Host == publicHost && !strings.HasPrefix(loc.Path, "/api/") {
				return loc.RequestURI()
			}
			target, method, fields = loc.String(), "GET", nil
		case formAction.MatchString(page):
			var action string
			action, fields = form(t, page)
			target, method = action, "POST"
		default:
			if here.Host == publicHost {
				t.Fatalf("%s %s answered %d: %.300s", method, here, res.StatusCode, page)
			}
			return ""
		}
	}
	t.Fatalf("too many hops from %s", target)
	return ""
}

// inflate reads the DEFLATEd, base64-coded message of an HTTP-Redirect binding.
func inflate(t testing.TB, coded string) string {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(coded)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSAMLSingleLogout: ITS's logout sends the identity provider a signed logout request for
// the assertion's session (its SessionIndex), and the provider's answer opens the logged-out
// page; a logout the provider starts ends the ITS session and is answered; a forged logout
// request is refused with the login page's message and ends nothing.
func TestSAMLSingleLogout(t *testing.T) {
	e := startSAML(t)
	b := (&ssoEnv{app: e.app}).browser()
	e.signInSAML(t, b)
	var sid string
	if err := e.app.DB.QueryRow(context.Background(), `SELECT sso_sid FROM sessions WHERE sso_provider = 'corp-saml'`).Scan(&sid); err != nil || sid == "" {
		t.Fatalf("the session keeps no session index: %q %v", sid, err)
	}

	var answer struct {
		Data struct {
			Redirect string `json:"redirect"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(readAll(logout(t, b))), &answer); err != nil {
		t.Fatal(err)
	}
	to, err := url.Parse(answer.Data.Redirect)
	if err != nil || !strings.HasPrefix(answer.Data.Redirect, e.idpURL+"/slo?") {
		t.Fatalf("logout sent the browser to %q", answer.Data.Redirect)
	}
	req := inflate(t, to.Query().Get("SAMLRequest"))
	if !strings.Contains(req, ">"+sid+"</samlp:SessionIndex>") || to.Query().Get("Signature") == "" {
		t.Fatalf("the logout request names no session index %q or is unsigned: %s", sid, req)
	}
	if s := ping(t, b); s != 401 {
		t.Fatalf("ping after logout: %d", s)
	}
	if page := follow(t, b, answer.Data.Redirect); page != "/logged-out" {
		t.Fatalf("the provider's answer went to %q: %s", page, lastRefusal(t, e.app))
	}

	// The provider's own logout ends the ITS session of a browser signed in through it.
	b = (&ssoEnv{app: e.app}).browser()
	e.signInSAML(t, b)
	if s := ping(t, b); s != 200 {
		t.Fatalf("ping after sign-in: %d", s)
	}
	follow(t, b, e.idpURL+"/logout")
	if s := ping(t, b); s != 401 {
		t.Fatalf("ping after the provider's logout: %d (%s)", s, lastRefusal(t, e.app))
	}

	// A logout request nobody signed, for every session of ada: refused, nothing ends.
	b = (&ssoEnv{app: e.app}).browser()
	e.signInSAML(t, b)
	forged := fmt.Sprintf(`<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="id-forged" Version="2.0" IssueInstant="%s" Destination="http://%s/api/users/sso/corp-saml/slo"><saml:Issuer>%s/metadata</saml:Issuer><saml:NameID>ada@corp.example</saml:NameID></samlp:LogoutRequest>`,
		time.Now().UTC().Format(time.RFC3339), publicHost, e.idpURL)
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	_, _ = w.Write([]byte(forged))
	_ = w.Close()
	res, _ := send(t, noFollow(b), "GET", "http://"+publicHost+"/api/users/sso/corp-saml/slo?"+url.Values{"SAMLRequest": {base64.StdEncoding.EncodeToString(buf.Bytes())}}.Encode(), nil)
	if loc := res.Header.Get("Location"); loc != "/?ssoError=ITS_ERR_SSO_TOKEN" {
		t.Fatalf("a forged logout request went to %q", loc)
	}
	if s := ping(t, b); s != 200 {
		t.Fatalf("a forged logout request ended the session: %d", s)
	}
}
