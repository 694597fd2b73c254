package assortments

import (
	"slices"
	"strings"
	"testing"
)

// fixture: styles 10, 9, 100 (pillars Work, Kids, Work) with two colours each, grouped by
// nothing, rows numbered 0..5 in that order.
func fixture() *GroupSort {
	var rows []sortRow
	for i, s := range []struct {
		style  string
		num    int64
		pillar string
	}{{"10", 10, "Work"}, {"9", 9, "Kids"}, {"100", 100, "Work"}} {
		for j, c := range []string{"BLK", "WHT"} {
			rows = append(rows, sortRow{ID: s.style + c, Style: s.style, Color: c, Sort: i*2 + j, StyleNumeric: s.num, Pillar: s.pillar, Gender: "Boys"})
		}
	}
	return buildGroupSort("a", GroupByNone, 1, nil, rows)
}

func layout(gs *GroupSort) string {
	var b strings.Builder
	for _, g := range gs.Groups {
		b.WriteString(g.Title + ":")
		for _, s := range g.Styles {
			b.WriteString(" " + s.Style)
		}
		b.WriteString("|")
	}
	return b.String()
}

func ptr(s string) *string { return &s }

func TestGroupSortRules(t *testing.T) {
	t.Run("no groups: everything in Uncategorized, locked and always open", func(t *testing.T) {
		gs := fixture()
		if got := layout(gs); got != "Uncategorized: 10 9 100|" {
			t.Fatal(got)
		}
		u := gs.Groups[0]
		if !u.Locked || !u.AlwaysOpen || !u.OpenState || u.ID != UncategorizedID {
			t.Fatalf("%+v", u)
		}
	})
	t.Run("group by pillar: groups by name, Uncategorized last, order kept", func(t *testing.T) {
		gs := fixture()
		if err := gs.apply([]GroupSortBatch{{Type: BatchGroupBy, GroupBy: GroupByPillar}}); err != nil {
			t.Fatal(err)
		}
		if got := layout(gs); got != "Kids: 9|Work: 10 100|Uncategorized:|" {
			t.Fatal(got)
		}
		if err := gs.apply([]GroupSortBatch{{Type: BatchGroupBy, GroupBy: GroupByDivisionGroup}}); err != nil {
			t.Fatal(err)
		}
		if got := layout(gs); got != "Kids: 9 10 100|Uncategorized:|" {
			t.Fatal(got)
		}
	})
	t.Run("moves name the item and the one it precedes", func(t *testing.T) {
		gs := fixture()
		must(t, gs.apply([]GroupSortBatch{{Type: BatchGroupBy, GroupBy: GroupByPillar}}))
		kids, work := gs.Groups[0].ID, gs.Groups[1].ID
		must(t, gs.apply([]GroupSortBatch{
			{Type: BatchMoveDisplayGroup, Moves: []GroupMove{{Item: work, Before: ptr(kids)}}},
			{Type: BatchMoveStyle, Moves: []GroupMove{{Item: "100", Before: ptr("9"), DisplayGroup: kids}, {Item: "10", DisplayGroup: UncategorizedID}}},
			{Type: BatchMoveColor, Moves: []GroupMove{{Item: "WHT", Before: ptr("BLK"), Style: "100"}}},
		}))
		if got := layout(gs); got != "Work:|Kids: 100 9|Uncategorized: 10|" {
			t.Fatal(got)
		}
		_, k := gs.group(kids)
		if c := k.Styles[0].Colors; c[0].Color != "WHT" || c[1].Color != "BLK" {
			t.Fatalf("colours %s %s", c[0].Color, c[1].Color)
		}
		// A group moved to the end stays before Uncategorized.
		must(t, gs.apply([]GroupSortBatch{{Type: BatchMoveDisplayGroup, Moves: []GroupMove{{Item: work}}}}))
		if got := layout(gs); got != "Kids: 100 9|Work:|Uncategorized: 10|" {
			t.Fatal(got)
		}
	})
	t.Run("refusals", func(t *testing.T) {
		for name, b := range map[string]GroupSortBatch{
			"uncategorized moves":      {Type: BatchMoveDisplayGroup, Moves: []GroupMove{{Item: UncategorizedID}}},
			"style move without group": {Type: BatchMoveStyle, Moves: []GroupMove{{Item: "10"}}},
			"unknown style":            {Type: BatchMoveStyle, Moves: []GroupMove{{Item: "77", DisplayGroup: UncategorizedID}}},
			"before itself":            {Type: BatchMoveStyle, Moves: []GroupMove{{Item: "10", Before: ptr("10"), DisplayGroup: UncategorizedID}}},
			"colour of another style":  {Type: BatchMoveColor, Moves: []GroupMove{{Item: "RED", Style: "10"}}},
			"four sort keys":           {Type: BatchSortStyles, Keys: []SortKey{{Field: "style"}, {Field: "style"}, {Field: "style"}, {Field: "style"}}},
			"bad sort field":           {Type: BatchSortStyles, Keys: []SortKey{{Field: "password"}}},
			"bad group-by":             {Type: BatchGroupBy, GroupBy: "colour"},
			"rename Uncategorized":     {Type: BatchUpdateDisplayGroup, DisplayGroup: UncategorizedID, Title: ptr("Other")},
			"unknown type":             {Type: "moveEverything"},
			"empty moves":              {Type: BatchMoveStyle},
		} {
			gs := fixture()
			before := layout(gs)
			if err := gs.apply([]GroupSortBatch{b}); err == nil {
				t.Errorf("%s: accepted", name)
			}
			if name != "unknown style" && layout(gs) != before {
				t.Errorf("%s: changed the state", name)
			}
		}
	})
	t.Run("auto-sort: styleNumeric numerically, ties in original order", func(t *testing.T) {
		gs := fixture()
		must(t, gs.apply([]GroupSortBatch{{Type: BatchSortStyles, Keys: []SortKey{{Field: SortStyleNumeric}}}}))
		if got := layout(gs); got != "Uncategorized: 9 10 100|" {
			t.Fatal(got)
		}
		must(t, gs.apply([]GroupSortBatch{{Type: BatchSortStyles, Keys: []SortKey{{Field: GroupByPillar, Direction: "desc"}, {Field: GroupByGender}}}}))
		// Work (10, 100 in their current order) before Kids; gender ties keep the order.
		if got := layout(gs); got != "Uncategorized: 10 100 9|" {
			t.Fatal(got)
		}
	})
	t.Run("locked groups neither move nor rename; always open stays open", func(t *testing.T) {
		gs := fixture()
		must(t, gs.apply([]GroupSortBatch{{Type: BatchGroupBy, GroupBy: GroupByPillar}}))
		kids := gs.Groups[0].ID
		must(t, gs.apply([]GroupSortBatch{{Type: BatchUpdateDisplayGroup, DisplayGroup: kids, Locked: ptrB(true), AlwaysOpen: ptrB(true), OpenState: ptrB(false)}}))
		if g := gs.Groups[0]; !g.Locked || !g.OpenState {
			t.Fatalf("%+v", g)
		}
		if gs.apply([]GroupSortBatch{{Type: BatchMoveDisplayGroup, Moves: []GroupMove{{Item: kids}}}}) == nil ||
			gs.apply([]GroupSortBatch{{Type: BatchUpdateDisplayGroup, DisplayGroup: kids, Title: ptr("Young")}}) == nil {
			t.Fatal("a locked group moved or was renamed")
		}
	})
}

