// Package notifications serves a user's notifications by type (or "all"), with their read state,
// to the shell's notification drawer.
package notifications

import (
	"context"
	_ "embed"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/httpx"
	"its/core/identity"
	"its/core/notify"
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

// Store is the module's SQL; every query is scoped to the calling user.
type Store struct{ db *pgxpool.Pool }

const pageSize = 100

// Query lists the user's notifications of type ("all" for every type), newest first.
func (s *Store) Query(ctx context.Context, userID, typ string) (Page, error) {
	p := Page{Items: []Item{}}
	rows, err := s.db.Query(ctx, `SELECT `+itemColumns+`, count(*) OVER (),
		count(*) FILTER (WHERE state = 'New') OVER ()
		FROM notifications WHERE user_id = $1 AND ($2 = 'all' OR type = $2) ORDER BY created_at DESC LIMIT $3`, userID, typ, pageSize)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var it Item
		if err := rows.Scan(append(it.fields(), &p.Total, &p.NewCount)...); err != nil {
			return p, err
		}
		p.Items = append(p.Items, it)
	}
	return p, rows.Err()
}

// SetState marks the user's notifications of type (all of them, or only ids) with state.
func (s *Store) SetState(ctx context.Context, userID, typ, state string, ids []string) (int64, error) {
	tag, err := s.db.Exec(ctx, `UPDATE notifications SET state = $3 WHERE user_id = $1 AND ($2 = 'all' OR type = $2)
		AND ($4::text[] IS NULL OR id::text = ANY($4))`, userID, typ, state, ids)
	return tag.RowsAffected(), err
}

// Get reads one notification of the user.
func (s *Store) Get(ctx context.Context, userID, id string) (Item, error) {
	var it Item
	err := s.db.QueryRow(ctx, `SELECT `+itemColumns+` FROM notifications WHERE user_id = $1 AND id::text = $2`, userID, id).Scan(it.fields()...)
	if err == pgx.ErrNoRows {
		return it, httpx.NotFound("Notification")
	}
	return it, err
}

func userID(r *http.Request) string { return identity.FromContext(r.Context()).ID }

func newModule(db *pgxpool.Pool) registry.Module {
	s := &Store{db: db}
	return registry.Module{
		File:     "modules/notifications/module.yaml",
		Manifest: manifest,
		Routes: func(r registry.Router) {
			r.Handle("POST", "/api/notifications/{type}/query", actions.NotificationsView, func(w http.ResponseWriter, req *http.Request) error {
				var body struct{}
				if req.ContentLength != 0 {
					if err := httpx.Decode(req, &body); err != nil {
						return err
					}
				}
				p, err := s.Query(req.Context(), userID(req), chi.URLParam(req, "type"))
				if err != nil {
					return err
				}
				httpx.Data(w, p)
				return nil
			})
			r.Handle("POST", "/api/notifications/{type}/setStateAll/Read", actions.NotificationsView, func(w http.ResponseWriter, req *http.Request) error {
				n, err := s.SetState(req.Context(), userID(req), chi.URLParam(req, "type"), "Read", nil)
				if err != nil {
					return err
				}
				httpx.Data(w, map[string]int64{"updated": n})
				return nil
			})
			r.Handle("POST", "/api/notifications/{type}/batch/many", actions.NotificationsView, func(w http.ResponseWriter, req *http.Request) error {
				var body struct {
					IDs   []string `json:"ids"`
					State string   `json:"state"`
				}
				if err := httpx.Decode(req, &body); err != nil {
					return err
				}
				if body.State != "Read" && body.State != "New" {
					return httpx.Invalid(httpx.FieldError{Field: "state", Rule: "enum", Message: "state must be Read or New"})
				}
				if len(body.IDs) == 0 {
					return httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "required", Message: "ids must name at least one notification"})
				}
				n, err := s.SetState(req.Context(), userID(req), chi.URLParam(req, "type"), body.State, body.IDs)
				if err != nil {
					return err
				}
				httpx.Data(w, map[string]int64{"updated": n})
				return nil
			})
			r.Handle("GET", "/api/notifications/{type}/{id}", actions.NotificationsView, func(w http.ResponseWriter, req *http.Request) error {
				it, err := s.Get(req.Context(), userID(req), chi.URLParam(req, "id"))
				if err != nil {
					return err
				}
				httpx.Data(w, it)
				return nil
			})
		},
		Seed:      seed,
		SeedOrder: 10,
	}
}

// seed gives every demo account a few notifications so the drawer shows its states.
func seed(ctx context.Context, tx pgx.Tx, _ registry.SeedEnv) error {
	rows, err := tx.Query(ctx, `SELECT id::text FROM users`)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	msgs := []notify.Notification{
		{Type: "SampleOrderNotification", Message: "notifications.message.sampleShipped", Values: map[string]any{"orderNumber": "100245", "pairs": 2, "carrier": "UPS"},
			Link: "/orders/samples/active-orders"},
		{Type: "AssortmentNotification", Message: "notifications.message.assortmentShared", Values: map[string]any{"assortment": "Spring 26 Key Accounts"},
			Link: "/product/assortments/all"},
		{Type: "SystemNotification", Message: "notifications.message.welcome"},
	}
	for _, id := range ids {
		for _, m := range msgs {
			m.UserID = id
			if err := notify.Send(ctx, tx, m); err != nil {
				return err
			}
		}
	}
	_, err = tx.Exec(ctx, `UPDATE notifications SET state = 'Read' WHERE type = 'SystemNotification'`)
	return err
}

// Module wires the notifications module.
var Module = fx.Module("notifications", registry.AsModule(newModule))
