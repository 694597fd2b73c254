// Package ssotest runs a real OpenID Provider on loopback for tests: zitadel's pkg/op with the
// in-memory storage of its example server, one web client, users whose extra claims (groups
// and the like) a test changes between sign-ins, a signing key the test knows (to mint tokens
// the provider never issued: wrong audience, expired, logout tokens) and a switch that alters
// the token endpoint's ID token.
package ssotest

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

// ClientID and ClientSecret are the provider's one client.
const (
	ClientID     = "its"
	ClientSecret = "its-client-secret"
	Password     = "verysecure"
)

// Alter changes the ID token of the token endpoint's answer.
type Alter string

// The alterations.
const (
	None     Alter = ""
	Tamper   Alter = "tamper"   // a claim changed after signing
	Audience Alter = "audience" // signed again for another audience
	Expired  Alter = "expired"  // signed again, expired an hour ago
	// Skewed is signed again as by a provider whose clock runs a minute ahead of ITS's: issued
	// a minute from now, expired 30 seconds ago by ITS's clock.
	Skewed Alter = "skewed"
)

// Provider is a running OpenID Provider.
type Provider struct {
	Issuer string
	srv    *httptest.Server
	key    *rsa.PrivateKey
	kid    string

	mu     sync.Mutex
	claims map[string]map[string]any // user id -> extra claims
	alter  Alter
}

type users map[string]*storage.User

func (u users) GetUserByID(id string) *storage.User { return u[id] }
func (u users) GetUserByUsername(name string) *storage.User {
	for _, x := range u {
		if x.Username == name {
			return x
		}
	}
	return nil
}
func (u users) ExampleClientID() string { return "service" }

// User is an account of the provider.
type User struct {
	ID, Username, FirstName, LastName, Email string
	Claims                                   map[string]any
}

// Start runs the provider on loopback with the users; redirectURIs are the client's.
func Start(t testing.TB, accounts []User, redirectURIs ...string) *Provider {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Serve(ln, accounts, redirectURIs...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// Serve runs the provider on ln with the users until Close; redirectURIs are the client's.
func Serve(ln net.Listener, accounts []User, redirectURIs ...string) (*Provider, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	p := &Provider{Issuer: "http://" + ln.Addr().String(), key: key, kid: "test-key", claims: map[string]map[string]any{}}
	us := users{}
	for _, a := range accounts {
		us[a.ID] = &storage.User{ID: a.ID, Username: a.Username, Password: Password, FirstName: a.FirstName, LastName: a.LastName,
			Email: a.Email, EmailVerified: true, PreferredLanguage: language.English}
		p.claims[a.ID] = a.Claims
	}
	st := &store{Storage: storage.NewStorageWithClients(us, map[string]*storage.Client{ClientID: storage.WebClient(ClientID, ClientSecret, redirectURIs...)}), p: p}
	router := exampleop.SetupServer(p.Issuer, st, nil, false)
	p.srv = httptest.NewUnstartedServer(p.alterTokens(router))
	p.srv.Listener.Close()
	p.srv.Listener = ln
	p.srv.Start()
	return p, nil
}

// Close stops the provider.
func (p *Provider) Close() { p.srv.Close() }

// SetClaims replaces the extra claims of user id (its groups, say) for the next sign-in.
func (p *Provider) SetClaims(id string, claims map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.claims[id] = claims
}

// SetAlter makes the token endpoint alter its ID tokens (None: not).
func (p *Provider) SetAlter(a Alter) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.alter = a
}

func (p *Provider) extra(id string) map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.claims[id]
}

// store is the example storage with the test's key and extra claims.
type store struct {
	*storage.Storage
	p *Provider
}

func (s *store) SetUserinfoFromRequest(ctx context.Context, ui *oidc.UserInfo, token op.IDTokenRequest, scopes []string) error {
	if err := s.Storage.SetUserinfoFromRequest(ctx, ui, token, scopes); err != nil {
		return err
	}
	for k, v := range s.p.extra(token.GetSubject()) {
		ui.AppendClaims(k, v)
	}
	return nil
}

func (s *store) SetUserinfoFromToken(ctx context.Context, ui *oidc.UserInfo, tokenID, subject, origin string) error {
	if err := s.Storage.SetUserinfoFromToken(ctx, ui, tokenID, subject, origin); err != nil {
		return err
	}
	for k, v := range s.p.extra(ui.Subject) {
		ui.AppendClaims(k, v)
	}
	return nil
}

type signingKey struct{ p *Provider }

func (k signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k signingKey) Key() any                                    { return k.p.key }
func (k signingKey) ID() string                                  { return k.p.kid }

type publicKey struct{ p *Provider }