func ptrB(b bool) *bool { return &b }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestPlacementsKeepWhatIsInOrder(t *testing.T) {
	gs := fixture()
	// Style 100 first: only its two rows take new positions (before the first kept one).
	must(t, gs.apply([]GroupSortBatch{{Type: BatchMoveStyle, Moves: []GroupMove{{Item: "100", Before: ptr("10"), DisplayGroup: UncategorizedID}}}}))
	ps := gs.placements()
	if len(ps) != 6 { // no room below sort 0: everything numbered again
		t.Fatalf("%d placements", len(ps))
	}
	// With gaps, one move touches only the moved rows.
	for i, p := range ps {
		_ = i
		for _, g := range gs.Groups {
			for _, s := range g.Styles {
				for _, c := range s.Colors {
					if c.ID == p.ID {
						c.sort = p.Sort
					}
				}
			}
		}
	}
	must(t, gs.apply([]GroupSortBatch{{Type: BatchMoveStyle, Moves: []GroupMove{{Item: "9", Before: ptr("100"), DisplayGroup: UncategorizedID}}}}))
	ps = gs.placements()
	if len(ps) != 2 || !slices.ContainsFunc(ps, func(p rowPlacement) bool { return p.ID == "9BLK" }) {
		t.Fatalf("%+v", ps)
	}
	if ps[0].Sort >= 1024 || ps[0].Sort >= ps[1].Sort {
		t.Fatalf("positions %+v", ps)
	}
}

func TestIncreasingRun(t *testing.T) {
	xs := []int{5, 10, 20, 90, 30, 40}
	keep := increasingRun(xs)
	var kept []int
	for i, k := range keep {
		if k {
			kept = append(kept, xs[i])
		}
	}
	if !slices.Equal(kept, []int{5, 10, 20, 30, 40}) {
		t.Fatal(kept)
	}
	if !fillBetweenKept(xs, keep) || xs[3] != 25 {
		t.Fatal(xs)
	}
}
