// Package live tells every open browser of a grid, on any server, what changed in it within a
// second: live rows.
//
// A writer calls Publish inside the transaction of its change: the event goes into live_events
// and NOTIFY its_live names its id, which PostgreSQL delivers to every server's Listener only
// when the transaction commits (a rolled-back write tells nobody). Each server's Listener reads
// the new events by id and hands them to its Hub, which fans them out to the streams of that
// topic without ever waiting on a slow one (a subscriber that falls behind is told to reload).
// Browsers hold one Server-Sent Events stream per topic (GET /api/live/{topic}); a dropped
// stream reconnects with its last event id and reads what it missed from live_events; a first
// stream asks for the topic's events of the seconds since its grid began reading (?recent=), so a
// change saved between the grid's first read and its stream opening is not missed.
//
// What may reach a stream: an event carries no cell value, only the grid's name, the ids of
// the rows added, updated and deleted and the names of the fields changed. A stream opens only
// when the topic's module says the user may read it (the same check its rows' read makes; a
// topic the user may not read answers 404 like a missing one, and the check is asked again
// while the stream lives), and field names are filtered to the fields the user is served. The
// browser then reads the changed rows through the grid's ordinary, policy-checked query, so
// nothing the user may not read can reach them through a stream: values never travel on it.
// Where users of one topic read different rows, the topic's Access.Rows filters the row ids
// too: each stream names only rows its user may read (rows.go).
//
// A change that no list of rows can name (the query a grid's rows answer changed, a bulk load)
// is a reload event (ReloadEvent): it names no row and tells the topic's browsers to read their
// grid again, keeping their unsaved edits, as after a reset.
//
// Delivery is at least once: a browser may be told of a row twice, never not at all while the
// events are kept (Retention).
//
// The same stream tells who else has the topic open and which cell each has selected
// (presence.go): ephemeral entries carried between servers by NOTIFY its_live_presence.
package live

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/registry"
)

// Channel is the NOTIFY channel between servers; its payload is the event's id.
const Channel = "its_live"

// Retention is how long events are kept for catching up; an older gap answers a reset.
const Retention = 24 * time.Hour

// Grid operations an event names.
const (
	OpAdd    = "add"
	OpUpdate = "update"
	OpDelete = "delete"
)

// Event is one change of a topic's grid: rows and fields, never values.
type Event struct {
	ID    int64  `json:"id"`
	Topic string `json:"topic"`
	Grid  string `json:"grid"`
	// Added, Updated and Deleted are row ids.
	Added   []string `json:"added"`
	Updated []string `json:"updated"`
	Deleted []string `json:"deleted"`
	// Fields are the names of the fields changed (of updated rows).
	Fields []string `json:"fields"`
	// Reload tells the topic's browsers to read their grid again: a change whose rows cannot be
	// named (an event with Reload names no row).
	Reload bool `json:"reload"`
	// ActorID is who made the change and Origin the browser tab it was made in (TabHeader;
	// empty outside a tab); a stream tells only whether it was its own tab (Self).
	ActorID string    `json:"-"`
	Origin  string    `json:"-"`
	Self    bool      `json:"self"`
	At      time.Time `json:"at"`
}

// Empty reports whether ev names no row.
func (ev Event) Empty() bool { return len(ev.Added)+len(ev.Updated)+len(ev.Deleted) == 0 }

// ReloadEvent is the event telling topic's open grids (named grid) to read their rows again,
// made by actorID (empty: no user).
func ReloadEvent(topic, grid, actorID string) Event {
	return Event{Topic: topic, Grid: grid, ActorID: actorID, Reload: true}
}

// Publish records ev in tx and tells every server of it when tx commits: one INSERT and one
// NOTIFY, whatever the number of rows. An event that names no row is not published unless it
// is a reload (which names none). Its Origin is the tab of ctx's request (Tab) unless set.
func Publish(ctx context.Context, tx pgx.Tx, ev Event) error {
	if ev.Empty() && !ev.Reload {
		return nil
	}
	if ev.Topic == "" || ev.Grid == "" {
		return errors.New("live: an event needs a topic and a grid")
	}
	if ev.Reload && !ev.Empty() {
		return errors.New("live: a reload event names no row")
	}
	var actor, origin *string
	if ev.ActorID != "" {
		actor = &ev.ActorID
	}
	if ev.Origin == "" {
		ev.Origin = tabOf(ctx)
	}
	if ev.Origin != "" {
		origin = &ev.Origin
	}
	_, err := tx.Exec(ctx, `WITH ev AS (
			INSERT INTO live_events (topic, grid, added, updated, deleted, fields, actor_id, origin, reload)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id)
		SELECT pg_notify('`+Channel+`', id::text) FROM ev`,
		ev.Topic, ev.Grid, nonNil(ev.Added), nonNil(ev.Updated), nonNil(ev.Deleted), nonNil(ev.Fields), actor, origin, ev.Reload)
	return err
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Topic is a kind of topic a module serves: the kind of the topics named "<kind>:<key>".
type Topic struct {
	Kind string
	// Open answers what the user of ctx may see of the topic key, or an error: a 404
	// (httpx.NotFound) when they may not read it, exactly as a read of its rows would answer.
	Open func(ctx context.Context, key string) (Access, error)
}

// Access is what a user may see of an open topic.
type Access struct {
	// Field reports whether the user is served the field; nil serves every field.
	Field func(name string) bool
	// Rows answers which of ids the user may read now, by the same rule as the rows' read; nil
	// lets them read every row of the topic. A topic whose users each read different rows sets
	// it, and each stream then names only those rows (rows.go).
	Rows func(ctx context.Context, ids []string) ([]string, error)
}

// filter is ev as the user of a may see it in the stream of tab (empty: a stream naming no
// tab). Self is the user's own change made in this tab; a change made in another of their tabs
// is not (a change made outside any tab is theirs in every tab).
func (a Access) filter(ev Event, userID, tab string) Event {
	ev.Self = ev.ActorID != "" && ev.ActorID == userID && (ev.Origin == "" || tab == "" || ev.Origin == tab)
	if a.Field == nil {
		return ev
	}
	fields := make([]string, 0, len(ev.Fields))
	for _, f := range ev.Fields {
		if a.Field(f) {
			fields = append(fields, f)
		}
	}
	ev.Fields = fields
	return ev
}

// splitTopic splits "kind:key".
func splitTopic(topic string) (kind, key string, ok bool) {
	kind, key, ok = strings.Cut(topic, ":")
	return kind, key, ok && kind != "" && key != ""
}

// AsTopic provides a Topic (a constructor answering Topic) to the streams.
func AsTopic(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"live.topics"`)))
}

// Module wires the hub, the listener and the stream route.
var Module = fx.Module("live",
	fx.Provide(NewHub, NewPresence, newListener),
	fx.Invoke(func(*Listener) {}),
	registry.AsModule(routes),
)
