package assortments

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"its/core/grid"
	"its/core/httpx"
)

// For answers the service scoped to the organisation type of rules.
func (s *Service) For(rules OrgRules) *Service {
	c := *s
	c.org = rules
	return &c
}

// orgType is the organisation type the service is scoped to.
func (s *Service) orgType() string {
	if s.org == nil {
		return OrgRegular
	}
	return s.org.OrgType()
}

// defaultGroupBy is the group-by of an assortment that has not chosen one: none for regular
// assortments, the organisation type's default for the others.
func (s *Service) defaultGroupBy() string {
	if s.org == nil {
		return GroupByNone
	}
	return s.org.DefaultGroupBy()
}

// hideRow blanks the fields a's organisation type hides.
func (s *Service) hideRow(a *Assortment, r *Row) {
	if s.org == nil {
		return
	}
	for _, f := range s.org.Hidden(a) {
		switch f {
		case "initialMarkup":
			r.InitialMarkup = nil
		case "suggestedRetail":
			r.SuggestedRetail = nil
			if r.Location != nil {
				r.Location.SuggestedRetail = nil
			}
		}
	}
}

// hiddenEdits refuses updates of fields a's organisation type hides.
func (s *Service) hiddenEdits(a *Assortment, req *BatchRequest) error {
	if s.org == nil {
		return nil
	}
	var errs []grid.CellError
	for _, f := range s.org.Hidden(a) {
		for i, u := range req.UpdateProducts {
			if _, ok := u.Changes[f]; ok {
				errs = append(errs, grid.CellError{Op: grid.OpUpdate, Index: i, ID: u.ID, Field: f, Rule: "hidden", Message: fmt.Sprintf("%s is not a column of this assortment", f)})
			}
		}
	}
	if len(errs) > 0 {
		return grid.Invalid(errs)
	}
	return nil
}

// checkOrg runs the organisation type's Check on the stored assortment id.
func (s *Service) checkOrg(ctx context.Context, tx pgx.Tx, id string) error {
	if s.org == nil {
		return nil
	}
	a, err := s.store.get(ctx, tx, id, false)
	if err != nil {
		return err
	}
	if err := s.org.MayEdit(ctx, a); err != nil {
		return err
	}
	return s.org.Check(ctx, tx, a)
}

// For answers the handlers scoped to the organisation type of rules.
func (h *Handler) For(rules OrgRules) OrgHandlers {
	s := &Handler{svc: h.svc.For(rules), log: h.log}
	return OrgHandlers{Create: httpx.Body(s.create), Get: s.get, Patch: s.patch, Delete: httpx.Get(s.delete), Merge: httpx.Body(s.merge), Batch: httpx.Body(s.batch),
		Lock: httpx.Get(s.lock), Rows: s.rows, GroupSort: httpx.Get(s.groupSort), GroupSortBatch: httpx.Body(s.groupSortBatch),
		ExportXLSX: s.exportRows(grid.FormatXLSX), ExportCSV: s.exportRows(grid.FormatCSV)}
}
