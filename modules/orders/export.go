package orders

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
)

// ExportList writes a list view as the caller sees it (the same rows as Query: the view's
// statuses and period and the caller's part of the orders) to an .xlsx or .csv download.
// viewAs is the coordinator a sample coordinator views the list as ("" for oneself).
func (s *Service) ExportList(ctx context.Context, w http.ResponseWriter, orderType, subtype, viewAs string, req grid.ExportRequest) error {
	scope, v, err := s.listScope(ctx, orderType, subtype, viewAs)
	if err != nil {
		return err
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("Orders_%s_%s_%s", strings.ToLower(orderType), v.name, s.now().Format("2006-01-02")), req.Format)
	return gridOf(v).Export(ctx, w, s.db, req, scope, name)
}

// ExportLines writes the lines of one order the caller may read to an .xlsx or .csv download.
func (s *Service) ExportLines(ctx context.Context, w http.ResponseWriter, orderType, id string, req grid.ExportRequest) error {
	o, err := s.find(ctx, orderType, id, 0)
	if err != nil {
		return err
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("Order_%d_%s", o.OrderNumber, s.now().Format("2006-01-02")), req.Format)
	return lineGrid.Export(ctx, w, s.db, req, sq.Expr("order_id = ?::uuid", o.ID), name)
}
