package live

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
)

// PlanEvent is the event of an applied grid plan on topic: the rows it added, updated and
// deleted and the fields its updates wrote (each list sorted, no value).
func PlanEvent(topic string, g *grid.Grid, actorID string, p *grid.Plan) Event {
	ev := Event{Topic: topic, Grid: g.Name, ActorID: actorID}
	fields := map[string]bool{}
	for _, c := range p.Changes {
		id := c.ID
		if id == "" {
			id = c.Row.ID()
		}
		switch c.Op {
		case grid.OpAdd:
			ev.Added = append(ev.Added, id)
		case grid.OpUpdate:
			ev.Updated = append(ev.Updated, id)
			for f := range c.Values {
				fields[f] = true
			}
		case grid.OpDelete:
			ev.Deleted = append(ev.Deleted, id)
		}
	}
	for f := range fields {
		ev.Fields = append(ev.Fields, f)
	}
	for _, s := range [][]string{ev.Added, ev.Updated, ev.Deleted, ev.Fields} {
		slices.Sort(s)
	}
	return ev
}

// PublishPlan publishes the event of an applied plan (PlanEvent) in its transaction.
func PublishPlan(ctx context.Context, tx pgx.Tx, topic string, g *grid.Grid, actorID string, p *grid.Plan) error {
	return Publish(ctx, tx, PlanEvent(topic, g, actorID, p))
}

// OnTable makes t publish each batch it writes on topic, in the batch's transaction.
func OnTable(t *grid.Table, topic string) *grid.Table {
	t.Publish = func(ctx context.Context, tx pgx.Tx, g *grid.Grid, actorID string, p *grid.Plan) error {
		return PublishPlan(ctx, tx, topic, g, actorID, p)
	}
	return t
}

// Guard is what a topic's key may be read with: the action of its rows' read and the resource
// the read's route asks it on; ok false when the key names nothing.
type Guard func(key string) (action string, resource map[string]any, ok bool)

// ActionTopic is a topic kind whose keys are grids every row of which the user may read when
// they hold the action guard names: a user without it (or a key guard does not know) is
// answered 404, as the grid's own read would refuse them. Every field is served.
func ActionTopic(kind, what string, az *authz.Engine, guard Guard) Topic {
	return Topic{Kind: kind, Open: func(ctx context.Context, key string) (Access, error) {
		action, resource, ok := guard(key)
		if !ok {
			return Access{}, httpx.NotFound(what)
		}
		allowed, err := az.Allowed(ctx, identity.FromContext(ctx), action, resource)
		if err != nil {
			return Access{}, err
		}
		if !allowed {
			return Access{}, httpx.NotFound(what)
		}
		return Access{}, nil
	}}
}

// Fixed is a Guard of keys each read behind one action on no resource.
func Fixed(actions map[string]string) Guard {
	return func(key string) (string, map[string]any, bool) {
		a, ok := actions[key]
		return a, nil, ok
	}
}

// Keyed is a Guard of keys that are the values of one field of the action's resource (a
// collection's type): key k is read behind action on {field: k}, a key outside keys names nothing.
func Keyed(action, field string, keys ...string) Guard {
	return func(key string) (string, map[string]any, bool) {
		if !slices.Contains(keys, key) {
			return "", nil, false
		}
		return action, map[string]any{field: key}, true
	}
}
