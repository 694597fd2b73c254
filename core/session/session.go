// Package session keeps logged-in sessions: random ids stored hashed in PostgreSQL, the HttpOnly
// session cookie, the readable CSRF cookie, idle and absolute expiry enforced on the server, and
// the middleware that puts the session's user into each request's context.
package session

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/httpx"
	"its/core/identity"
)

// CSRFHeader carries the CSRF token on state-changing calls.
const CSRFHeader = "X-CSRF-Token"

// Session is a live session and its user.
type Session struct {
	User       *identity.User
	CSRFToken  string
	LastSeen   time.Time
	ExpiresAt  time.Time // absolute end
	IdleExpiry time.Time
	idHash     []byte
}

// Manager creates, finds and ends sessions.
type Manager struct {
	db       *pgxpool.Pool
	idle     time.Duration
	lifetime time.Duration
	secure   bool
	proxies  []netip.Prefix
	log      *slog.Logger
	clock    clockwork.Clock
}

// Params wire the manager.
type Params struct {
	fx.In
	DB     *pgxpool.Pool
	Config *config.Config
	Log    *slog.Logger
	// Clock is when sessions start, are seen and expire (a test moves it instead of waiting).
	Clock clockwork.Clock
}

// NewManager gives the session manager.
func NewManager(p Params) *Manager {
	// Checked by the configuration's validation already.
	proxies, _ := config.ParsePrefixes(p.Config.TrustedProxies)
	return &Manager{
		proxies:  proxies,
		db:       p.DB,
		idle:     time.Duration(p.Config.Session.UserTimeoutMs) * time.Millisecond,
		lifetime: p.Config.Session.AbsoluteLifetime.Duration,
		secure:   p.Config.Session.SecureCookies,
		log:      p.Log,
		clock:    p.Clock,
	}
}

// CookieName is the session cookie's name (with the __Host- prefix over TLS).
func (m *Manager) CookieName() string {
	if m.secure {
		return "__Host-its_session"
	}
	return "its_session"
}

// CSRFCookieName is the readable cookie holding the CSRF token.
func (m *Manager) CSRFCookieName() string {
	if m.secure {
		return "__Host-its_csrf"
	}
	return "its_csrf"
}

// External is the company provider sign-in a session came from: the provider's id, the user's
// subject there, the provider's session id (when it gives one) and the ID token (for the
// provider's sign-out).
type External struct {
	Provider, Subject, SID, IDToken string
}

// Create starts a session for userID and sets its cookies.
func (m *Manager) Create(ctx context.Context, w http.ResponseWriter, r *http.Request, userID string) (csrf string, err error) {
	return m.CreateExternal(ctx, w, r, userID, External{})
}

// CreateExternal is Create for a sign-in through a company provider.
func (m *Manager) CreateExternal(ctx context.Context, w http.ResponseWriter, r *http.Request, userID string, ext External) (csrf string, err error) {
	id, err := identity.NewToken(32) // 256 bits
	if err != nil {
		return "", err
	}
	csrf, err = identity.NewToken(32)
	if err != nil {
		return "", err
	}
	now := m.clock.Now()
	expires := now.Add(m.lifetime)
	_, err = m.db.Exec(ctx, `INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at, address, user_agent,
		sso_provider, sso_subject, sso_sid, sso_id_token)
		VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11)`, identity.HashToken(id), userID, csrf, now, expires, m.ClientAddress(r), truncate(r.UserAgent(), 300),
		ext.Provider, ext.Subject, ext.SID, ext.IDToken)
	if err != nil {
		return "", err
	}
	m.setCookies(w, id, csrf, expires)
	return csrf, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func (m *Manager) setCookies(w http.ResponseWriter, id, csrf string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{Name: m.CookieName(), Value: id, Path: "/", HttpOnly: true, Secure: m.secure, SameSite: http.SameSiteLaxMode, Expires: expires})
	http.SetCookie(w, &http.Cookie{Name: m.CSRFCookieName(), Value: csrf, Path: "/", HttpOnly: false, Secure: m.secure, SameSite: http.SameSiteLaxMode, Expires: expires})
}

