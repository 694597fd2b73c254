package users

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"its/core/config"
	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/core/session"
	"its/core/sso"
	"its/modules/actions"
)

// Handler is the users module's HTTP side.
type Handler struct {
	svc      *Service
	sessions *session.Manager
	sso      *sso.Service
	public   string
}

// NewHandler gives the handler.
func NewHandler(svc *Service, sessions *session.Manager, s *sso.Service, cfg *config.Config) *Handler {
	return &Handler{svc: svc, sessions: sessions, sso: s, public: strings.TrimRight(cfg.PublicURL, "/")}
}

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("POST", "/api/users/session", actions.SessionLogin, h.login)
	r.Handle("GET", "/api/users/ping", actions.SessionPing, httpx.Get(h.ping))
	r.Handle("GET", "/api/users/logout", actions.SessionLogout, h.logout)
	r.Handle("POST", "/api/users/logout", actions.SessionLogout, h.logout)
	r.Handle("POST", "/api/users/access-request", actions.UsersAccessRequest, httpx.Body(h.accessRequest))
	r.Handle("POST", "/api/users/confirm-email", actions.UsersConfirmEmail, httpx.Body(h.confirmEmail))
	r.Handle("POST", "/api/users/password-reset", actions.UsersPasswordReset, httpx.Body(h.passwordReset))
	r.Handle("POST", "/api/users/password", actions.UsersSetPassword, httpx.Body(h.setPassword))
	r.Handle("GET", "/api/users/autocomplete", actions.UsersAutocomplete, httpx.Get(h.autocomplete))
	r.Handle("GET", "/api/users/sso/providers", actions.UsersSsoProviders, httpx.Get(h.ssoProviders))
	r.Handle("GET", "/api/users/sso/{provider}/login", actions.UsersSsoSignIn, h.ssoLogin, registry.NoResource())
	r.Handle("GET", "/api/users/sso/{provider}/callback", actions.UsersSsoSignIn, h.ssoCallback, registry.NoResource())
	r.Handle("POST", "/api/users/sso/{provider}/backchannel-logout", actions.UsersSsoLogout, h.ssoBackChannel, registry.NoResource(), registry.CrossSite())
	r.Handle("GET", "/api/users/sso/{provider}/metadata", actions.UsersSsoSignIn, h.samlMetadata, registry.NoResource())
	r.Handle("POST", "/api/users/sso/{provider}/acs", actions.UsersSsoSignIn, h.samlACS, registry.NoResource(), registry.CrossSite())
	r.Handle("GET", "/api/users/sso/{provider}/slo", actions.UsersSsoLogout, h.samlSLO, registry.NoResource(), registry.CrossSite())
	r.Handle("POST", "/api/users/sso/{provider}/slo", actions.UsersSsoLogout, h.samlSLO, registry.NoResource(), registry.CrossSite())
}

// autocomplete answers ?text= (or ?q=).
func (h *Handler) autocomplete(r *http.Request) ([]Suggestion, error) {
	q := r.URL.Query()
	text := q.Get("text")
	if text == "" {
		text = q.Get("q")
	}
	return h.svc.Autocomplete(r.Context(), text)
}

type sessionAnswer struct {
	User              *identity.User `json:"user"`
	CSRFToken         string         `json:"csrfToken"`
	IdleExpiresAt     *time.Time     `json:"idleExpiresAt,omitempty"`
	AbsoluteExpiresAt *time.Time     `json:"absoluteExpiresAt,omitempty"`
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	u, err := h.svc.Login(r.Context(), body.Email, body.Password, h.sessions.ClientAddress(r))
	if err != nil {
		return err
	}
	// A login replaces whatever session the browser had.
	if c, err := r.Cookie(h.sessions.CookieName()); err == nil {
		_ = h.sessions.Destroy(r.Context(), c.Value)
	}
	csrf, err := h.sessions.Create(r.Context(), w, r, u.ID)
	if err != nil {
		return err
	}
	httpx.Data(w, sessionAnswer{User: u, CSRFToken: csrf})
	return nil
}

