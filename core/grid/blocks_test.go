package grid_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"testing"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
)

// pageIDs reads one page straight from the grid (scope as a module adds it).
func pageIDs(t *testing.T, f *fixture, q grid.Query, scope sq.Sqlizer) ([]string, int64, string) {
	t.Helper()
	p, err := items.Page(context.Background(), f.db, q, scope)
	if err != nil {
		t.Fatalf("page %+v: %v", q, err)
	}
	out := make([]string, len(p.Rows))
	for i, r := range p.Rows {
		out[i] = r.ID()
	}
	next := ""
	if p.NextCursor != nil {
		next = *p.NextCursor
	}
	return out, p.TotalCount, next
}

// allIDs is the whole view in one read (the reference order of a sort).
func allIDs(t *testing.T, f *fixture, q grid.Query, scope sq.Sqlizer) []string {
	t.Helper()
	var out []string
	cursor := ""
	for {
		q.Cursor, q.Limit = cursor, 50
		rows, _, next := pageIDs(t, f, q, scope)
		out = append(out, rows...)
		if next == "" {
			return out
		}
		cursor = next
	}
}

// TestKeysetBlocksEverySort reads a view block by block on its cursors, under every sortable
// column both ways (ties, NULLs and a column that is NULL in every row), and checks each row
// comes exactly once, in the order of one read of the whole view, with the view's total on
// every block; a block read by skip (a jump ahead) and by cursor plus skip lands on the same rows.
func TestKeysetBlocksEverySort(t *testing.T) {
	f := setup(t, 61)
	sorts := [][]grid.Sort{}
	for _, field := range []string{"style", "color", "division", "quantity", "cost", "discountPercent", "promoCode", "availableDate", "status", "kind", "modifiedDate"} {
		sorts = append(sorts, []grid.Sort{{Field: field, Dir: "asc"}}, []grid.Sort{{Field: field, Dir: "desc"}})
	}
	sorts = append(sorts,
		[]grid.Sort{{Field: "division", Dir: "desc"}, {Field: "quantity", Dir: "asc"}},
		[]grid.Sort{{Field: "availableDate", Dir: "desc"}, {Field: "division"}, {Field: "quantity", Dir: "desc"}},
		nil, // the default sort
	)
	for _, s := range sorts {
		// The expected order, computed apart from the cursors: every row sorted in SQL at once
		// through a stream with no limit.
		want := streamIDs(t, f, s)
		if len(want) != 61 {
			t.Fatalf("sort %v: %d rows in the whole view", s, len(want))
		}
		for _, block := range []int{1, 7, 10} {
			var got []string
			cursor := ""
			for n := 0; ; n++ {
				rows, total, next := pageIDs(t, f, grid.Query{Sort: s, Limit: block, Cursor: cursor}, nil)
				if total != 61 {
					t.Fatalf("sort %v block %d: total %d", s, n, total)
				}
				got = append(got, rows...)
				if next == "" {
					break
				}
				if n > 61 {
					t.Fatalf("sort %v: paging does not end", s)
				}
				cursor = next
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("sort %v, blocks of %d:\n got %v\nwant %v", s, block, got, want)
			}
		}
		// A jump: the block at row 40 by skip, and by the cursor after row 20 plus a skip of 20.
		jump, _, _ := pageIDs(t, f, grid.Query{Sort: s, Limit: 10, Skip: 40}, nil)
		if !reflect.DeepEqual(jump, want[40:50]) {
			t.Fatalf("sort %v, skip 40: %v, want %v", s, jump, want[40:50])
		}
		_, _, after20 := pageIDs(t, f, grid.Query{Sort: s, Limit: 20}, nil)
		both, _, next := pageIDs(t, f, grid.Query{Sort: s, Limit: 10, Skip: 20, Cursor: after20}, nil)
		if !reflect.DeepEqual(both, want[40:50]) {
			t.Fatalf("sort %v, cursor after 20 and skip 20: %v, want %v", s, both, want[40:50])
		}
		rest, _, _ := pageIDs(t, f, grid.Query{Sort: s, Limit: 50, Cursor: next}, nil)
		if !reflect.DeepEqual(rest, want[50:]) {
			t.Fatalf("sort %v, after the jumped block: %v, want %v", s, rest, want[50:])
		}
		// Past the end: no rows, no cursor, the total still.
		end, total, next := pageIDs(t, f, grid.Query{Sort: s, Limit: 10, Skip: 61}, nil)
		if len(end) != 0 || next != "" || total != 61 {
			t.Fatalf("sort %v, skip past the end: %v %d %q", s, end, total, next)
		}
	}
}

