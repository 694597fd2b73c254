package admin

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
	"its/core/identity"
	"its/core/mail"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the admin module's HTTP side.
type Handler struct {
	svc    *Service
	store  *Store
	users  *identity.Store
	outbox *mail.Outbox
}

// NewHandler gives the handler.
func NewHandler(svc *Service, store *Store, users *identity.Store, outbox *mail.Outbox) *Handler {
	return &Handler{svc: svc, store: store, users: users, outbox: outbox}
}

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/admin/users", actions.AdminUsers, h.list)
	r.Handle("GET", "/api/admin/users/{id}", actions.AdminUsers, h.get)
	r.Handle("PATCH", "/api/admin/users/{id}", actions.AdminUsers, h.patch)
	r.Handle("GET", "/api/admin/options", actions.AdminUsers, h.options)
	r.Handle("GET", "/api/mail/outbox", actions.AdminUsers, h.mail)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	status := r.URL.Query().Get("status")
	if status != "" && !identity.In(identity.Statuses, status) {
		return httpx.Invalid(httpx.FieldError{Field: "status", Rule: "enum", Message: "Unknown status " + status})
	}
	list, err := h.store.List(r.Context(), status, r.URL.Query().Get("text"))
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) error {
	u, err := h.users.ByID(r.Context(), chi.URLParam(r, "id"))
	if errors.Is(err, identity.ErrNotFound) {
		return httpx.NotFound("User")
	}
	if err != nil {
		return err
	}
	httpx.Data(w, u)
	return nil
}

func (h *Handler) patch(w http.ResponseWriter, r *http.Request) error {
	var p Patch
	if err := httpx.Decode(r, &p); err != nil {
		return err
	}
	u, err := h.svc.Update(r.Context(), identity.FromContext(r.Context()), chi.URLParam(r, "id"), p)
	if err != nil {
		return err
	}
	httpx.Data(w, u)
	return nil
}

// options are the choices the admin UI offers, from the same lists the server validates with.
func (h *Handler) options(w http.ResponseWriter, r *http.Request) error {
	httpx.Data(w, map[string][]string{
		"permissions": identity.PermissionNames, "roles": identity.Roles, "channels": identity.Channels,
		"regions": identity.Regions, "productTypes": identity.ProductTypes, "flags": identity.Flags,
		"departments": identity.Departments, "statuses": identity.Statuses,
	})
	return nil
}

func (h *Handler) mail(w http.ResponseWriter, r *http.Request) error {
	limit := 100
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 1000 {
			return httpx.Invalid(httpx.FieldError{Field: "limit", Rule: "range", Message: "limit must be 1 to 1000"})
		}
		limit = n
	}
	list, err := h.outbox.List(r.Context(), r.URL.Query().Get("to"), limit)
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}
