// Package sso signs people in through the company's identity providers configured in
// auth.providers: OpenID Connect (authorization code with PKCE, state and nonce, discovery, the
// ID token's signature, audience, issuer and expiry checked with a clock-skew tolerance), the
// provider's sign-out address and its back-channel logout tokens. It hands the caller the
// verified claims; what an account becomes of them is the caller's business.
package sso

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
	"golang.org/x/oauth2"

	"its/core/config"
	"its/core/identity"
	"its/core/session"
)

// FlowTTL is how long a redirect to the provider may take to come back.
const FlowTTL = 10 * time.Minute

// Reasons a sign-in is refused, for the caller's message and the audit log.
const (
	ReasonState    = "state"    // unknown, used, expired or not this browser's state
	ReasonProvider = "provider" // the provider answered with an error
	ReasonExchange = "exchange" // the code exchange failed
	ReasonToken    = "token"    // the ID token failed a check (signature, audience, issuer, expiry, nonce)
	ReasonUnknown  = "unknown"  // no such provider
)

// Refused is a sign-in (or logout token) the checks turned down.
type Refused struct {
	Reason string
	Err    error
}

func (r *Refused) Error() string { return "sign-in refused (" + r.Reason + "): " + r.Err.Error() }
func (r *Refused) Unwrap() error { return r.Err }

func refuse(reason string, format string, a ...any) error {
	return &Refused{Reason: reason, Err: fmt.Errorf(format, a...)}
}

// Claims are the verified claims of a sign-in: the ID token's, completed by the userinfo
// endpoint's where the provider has one.
type Claims struct {
	Provider string
	Subject  string
	SID      string
	IDToken  string
	Values   map[string]any
}

// String is claim name as text ("" when absent or not a string or number).
func (c *Claims) String(name string) string {
	switch v := c.Values[name].(type) {
	case string:
		return strings.TrimSpace(v)
	case float64:
		return fmt.Sprint(v)
	}
	return ""
}

