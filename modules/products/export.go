package products

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"its/core/grid"
	"its/core/httpx"
)

// ExportRequest is the product library's grid as the user sees it: the product query of the
// filter bar and the filter builder (its sort, paging and limit are not used), and the grid's
// columns in order, column filters, sort and grouping on the catalog grid's fields.
type ExportRequest struct {
	grid.ExportRequest
	Query Query `json:"query"`
}

// markupExpr is the location's markup in percent, as Product.Derive computes it: (suggested
// retail - wholesale price less the product's discount, rounded to the currency) / suggested
// retail, rounded to 2 places.
const markupExpr = `CASE WHEN pl.suggested_retail IS NULL OR pl.suggested_retail = 0 OR pl.wholesale_price IS NULL THEN NULL
	ELSE round((pl.suggested_retail - round(pl.wholesale_price * (1 - coalesce(p.discount_percent, 0) / 100), pcur.decimal_places)) * 100 / pl.suggested_retail, 2) END`

// exportColumns are the catalog grid's fields (remotes/products/src/catalog/columns.ts) as a grid of
// the catalog joined to one pricing location (alias pl): the filter builder's columns with the
// location fields read from the join, and the markup.
func exportColumns() []grid.Column {
	order := []string{"style", "color", "name", "colorDescription", "division", "gender", "productType", "season", "year",
		"channel", "region", "wholesalePrice", "suggestedRetail", "markupPercent", "lineStatus", "totalInventory", "pillar",
		"lifeCycle", "availabilityDate"}
	out := make([]grid.Column, 0, len(order))
	for _, f := range order {
		c, ok := whereColumns[f]
		switch {
		case f == "markupPercent":
			c = grid.Column{Field: f, Header: "Markup %", Type: grid.Number, Expr: markupExpr}
		case f == "suggestedRetail":
			c.Expr = "coalesce(pl.suggested_retail, p.suggested_retail)"
		case !ok:
			panic("products: no column " + f)
		}
		out = append(out, c)
	}
	return out
}

var (
	exportGridsMu sync.Mutex
	exportGrids   = map[string]*grid.Grid{}
)

// SummaryRequest is the product library's footer: the product query of the filter bar and the
// filter builder (its sort, paging and limit are not used), the grid's column filters and the
// catalog grid's fields to sum up.
type SummaryRequest struct {
	grid.SummaryRequest
	Query Query `json:"query"`
}

// Summary answers the footer figures of the product library over every product the query and
// the column filters leave (grid.Summary on the catalog grid), in one statement. Prices are those
// of the query's pricing location when the user may see it, as in Export.
func (s *Service) Summary(ctx context.Context, req SummaryRequest) (*grid.Summary, error) {
	q := req.Query
	q.Sort, q.Skip, q.Limit = nil, 0, 0
	g, loc, err := s.pricedGrid(ctx, &q)
	if err != nil {
		return nil, err
	}
	key := struct {
		Kind     string
		Location string
		Query    Query
		Summary  grid.SummaryRequest
	}{"summary", loc, q, req.SummaryRequest}
	return kept(ctx, s, key, func() (*grid.Summary, error) { return g.Summary(ctx, s.db, req.SummaryRequest, q.Where()) })
}

// pricedGrid normalizes q and answers the catalog grid priced at q's location: a location asked
// for and not visible to the user is refused, a default location of another territory gives no
// prices.
func (s *Service) pricedGrid(ctx context.Context, q *Query) (*grid.Grid, string, error) {
	if err := q.Normalize(); err != nil {
		return nil, "", err
	}
	if err := s.checkLocation(ctx, q.LocationID); err != nil {
		return nil, "", err
	}
	loc := q.Location()
	if err := s.checkLocation(ctx, loc); err != nil {
		var he *httpx.Error
		if !errors.As(err, &he) {
			return nil, "", err
		}
		loc = "" // the default location is another territory's: no prices
	}
	g, err := exportGrid(loc)
	return g, loc, err
}

// Export writes the product library's view (every matching product, no query limit) as an
// .xlsx workbook or a .csv file. Prices are those of the query's pricing location when the user
// may see it (a location asked for and not visible is refused), else left empty.
func (s *Service) Export(ctx context.Context, w http.ResponseWriter, req ExportRequest) error {
	q := req.Query
	q.Sort, q.Skip, q.Limit = nil, 0, 0
	g, _, err := s.pricedGrid(ctx, &q)
	if err != nil {
		return err
	}
	name := grid.ExportFileName(req.FileName, "Products_"+time.Now().Format("2006-01-02"))
	return g.Export(ctx, w, s.db, req.ExportRequest, q.Where(), name)
}
