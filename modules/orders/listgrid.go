package orders

import (
	"context"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
	"its/core/httpx"
)

// gridOf is the grid of a list view: its orders, or the sample styles view's lines.
func gridOf(v view) *grid.Grid {
	if v.name == "styles" {
		return stylesGrid
	}
	return listGrid
}

// listScope is the condition of the rows a list view shows the caller on listGrid (the view's
// statuses and period and the caller's part of the orders, as Query lists them); viewAs is the
// coordinator a sample coordinator views the list as ("" for oneself).
func (s *Service) listScope(ctx context.Context, orderType, subtype, viewAs string) (sq.Sqlizer, view, error) {
	f, v, err := s.listFilter(ctx, orderType, subtype, QueryRequest{ViewAsCoordinatorCode: viewAs})
	if err != nil {
		return nil, view{}, err
	}
	return f.where(), v, nil
}

// gridScope is listScope with the grid of the view (gridOf).
func (s *Service) gridScope(ctx context.Context, orderType, subtype, viewAs string) (sq.Sqlizer, *grid.Grid, error) {
	scope, v, err := s.listScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, nil, err
	}
	return scope, gridOf(v), nil
}

// ListPage answers one block of a list view (a grid Query: filters, where, sort, limit, cursor,
// skip, fields) within the rows the list shows the caller, with their total.
func (s *Service) ListPage(ctx context.Context, orderType, subtype, viewAs string, q grid.Query) (*grid.Page, error) {
	scope, g, err := s.gridScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, err
	}
	return g.Page(ctx, s.db, q, scope)
}

// ListSummary answers the footer figures of a list view over its filtered rows.
func (s *Service) ListSummary(ctx context.Context, orderType, subtype, viewAs string, req grid.SummaryRequest) (*grid.Summary, error) {
	scope, g, err := s.gridScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, err
	}
	return g.Summary(ctx, s.db, req, scope)
}

// ListGroups answers the groups of a list view by one column (the list grouped, still read in
// blocks), within the rows the list shows the caller.
func (s *Service) ListGroups(ctx context.Context, orderType, subtype, viewAs string, req grid.GroupsRequest) (*grid.Groups, error) {
	scope, g, err := s.gridScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, err
	}
	return g.Groups(ctx, s.db, req, scope)
}

// ListSchema answers the column schema of a list view (every order view of every type has the
// same columns, the page shows those of its type; the sample styles view has its lines').
func (s *Service) ListSchema(orderType, subtype string) (grid.Schema, error) {
	v, ok := viewOf(orderType, subtype)
	if !ok {
		return grid.Schema{}, httpx.NotFound("Order list " + subtype)
	}
	return gridOf(v).Schema(), nil
}
