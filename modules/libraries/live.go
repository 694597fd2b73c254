package libraries

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/grid"
	"its/core/identity"
	"its/core/live"
	"its/modules/actions"
)

// libraryTopic lets a user follow a library's manage grid exactly when its rows' read lets
// them: libraries.manage of that library type (any other type, or no right, is a 404).
func libraryTopic(az *authz.Engine) live.Topic {
	return live.ActionTopic(TopicLibrary, "Library", az, live.Keyed(actions.LibrariesManage, "libraryType", LibraryTypes...))
}

// me is the id of the user of ctx ("" for none).
func me(ctx context.Context) string {
	if u := identity.FromContext(ctx); u != nil {
		return u.ID
	}
	return ""
}

// publishAssets tells a library's open grids that the assets ids changed in the fields named
// (grid fields), or were added when added is set.
func publishAssets(ctx context.Context, tx pgx.Tx, libraryType string, ids, fields []string, added bool) error {
	ev := live.Event{Topic: TopicLibrary + ":" + libraryType, Grid: gridName(libraryType), ActorID: me(ctx)}
	ids = uniq(ids)
	if added {
		ev.Added = ids
	} else {
		ev.Updated = ids
		ev.Fields = slices.Sorted(slices.Values(fields))
	}
	return live.Publish(ctx, tx, ev)
}

// publishPlan tells a library's open grids what a grid batch changed. A delete moves the
// asset to Deleted: for the open grids it is a status change (the Deleted page shows it, the
// others lose it through their own filter).
func publishPlan(ctx context.Context, tx pgx.Tx, libraryType string, g *grid.Grid, actorID string, plan *grid.Plan) error {
	ev := live.PlanEvent(TopicLibrary+":"+libraryType, g, actorID, plan)
	if len(ev.Deleted) > 0 {
		ev.Updated = append(ev.Updated, ev.Deleted...)
		ev.Deleted = nil
		if !slices.Contains(ev.Fields, "status") {
			ev.Fields = append(ev.Fields, "status")
		}
	}
	return live.Publish(ctx, tx, ev)
}
