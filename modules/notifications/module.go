// Package notifications serves a user's notifications by type (or "all"), with their read state,
// to the shell's notification drawer.
package notifications

import (
	_ "embed"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/modules/actions"
)

//go:embed module.yaml
var manifest []byte

// Item is a notification as the API shows it.
type Item struct {
	ID          string         `json:"id"`
	Type        string         `json:"type"`
	Title       string         `json:"title"`
	Body        string         `json:"body"`
	MessageID   string         `json:"messageId,omitempty"`
	Values      map[string]any `json:"values,omitempty"`
	Link        string         `json:"link"`
	State       string         `json:"state"`
	CreatedDate time.Time      `json:"createdDate"`
}

// itemColumns are an Item's columns, in the order of its fields.
const itemColumns = `id::text, type, title, body, message_id, message_values, link, state, created_at`

// fields are the Item's fields to scan itemColumns into.
func (it *Item) fields() []any {
	return []any{&it.ID, &it.Type, &it.Title, &it.Body, &it.MessageID, &it.Values, &it.Link, &it.State, &it.CreatedDate}
}

// Page is a query answer.
type Page struct {
	Items    []Item `json:"items"`
	Total    int    `json:"total"`
	NewCount int    `json:"newCount"`
}

const pageSize = 100

func userID(r *http.Request) string { return identity.FromContext(r.Context()).ID }

func newModule(db *pgxpool.Pool) registry.Module {
	s := &Store{db: db}
	return registry.Module{
		File:     "modules/notifications/module.yaml",
		Manifest: manifest,
		Routes: func(r registry.Router) {
			r.Handle("POST", "/api/notifications/{type}/query", actions.NotificationsView, httpx.MaybeBody(func(req *http.Request, _ struct{}) (Page, error) {
				return s.Query(req.Context(), userID(req), chi.URLParam(req, "type"))
			}))
			r.Handle("POST", "/api/notifications/{type}/setStateAll/Read", actions.NotificationsView, httpx.Get(func(req *http.Request) (map[string]int64, error) {
				n, err := s.SetState(req.Context(), userID(req), chi.URLParam(req, "type"), "Read", nil)
				return map[string]int64{"updated": n}, err
			}))
			r.Handle("POST", "/api/notifications/{type}/batch/many", actions.NotificationsView, httpx.Body(func(req *http.Request, body stateBody) (map[string]int64, error) {
				if body.State != "Read" && body.State != "New" {
					return nil, httpx.Invalid(httpx.FieldError{Field: "state", Rule: "enum", Message: "state must be Read or New"})
				}
				if len(body.IDs) == 0 {
					return nil, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "required", Message: "ids must name at least one notification"})
				}
				n, err := s.SetState(req.Context(), userID(req), chi.URLParam(req, "type"), body.State, body.IDs)
				return map[string]int64{"updated": n}, err
			}))
			r.Handle("GET", "/api/notifications/{type}/{id}", actions.NotificationsView, httpx.Get(func(req *http.Request) (Item, error) {
				return s.Get(req.Context(), userID(req), chi.URLParam(req, "id"))
			}))
		},
		Seed:      seed,
		SeedOrder: 10,
	}
}

// Module wires the notifications module.
var Module = fx.Module("notifications", registry.AsModule(newModule))

// stateBody is the body of POST /api/notifications/{type}/batch/many.
type stateBody struct {
	IDs   []string `json:"ids"`
	State string   `json:"state"`
}
