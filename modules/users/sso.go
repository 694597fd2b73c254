package users

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/audit"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/sso"
	"its/policies"
)

// Message codes of a refused company sign-in; the login page words each in the user's language.
const (
	CodeSSORequired = "ITS_ERR_SSO_REQUIRED"
	CodeSSOState    = "ITS_ERR_SSO_STATE"
	CodeSSOToken    = "ITS_ERR_SSO_TOKEN"
	CodeSSOProvider = "ITS_ERR_SSO_PROVIDER"
	CodeSSOClaims   = "ITS_ERR_SSO_CLAIMS"
	CodeSSOAccount  = "ITS_ERR_SSO_ACCOUNT"
)

// ssoCodes maps a refusal reason of core/sso to its message code.
var ssoCodes = map[string]string{
	sso.ReasonState: CodeSSOState, sso.ReasonToken: CodeSSOToken,
	sso.ReasonProvider: CodeSSOProvider, sso.ReasonExchange: CodeSSOProvider, sso.ReasonUnknown: CodeSSOProvider,
}

// providerOnly refuses a password login (or an access request) for an address whose domain
// signs in only through a company provider, naming the provider.
func (s *Service) providerOnly(ctx context.Context, email, what string) error {
	p, ok := s.sso.OnlyFor(email)
	if !ok {
		return nil
	}
	s.auditRefusal(ctx, p.ID, "users.sso.passwordRefused", map[string]any{"email": email, "via": what})
	return &httpx.Error{Status: http.StatusForbidden, Code: CodeSSORequired,
		Message: fmt.Sprintf("Addresses of this domain sign in with %s: use the button \"Sign in with %s\".", p.Name, p.Name),
		Details: map[string]any{"provider": p.ID, "name": p.Name}}
}

// auditRefusal records a refused sign-in (its own transaction: the refusal changes nothing else).
func (s *Service) auditRefusal(ctx context.Context, provider, action string, data map[string]any) {
	ctx = context.WithoutCancel(ctx)
	data["provider"] = provider
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		return audit.Record(ctx, tx, "", action, "SignInProvider", provider, data)
	}); err != nil {
		s.log.Error("audit: recording a refused sign-in", "error", err)
	}
}

// SSORefused records a sign-in the provider checks refused and gives its message code.
func (s *Service) SSORefused(ctx context.Context, provider string, err error) string {
	code := CodeSSOProvider
	var r *sso.Refused
	var he *httpx.Error
	switch {
	case errors.As(err, &r):
		code = ssoCodes[r.Reason]
	case errors.As(err, &he):
		code = he.Code
	}
	s.auditRefusal(ctx, provider, "users.sso.refused", map[string]any{"code": code, "error": err.Error()})
	return code
}

// MapGroups is what provider's groups give a user under the live policy set.
func (s *Service) MapGroups(ctx context.Context, provider string, groups []string) (*policies.SignInMapping, error) {
	v, err := s.authz.Value(ctx, policies.SignInMappingQuery, policies.SignInMappingInput(provider, groups))
	if err != nil {
		return nil, fmt.Errorf("group mapping: %w", err)
	}
	return policies.DecodeSignInMapping(v)
}

// claimRefusal is a sign-in whose claims cannot make an account.
func claimRefusal(msg string) *httpx.Error {
	return &httpx.Error{Status: http.StatusForbidden, Code: CodeSSOClaims, Message: msg}
}

