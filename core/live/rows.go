package live

import "context"

// Rows per stream: on a topic whose users each read different rows (Access.Rows), each stream
// names only rows its own user may read.
//
//   - An added or updated row is named when Rows answers it readable now, or when this stream
//     named it before: its browser knows the id already, and a row it may no longer read is
//     named so that the browser reads it again, is answered nothing and takes it off the page.
//   - A deleted row cannot be asked about (it is gone): it is named only when this stream named
//     it before, or when the deletion was the user's own, in any of their tabs (they sent its id). A row the browser
//     read with its grid and was never told of on this stream, deleted by someone else, stays
//     on the page until the grid is read again (opening it answers a 404 like any missing row):
//     naming every deleted id on every stream would tell users of rows they never could read.
//   - An event left naming no row is not sent; its id alone is (an SSE id line without data:
//     the browser's Last-Event-ID moves past it without an event), so a reconnect does not
//     read it back.
//
// Rows is asked in the stream's own goroutine, never in the hub's fan-out: a slow answer holds
// back only that stream (which, when it falls too far behind, is told to reload). An error
// ends the stream; its browser reconnects from its last event id and is told again.

// maxTold is the most row ids a stream remembers having named; past it the record starts
// again (forgetting only withholds deletions and rows no longer readable, it never tells more).
const maxTold = 10_000

// told is the row ids a stream has named to its browser.
type told map[string]struct{}

// rowsFor is ev (already through filter) as the stream of userID that named the ids in t may
// tell it; t gains the ids it names and loses those deleted. Without Rows, ev is told as it is. The
// event's own slices are never written: the hub hands the same event to every stream.
func (a Access) rowsFor(ctx context.Context, ev Event, t told, userID string) (Event, error) {
	if a.Rows == nil {
		return ev, nil
	}
	var ask []string
	for _, ids := range [][]string{ev.Added, ev.Updated} {
		for _, id := range ids {
			if _, ok := t[id]; !ok {
				ask = append(ask, id)
			}
		}
	}
	readable := map[string]bool{}
	if len(ask) > 0 {
		ids, err := a.Rows(ctx, ask)
		if err != nil {
			return Event{}, err
		}
		for _, id := range ids {
			readable[id] = true
		}
	}
	known := func(id string) bool { _, ok := t[id]; return ok }
	seen := func(id string) bool { return readable[id] || known(id) }
	ev.Added = keep(ev.Added, seen)
	ev.Updated = keep(ev.Updated, seen)
	own := ev.Self || ev.ActorID != "" && ev.ActorID == userID
	ev.Deleted = keep(ev.Deleted, func(id string) bool { return own || known(id) })
	if len(ev.Updated) == 0 {
		// Fields are of updated rows: none is named.
		ev.Fields = []string{}
	}
	for _, id := range ev.Deleted {
		delete(t, id)
	}
	if len(t)+len(ev.Added)+len(ev.Updated) > maxTold {
		clear(t)
	}
	for _, ids := range [][]string{ev.Added, ev.Updated} {
		for _, id := range ids {
			t[id] = struct{}{}
		}
	}
	return ev, nil
}

// keep is the ids ok keeps, in a new slice.
func keep(ids []string, ok func(string) bool) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if ok(id) {
			out = append(out, id)
		}
	}
	return out
}