func (k publicKey) ID() string                         { return k.p.kid }
func (k publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k publicKey) Use() string                        { return "sig" }
func (k publicKey) Key() any                           { return &k.p.key.PublicKey }

func (s *store) SigningKey(context.Context) (op.SigningKey, error) { return signingKey{s.p}, nil }
func (s *store) KeySet(context.Context) ([]op.Key, error)          { return []op.Key{publicKey{s.p}}, nil }

// Sign signs claims with the provider's key.
func (p *Provider) Sign(claims map[string]any) (string, error) {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: p.key, KeyID: p.kid}},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	jws, err := signer.Sign(b)
	if err != nil {
		return "", err
	}
	return jws.CompactSerialize()
}

// LogoutToken is a back-channel logout token for subject (and provider session sid) to aud.
func (p *Provider) LogoutToken(aud, subject, sid string) (string, error) {
	now := time.Now()
	c := map[string]any{"iss": p.Issuer, "aud": aud, "iat": now.Unix(), "exp": now.Add(2 * time.Minute).Unix(), "jti": fmt.Sprint(now.UnixNano()),
		"events": map[string]any{"http://schemas.openid.net/event/backchannel-logout": map[string]any{}}}
	if subject != "" {
		c["sub"] = subject
	}
	if sid != "" {
		c["sid"] = sid
	}
	return p.Sign(c)
}

// alterTokens rewrites the ID token of token answers as SetAlter asks.
func (p *Provider) alterTokens(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		alter := p.alter
		p.mu.Unlock()
		if alter == None || r.URL.Path != "/oauth/token" {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		var answer map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer["id_token"] == nil {
			http.Error(w, "ssotest: no token answer to alter: "+rec.Body.String(), http.StatusInternalServerError)
			return
		}
		idt, err := p.alterToken(answer["id_token"].(string), alter)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		answer["id_token"] = idt
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(answer)
	})
}

func (p *Provider) alterToken(raw string, alter Alter) (string, error) {
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return "", fmt.Errorf("ssotest: %q is not a JWS", raw)
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", err
	}
	var c map[string]any
	if err := json.Unmarshal(payload, &c); err != nil {
		return "", err
	}
	switch alter {
	case Tamper:
		c["email"] = "mallory@corp.example"
		b, _ := json.Marshal(c)
		return parts[0] + "." + base64.RawURLEncoding.EncodeToString(b) + "." + parts[2], nil
	case Audience:
		c["aud"] = []string{"another-client"}
		c["azp"] = "another-client"
	case Expired:
		c["iat"] = time.Now().Add(-2 * time.Hour).Unix()
		c["exp"] = time.Now().Add(-time.Hour).Unix()
	case Skewed:
		c["iat"] = time.Now().Add(time.Minute).Unix()
		c["exp"] = time.Now().Add(-30 * time.Second).Unix()
	}
	return p.Sign(c)
}

// SignIn is the browser's walk through the provider: from ITS's sign-in URL (on client, whose
// transport may point ITS's public host at the server) through the provider's login form as
// username, to where ITS sends the browser at the end. It returns that last location and the
// ITS callback URL the provider redirected to.
func (p *Provider) SignIn(client *http.Client, start, username string) (final, callback string, err error) {
	return p.walk(client, start, username, false)
}

// ToCallback is SignIn up to the provider's redirect back to ITS: it returns the callback URL
// without opening it.
func (p *Provider) ToCallback(client *http.Client, start, username string) (string, error) {
	_, callback, err := p.walk(client, start, username, true)
	return callback, err
}

func (p *Provider) walk(client *http.Client, start, username string, stopAtCallback bool) (final, callback string, err error) {
	c := *client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	next := start
	for hop := 0; hop < 12; hop++ {
		var res *http.Response
		if strings.HasPrefix(next, p.Issuer+"/login/username") {
			id := next[strings.Index(next, "authRequestID=")+len("authRequestID="):]
			res, err = c.PostForm(p.Issuer+"/login/username", map[string][]string{"id": {id}, "username": {username}, "password": {Password}})
		} else {
			if !strings.HasPrefix(next, p.Issuer) && strings.Contains(next, "/callback?") {
				callback = next
				if stopAtCallback {
					return "", callback, nil
				}
			}
			res, err = c.Get(next)
		}
		if err != nil {
			return "", callback, err
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		loc, lerr := res.Location()
		if lerr != nil {
			return "", callback, fmt.Errorf("ssotest: %s answered %d without a redirect: %s", next, res.StatusCode, body)
		}
		if !strings.HasPrefix(loc.String(), p.Issuer) && !strings.Contains(loc.Path, "/api/") {
			return loc.String(), callback, nil
		}
		next = loc.String()
	}
	return "", callback, fmt.Errorf("ssotest: too many redirects from %s", start)
}
