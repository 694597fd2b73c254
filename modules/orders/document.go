package orders

import (
	"context"
	"fmt"
	"net/http"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
	"its/core/httpx"
)

// DocumentRequest is the body of POST order-documents/xlsx: the order (by id or number; its type
// optional, checked when given) and, optionally, the line columns as the user's grid shows them.
type DocumentRequest struct {
	OrderType   string              `json:"orderType"`
	OrderID     string              `json:"orderId"`
	OrderNumber int64               `json:"orderNumber"`
	Columns     []grid.ExportColumn `json:"columns"`
	Sort        []grid.Sort         `json:"sort"`
	FileName    string              `json:"fileName"`
}

// documentColumns are the line columns of an order's workbook when the request names none.
var documentColumns = map[string][]string{
	TypeSample:    {"style", "color", "status", "size", "sizePreference", "side", "source", "quantity", "shipper", "tracking", "returnType"},
	TypePromo:     {"style", "color", "status", "size", "sizePreference", "quantity", "promoCode", "term"},
	TypeWholesale: {"style", "color", "packCode", "sizes", "unitPrice", "discount", "term", "startDate", "endDate", "daysOut", "stores"},
}

// Document streams the order's lines as an .xlsx workbook through the lines' grid export, so
// the rows go from the database to the response without being held. An order the user may not
// read answers 404 like a missing one.
func (s *Service) Document(ctx context.Context, w http.ResponseWriter, req DocumentRequest) error {
	typ := ""
	if req.OrderType != "" {
		var ok bool
		if typ, ok = typeOf(req.OrderType); !ok {
			return httpx.Invalid(httpx.FieldError{Field: "orderType", Rule: "list", Message: fmt.Sprintf("Unknown order type %q", req.OrderType)})
		}
	}
	o, err := s.find(ctx, typ, req.OrderID, req.OrderNumber)
	if err != nil {
		return err
	}
	cols := req.Columns
	if len(cols) == 0 {
		for _, f := range documentColumns[o.Type] {
			cols = append(cols, grid.ExportColumn{Field: f})
		}
	}
	name := grid.ExportFileName(req.FileName, fmt.Sprintf("Order_%d", o.OrderNumber))
	return lineGrid.Export(ctx, w, s.db, grid.ExportRequest{Columns: cols, Sort: req.Sort}, sq.Expr("order_id = ?::uuid", o.ID), name)
}