// streamIDs reads the whole view in one statement (no cursor): the reference order.
func streamIDs(t *testing.T, f *fixture, s []grid.Sort) []string {
	t.Helper()
	w := httptest.NewRecorder()
	if err := items.Stream(context.Background(), w, f.db, grid.Query{Sort: s}, nil, slog.New(slog.NewTextHandler(testWriter{t}, nil))); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range bytes.Split(bytes.TrimSpace(w.Body.Bytes()), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatal(err)
		}
		if id, ok := m["id"].(string); ok {
			out = append(out, id)
		}
	}
	return out
}

// TestKeysetBlocksKeepScopeAndFilters: a block read never leaves the module's scope (the rows a
// policy shows) nor the filters, whichever cursor or skip it is given, and its total counts only
// the rows in scope.
func TestKeysetBlocksKeepScopeAndFilters(t *testing.T) {
	f := setup(t, 61)
	scope := sq.Eq{"division": "POP"}
	var pop map[string]bool
	{
		rows, err := f.db.Query(context.Background(), `SELECT id::text FROM grid_items WHERE division = 'POP' AND quantity IS NOT NULL`)
		if err != nil {
			t.Fatal(err)
		}
		pop = map[string]bool{}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			pop[id] = true
		}
	}
	q := grid.Query{Sort: []grid.Sort{{Field: "quantity", Dir: "desc"}}, Filters: map[string]grid.Filter{"quantity": {Blank: new(bool)}}}
	want := allIDs(t, f, q, scope)
	if len(want) != len(pop) || len(want) == 0 {
		t.Fatalf("scoped view: %d rows, want %d", len(want), len(pop))
	}
	for _, id := range want {
		if !pop[id] {
			t.Fatalf("row %s is outside the scope", id)
		}
	}
	// A cursor made in the unscoped view, at a row the scope hides, still only gives scoped rows.
	_, _, outside := pageIDs(t, f, grid.Query{Sort: q.Sort, Limit: 3}, nil)
	for _, qq := range []grid.Query{
		{Sort: q.Sort, Filters: q.Filters, Limit: 5, Skip: 4},
		{Sort: q.Sort, Filters: q.Filters, Limit: 50, Cursor: outside},
		{Sort: q.Sort, Filters: q.Filters, Limit: 50, Cursor: outside, Skip: 2},
	} {
		rows, total, _ := pageIDs(t, f, qq, scope)
		if total != int64(len(pop)) {
			t.Fatalf("total %d, want %d", total, len(pop))
		}
		for _, id := range rows {
			if !pop[id] {
				t.Fatalf("query %+v: row %s is outside the scope", qq, id)
			}
		}
	}
	rows, _, _ := pageIDs(t, f, grid.Query{Sort: q.Sort, Filters: q.Filters, Limit: 5, Skip: 4}, scope)
	if !reflect.DeepEqual(rows, want[4:9]) {
		t.Fatalf("scoped skip: %v, want %v", rows, want[4:9])
	}
}

func TestSkipRefused(t *testing.T) {
	f := setup(t, 3)
	for _, get := range []string{"skip=-1", "skip=x", "skip=10000001"} {
		if a := f.do(t, "GET", "/items?"+get, nil); a.status != 400 {
			t.Errorf("%s: status %d", get, a.status)
		}
	}
	if a := f.do(t, "POST", "/items/query", `{"skip":-3}`); a.status != 400 {
		t.Errorf("negative skip in the body: %d", a.status)
	}
	rows, total, _ := f.do(t, "GET", "/items?skip=2&limit=5", nil).page(t)
	if len(rows) != 1 || total != 3 {
		t.Errorf("skip 2 of 3: %d rows, total %d", len(rows), total)
	}
}