// Clear removes both cookies.
func (m *Manager) Clear(w http.ResponseWriter) {
	for _, n := range []string{m.CookieName(), m.CSRFCookieName()} {
		http.SetCookie(w, &http.Cookie{Name: n, Value: "", Path: "/", MaxAge: -1, Secure: m.secure, HttpOnly: n == m.CookieName(), SameSite: http.SameSiteLaxMode})
	}
}

// ErrExpired is a session that existed but timed out.
var ErrExpired = errors.New("session expired")

// touchEvery bounds how often a busy session writes its last-seen time.
const touchEvery = 10 * time.Second

// Lookup finds the session of id; an expired one is deleted and reported as ErrExpired.
func (m *Manager) Lookup(ctx context.Context, id string) (*Session, error) {
	h := identity.HashToken(id)
	s := &Session{idHash: h}
	u, err := identity.Scan(m.db.QueryRow(ctx, `SELECT `+identity.SelectUser+`, s.csrf_token, s.last_seen_at, s.expires_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1`, h), &s.CSRFToken, &s.LastSeen, &s.ExpiresAt)
	if errors.Is(err, identity.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	now := m.clock.Now()
	s.User = u
	s.IdleExpiry = s.LastSeen.Add(m.idle)
	if now.After(s.ExpiresAt) || now.After(s.IdleExpiry) || u.Status != "active" {
		_, _ = m.db.Exec(ctx, `DELETE FROM sessions WHERE id_hash = $1`, h)
		return nil, ErrExpired
	}
	if now.Sub(s.LastSeen) > touchEvery {
		if _, err := m.db.Exec(ctx, `UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1`, h, now); err != nil {
			return nil, err
		}
		s.LastSeen = now
		s.IdleExpiry = now.Add(m.idle)
	}
	return s, nil
}

// Alive reports whether the session ctx came with still holds: not ended (signed out, ended by
// an admin or a provider's logout), not past either expiry, its user active. It does not count as
// activity, so a long-lived call (an event stream) asks it without keeping the session alive.
func (m *Manager) Alive(ctx context.Context) (bool, error) {
	s := FromContext(ctx)
	if s == nil {
		return false, nil
	}
	var lastSeen, expires time.Time
	var status string
	err := m.db.QueryRow(ctx, `SELECT s.last_seen_at, s.expires_at, u.status FROM sessions s
		JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1`, s.idHash).Scan(&lastSeen, &expires, &status)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	now := m.clock.Now()
	return status == "active" && !now.After(expires) && !now.After(lastSeen.Add(m.idle)), nil
}

// Destroy ends the session of id.
func (m *Manager) Destroy(ctx context.Context, id string) error {
	_, err := m.db.Exec(ctx, `DELETE FROM sessions WHERE id_hash = $1`, identity.HashToken(id))
	return err
}

// ExternalOf is the provider sign-in of the session id (zero for a password session or none).
func (m *Manager) ExternalOf(ctx context.Context, id string) (External, error) {
	var e External
	err := m.db.QueryRow(ctx, `SELECT sso_provider, sso_subject, sso_sid, sso_id_token FROM sessions WHERE id_hash = $1`,
		identity.HashToken(id)).Scan(&e.Provider, &e.Subject, &e.SID, &e.IDToken)
	if errors.Is(err, pgx.ErrNoRows) {
		return External{}, nil
	}
	return e, err
}

// DestroyExternal ends the sessions a provider's logout names: those of its session sid, or,
// without one, every session of subject through it. It returns how many ended.
func (m *Manager) DestroyExternal(ctx context.Context, provider, subject, sid string) (int64, error) {
	if provider == "" || (subject == "" && sid == "") {
		return 0, errors.New("session: a provider logout names a subject or a session")
	}
	tag, err := m.db.Exec(ctx, `DELETE FROM sessions WHERE sso_provider = $1
		AND (($3 <> '' AND sso_sid = $3) OR ($3 = '' AND sso_subject = $2))`, provider, subject, sid)
	return tag.RowsAffected(), err
}

// DestroyUser ends every session of a user (after a password change).
func (m *Manager) DestroyUser(ctx context.Context, tx pgx.Tx, userID string) error {
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID)
	return err
}