func (h *Handler) ping(r *http.Request) (*sessionAnswer, error) {
	s := session.FromContext(r.Context())
	if s == nil {
		return nil, httpx.Unauthenticated("")
	}
	return &sessionAnswer{User: s.User, CSRFToken: s.CSRFToken, IdleExpiresAt: &s.IdleExpiry, AbsoluteExpiresAt: &s.ExpiresAt}, nil
}

// logout ends the session. The GET of the spec checks the CSRF token like the POST (the
// middleware checks only unsafe methods): a cross-site page must not log the user out.
func (h *Handler) logout(w http.ResponseWriter, r *http.Request) error {
	if err := h.sessions.CheckCSRF(r); err != nil {
		return err
	}
	var ext session.External
	if c, err := r.Cookie(h.sessions.CookieName()); err == nil && c.Value != "" {
		if ext, err = h.sessions.ExternalOf(r.Context(), c.Value); err != nil {
			return err
		}
		if err := h.sessions.Destroy(r.Context(), c.Value); err != nil {
			return err
		}
	}
	h.sessions.Clear(w)
	answer := map[string]any{"loggedOut": true}
	// A session from a company provider also ends there, where the provider can.
	if ext.Provider != "" {
		if u := h.sso.EndSessionURL(r.Context(), ext, h.base(ext.Provider), h.public+"/"); u != "" {
			answer["redirect"] = u
		}
	}
	httpx.Data(w, answer)
	return nil
}

func (h *Handler) accessRequest(r *http.Request, body AccessRequest) (map[string]string, error) {
	return map[string]string{"status": "emailSent"}, h.svc.RequestAccess(r.Context(), body)
}

func (h *Handler) confirmEmail(r *http.Request, body confirmBody) (map[string]string, error) {
	return map[string]string{"status": "pendingApproval"}, h.svc.ConfirmEmail(r.Context(), body.Code)
}

type confirmBody struct {
	Code string `json:"code"`
}

func (h *Handler) passwordReset(r *http.Request, body resetBody) (map[string]string, error) {
	return map[string]string{"status": "emailSent"}, h.svc.RequestPasswordReset(r.Context(), body.Email, h.sessions.ClientAddress(r))
}

type resetBody struct {
	Email string `json:"email"`
}

func (h *Handler) setPassword(r *http.Request, body passwordBody) (map[string]string, error) {
	return map[string]string{"status": "passwordSet"}, h.svc.SetPassword(r.Context(), body.UserID, body.Code, body.Password)
}

type passwordBody struct {
	UserID   string `json:"userId"`
	Code     string `json:"code"`
	Password string `json:"password"`
}

// providerButton is one company sign-in button of the login page.
type providerButton struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

func (h *Handler) ssoProviders(*http.Request) ([]providerButton, error) {
	out := []providerButton{}
	for _, p := range h.sso.Providers() {
		out = append(out, providerButton{ID: p.ID, Name: p.Name, Type: p.Type})
	}
	return out, nil
}

// base is where provider id's addresses in ITS start.
func (h *Handler) base(id string) string { return h.public + "/api/users/sso/" + url.PathEscape(id) }

func (h *Handler) callbackURL(id string) string { return h.base(id) + "/callback" }

// refusedPage sends the browser to the login page, which words code in the user's language.
func (h *Handler) refusedPage(w http.ResponseWriter, r *http.Request, code string) {
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, "/?ssoError="+url.QueryEscape(code), http.StatusSeeOther)
}

func (h *Handler) ssoLogin(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "provider")
	if _, ok := h.sso.Provider(id); !ok {
		return httpx.NotFound("sign-in provider")
	}
	var to string
	var err error
	if p, _ := h.sso.Provider(id); p.Type == "saml" {
		to, err = h.sso.BeginSAML(r.Context(), id, h.base(id))
	} else {
		to, err = h.sso.Begin(r.Context(), w, id, h.callbackURL(id))
	}
	if err != nil {
		h.refusedPage(w, r, h.svc.SSORefused(r.Context(), id, err))
		return nil
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to, http.StatusFound)
	return nil
}