// Strings is claim name as a list of texts (one text is a list of one).
func (c *Claims) Strings(name string) []string {
	switch v := c.Values[name].(type) {
	case string:
		return []string{v}
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return []string{}
}

// Service runs the sign-in flows of every configured provider.
type Service struct {
	db      *pgxpool.Pool
	secure  bool
	client  *http.Client
	log     *slog.Logger
	configs []config.AuthProvider

	mu   sync.Mutex
	oidc map[string]*oidcProvider // discovered on first use
	saml map[string]*samlProvider // built on first use
}

type oidcProvider struct {
	cfg        config.AuthProvider
	provider   *oidc.Provider
	verifier   *oidc.IDTokenVerifier
	oauth      oauth2.Config
	endSession string
}

// Params wire the service.
type Params struct {
	fx.In
	DB     *pgxpool.Pool
	Config *config.Config
	Log    *slog.Logger
}

// New gives the service, or the first SAML provider whose key pair or inline metadata is
// unusable.
func New(p Params) (*Service, error) {
	for _, c := range p.Config.Auth.Providers {
		if c.Type == "saml" {
			if err := checkSAML(c); err != nil {
				return nil, err
			}
		}
	}
	return &Service{db: p.DB, secure: p.Config.Session.SecureCookies, client: &http.Client{Timeout: 15 * time.Second},
		log: p.Log, configs: p.Config.Auth.Providers, oidc: map[string]*oidcProvider{}, saml: map[string]*samlProvider{}}, nil
}

// SetHTTPClient replaces the client the service talks to providers with.
func (s *Service) SetHTTPClient(c *http.Client) { s.client = c }

// Providers lists the configured providers in configuration order.
func (s *Service) Providers() []config.AuthProvider { return s.configs }

// Provider is the provider of id.
func (s *Service) Provider(id string) (config.AuthProvider, bool) {
	for _, p := range s.configs {
		if p.ID == id {
			return p, true
		}
	}
	return config.AuthProvider{}, false
}

// OnlyFor is the provider that is the only way in for email's domain, if any.
func (s *Service) OnlyFor(email string) (config.AuthProvider, bool) {
	_, domain, ok := strings.Cut(strings.ToLower(strings.TrimSpace(email)), "@")
	if !ok {
		return config.AuthProvider{}, false
	}
	for _, p := range s.configs {
		if p.Only && slices.Contains(p.Domains, domain) {
			return p, true
		}
	}
	return config.AuthProvider{}, false
}

// Owns reports whether provider p owns email's domain.
func Owns(p config.AuthProvider, email string) bool {
	_, domain, ok := strings.Cut(strings.ToLower(email), "@")
	return ok && slices.Contains(p.Domains, domain)
}

func (s *Service) ctx(ctx context.Context) context.Context { return oidc.ClientContext(ctx, s.client) }

// discover reads the provider's discovery document once (a failure is tried again next time).
func (s *Service) discover(ctx context.Context, id string) (*oidcProvider, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.oidc[id]; p != nil {
		return p, nil
	}
	cfg, ok := s.Provider(id)
	if !ok || cfg.Type != "oidc" {
		return nil, refuse(ReasonUnknown, "no OpenID Connect provider %q", id)
	}
	prov, err := oidc.NewProvider(s.ctx(ctx), cfg.OIDC.Issuer)
	if err != nil {
		return nil, fmt.Errorf("provider %s: discovery: %w", id, err)
	}
	var extra struct {
		EndSession string `json:"end_session_endpoint"`
	}
	if err := prov.Claims(&extra); err != nil {
		return nil, fmt.Errorf("provider %s: discovery: %w", id, err)
	}
	skew := cfg.OIDC.Skew()
	scopes := cfg.OIDC.Scopes
	if len(scopes) == 0 {
		scopes = []string{oidc.ScopeOpenID, "email", "profile"}
	}
	if !slices.Contains(scopes, oidc.ScopeOpenID) {
		scopes = append([]string{oidc.ScopeOpenID}, scopes...)
	}
	p := &oidcProvider{
		cfg:      cfg,
		provider: prov,
		// An expiry up to skew ago still counts: the provider's clock may run ahead of ours.
		verifier:   prov.Verifier(&oidc.Config{ClientID: cfg.OIDC.ClientID, Now: func() time.Time { return time.Now().Add(-skew) }}),
		oauth:      oauth2.Config{ClientID: cfg.OIDC.ClientID, ClientSecret: cfg.OIDC.ClientSecret, Endpoint: prov.Endpoint(), Scopes: scopes},
		endSession: extra.EndSession,
	}
	s.oidc[id] = p
	return p, nil
}

// StateCookie is the cookie that ties a flow to the browser that started it.
func (s *Service) StateCookie() string {
	if s.secure {
		return "__Host-its_sso_state"
	}
	return "its_sso_state"
}

// Begin starts a sign-in with provider id: it records the flow (state, nonce, PKCE verifier),
// sets the state cookie and returns the provider's authorization URL; the provider sends the
// browser back to callback.
func (s *Service) Begin(ctx context.Context, w http.ResponseWriter, id, callback string) (string, error) {
	p, err := s.discover(ctx, id)
	if err != nil {
		return "", err
	}
	state, err := identity.NewToken(32)
	if err != nil {
		return "", err
	}
	nonce, err := identity.NewToken(32)
	if err != nil {
		return "", err
	}
	verifier := oauth2.GenerateVerifier()
	if _, err := s.db.Exec(ctx, `INSERT INTO sso_flows (state_hash, provider, nonce, verifier) VALUES ($1, $2, $3, $4)`,
		identity.HashToken(state), id, nonce, verifier); err != nil {
		return "", err
	}
	// Flows nobody came back from.
	if _, err := s.db.Exec(ctx, `DELETE FROM sso_flows WHERE created_at < now() - $1::interval`, FlowTTL.String()); err != nil {
		return "", err
	}
	http.SetCookie(w, &http.Cookie{Name: s.StateCookie(), Value: state, Path: "/", HttpOnly: true, Secure: s.secure,
		SameSite: http.SameSiteLaxMode, MaxAge: int(FlowTTL.Seconds())})
	oc := p.oauth
	oc.RedirectURL = callback
	return oc.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), nil
}

