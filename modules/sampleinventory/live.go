package sampleinventory

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/identity"
	"its/core/live"
	"its/modules/actions"
)

// liveTopic lets a user follow a library's grid exactly when its rows' read lets them:
// sampleInventory.view of that library (the department check; otherwise a 404).
func liveTopic(az *authz.Engine) live.Topic {
	return live.ActionTopic(TopicSamples, "Library", az, live.Keyed(actions.SampleInventoryView, "library", Production, Sales))
}

// topicOf is the live topic of a library.
func topicOf(lib string) string { return TopicSamples + ":" + lib }

// publishRows tells a library's open grids of rows updated (or, not yet shown, added) and
// deleted, and the fields written.
func publishRows(ctx context.Context, tx pgx.Tx, lib string, updated, deleted, fields []string) error {
	ev := live.Event{Topic: topicOf(lib), Grid: grids[lib].Name, Updated: unique(updated), Deleted: unique(deleted), Fields: slices.Sorted(slices.Values(fields))}
	if u := identity.FromContext(ctx); u != nil {
		ev.ActorID = u.ID
	}
	return live.Publish(ctx, tx, ev)
}
