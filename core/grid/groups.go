package grid

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
)

// GroupsRequest asks for the groups of a grid's view by one column: the rows that Filters and
// Where (the same as a query's) leave within the module's scope, counted by Field's value.
type GroupsRequest struct {
	Filters map[string]Filter `json:"filters,omitempty"`
	Where   *Where            `json:"where,omitempty"`
	Field   string            `json:"field"`
}

// Group is one value of the grouped column with how many rows of the view hold it; the rows
// without a value are a group of their own (Value nil).
type Group struct {
	Value any   `json:"value"`
	Count int64 `json:"count"`
}

// Groups is the answer of a groups call: the groups in the order the rows come when the query
// is sorted by the column first, ascending (NULLs last, as every sort of the grid), and their
// total. A grid read by scrolling places every row among the group headers by these counts
// (docs/grid.md §3.9), so its rows stay read block by block while grouped.
type Groups struct {
	Groups     []Group `json:"groups"`
	TotalCount int64   `json:"totalCount"`
}

// Groups counts the rows of req's view by its field in one statement. A field that is not a
// sortable column (a multi-select cannot be grouped), a bad filter, or a view with more than
// MaxGroups groups is a 400 that says so.
func (g *Grid) Groups(ctx context.Context, q Querier, req GroupsRequest, scope sq.Sqlizer) (*Groups, error) {
	c := g.byField[req.Field]
	if c == nil || c.NoSort {
		return nil, httpx.Invalid(httpx.FieldError{Field: "field", Rule: "groupable", Message: fmt.Sprintf("The grid cannot be grouped by %q", req.Field)})
	}
	cq, err := g.compile(Query{Filters: req.Filters, Where: req.Where}, scope, 0)
	if err != nil {
		return nil, err
	}
	e := "(" + c.expr() + ")"
	b := psql.Select(selectExpr(c), "count(*)").From(g.Table).GroupBy(e).OrderBy(e + " ASC NULLS LAST").Limit(uint64(g.MaxGroups) + 1)
	if len(cq.where) > 0 {
		b = b.Where(cq.where)
	}
	groups, err := db.Select(ctx, q, b, func(r pgx.CollectableRow) (Group, error) {
		var gr Group
		err := r.Scan(&gr.Value, &gr.Count)
		if t, ok := gr.Value.(time.Time); ok {
			gr.Value = t.UTC() // as rows write a datetime
		}
		return gr, err
	})
	if err != nil {
		return nil, err
	}
	if len(groups) > g.MaxGroups {
		return nil, httpx.Invalid(httpx.FieldError{Field: "field", Rule: "maxGroups",
			Message: fmt.Sprintf("More than %d groups: filter the rows first or group by another column", g.MaxGroups)})
	}
	out := &Groups{Groups: groups}
	for _, gr := range groups {
		out.TotalCount += gr.Count
	}
	return out, nil
}