// Complete finishes the sign-in the provider sent the browser back from (r carries state and
// code, or the provider's error) and returns the verified claims. The flow is used up whatever
// the outcome: a state is good once.
func (s *Service) Complete(ctx context.Context, w http.ResponseWriter, r *http.Request, id, callback string) (*Claims, error) {
	q := r.URL.Query()
	state := q.Get("state")
	http.SetCookie(w, &http.Cookie{Name: s.StateCookie(), Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
	if state == "" {
		return nil, refuse(ReasonState, "no state")
	}
	var provider, nonce, verifier string
	var created time.Time
	err := s.db.QueryRow(ctx, `DELETE FROM sso_flows WHERE state_hash = $1 RETURNING provider, nonce, verifier, created_at`,
		identity.HashToken(state)).Scan(&provider, &nonce, &verifier, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, refuse(ReasonState, "unknown or used state")
	}
	if err != nil {
		return nil, err
	}
	if c, err := r.Cookie(s.StateCookie()); err != nil || c.Value != state {
		return nil, refuse(ReasonState, "the state is not this browser's")
	}
	if provider != id || time.Since(created) > FlowTTL {
		return nil, refuse(ReasonState, "the state is expired or another provider's")
	}
	if e := q.Get("error"); e != "" {
		return nil, refuse(ReasonProvider, "%s: %s", e, q.Get("error_description"))
	}
	p, err := s.discover(ctx, id)
	if err != nil {
		return nil, err
	}
	oc := p.oauth
	oc.RedirectURL = callback
	tok, err := oc.Exchange(s.ctx(ctx), q.Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, refuse(ReasonExchange, "code exchange: %w", err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return nil, refuse(ReasonToken, "the token answer has no id_token")
	}
	idt, err := p.verifier.Verify(s.ctx(ctx), raw)
	if err != nil {
		return nil, refuse(ReasonToken, "%w", err)
	}
	if idt.Nonce != nonce {
		return nil, refuse(ReasonToken, "the ID token's nonce is not the flow's")
	}
	if idt.AccessTokenHash != "" {
		if err := idt.VerifyAccessToken(tok.AccessToken); err != nil {
			return nil, refuse(ReasonToken, "%w", err)
		}
	}
	c := &Claims{Provider: id, Subject: idt.Subject, IDToken: raw, Values: map[string]any{}}
	if p.provider.UserInfoEndpoint() != "" {
		ui, err := p.provider.UserInfo(s.ctx(ctx), oauth2.StaticTokenSource(tok))
		if err != nil {
			return nil, refuse(ReasonExchange, "userinfo: %w", err)
		}
		// Userinfo about someone else is not this sign-in's (OpenID Connect Core 5.3.2).
		if ui.Subject != idt.Subject {
			return nil, refuse(ReasonToken, "userinfo is about another subject")
		}
		if err := ui.Claims(&c.Values); err != nil {
			return nil, refuse(ReasonToken, "userinfo: %w", err)
		}
	}
	// The ID token's claims win over userinfo's.
	var fromToken map[string]any
	if err := idt.Claims(&fromToken); err != nil {
		return nil, refuse(ReasonToken, "%w", err)
	}
	for k, v := range fromToken {
		c.Values[k] = v
	}
	c.SID = c.String("sid")
	return c, nil
}

// EndSessionURL is where the browser goes to sign out at the provider of the ended session
// ext after ITS ended it ("" when the provider has no sign-out endpoint): OpenID Connect's
// end-session endpoint with the ID token, or SAML single logout of the subject's session at
// the identity provider (its SessionIndex) (base: the provider's SAML addresses in ITS).
func (s *Service) EndSessionURL(ctx context.Context, ext session.External, base, returnTo string) string {
	id, idToken := ext.Provider, ext.IDToken
	if cfg, ok := s.Provider(id); ok && cfg.Type == "saml" {
		return s.samlLogoutURL(ctx, id, base, ext.Subject, ext.SID, returnTo)
	}
	p, err := s.discover(ctx, id)
	if err != nil || p.endSession == "" {
		return ""
	}
	u, err := url.Parse(p.endSession)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Set("client_id", p.cfg.OIDC.ClientID)
	if idToken != "" {
		q.Set("id_token_hint", idToken)
	}
	if returnTo != "" {
		q.Set("post_logout_redirect_uri", returnTo)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// backChannelEvent is the event a logout token must carry (OpenID Connect Back-Channel Logout
// 1.0, section 2.4).
const backChannelEvent = "http://schemas.openid.net/event/backchannel-logout"

// VerifyLogout checks a back-channel logout token of provider id (signature, issuer, audience,
// expiry, the logout event, no nonce) and returns the subject and provider session it ends.
func (s *Service) VerifyLogout(ctx context.Context, id, token string) (subject, sid string, err error) {
	p, err := s.discover(ctx, id)
	if err != nil {
		return "", "", err
	}
	t, err := p.verifier.Verify(s.ctx(ctx), token)
	if err != nil {
		return "", "", refuse(ReasonToken, "%w", err)
	}
	var c struct {
		SID    string         `json:"sid"`
		Nonce  *string        `json:"nonce"`
		Events map[string]any `json:"events"`
	}
	if err := t.Claims(&c); err != nil {
		return "", "", refuse(ReasonToken, "%w", err)
	}
	if _, ok := c.Events[backChannelEvent]; !ok {
		return "", "", refuse(ReasonToken, "not a logout token: no back-channel logout event")
	}
	if c.Nonce != nil {
		return "", "", refuse(ReasonToken, "a logout token carries no nonce")
	}
	if t.Subject == "" && c.SID == "" {
		return "", "", refuse(ReasonToken, "a logout token names a subject or a session")
	}
	return t.Subject, c.SID, nil
}

// Module provides the service.
var Module = fx.Module("sso", fx.Provide(New))
