package orders

import "its/core/grid"

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
