package assortments

import (
	"context"
	"strings"

	"its/core/grid"
)

// viewSort is each view's own order when the user sorted no column (the list's GET orders the
// same); the grid adds the id last, so the order is total.
var viewSort = map[string][]grid.Sort{
	ViewRecent:      {{Field: "modifiedDate", Dir: "desc"}},
	ViewQuickAccess: {{Field: "modifiedDate", Dir: "desc"}},
	ViewScheduled:   {{Field: "scheduledDate"}},
}

// ListRow is one entry of a list view read in blocks: the assortment as the list call answers
// it, with the grid row's id and the path of the folders it is in.
type ListRow struct {
	Assortment
	RowID string `json:"id"`
	Path  string `json:"path"`
}

// ListPage answers one block of a list view: its entries in the view's order, the view's exact
// total and the cursor the next block continues on (null at the end).
type ListPage struct {
	Rows       []ListRow `json:"rows"`
	TotalCount int64     `json:"totalCount"`
	NextCursor *string   `json:"nextCursor"`
}

// QueryList answers a block of a list view of the caller's assortments (POST
// /api/assortments/query/{view}): the entries List selects for the view, filtered and sorted as
// the grid asks (filters, where, sort; the order always ends on the id), read from a cursor
// and/or skip, at most MaxListPage. A title filter with contains is the list's search box: it
// finds entries in any folder, as the export does; otherwise the all and archived views are
// their top level (a folder's content is read by List).
func (s *Service) QueryList(ctx context.Context, view string, q grid.Query) (*ListPage, error) {
	if err := checkView(view); err != nil {
		return nil, err
	}
	owner := me(ctx).ID
	if err := s.refreshCounts(ctx, s.db, countScope{owner: owner}); err != nil {
		return nil, err
	}
	f := listFilter{owner: owner, view: view}
	if t, ok := q.Filters["title"]; ok {
		f.text = strings.TrimSpace(t.Ops["contains"])
	}
	if len(q.Sort) == 0 {
		q.Sort = viewSort[view]
	}
	q.Fields = []string{"path"}
	page, err := listGrid.Page(ctx, s.db, q, listWhere(f))
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(page.Rows))
	for i, r := range page.Rows {
		ids[i] = r.ID()
	}
	items, err := s.store.owned(ctx, s.db, owner, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]Assortment, len(items))
	for _, a := range items {
		byID[a.ID] = a
	}
	ans := &ListPage{Rows: make([]ListRow, 0, len(ids)), TotalCount: page.TotalCount, NextCursor: page.NextCursor}
	for _, r := range page.Rows {
		// An entry deleted between the two reads is left out.
		if a, ok := byID[r.ID()]; ok {
			path, _ := r.Get("path").(string)
			ans.Rows = append(ans.Rows, ListRow{Assortment: a, RowID: a.ID, Path: path})
		}
	}
	return ans, nil
}
