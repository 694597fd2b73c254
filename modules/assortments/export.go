package assortments

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"its/core/grid"
)

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
	return listGrid.Export(ctx, w, s.db, req, listWhere(f), name)
}
