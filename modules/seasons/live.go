package seasons

import (
	"context"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/identity"
	"its/core/live"
	"its/modules/actions"
)

// Topic is the live topic of the seasons (Manage Seasons' grid): seasons:all.
const Topic = "seasons:all"

// liveTopic lets a user follow the seasons exactly when they may read them (seasons.view, the
// list's action; otherwise a 404). Every season and field is theirs to read.
func liveTopic(az *authz.Engine) live.Topic {
	return live.ActionTopic(TopicSeasons, "Topic", az, live.Fixed(map[string]string{TopicSeasonsKey: actions.SeasonsView}))
}

// publish tells the open seasons grids of a season added, changed (in fields) or deleted, in
// the write's transaction.
func publish(ctx context.Context, tx pgx.Tx, id, op string, fields ...string) error {
	ev := live.Event{Topic: Topic, Grid: "seasons.list"}
	if u := identity.FromContext(ctx); u != nil {
		ev.ActorID = u.ID
	}
	switch op {
	case live.OpAdd:
		ev.Added = []string{id}
	case live.OpDelete:
		ev.Deleted = []string{id}
	default:
		ev.Updated, ev.Fields = []string{id}, fields
	}
	return live.Publish(ctx, tx, ev)
}
