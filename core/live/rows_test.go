package live

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// A stream on a topic with a row filter names only the rows its user may read: others' rows
// are left out of added and updated (an event left empty names nothing), a row it named
// before is named again once it is no longer readable (the browser takes it off), a deleted
// row only when it was named before or deleted by the user; the filter is asked only of ids
// not yet named, and the hub's event is left as it was for the other streams.
func TestRowsFilterPerStream(t *testing.T) {
	readable := map[string]bool{"mine1": true, "mine2": true}
	var asked [][]string
	a := Access{Rows: func(_ context.Context, ids []string) ([]string, error) {
		asked = append(asked, slices.Clone(ids))
		var out []string
		for _, id := range ids {
			if readable[id] {
				out = append(out, id)
			}
		}
		return out, nil
	}}
	seen := told{}
	tell := func(ev Event) Event {
		t.Helper()
		out, err := a.rowsFor(context.Background(), ev, seen, "")
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	show := func(ev Event) string {
		return fmt.Sprintf("added %v updated %v deleted %v fields %v", ev.Added, ev.Updated, ev.Deleted, ev.Fields)
	}

	hubs := Event{Added: []string{"mine1", "theirs1"}, Updated: []string{"theirs2"}, Fields: []string{"status"}}
	if got := show(tell(hubs)); got != "added [mine1] updated [] deleted [] fields []" {
		t.Fatalf("an add of one readable row and one not: %s", got)
	}
	if fmt.Sprint(hubs.Added, hubs.Updated) != "[mine1 theirs1] [theirs2]" {
		t.Fatalf("the hub's event was written: %v %v", hubs.Added, hubs.Updated)
	}
	if ev := tell(Event{Updated: []string{"theirs1", "theirs2"}, Fields: []string{"po"}}); !ev.Empty() {
		t.Fatalf("an update of rows the user may not read: %s", show(ev))
	}
	// mine1 was named: it is named again without asking, and still once it is no longer readable.
	asked = nil
	readable["mine1"] = false
	if got := show(tell(Event{Updated: []string{"mine1", "mine2"}, Fields: []string{"status"}})); got != "added [] updated [mine1 mine2] deleted [] fields [status]" {
		t.Fatalf("an update of a row named before: %s", got)
	}
	if fmt.Sprint(asked) != "[[mine2]]" {
		t.Fatalf("the filter was asked %v, want only the ids not named yet", asked)
	}
	// Deleted: named before, or the user's own deletion; never another's row never named.
	if got := show(tell(Event{Deleted: []string{"mine2", "theirs1"}})); got != "added [] updated [] deleted [mine2] fields []" {
		t.Fatalf("a delete by someone else: %s", got)
	}
	if got := show(tell(Event{Deleted: []string{"gone"}, Self: true})); got != "added [] updated [] deleted [gone] fields []" {
		t.Fatalf("the user's own delete: %s", got)
	}
	// Made in another of the user's tabs (not Self on this stream), the delete is still their own.
	if out, err := a.rowsFor(context.Background(), Event{Deleted: []string{"elsewhere"}, ActorID: "u1"}, seen, "u1"); err != nil || len(out.Deleted) != 1 {
		t.Fatalf("the user's own delete from another tab: %v %v", out.Deleted, err)
	}
	// A deleted row is forgotten: were its id used again, it would be asked about.
	if _, ok := seen["mine2"]; ok {
		t.Fatal("a deleted row is still on record")
	}

	// Without a filter every row is named; a failing filter ends the stream.
	if got := show(mustRows(t, Access{}, Event{Added: []string{"x"}, Deleted: []string{"y"}})); got != "added [x] updated [] deleted [y] fields []" {
		t.Fatalf("no filter: %s", got)
	}
	failing := Access{Rows: func(context.Context, []string) ([]string, error) { return nil, errors.New("down") }}
	if _, err := failing.rowsFor(context.Background(), Event{Added: []string{"x"}}, told{}, ""); err == nil {
		t.Fatal("a failing filter told the rows")
	}
}

func mustRows(t *testing.T, a Access, ev Event) Event {
	t.Helper()
	if ev.Updated == nil {
		ev.Updated = []string{}
	}
	if ev.Fields == nil {
		ev.Fields = []string{}
	}
	out, err := a.rowsFor(context.Background(), ev, told{}, "")
	if err != nil {
		t.Fatal(err)
	}
	return out
}
