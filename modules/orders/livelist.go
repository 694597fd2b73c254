package orders

import (
	"context"
	"reflect"
	"slices"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	liverows "its/core/live"
	"its/modules/actions"
)

// Live order lists: the list views of a type follow its topic, orders:<type> (orders:SAMPLE,
// orders:PROMO, orders:WHOLESALE). Every write that changes what an order's list row shows
// (a create or duplicate, a field, a status or approval step, its line count, a delete)
// publishes the row and the list fields it changed, in the write's transaction. Users of one
// type read different orders (a requester their own, an approver those waiting for them), so
// the topic filters each stream's row ids by the order's own read rule (readableIDs): nobody
// is told the id of an order they may not read. The sample styles view lists lines, not
// orders: it follows the topic too, and reads its lines again on an event of an order; so a
// write that changes only what the view shows of an order's lines (a shipper, a tracking
// number, a line's status) names the order as updated too, with those fields.

// ListTopic is the live topic of orderType's lists.
func ListTopic(orderType string) string { return TopicOrders + ":" + orderType }

// listTopic lets a user follow a type's order lists exactly when the lists' routes let them
// (orders.view of the type; otherwise, or for a key that is not a type, a 404). A stream names
// only the orders the user may read (readableIDs) and only the lists' fields (the styles view's
// among them).
func listTopic(s *Service) liverows.Topic {
	served := map[string]bool{}
	for _, c := range slices.Concat(listGrid.Columns, stylesGrid.Columns) {
		served[c.Field] = true
	}
	gate := liverows.ActionTopic(TopicOrders, "Topic", s.authz, liverows.Keyed(actions.OrdersView, "orderType", TypeSample, TypePromo, TypeWholesale))
	return liverows.Topic{Kind: TopicOrders, Open: func(ctx context.Context, orderType string) (liverows.Access, error) {
		if _, err := gate.Open(ctx, orderType); err != nil {
			return liverows.Access{}, err
		}
		return liverows.Access{
			Field: func(name string) bool { return served[name] },
			Rows: func(ctx context.Context, ids []string) ([]string, error) {
				return s.readableIDs(ctx, orderType, ids)
			},
		}, nil
	}}
}

// readableIDs answers which of ids are orders of orderType the user of ctx may read
// (orders.read of each order: its status, requester, approvers and coordinator), in one query
// and one batch of policy questions.
func (s *Service) readableIDs(ctx context.Context, orderType string, ids []string) ([]string, error) {
	valid := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return !httpx.IsUUID(id) })
	if len(valid) == 0 {
		return nil, nil
	}
	orders, err := s.store.Resources(ctx, orderType, valid)
	if err != nil || len(orders) == 0 {
		return nil, err
	}
	checks := make([]authz.Check, len(orders))
	for i, o := range orders {
		checks[i] = authz.Check{Action: actions.OrdersRead, Resource: o.resource()}
	}
	allowed, err := s.authz.AllowedMany(ctx, identity.FromContext(ctx), checks)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(orders))
	for i, o := range orders {
		if allowed[i] {
			out = append(out, o.ID)
		}
	}
	return out, nil
}

// listRow is order id's list row as tx sees it (nil when there is none).
func listRow(ctx context.Context, tx pgx.Tx, id string) (*grid.Row, error) {
	return gridRow(ctx, tx, listGrid, id)
}

// gridRow is row id of g as tx sees it (nil when there is none).
func gridRow(ctx context.Context, tx pgx.Tx, g *grid.Grid, id string) (*grid.Row, error) {
	rows, err := g.Rows(ctx, tx, []string{id}, nil)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// publishListRow tells orderType's open lists what a write did to order id's list row, read
// before it as before (nil: there was none): added, deleted, or updated with the list fields
// whose value changed and the styles view's fields its lines' updates wrote (styles,
// stylesFields). A write that changed nothing a list shows tells nobody.
func publishListRow(ctx context.Context, tx pgx.Tx, orderType, id string, before *grid.Row, styles ...string) error {
	return publishRow(ctx, tx, ListTopic(orderType), listGrid, id, before, styles...)
}

// publishRow tells topic's open grids what a write did to row id of g, read before it as
// before (nil: there was none) and now read again in tx: added, deleted, or updated with the
// fields of g whose value changed and the fields also (written elsewhere, shown by another
// grid of the topic). A write that changed nothing tells nobody.
func publishRow(ctx context.Context, tx pgx.Tx, topic string, g *grid.Grid, id string, before *grid.Row, also ...string) error {
	after, err := gridRow(ctx, tx, g, id)
	if err != nil {
		return err
	}
	return publishChange(ctx, tx, topic, g, id, before, after, also...)
}

// publishChange is publishRow for a write that knows row id of g both before and after it
// (nil: there was none, or is none now), without reading it again.
func publishChange(ctx context.Context, tx pgx.Tx, topic string, g *grid.Grid, id string, before, after *grid.Row, also ...string) error {
	ev := liverows.Event{Topic: topic, Grid: g.Name}
	if u := identity.FromContext(ctx); u != nil {
		ev.ActorID = u.ID
	}
	switch {
	case before == nil && after != nil:
		ev.Added = []string{id}
	case before != nil && after == nil:
		ev.Deleted = []string{id}
	case before != nil:
		for _, c := range g.Columns {
			if !reflect.DeepEqual(before.Get(c.Field), after.Get(c.Field)) {
				ev.Fields = append(ev.Fields, c.Field)
			}
		}
		for _, f := range also {
			if !slices.Contains(ev.Fields, f) {
				ev.Fields = append(ev.Fields, f)
			}
		}
		if len(ev.Fields) > 0 {
			ev.Updated = []string{id}
		}
	}
	return liverows.Publish(ctx, tx, ev)
}

// stylesFields are the fields of the sample styles view (a row per line) that plan's line
// updates write, in the view's column order.
func stylesFields(plan *grid.Plan) []string {
	written := map[string]bool{}
	for _, c := range plan.Changes {
		if c.Op == grid.OpUpdate {
			for f := range c.Values {
				written[f] = true
			}
		}
	}
	var out []string
	for _, c := range stylesGrid.Columns {
		if written[c.Field] {
			out = append(out, c.Field)
		}
	}
	return out
}
