package assortments

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"its/core/grid"
)

// ListGrid declares the assortment list views for the generic export and for the list read in
// blocks (core/grid; POST /api/assortments/query/{view}): the list's columns over the
// assortments table (alias a), regular and internal ones. It is read only; a folder's content
// is read by listView and the internal table of contents by its module.
var ListGrid = grid.MustNew(grid.Grid{
	Name:          "assortmentList",
	Table:         "assortments a",
	IDColumn:      "a.id",
	VersionColumn: "a.version",
	Columns: []grid.Column{
		{Field: "title", Header: "Title", Type: grid.Text, Expr: "a.title"},
		{Field: "path", Header: "Folder", Type: grid.Text, NoSort: true, NoFilter: true,
			Expr: "(SELECT string_agg(f.title, ' / ' ORDER BY h.n) FROM unnest(a.hierarchy) WITH ORDINALITY h(id, n) JOIN assortments f ON f.id = h.id)"},
		{Field: "type", Header: "Type", Type: grid.Text, Expr: "a.type", Hidden: true},
		{Field: "starred", Header: "Starred", Type: grid.Boolean, Expr: "a.starred"},
		{Field: "method", Header: "Method", Type: grid.Text, Expr: "a.method"},
		{Field: "labelText", Header: "Labels", Type: grid.Text, NoSort: true, NoFilter: true,
			Expr: "(SELECT string_agg(l->>'name', ', ') FROM jsonb_array_elements(a.labels) l)"},
		{Field: "subTitle", Header: "Subtitle", Type: grid.Text, Expr: "a.sub_title"},
		{Field: "channel", Header: "Channel", Type: grid.Text, Expr: "a.channel"},
		{Field: "region", Header: "Region", Type: grid.Text, Expr: "a.region"},
		{Field: "season", Header: "Season", Type: grid.Text, Expr: "a.season"},
		{Field: "year", Header: "Year", Type: grid.Integer, Expr: "a.year"},
		{Field: "gender", Header: "Gender", Type: grid.Text, Expr: "a.gender"},
		{Field: "productType", Header: "Product Type", Type: grid.Text, Expr: "a.product_type"},
		{Field: "locationId", Header: "Location", Type: grid.Text, Expr: "a.location_id"},
		{Field: "productCount", Header: "Products", Type: grid.Integer,
			Expr: "CASE WHEN a.method = 'dynamic' THEN COALESCE(a.product_count, 0) ELSE (SELECT count(*) FROM assortment_products ap WHERE ap.assortment_id = a.id) END"},
		{Field: "modifiedDate", Header: "Modified", Type: grid.DateTime, Expr: "a.modified_date"},
		{Field: "scheduledDate", Header: "Scheduled", Type: grid.DateTime, Expr: "a.scheduled_date"},
	},
	DefaultSort: []grid.Sort{{Field: "type"}, {Field: "title"}},
	PageSize:    ListBlock,
	MaxLimit:    MaxListPage,
})

// ExportList writes a list view of the caller's assortments as the list shows it (the same
// entries as List: the caller's own, the view's, the title search of the filters) to an .xlsx
// or .csv download.
func (s *Service) ExportList(ctx context.Context, w http.ResponseWriter, view string, req grid.ExportRequest) error {
	if err := checkView(view); err != nil {
		return err
	}
	owner := me(ctx).ID
	if err := s.refreshCounts(ctx, s.db, countScope{owner: owner}); err != nil {
		return err
	}
	f := listFilter{owner: owner, view: view}
	if t, ok := req.Filters["title"]; ok {
		// The list's search box: every entry whose title contains it, in any folder.
		f.text = strings.TrimSpace(t.Ops["contains"])
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("Assortments_%s_%s", view, time.Now().Format("2006-01-02")), req.Format)
	return ListGrid.Export(ctx, w, s.db, req, listWhere(f), name)
}
