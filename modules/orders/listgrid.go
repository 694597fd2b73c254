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
// lines, not orders: it stays on the list query (Service.Query).
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

// gridScope is listScope for the grid reads, which refuse the sample styles view: its rows are
// order lines, read whole through the list query.
func (s *Service) gridScope(ctx context.Context, orderType, subtype, viewAs string) (sq.Sqlizer, error) {
	scope, v, err := s.listScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, err
	}
	if v.name == "styles" {
		return nil, errStylesGrid()
	}
	return scope, nil
}

func errStylesGrid() error {
	return httpx.Invalid(httpx.FieldError{Field: "subtype", Rule: "view", Message: "The sample styles view lists order lines: read it through the list query"})
}

// ListPage answers one block of a list view (a grid Query: filters, where, sort, limit, cursor,
// skip, fields) within the rows the list shows the caller, with their total.
func (s *Service) ListPage(ctx context.Context, orderType, subtype, viewAs string, q grid.Query) (*grid.Page, error) {
	scope, err := s.gridScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, err
	}
	return listGrid.Page(ctx, s.db, q, scope)
}

// ListSummary answers the footer figures of a list view over its filtered rows.
func (s *Service) ListSummary(ctx context.Context, orderType, subtype, viewAs string, req grid.SummaryRequest) (*grid.Summary, error) {
	scope, err := s.gridScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, err
	}
	return listGrid.Summary(ctx, s.db, req, scope)
}

// ListGroups answers the groups of a list view by one column (the list grouped, still read in
// blocks), within the rows the list shows the caller.
func (s *Service) ListGroups(ctx context.Context, orderType, subtype, viewAs string, req grid.GroupsRequest) (*grid.Groups, error) {
	scope, err := s.gridScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return nil, err
	}
	return listGrid.Groups(ctx, s.db, req, scope)
}

// ListSchema answers the column schema of a list view (every view of every type has the same
// columns; the page shows those of its type).
func (s *Service) ListSchema(orderType, subtype string) (grid.Schema, error) {
	v, ok := viewOf(orderType, subtype)
	switch {
	case !ok:
		return grid.Schema{}, httpx.NotFound("Order list " + subtype)
	case v.name == "styles":
		return grid.Schema{}, errStylesGrid()
	}
	return listGrid.Schema(), nil
}
