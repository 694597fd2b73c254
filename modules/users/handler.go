package users

import (
	"net/http"
	"time"

	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/core/session"
	"its/modules/actions"
)

// Handler is the users module's HTTP side.
type Handler struct {
	svc      *Service
	sessions *session.Manager
}

// NewHandler gives the handler.
func NewHandler(svc *Service, sessions *session.Manager) *Handler {
	return &Handler{svc: svc, sessions: sessions}
}

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("POST", "/api/users/session", actions.SessionLogin, h.login)
	r.Handle("GET", "/api/users/ping", actions.SessionPing, h.ping)
	r.Handle("GET", "/api/users/logout", actions.SessionLogout, h.logout)
	r.Handle("POST", "/api/users/access-request", actions.UsersAccessRequest, h.accessRequest)
	r.Handle("POST", "/api/users/confirm-email", actions.UsersConfirmEmail, h.confirmEmail)
	r.Handle("POST", "/api/users/password-reset", actions.UsersPasswordReset, h.passwordReset)
	r.Handle("POST", "/api/users/password", actions.UsersSetPassword, h.setPassword)
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
	u, err := h.svc.Login(r.Context(), body.Email, body.Password, session.ClientAddress(r))
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

func (h *Handler) ping(w http.ResponseWriter, r *http.Request) error {
	s := session.FromContext(r.Context())
	if s == nil {
		return httpx.Unauthenticated("")
	}
	httpx.Data(w, sessionAnswer{User: s.User, CSRFToken: s.CSRFToken, IdleExpiresAt: &s.IdleExpiry, AbsoluteExpiresAt: &s.ExpiresAt})
	return nil
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(h.sessions.CookieName()); err == nil && c.Value != "" {
		if err := h.sessions.Destroy(r.Context(), c.Value); err != nil {
			return err
		}
	}
	h.sessions.Clear(w)
	httpx.Data(w, map[string]bool{"loggedOut": true})
	return nil
}

func (h *Handler) accessRequest(w http.ResponseWriter, r *http.Request) error {
	var body AccessRequest
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	if err := h.svc.RequestAccess(r.Context(), body); err != nil {
		return err
	}
	httpx.Data(w, map[string]string{"status": "emailSent"})
	return nil
}

func (h *Handler) confirmEmail(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Code string `json:"code"`
	}
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	if err := h.svc.ConfirmEmail(r.Context(), body.Code); err != nil {
		return err
	}
	httpx.Data(w, map[string]string{"status": "pendingApproval"})
	return nil
}

func (h *Handler) passwordReset(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email string `json:"email"`
	}
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	if err := h.svc.RequestPasswordReset(r.Context(), body.Email); err != nil {
		return err
	}
	httpx.Data(w, map[string]string{"status": "emailSent"})
	return nil
}

func (h *Handler) setPassword(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		UserID   string `json:"userId"`
		Code     string `json:"code"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	if err := h.svc.SetPassword(r.Context(), body.UserID, body.Code, body.Password); err != nil {
		return err
	}
	httpx.Data(w, map[string]string{"status": "passwordSet"})
	return nil
}