func (h *Handler) ssoCallback(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "provider")
	p, ok := h.sso.Provider(id)
	if !ok {
		return httpx.NotFound("sign-in provider")
	}
	c, err := h.sso.Complete(r.Context(), w, r, id, h.callbackURL(id))
	return h.finish(w, r, p, c, err)
}

// finish signs in the account of a provider's verified claims (or shows why not) and sends
// the browser into the app.
func (h *Handler) finish(w http.ResponseWriter, r *http.Request, p config.AuthProvider, c *sso.Claims, err error) error {
	if err != nil {
		h.refusedPage(w, r, h.svc.SSORefused(r.Context(), p.ID, err))
		return nil
	}
	u, err := h.svc.SignInExternal(r.Context(), p, c)
	if err != nil {
		if he, ok := err.(*httpx.Error); ok {
			h.refusedPage(w, r, h.svc.SSORefused(r.Context(), p.ID, he))
			return nil
		}
		return err
	}
	// A sign-in replaces whatever session the browser had.
	if old, err := r.Cookie(h.sessions.CookieName()); err == nil {
		_ = h.sessions.Destroy(r.Context(), old.Value)
	}
	if _, err := h.sessions.CreateExternal(r.Context(), w, r, u.ID, session.External{Provider: p.ID, Subject: c.Subject, SID: c.SID, IDToken: c.IDToken}); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// samlProvider is the SAML provider of the request's path.
func (h *Handler) samlProvider(r *http.Request) (config.AuthProvider, error) {
	p, ok := h.sso.Provider(chi.URLParam(r, "provider"))
	if !ok || p.Type != "saml" {
		return p, httpx.NotFound("SAML sign-in provider")
	}
	return p, nil
}

// samlMetadata is ITS's service provider metadata, for the identity provider's administrator.
func (h *Handler) samlMetadata(w http.ResponseWriter, r *http.Request) error {
	p, err := h.samlProvider(r)
	if err != nil {
		return err
	}
	md, err := h.sso.SAMLMetadata(r.Context(), p.ID, h.base(p.ID))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/samlmetadata+xml")
	_, err = w.Write(md)
	return err
}

// samlACS takes the identity provider's POSTed response, SP- or IdP-initiated.
func (h *Handler) samlACS(w http.ResponseWriter, r *http.Request) error {
	p, err := h.samlProvider(r)
	if err != nil {
		return err
	}
	c, err := h.sso.CompleteSAML(r.Context(), r, p.ID, h.base(p.ID))
	return h.finish(w, r, p, c, err)
}

// samlSLO is ITS's SAML single logout address: a logout request of the identity provider ends
// the subject's ITS sessions and sends the browser back with ITS's answer; the provider's
// answer to ITS's own request opens the logged-out page; a message the checks refuse opens
// the login page with its message.
func (h *Handler) samlSLO(w http.ResponseWriter, r *http.Request) error {
	p, err := h.samlProvider(r)
	if err != nil {
		return err
	}
	next, err := h.svc.SingleLogout(r.Context(), r, p.ID, h.base(p.ID))
	if err != nil {
		if he, ok := err.(*httpx.Error); ok {
			h.refusedPage(w, r, he.Code)
			return nil
		}
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, next, http.StatusSeeOther)
	return nil
}

// ssoBackChannel ends the sessions of a provider's logout token (OpenID Connect Back-Channel
// Logout 1.0: a form POST from the provider, answered 200, or 400 for a bad token).
func (h *Handler) ssoBackChannel(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "provider")
	if _, ok := h.sso.Provider(id); !ok {
		return httpx.NotFound("sign-in provider")
	}
	if err := r.ParseForm(); err != nil {
		return httpx.BadRequest("The logout request is not a form.", nil)
	}
	token := r.PostForm.Get("logout_token")
	if token == "" {
		return httpx.Invalid(httpx.FieldError{Field: "logout_token", Rule: "required", Message: "logout_token is required"})
	}
	if _, err := h.svc.EndSignIn(r.Context(), id, token); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	return nil
}