// Sweep deletes sessions past either expiry.
func (m *Manager) Sweep(ctx context.Context) (int64, error) {
	tag, err := m.db.Exec(ctx, `DELETE FROM sessions WHERE expires_at < $2 OR last_seen_at < $2 - $1::interval`, m.idle.String(), m.clock.Now())
	return tag.RowsAffected(), err
}

type ctxKey struct{}

// FromContext is the request's session, nil when anonymous.
func FromContext(ctx context.Context) *Session {
	s, _ := ctx.Value(ctxKey{}).(*Session)
	return s
}

// WithSession returns ctx carrying s (and its user).
func WithSession(ctx context.Context, s *Session) context.Context {
	ctx = context.WithValue(ctx, ctxKey{}, s)
	return identity.WithUser(ctx, s.User)
}

type expiredKey struct{}

// Expired reports whether the request came with a session that has expired.
func Expired(ctx context.Context) bool { v, _ := ctx.Value(expiredKey{}).(bool); return v }

// Middleware loads the session from its cookie and checks CSRF on state-changing calls.
func (m *Manager) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if c, err := r.Cookie(m.CookieName()); err == nil && c.Value != "" {
			s, err := m.Lookup(ctx, c.Value)
			switch {
			case errors.Is(err, ErrExpired):
				m.Clear(w)
				ctx = context.WithValue(ctx, expiredKey{}, true)
			case err != nil:
				httpx.WriteError(w, r, m.log, httpx.Internal(err))
				return
			case s != nil:
				ctx = WithSession(ctx, s)
			}
		}
		if unsafe(r.Method) {
			if err := m.checkCSRF(r.WithContext(ctx)); err != nil {
				httpx.WriteError(w, r, m.log, err)
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func unsafe(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// CheckCSRF is the token check of state-changing calls, for a GET that changes state all the
// same (a logout a spec keeps on GET).
func (m *Manager) CheckCSRF(r *http.Request) error { return m.checkCSRF(r) }

// checkCSRF: with a session the header must equal its token; without one the call must be JSON
// (a cross-site form cannot send that without a preflight) or carry no body at all.
func (m *Manager) checkCSRF(r *http.Request) error {
	if s := FromContext(r.Context()); s != nil {
		got := r.Header.Get(CSRFHeader)
		if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(s.CSRFToken)) != 1 {
			return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_CSRF", Message: "Missing or invalid CSRF token. Please reload the page."}
		}
		return nil
	}
	ct := r.Header.Get("Content-Type")
	if r.ContentLength != 0 && ct != "" && !isJSON(ct) {
		return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_CSRF", Message: "Requests without a session must be sent as JSON."}
	}
	if r.ContentLength != 0 && ct == "" {
		return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_CSRF", Message: "Requests without a session must be sent as JSON."}
	}
	return nil
}

func isJSON(ct string) bool {
	return len(ct) >= 16 && ct[:16] == "application/json"
}

// ClientAddress is the caller's address: the connection's peer, or, when the peer is a
// configured trusted proxy, the right-most X-Forwarded-For entry that is not one (entries left of
// it are whatever the client chose to send).
func (m *Manager) ClientAddress(r *http.Request) string {
	host := r.RemoteAddr
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	addr, err := netip.ParseAddr(host)
	if err != nil || !m.trusted(addr) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			// Not an address our proxy wrote: stop at the last hop it vouched for.
			return addr.String()
		}
		addr = hop.Unmap()
		if !m.trusted(addr) {
			return addr.String()
		}
	}
	return addr.String()
}

func (m *Manager) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range m.proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Module provides the session manager.
var Module = fx.Module("session", fx.Provide(NewManager))