// SignInExternal makes the account of a verified company sign-in: created on the first one
// (active, an employee), its name, e-mail, user code, department and country from the configured
// claims, and its permissions, mapped flags and territories from the provider's groups, refreshed
// every time. An account that signs in another way is taken over only by the provider that owns
// its domain.
func (s *Service) SignInExternal(ctx context.Context, p config.AuthProvider, c *sso.Claims) (*identity.User, error) {
	email := strings.ToLower(c.String(p.Claim("email")))
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		return nil, claimRefusal("The provider gave no valid e-mail address for this account.")
	}
	if v, ok := c.Values["email_verified"].(bool); ok && !v {
		return nil, claimRefusal("The provider has not verified this account's e-mail address.")
	}
	groups := c.Strings(p.Groups())
	m, err := s.MapGroups(ctx, p.ID, groups)
	if err != nil {
		return nil, err
	}
	strategy := p.Type + ":" + p.ID
	var id string
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		old, _, err := s.users.ByEmail(ctx, email)
		if err != nil && !errors.Is(err, identity.ErrNotFound) {
			return err
		}
		before := map[string]any{}
		n := identity.User{Email: email, Name: c.String(p.Claim("name")), LastName: c.String(p.Claim("last_name")),
			UserCode: c.String(p.Claim("user_code")), Country: c.String(p.Claim("country")), Strategy: strategy,
			Status: "active", Employee: true, Permissions: m.Permissions, UserTBEs: m.Territories}
		if d := c.String(p.Claim("department")); d != "" {
			n.DepartmentAccess = []string{d}
		}
		if old == nil {
			n.Flags = m.Flags
			if id, err = s.users.Create(ctx, tx, identity.NewUser{User: n}); err != nil {
				return err
			}
		} else {
			if old.Strategy != strategy && !sso.Owns(p, email) {
				return &httpx.Error{Status: http.StatusForbidden, Code: CodeSSOAccount,
					Message: "An account with this e-mail address signs in another way. Please contact the administrator."}
			}
			if err := statusRefusal(old.Status); err != nil {
				return err
			}
			id = old.ID
			before = map[string]any{"permissions": old.Permissions, "flags": old.Flags, "userTBEs": old.UserTBEs, "strategy": old.Strategy}
			n.Flags = mergeFlags(old.Flags, m.ManagedFlags, m.Flags)
			if err := s.users.Refresh(ctx, tx, id, n); err != nil {
				return err
			}
			if err := s.users.SetPermissions(ctx, tx, id, m.Permissions); err != nil {
				return err
			}
		}
		if err := audit.Record(ctx, tx, id, "users.sso.signIn", "User", id, map[string]any{
			"provider": p.ID, "subject": c.Subject, "created": old == nil, "groups": groups, "before": before,
			"after": map[string]any{"permissions": m.Permissions, "flags": n.Flags, "userTBEs": m.Territories, "strategy": strategy},
		}); err != nil {
			return err
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return s.users.ByID(ctx, id)
}

// mergeFlags keeps a user's flags the mapping does not manage and sets the managed ones to those
// granted.
func mergeFlags(have, managed, granted []string) []string {
	out := []string{}
	for _, f := range have {
		if !slices.Contains(managed, f) {
			out = append(out, f)
		}
	}
	for _, f := range granted {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// EndSignIn ends the sessions a provider's back-channel logout token names.
func (s *Service) EndSignIn(ctx context.Context, provider, token string) (int64, error) {
	sub, sid, err := s.sso.VerifyLogout(ctx, provider, token)
	if err != nil {
		s.auditRefusal(ctx, provider, "users.sso.logoutRefused", map[string]any{"error": err.Error()})
		return 0, &httpx.Error{Status: http.StatusBadRequest, Code: CodeSSOToken, Message: "The logout token is not valid."}
	}
	n, err := s.sessions.DestroyExternal(ctx, provider, sub, sid)
	if err != nil {
		return 0, err
	}
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		return audit.Record(ctx, tx, "", "users.sso.backChannelLogout", "SignInProvider", provider, map[string]any{"subject": sub, "sid": sid, "sessions": n})
	}); err != nil {
		return 0, err
	}
	return n, nil
}

// SingleLogout takes the SAML identity provider's message at ITS's single logout address and
// gives where the browser goes next: for the provider's logout request, the sessions it names
// end (those of its session indexes, or every session of its subject through the provider) and
// the browser goes back with ITS's answer; for the provider's answer to ITS's own logout, the
// logged-out page.
func (s *Service) SingleLogout(ctx context.Context, r *http.Request, provider, base string) (string, error) {
	out, err := s.sso.SAMLSingleLogout(ctx, r, provider, base)
	if err != nil {
		var refused *sso.Refused
		if !errors.As(err, &refused) {
			return "", err
		}
		s.auditRefusal(ctx, provider, "users.sso.logoutRefused", map[string]any{"error": err.Error()})
		return "", &httpx.Error{Status: http.StatusBadRequest, Code: CodeSSOToken, Message: "The logout message is not valid."}
	}
	if out.Subject == "" {
		return "/logged-out", nil
	}
	indexes := out.SessionIndexes
	if len(indexes) == 0 {
		indexes = []string{""}
	}
	var n int64
	for _, sid := range indexes {
		k, err := s.sessions.DestroyExternal(ctx, provider, out.Subject, sid)
		if err != nil {
			return "", err
		}
		n += k
	}
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		return audit.Record(ctx, tx, "", "users.sso.singleLogout", "SignInProvider", provider,
			map[string]any{"subject": out.Subject, "sessionIndexes": out.SessionIndexes, "sessions": n})
	}); err != nil {
		return "", err
	}
	return out.Answer, nil
}
