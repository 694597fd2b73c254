package assortments

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
)

// OrgRules are the rules of an organisation type other than regular (internal assortments,
// modules/internalassortments): who sees and edits an assortment of that type, what a write
// must keep true, and which row fields it hides. The assortment store, rows, batches, locks and
// group sort stay here; Service.For and Handler.For give a service and handlers scoped to the
// type, which answer 404 for an assortment of any other type.
type OrgRules interface {
	// OrgType is the value of the assortment's orgType column these rules govern.
	OrgType() string
	// Visible reports whether the caller may read a (instead of "their own, or a manager").
	Visible(ctx context.Context, u *identity.User, a *Assortment) bool
	// MayEdit refuses a write on a (with its values after the write) the caller may not make.
	MayEdit(ctx context.Context, a *Assortment) error
	// Check runs in the write's transaction after a create or a property change, on the stored
	// assortment; an error undoes the write.
	Check(ctx context.Context, tx pgx.Tx, a *Assortment) error
	// State is the state every assortment of the type is in ("" when it may change).
	State() string
	// Hidden are the row fields the type hides from a: left out of its rows, refused in a batch.
	Hidden(a *Assortment) []string
	// DefaultGroupBy is the group-by of an assortment of the type that has not chosen one (one
	// of GroupByFields; spec §3.2). A type whose default is not none starts grouped.
	DefaultGroupBy() string
}

// OrgRegular is the organisation type of the assortment manager's own assortments.
const OrgRegular = "regular"

// Scoped is the service of an organisation type other than regular, offered to the modules
// that read assortments of any type (the documents' zip of images) through the fx group
// "assortments.scoped" (ProvideScoped), so they need not know the module that owns the type.
type Scoped struct {
	OrgType string
	Service *Service
}

// ProvideScoped adds ctor's Scoped to the group "assortments.scoped".
func ProvideScoped(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"assortments.scoped"`)))
}

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

// OrgHandlers are the assortment calls another organisation type's module mounts under its own
// paths and actions (PATCH /api/internalAssortments/{id} and the like); each reads the same
// request and answers the same body as the assortments route of that name.
type OrgHandlers struct {
	Create, Get, Patch, Delete, Merge, Batch, Lock, Rows, GroupSort, GroupSortBatch httpx.HandlerFunc
	// ExportXLSX and ExportCSV write the detail grid of the assortment {id} (hidden fields refused).
	ExportXLSX, ExportCSV httpx.HandlerFunc
}

// For answers the handlers scoped to the organisation type of rules.
func (h *Handler) For(rules OrgRules) OrgHandlers {
	s := &Handler{svc: h.svc.For(rules), log: h.log}
	return OrgHandlers{Create: s.create, Get: s.get, Patch: s.patch, Delete: s.delete, Merge: s.merge, Batch: s.batch,
		Lock: s.lock, Rows: s.rows, GroupSort: s.groupSort, GroupSortBatch: s.groupSortBatch,
		ExportXLSX: s.exportRows(grid.FormatXLSX), ExportCSV: s.exportRows(grid.FormatCSV)}
}
