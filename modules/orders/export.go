package orders

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
	"its/core/httpx"
)

// listGrid declares an order list view for the generic export (core/grid): the list's columns
// over the orders table. It is read only; the list itself is read by Store.List.
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
})

// ExportList writes a list view as the caller sees it (the same rows as Query: the view's
// statuses and period and the caller's part of the orders) to an .xlsx or .csv download.
// viewAs is the coordinator a sample coordinator views the list as ("" for oneself).
func (s *Service) ExportList(ctx context.Context, w http.ResponseWriter, orderType, subtype, viewAs string, req grid.ExportRequest) error {
	f, v, err := s.listFilter(ctx, orderType, subtype, QueryRequest{ViewAsCoordinatorCode: viewAs})
	if err != nil {
		return err
	}
	if v.name == "styles" {
		return httpx.Invalid(httpx.FieldError{Field: "subtype", Rule: "export", Message: "The sample styles view is exported from its orders"})
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("Orders_%s_%s_%s", strings.ToLower(orderType), v.name, time.Now().Format("2006-01-02")), req.Format)
	return listGrid.Export(ctx, w, s.db, req, f.where(), name)
}

// ExportLines writes the lines of one order the caller may read to an .xlsx or .csv download.
func (s *Service) ExportLines(ctx context.Context, w http.ResponseWriter, orderType, id string, req grid.ExportRequest) error {
	o, err := s.find(ctx, orderType, id, 0)
	if err != nil {
		return err
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("Order_%d_%s", o.OrderNumber, time.Now().Format("2006-01-02")), req.Format)
	return lineGrid.Export(ctx, w, s.db, req, sq.Expr("order_id = ?::uuid", o.ID), name)
}
