package orders

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"its/core/comments"
	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	liverows "its/core/live"
	"its/core/registry"
	"its/modules/actions"
)

// Live collaboration on an order's lines grid: its live topic (order:<id>), the cell history of
// its lines and the comment threads on them, each under the order's own read rule.

// CommentScope names the lines grid's comment threads (core/comments): a thread is a line of
// an order.
const CommentScope = "orders.lines"

// readableBy reports whether u may read order o: the order type's orders.view (the routes'
// gate) and orders.read of the order itself (its status, requester and approvers).
func (s *Service) readableBy(ctx context.Context, u *identity.User, o *Order) (bool, error) {
	if ok, err := s.authz.Allowed(ctx, u, actions.OrdersView, map[string]any{"orderType": o.Type}); err != nil || !ok {
		return false, err
	}
	return s.authz.Allowed(ctx, u, actions.OrdersRead, o.resource())
}

// liveTopic lets a user follow an order's lines exactly when they may read the order (one they
// may not read, like a missing one, is a 404); they are told only of the lines' fields and of
// their Comments column (comments.Field).
func liveTopic(s *Service) liverows.Topic {
	served := map[string]bool{comments.Field: true}
	for _, c := range lineGrid.Columns {
		served[c.Field] = true
	}
	return liverows.Topic{Kind: TopicOrder, Open: func(ctx context.Context, id string) (liverows.Access, error) {
		if !httpx.IsUUID(id) {
			return liverows.Access{}, httpx.NotFound("Order")
		}
		err := db.InSnapshot(ctx, s.db, func(tx pgx.Tx) error {
			o, err := s.load(ctx, tx, "", id, false)
			if err != nil {
				return err
			}
			ok, err := s.readableBy(ctx, identity.FromContext(ctx), o)
			if err == nil && !ok {
				err = httpx.NotFound("Order")
			}
			return err
		})
		if err != nil {
			return liverows.Access{}, err
		}
		return liverows.Access{Field: func(name string) bool { return served[name] }}, nil
	}}
}

// publishLines tells the order's open grids which lines a batch added, changed and deleted and
// which fields it wrote (the server's prices and totals with the cells sent): one event per
// lines batch that wrote a line, in its transaction.
func publishLines(ctx context.Context, tx pgx.Tx, o *Order, actorID string, plan *grid.Plan) error {
	ev := liverows.PlanEvent(TopicOrder+":"+o.ID, lineGrid, actorID, plan)
	if len(ev.Added)+len(ev.Updated)+len(ev.Deleted) == 0 {
		return nil
	}
	return liverows.Publish(ctx, tx, ev)
}

// lineHistory answers a line's history (GET .../{id}/rows/{rowId}/history): ?field= one field,
// ?before= older than that entry, ?limit= at most that many (grid.HistoryMaxLimit).
func (h *Handler) lineHistory(r *http.Request) (*grid.HistoryPage, error) {
	hq, err := grid.ParseHistoryQuery(r.URL.Query(), chi.URLParam(r, "rowId"))
	if err != nil {
		return nil, err
	}
	return h.svc.LineHistory(r.Context(), orderType(r), chi.URLParam(r, "id"), hq)
}

// LineHistory reads the history of a line of order id of orderType, newest first, under the
// order's read rule (an order the caller may not read, like a line not in it, is a 404).
func (s *Service) LineHistory(ctx context.Context, orderType, id string, hq grid.HistoryQuery) (*grid.HistoryPage, error) {
	if !httpx.IsUUID(id) || !httpx.IsUUID(hq.RowID) {
		return nil, httpx.NotFound("Order")
	}
	var out *grid.HistoryPage
	err := db.InSnapshot(ctx, s.db, func(tx pgx.Tx) error {
		o, err := s.load(ctx, tx, orderType, id, false)
		if err != nil {
			return err
		}
		if err := s.store.lineInOrder(ctx, tx, o.ID, hq.RowID); errors.Is(err, pgx.ErrNoRows) {
			return httpx.NotFound("Row")
		} else if err != nil {
			return err
		}
		out, err = lineGrid.History(ctx, tx, hq)
		return err
	})
	return out, err
}

// commentPolicy lets who may read an order comment on its lines (no edit rights needed), and
// mention only colleagues who may read it too.
type commentPolicy struct{ svc *Service }

// Readable answers the order's title and page when u may read it; otherwise a missing order's
// 404.
func (p commentPolicy) Readable(ctx context.Context, u *identity.User, id string) (comments.Target, error) {
	if !httpx.IsUUID(id) {
		return comments.Target{}, httpx.NotFound("Order")
	}
	var o *Order
	err := db.InSnapshot(ctx, p.svc.db, func(tx pgx.Tx) error {
		var err error
		o, err = p.svc.store.Get(ctx, tx, id, false)
		return notFound(err)
	})
	if err != nil {
		return comments.Target{}, err
	}
	if ok, err := p.svc.readableBy(ctx, u, o); err != nil {
		return comments.Target{}, err
	} else if !ok {
		return comments.Target{}, httpx.NotFound("Order")
	}
	return comments.Target{Title: orderTitle(o), Link: orderPath(o)}, nil
}

// LiveGrid is the order's live topic and lines grid: a change of a line's open comments is told
// there (comments.Live), so every open page's Comments column follows.
func (commentPolicy) LiveGrid(id string) (string, string) {
	return TopicOrder + ":" + id, lineGrid.Name
}

// orderTitle names an order in a mention's notification and e-mail: its number.
func orderTitle(o *Order) string { return "#" + strconv.FormatInt(o.OrderNumber, 10) }

// typedRouter registers routes with the route's {orderType} as the policy's resource, so a
// mounted set of routes (the comment threads) is gated like the module's own.
type typedRouter struct{ registry.Router }

func (t typedRouter) Handle(method, path, action string, h httpx.HandlerFunc, opts ...registry.RouteOption) {
	t.Router.Handle(method, path, action, h, append(opts, routeType)...)
}
