package admin

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/audit"
	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/core/mail"
	"its/core/plugins"
	"its/core/policyversions"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the admin module's HTTP side.
type Handler struct {
	svc      *Service
	store    *Store
	users    *identity.Store
	outbox   *mail.Outbox
	versions *policyversions.Service
	engine   *authz.Engine
	audit    *audit.Log
	db       *pgxpool.Pool
	reg      *registry.Registry
	refData  *refData
	// pluginHost is the server's plugin host (nil outside a server).
	pluginHost *plugins.Host
}

// HandlerParams wire the handler.
type HandlerParams struct {
	fx.In
	Service  *Service
	Store    *Store
	Users    *identity.Store
	Outbox   *mail.Outbox
	Versions *policyversions.Service
	Engine   *authz.Engine
	Audit    *audit.Log
	DB       *pgxpool.Pool
	Log      *slog.Logger
}

// NewHandler gives the handler.
func NewHandler(p HandlerParams) *Handler {
	return &Handler{svc: p.Service, store: p.Store, users: p.Users, outbox: p.Outbox,
		versions: p.Versions, engine: p.Engine, audit: p.Audit, db: p.DB,
		refData: newRefData(p.DB, p.Store, p.Log)}
}

// Routes registers the module's routes (each listed in module.yaml).
// Every refused request to an admin route is an audit entry.
func (h *Handler) Routes(r registry.Router) {
	audited := registry.AuditDenied()
	r.Handle("GET", "/api/admin/users", actions.AdminUsers, httpx.Get(h.list), audited)
	r.Handle("GET", "/api/admin/users/{id}", actions.AdminUsers, httpx.Get(h.get), audited)
	r.Handle("PATCH", "/api/admin/users/{id}", actions.AdminUsers, httpx.Body(h.patch), audited)
	r.Handle("GET", "/api/admin/options", actions.AdminUsers, httpx.Get(h.options), audited)
	r.Handle("GET", "/api/mail/outbox", actions.AdminUsers, httpx.Get(h.mail), audited)
	h.policyRoutes(r, audited)
	r.Handle("GET", "/api/admin/audit", actions.AdminAudit, httpx.Get(h.auditList), audited)
	r.Handle("GET", "/api/admin/audit/xlsx", actions.AdminAudit, h.auditExport, audited)
	h.pluginRoutes(r, audited)
	h.refData.routes(r, audited)
}

func (h *Handler) list(r *http.Request) ([]*identity.User, error) {
	status := r.URL.Query().Get("status")
	if status != "" && !In(Statuses, status) {
		return nil, httpx.Invalid(httpx.FieldError{Field: "status", Rule: "enum", Message: "Unknown status " + status})
	}
	return h.store.List(r.Context(), status, r.URL.Query().Get("text"))
}

func (h *Handler) get(r *http.Request) (*identity.User, error) {
	u, err := h.users.ByID(r.Context(), chi.URLParam(r, "id"))
	if errors.Is(err, identity.ErrNotFound) {
		return nil, httpx.NotFound("User")
	}
	return u, err
}

func (h *Handler) patch(r *http.Request, p Patch) (*identity.User, error) {
	return h.svc.Update(r.Context(), identity.FromContext(r.Context()), chi.URLParam(r, "id"), p)
}

// options are the choices the admin UI offers, from the same lists the server validates with.
func (h *Handler) options(*http.Request) (map[string][]string, error) {
	return map[string][]string{
		"permissions": PermissionNames, "roles": Roles, "channels": Channels,
		"regions": Regions, "productTypes": ProductTypes, "flags": Flags,
		"departments": Departments, "statuses": Statuses,
	}, nil
}

func (h *Handler) mail(r *http.Request) ([]mail.Message, error) {
	limit := 100
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 1000 {
			return nil, httpx.Invalid(httpx.FieldError{Field: "limit", Rule: "range", Message: "limit must be 1 to 1000"})
		}
		limit = n
	}
	return h.outbox.List(r.Context(), r.URL.Query().Get("to"), limit)
}
