package products

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"its/core/httpx"
)

// GroupsRequest asks for the groups of the product library's view by one column: the product
// query of the filter bar and the filter builder (its sort, paging and limit are not used) and
// the column (one of GroupFields).
type GroupsRequest struct {
	Query Query  `json:"query"`
	Field string `json:"field"`
}

// Group is one value of the grouped column with how many products of the view hold it; a NULL
// value is a group of its own (Value nil).
type Group struct {
	Value any `json:"value"`
	Count int `json:"count"`
}

// Groups is the answer: the groups in the order the rows come when the query is sorted by the
// column first, ascending (as orderBy sorts it: NULLs last), and their total.
type Groups struct {
	Groups     []Group `json:"groups"`
	TotalCount int     `json:"totalCount"`
}

// Groups answers the groups of req's view. A column that is not a group field, or a view with
// more than MaxGroups groups, is refused with a 400 that says so; nothing else is read.
func (s *Service) Groups(ctx context.Context, req GroupsRequest) (*Groups, error) {
	if !slices.Contains(GroupFields, req.Field) {
		return nil, httpx.Invalid(httpx.FieldError{Field: "field", Rule: "enum",
			Message: fmt.Sprintf("The product library groups by %s, not by %q", strings.Join(GroupFields, ", "), req.Field)})
	}
	q := req.Query
	q.Sort, q.Skip, q.Limit = nil, 0, 0
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	if err := s.checkLocation(ctx, q.LocationID); err != nil {
		return nil, err
	}
	key := struct {
		Kind, Field string
		Query       Query
	}{"groups", req.Field, q}
	groups, err := kept(ctx, s, key, func() ([]Group, error) { return s.store.Groups(ctx, s.db, &q, req.Field) })
	if err != nil {
		return nil, err
	}
	if len(groups) > MaxGroups {
		return nil, httpx.Invalid(httpx.FieldError{Field: "field", Rule: "maxGroups",
			Message: fmt.Sprintf("More than %d groups: filter the products first or group by another column", MaxGroups)})
	}
	out := &Groups{Groups: groups}
	for _, g := range groups {
		out.TotalCount += g.Count
	}
	return out, nil
}
