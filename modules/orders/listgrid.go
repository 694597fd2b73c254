package orders

import (
	"context"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
	"its/core/httpx"
)

// listGrid declares an order list view on the grid protocol (core/grid): the list's columns over
// the orders table, read only. The list views are read through it in blocks as the user scrolls
// (docs/grid.md §3.8), sorted and filtered on the server, and exported and summed up through it,
// each within the rows the list shows the caller (listScope). The sample styles view lists order
// lines, not orders: stylesGrid.
var listGrid = grid.MustNew(grid.Grid{
	Name:          "orderList",
	Table:         "orders o",
	IDColumn:      "o.id",
	VersionColumn: "o.version",
	Columns: []grid.Column{
		{Field: "orderNumber", Header: "Order", Type: grid.Integer, Expr: "o.order_number"},
		{Field: "status", Header: "Status", Type: grid.Text, Expr: "o.status"},
		{Field: "orderApprovalStatus", Header: "Approval Status", Type: grid.Text, Expr: "o.order_approval_status"},
		{Field: "approverName", Header: "Approver", Type: grid.Text, Expr: "o.approver_name"},
		{Field: "seniorApproverName", Header: "Senior Approver", Type: grid.Text, Expr: "o.senior_approver_name"},
		{Field: "customerName", Header: "Customer", Type: grid.Text, Expr: "o.customer->>'name'"},
		{Field: "po", Header: "PO", Type: grid.Text, Expr: "o.po"},
		{Field: "currency", Header: "Currency", Type: grid.Text, Expr: "o.currency"},
		{Field: "requesterName", Header: "Requester", Type: grid.Text, Expr: "o.requester_name"},
		{Field: "coordinatorCode", Header: "Coordinator", Type: grid.Text, Expr: "o.coordinator_code"},
		{Field: "purpose", Header: "Purpose", Type: grid.Text, Expr: "o.purpose"},
		{Field: "productType", Header: "Product Type", Type: grid.Text, Expr: "o.product_type"},
		{Field: "productCount", Header: "Products", Type: grid.Integer, Expr: "(SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)"},
		{Field: "createdDate", Header: "Created", Type: grid.DateTime, Expr: "o.created_at"},
		{Field: "submittedDate", Header: "Submitted", Type: grid.DateTime, Expr: "o.submitted_at"},
	},
	DefaultSort: []grid.Sort{{Field: "orderNumber", Dir: "desc"}},
	// A block of the grid is a page of the list query: the same default and largest page.
	PageSize: ListPageSize,
	MaxLimit: MaxListPage,
})

// stylesGrid declares the sample styles view (a sample coordinator's): one row per line of the
// orders the view lists, with its order's number and requester, read only. The orders' scope
// (listScope, on the orders as o) applies through the join.
var stylesGrid = grid.MustNew(grid.Grid{
	Name:          "orderStyles",
	Table:         "order_lines l JOIN orders o ON o.id = l.order_id",
	IDColumn:      "l.id",
	VersionColumn: "l.version",
	Columns: []grid.Column{
		{Field: "orderNumber", Header: "Order", Type: grid.Integer, Expr: "o.order_number"},
		{Field: "style", Header: "Style", Type: grid.Text, Expr: "l.style"},
		{Field: "color", Header: "Color", Type: grid.Text, Expr: "l.color"},
		{Field: "size", Header: "Size", Type: grid.Text, Expr: "l.size"},
		{Field: "quantity", Header: "Quantity", Type: grid.Integer, Expr: "l.quantity"},
		{Field: "status", Header: "Status", Type: grid.Text, Expr: "l.status"},
		{Field: "requesterName", Header: "Requester", Type: grid.Text, Expr: "o.requester_name"},
		{Field: "division", Header: "Division", Type: grid.Text, Expr: "nullif(l.division, '')"},
		{Field: "gender", Header: "Gender", Type: grid.Text, Expr: "nullif(l.gender, '')"},
		{Field: "shipper", Header: "Shipper", Type: grid.Text, Expr: "l.shipper"},
		{Field: "tracking", Header: "Tracking", Type: grid.Text, Expr: "l.tracking"},
	},
	DefaultSort: []grid.Sort{{Field: "orderNumber", Dir: "desc"}, {Field: "style", Dir: "asc"}, {Field: "color", Dir: "asc"}},
	PageSize:    ListPageSize,
	MaxLimit:    MaxListPage,
})

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
