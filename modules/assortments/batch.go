package assortments

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/num"
	"its/modules/products"
)

// BatchRequest is the body of PATCH /api/assortments/batch/{id} (spec §7 product batches).
type BatchRequest struct {
	AddProducts    []AddProduct     `json:"addProducts"`
	DeleteProducts []grid.DeleteRow `json:"deleteProducts"`
	UpdateProducts []grid.UpdateRow `json:"updateProducts"`
	SortProducts   []SortRow        `json:"sortProducts"`
	RenameProducts []RenameRow      `json:"renameProducts"`
	Patch          *PatchRequest    `json:"patch"`
	ClearAlerts    *ClearAlerts     `json:"clearAlerts"`
	// Source says how added styles were found, for the statistics: style, search or excel.
	Source string `json:"source"`
	// Via says how the rows' changes were made, for the cell history: edit (the default),
	// paste, import, batch or revert (grid.Vias).
	Via string `json:"via"`
	// withoutRows leaves the changed rows out of the result (an import answers only counts).
	withoutRows bool
}

// SortRow moves a row to a sort position; a version, when given, is checked.
type SortRow struct {
	ID      string `json:"id"`
	Version int64  `json:"version"`
	Sort    int    `json:"sort"`
}

// RenameRow changes the style and/or colour of a new row.
type RenameRow struct {
	ID       string `json:"id"`
	Version  int64  `json:"version"`
	NewStyle string `json:"newStyle"`
	NewColor string `json:"newColor"`
}

// ClearAlerts clears every alert, or those of the listed style/colours.
type ClearAlerts struct {
	All      bool            `json:"all"`
	Products []products.Pair `json:"products"`
}

func (b *BatchRequest) empty() bool {
	return len(b.AddProducts)+len(b.DeleteProducts)+len(b.UpdateProducts)+len(b.SortProducts)+len(b.RenameProducts) == 0 &&
		b.Patch == nil && b.ClearAlerts == nil
}

// Batch applies a batch to an assortment: everything or nothing.
func (s *Service) Batch(ctx context.Context, id string, req *BatchRequest) (*BatchResult, error) {
	if req.empty() {
		return nil, grid.EmptyRequest()
	}
	via, err := grid.CheckVia(req.Via)
	if err != nil {
		return nil, err
	}
	req.Via = via
	var res *BatchResult
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.editable(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.hiddenEdits(a, req); err != nil {
			return err
		}
		res, err = s.applyBatch(ctx, tx, a, req)
		if err != nil {
			return err
		}
		if res.Assortment, err = s.store.get(ctx, tx, a.ID, false); err != nil {
			return err
		}
		return nil
	})
	return res, err
}

// rowState is what the batch needs to know of an existing row.
type rowState struct {
	ID      string
	Version int64
	Style   string
	Color   string
	IsNew   bool
	Pricing Pricing
}

func (s *Service) rowStates(ctx context.Context, tx pgx.Tx, assortmentID string, ids []string) (map[string]*rowState, error) {
	if len(ids) == 0 {
		return map[string]*rowState{}, nil
	}
	return s.store.lockRows(ctx, tx, assortmentID, ids)
}

func validRowID(id string) bool {
	_, err := strconv.ParseInt(id, 10, 64)
	return err == nil
}

func cellErrors(err error) ([]grid.CellError, bool) {
	var he *httpx.Error
	if errors.As(err, &he) {
		if ces, ok := he.Details.([]grid.CellError); ok {
			return ces, true
		}
	}
	return nil, false
}

func normCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// batchPlan is one batch as its stages pass it on: validate fills it from the request, plan
// adds the grid's changes and the recalculated prices, apply writes it and records what it
// changed, and the side effects (alerts, statistics, messages, the rows answered) read that.
type batchPlan struct {
	a   *Assortment
	req *BatchRequest
	// states are the existing rows the batch touches, locked until the transaction ends.
	states map[string]*rowState
	// labels maps each of the assortment's labels, lower-cased, to its spelling.
	labels  map[string]string
	updates []grid.UpdateRow
	// markups are the initialMarkup edits by update index: a pricing input, not a column.
	markups map[int]any
	adds    []grid.AddRow
	renames []RenameRow
	// rows are the grid's deletes, updates and adds (nil when the batch has none).
	rows *grid.Plan
	// errs are every refused cell, answered together before anything is written.
	errs []grid.CellError
	// changed are the ids of the rows written, read back for the answer.
	changed map[string]bool
	res     *BatchResult
}

// applyBatch runs a batch in tx on an assortment already checked for editing, in four stages:
// validate and plan (one 400 listing every refused cell, nothing written), apply (deletes,
// updates and adds through core/grid against row versions, a stale row being a 409 userLock;
// style-wide fields, renames, sorts, the properties patch, cleared alerts) and side effects.
func (s *Service) applyBatch(ctx context.Context, tx pgx.Tx, a *Assortment, req *BatchRequest) (*BatchResult, error) {
	p, err := s.validateBatch(ctx, tx, a, req)
	if err != nil {
		return nil, err
	}
	if err := p.plan(); err != nil {
		return nil, err
	}
	if len(p.errs) > 0 {
		sort.SliceStable(p.errs, func(i, j int) bool { return opRank(p.errs[i].Op) < opRank(p.errs[j].Op) })
		return nil, grid.Invalid(p.errs)
	}
	if err := s.applyPlan(ctx, tx, p); err != nil {
		return nil, err
	}
	if err := s.batchSideEffects(ctx, tx, p); err != nil {
		return nil, err
	}
	if err := s.publishBatch(ctx, tx, p); err != nil {
		return nil, err
	}
	return p.res, nil
}

// validateBatch is the first stage: the batch's shape, then each update, add, rename and sort
// checked against the assortment (labels), the catalog and the rows already there. A refused
// cell goes to the plan's errs; only a failure to check is an error.
func (s *Service) validateBatch(ctx context.Context, tx pgx.Tx, a *Assortment, req *BatchRequest) (*batchPlan, error) {
	rowOps := len(req.AddProducts) + len(req.DeleteProducts) + len(req.UpdateProducts) + len(req.SortProducts) + len(req.RenameProducts)
	if rowOps > 0 && a.Type == "folder" {
		return nil, httpx.Invalid(httpx.FieldError{Field: "id", Rule: "folder", Message: MsgFoldersNoRows})
	}
	if rowOps > 0 && a.Method == MethodDynamic {
		return nil, httpx.Invalid(httpx.FieldError{Field: "id", Rule: "dynamic", Message: MsgDynamicRows})
	}
	if rowOps > rowGrid.MaxBatch {
		return nil, httpx.Invalid(httpx.FieldError{Field: "rows", Rule: "max", Message: fmt.Sprintf("At most %d rows per request", rowGrid.MaxBatch)})
	}
	p := &batchPlan{a: a, req: req, labels: map[string]string{}, markups: map[int]any{}, changed: map[string]bool{},
		res: &BatchResult{Messages: []string{}, Rows: []Row{}, DeletedIDs: []string{}, TempIDs: map[string]string{}}}
	for _, l := range a.Labels {
		p.labels[strings.ToLower(l.Name)] = l.Name
	}
	// Existing rows the batch touches, locked for the rest of the transaction.
	var touched []string
	for _, u := range req.UpdateProducts {
		touched = append(touched, u.ID)
	}
	for _, r := range req.RenameProducts {
		touched = append(touched, r.ID)
	}
	for _, d := range req.DeleteProducts {
		touched = append(touched, d.ID)
	}
	var validIDs []string
	for _, id := range touched {
		if validRowID(id) {
			validIDs = append(validIDs, id)
		}
	}
	var err error
	if p.states, err = s.rowStates(ctx, tx, a.ID, validIDs); err != nil {
		return nil, err
	}
	p.checkUpdates()
	if err := s.checkAdds(ctx, tx, p); err != nil {
		return nil, err
	}
	if err := s.checkRenames(ctx, tx, p); err != nil {
		return nil, err
	}
	for i, so := range req.SortProducts {
		if !validRowID(so.ID) || so.Sort < 0 {
			p.errs = append(p.errs, grid.CellError{Op: "sort", Index: i, ID: so.ID, Field: "sort", Rule: "sort", Message: "A sort position is a row id and a whole number from 0"})
		}
	}
	return p, nil
}

// checkUpdates turns the request's updates into the grid's: labels are the assortment's own
// list; a markup edit is a pricing edit.
func (p *batchPlan) checkUpdates() {
	p.updates = make([]grid.UpdateRow, 0, len(p.req.UpdateProducts))
	for i, u := range p.req.UpdateProducts {
		ch := make(map[string]any, len(u.Changes))
		for k, v := range u.Changes {
			ch[k] = v
		}
		if v, ok := ch["label"]; ok {
			sv, _ := v.(string)
			sv = strings.TrimSpace(sv)
			if name, ok := p.labels[strings.ToLower(sv)]; ok {
				ch["label"] = name
			} else if sv != "" || v != nil && !isString(v) {
				p.errs = append(p.errs, grid.CellError{Op: grid.OpUpdate, Index: i, ID: u.ID, Field: "label", Rule: "list", Message: fmt.Sprintf("'%v' is not a label of this assortment", v)})
			}
		}
		if v, ok := ch["initialMarkup"]; ok {
			p.markups[i] = v
			delete(ch, "initialMarkup")
			if len(ch) == 0 {
				// Stand-in so the grid still checks id and version; dropped when planned.
				ch["netCost"] = nil
			}
		}
		p.updates = append(p.updates, grid.UpdateRow{ID: u.ID, Version: u.Version, Changes: ch})
	}
}

// checkAdds turns the request's adds into the grid's: codes normalised, labels of the
// assortment, styles/colours known to the catalog and not already rows (unless deleted now).
func (s *Service) checkAdds(ctx context.Context, tx pgx.Tx, p *batchPlan) error {
	reqs := p.req.AddProducts
	p.adds = make([]grid.AddRow, 0, len(reqs))
	pairs := make([]products.Pair, len(reqs))
	for i, ap := range reqs {
		pairs[i] = products.Pair{Style: normCode(ap.Style), Color: normCode(ap.Color)}
		vals := map[string]any{"style": pairs[i].Style, "color": pairs[i].Color}
		for k, v := range ap.Values {
			if k != "style" && k != "color" {
				vals[k] = v
			}
		}
		if v, ok := vals["label"]; ok {
			sv, _ := v.(string)
			if name, ok := p.labels[strings.ToLower(strings.TrimSpace(sv))]; ok {
				vals["label"] = name
			} else if strings.TrimSpace(sv) != "" {
				p.errs = append(p.errs, grid.CellError{Op: grid.OpAdd, Index: i, TempID: ap.TempID, Field: "label", Rule: "list", Message: fmt.Sprintf("'%v' is not a label of this assortment", v)})
			}
		}
		if pairs[i].Style == "" || pairs[i].Color == "" {
			delete(vals, "style")
			delete(vals, "color")
			if pairs[i].Style != "" {
				vals["style"] = pairs[i].Style
			}
			if pairs[i].Color != "" {
				vals["color"] = pairs[i].Color
			}
		}
		p.adds = append(p.adds, grid.AddRow{TempID: ap.TempID, Values: vals})
	}
	v, existing, err := s.checkPairs(ctx, tx, p.a.ID, pairs)
	if err != nil || len(pairs) == 0 {
		return err
	}
	for _, e := range v.Errors {
		if e.Rule == "required" {
			continue // the grid names the missing cell
		}
		p.errs = append(p.errs, grid.CellError{Op: grid.OpAdd, Index: e.Index, TempID: reqs[e.Index].TempID, Field: e.Field, Rule: e.Rule, Message: e.Message})
	}
	deleting := map[string]bool{}
	for _, d := range p.req.DeleteProducts {
		if st := p.states[d.ID]; st != nil {
			deleting[products.ID(st.Style, st.Color)] = true
		}
	}
	for i, pr := range pairs {
		if id := products.ID(pr.Style, pr.Color); existing[id] && !deleting[id] {
			p.errs = append(p.errs, grid.CellError{Op: grid.OpAdd, Index: i, TempID: reqs[i].TempID, Field: "stylecolor", Rule: "duplicate", Message: MsgAlreadyInThere})
		}
	}
	return nil
}

// checkRenames keeps the renames of new rows, at a version, to a style/colour the catalog knows
// and the assortment does not hold yet.
func (s *Service) checkRenames(ctx context.Context, tx pgx.Tx, p *batchPlan) error {
	p.renames = make([]RenameRow, 0, len(p.req.RenameProducts))
	var pairs []products.Pair
	for i, r := range p.req.RenameProducts {
		st := p.states[r.ID]
		ce := grid.CellError{Op: "rename", Index: i, ID: r.ID}
		switch {
		case st == nil:
			ce.Field, ce.Rule, ce.Message = "id", "exists", "Row not found"
		case !st.IsNew:
			ce.Field, ce.Rule, ce.Message = "style", "notEditable", MsgNewRowsOnly
		case r.Version <= 0:
			ce.Field, ce.Rule, ce.Message = "version", "version", "The row version is required"
		default:
			r.NewStyle, r.NewColor = normCode(r.NewStyle), normCode(r.NewColor)
			if r.NewStyle == "" {
				r.NewStyle = st.Style
			}
			if r.NewColor == "" {
				r.NewColor = st.Color
			}
			p.renames = append(p.renames, r)
			pairs = append(pairs, products.Pair{Style: r.NewStyle, Color: r.NewColor})
			continue
		}
		p.errs = append(p.errs, ce)
	}
	v, existing, err := s.checkPairs(ctx, tx, p.a.ID, pairs)
	if err != nil || len(pairs) == 0 {
		return err
	}
	for _, e := range v.Errors {
		p.errs = append(p.errs, grid.CellError{Op: "rename", Index: e.Index, ID: p.renames[e.Index].ID, Field: e.Field, Rule: e.Rule, Message: e.Message})
	}
	for i, pr := range pairs {
		st := p.states[p.renames[i].ID]
		if id := products.ID(pr.Style, pr.Color); existing[id] && id != products.ID(st.Style, st.Color) {
			p.errs = append(p.errs, grid.CellError{Op: "rename", Index: i, ID: p.renames[i].ID, Field: "stylecolor", Rule: "duplicate", Message: MsgAlreadyInThere})
		}
	}
	return nil
}

// plan is the second stage: the grid's own checks (ids, versions, editability, every cell
// rule) give its changes, and the linked prices of every updated row are recalculated together.
func (p *batchPlan) plan() error {
	if len(p.updates)+len(p.adds)+len(p.req.DeleteProducts) == 0 {
		return nil
	}
	rows, err := rowGrid.Plan(grid.BatchRequest{Update: p.updates, Add: p.adds, Delete: p.req.DeleteProducts}, grid.WriteContext{})
	if err != nil {
		ces, ok := cellErrors(err)
		if !ok {
			return err
		}
		p.errs = append(p.errs, ces...)
		return nil
	}
	p.rows = rows
	for _, c := range rows.Changes {
		if c.Op == grid.OpUpdate {
			p.price(c)
		}
	}
	return nil
}

// price recalculates the linked prices of an updated row whose pricing the batch touches.
func (p *batchPlan) price(c *grid.Change) {
	i := c.Index
	st := p.states[c.ID]
	_, hasMarkup := p.markups[i]
	touchesPricing := hasMarkup
	for f := range c.Values {
		if slices.Contains(PricingFields, f) {
			touchesPricing = true
		}
	}
	if hasMarkup && len(p.req.UpdateProducts[i].Changes) == 1 {
		delete(c.Values, "netCost") // the stand-in of checkUpdates
	}
	if !touchesPricing || st == nil {
		return
	}
	pr := st.Pricing
	for _, f := range PricingFields {
		var raw any
		var ok bool
		if f == "initialMarkup" {
			raw, ok = p.markups[i]
		} else {
			raw, ok = c.Values[f]
		}
		if !ok {
			continue
		}
		v, bad := numberOf(raw)
		if bad {
			p.errs = append(p.errs, grid.CellError{Op: grid.OpUpdate, Index: i, ID: c.ID, Field: f, Rule: "numeric", Message: "Markup must be a number"})
			break
		}
		next, perr := pr.Edit(f, v, p.a.DecimalsPlaces)
		if perr != nil {
			p.errs = append(p.errs, grid.CellError{Op: grid.OpUpdate, Index: i, ID: c.ID, Field: perr.Field, Rule: perr.Rule, Message: perr.Message})
			break
		}
		pr = next
	}
	c.Values["cost"], c.Values["netCost"], c.Values["suggestedRetail"] = ptrVal(pr.Cost), ptrVal(pr.NetCost), ptrVal(pr.SuggestedRetail)
	c.Values["discountPercent"], c.Values["discountAmount"] = ptrVal(pr.DiscountPercent), ptrVal(pr.DiscountAmount)
}

// applyPlan is the third stage: it writes the plan and records in it what changed.
func (s *Service) applyPlan(ctx context.Context, tx pgx.Tx, p *batchPlan) error {
	if err := s.applyRows(ctx, tx, p); err != nil {
		return err
	}
	for _, r := range p.renames {
		ok, err := s.store.renameRow(ctx, tx, p.a.ID, r)
		if err != nil {
			return err
		}
		if !ok {
			return grid.Conflict([]grid.StaleRow{{ID: r.ID, Version: r.Version, CurrentVersion: p.states[r.ID].Version}})
		}
		p.res.Renamed++
		p.changed[r.ID] = true
	}
	for _, so := range p.req.SortProducts {
		ok, err := s.store.sortRow(ctx, tx, p.a.ID, so)
		if err != nil {
			return err
		}
		if !ok {
			cur, err := s.store.rowVersion(ctx, tx, p.a.ID, so.ID)
			if err != nil {
				return httpx.NotFound("Row " + so.ID)
			}
			return grid.Conflict([]grid.StaleRow{{ID: so.ID, Version: so.Version, CurrentVersion: cur}})
		}
		p.res.Sorted++
		p.changed[so.ID] = true
	}
	if p.req.Patch != nil {
		msgs, err := s.patch(ctx, tx, p.a, *p.req.Patch)
		if err != nil {
			return err
		}
		p.res.Messages = append(p.res.Messages, msgs...)
	}
	if p.req.ClearAlerts != nil {
		n, err := s.clearAlerts(ctx, tx, p.a, p.req.ClearAlerts)
		if err != nil {
			return err
		}
		p.res.AlertsCleared = n
	}
	return nil
}

// applyRows writes the grid's changes: adds start from the catalog (prices of the assortment's
// location, quantities, notes); a style-wide field goes to every colour of the style.
func (s *Service) applyRows(ctx context.Context, tx pgx.Tx, p *batchPlan) error {
	plan, a := p.rows, p.a
	if plan == nil {
		return nil
	}
	if len(p.adds) > 0 {
		if err := s.snapshot(ctx, tx, a, plan, p.req.AddProducts); err != nil {
			return err
		}
	}
	// Hard deletes are run here, before the grid's updates and adds (the grid's Apply reads a
	// whole row back from a delete, which returns only id and version).
	dels, err := s.deleteRows(ctx, tx, a, plan, p.states)
	if err != nil {
		return err
	}
	if len(plan.Changes) > 0 {
		err := rowGrid.Apply(ctx, tx, plan, grid.ApplyOptions{
			Scope:       sq.Eq{"assortment_products.assortment_id": a.ID},
			SetOnAdd:    map[string]any{"assortment_id": a.ID},
			SetOnUpdate: map[string]any{"modified_date": sq.Expr("now()")},
			History:     &grid.Trail{ActorID: me(ctx).ID, Via: p.req.Via},
			MapError: func(pe *pgconn.PgError, c *grid.Change) error {
				if pe.Code == "23505" {
					return grid.Invalid([]grid.CellError{{Op: c.Op, Index: c.Index, TempID: c.TempID, Field: "stylecolor", Rule: "duplicate", Message: MsgAlreadyInThere}})
				}
				return nil
			},
		})
		if err != nil {
			return err
		}
	}
	plan.Changes = append(plan.Changes, dels...)
	for _, c := range plan.Changes {
		switch c.Op {
		case grid.OpAdd:
			p.res.Added++
			id := c.Row.ID()
			p.changed[id] = true
			if c.TempID != "" {
				p.res.TempIDs[c.TempID] = id
			}
		case grid.OpDelete:
			p.res.Deleted++
			p.res.DeletedIDs = append(p.res.DeletedIDs, c.ID)
		case grid.OpUpdate:
			p.res.Updated++
			p.changed[c.ID] = true
		}
	}
	for _, c := range plan.Changes {
		if c.Op != grid.OpUpdate {
			continue
		}
		set := map[string]any{}
		for field, col := range propagated {
			if v, ok := c.Values[field]; ok {
				set[col] = v
			}
		}
		if len(set) == 0 {
			continue
		}
		ids, err := s.store.propagateStyle(ctx, tx, a.ID, p.states[c.ID].Style, c.ID, set)
		if err != nil {
			return err
		}
		for _, id := range ids {
			p.changed[id] = true
		}
	}
	return nil
}

// batchSideEffects is the last stage: alerts and statistics for added rows, orphaned alerts
// dropped, the toast texts, the assortment touched and the changed rows read back.
func (s *Service) batchSideEffects(ctx context.Context, tx pgx.Tx, p *batchPlan) error {
	a, req, res := p.a, p.req, p.res
	if res.Added > 0 {
		if err := s.alertOnAdd(ctx, tx, a, p.changed); err != nil {
			return err
		}
		source := req.Source
		if source == "" {
			source = "style"
		}
		if err := recordStat(ctx, tx, me(ctx).ID, statAction(source), a.ID, map[string]any{"count": res.Added, "source": source}); err != nil {
			return err
		}
		res.Messages = append(res.Messages, fmt.Sprintf("%d Item(s) added to assortment", res.Added))
	}
	if res.Deleted > 0 {
		if err := s.store.dropOrphanAlerts(ctx, tx, a.ID); err != nil {
			return err
		}
		res.Messages = append(res.Messages, fmt.Sprintf("%d Item(s) Deleted", res.Deleted))
	}
	if res.AlertsCleared > 0 || req.ClearAlerts != nil {
		res.Messages = append(res.Messages, fmt.Sprintf("%d Alerts Cleared", res.AlertsCleared))
	}
	if err := s.store.touch(ctx, tx, a.ID, res.Added-res.Deleted); err != nil {
		return err
	}
	listFields := []string{"modifiedDate"}
	if res.Added > 0 || res.Deleted > 0 {
		listFields = append(listFields, "productCount")
	}
	if err := s.publishUpdated(ctx, tx, a, []string{a.ID}, listFields...); err != nil {
		return err
	}
	if len(p.changed) == 0 || req.withoutRows {
		return nil
	}
	ids := make([]string, 0, len(p.changed))
	for id := range p.changed {
		ids = append(ids, id)
	}
	rc, err := s.store.rowContextOf(ctx, tx, a.ID, ids)
	if err != nil {
		return err
	}
	res.Rows, err = s.store.readStatic(ctx, tx, a, ids, rc)
	return err
}

func isString(v any) bool { _, ok := v.(string); return ok }

func opRank(op grid.Op) int {
	switch op {
	case grid.OpDelete:
		return 0
	case grid.OpUpdate:
		return 1
	case grid.OpAdd:
		return 2
	}
	return 3
}

func ptrVal(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// numberOf reads a cell value as a number (nil for blank); bad when it is not one.
func numberOf(v any) (*float64, bool) {
	switch x := v.(type) {
	case nil:
		return nil, false
	case float64:
		return &x, false
	case int64:
		f := float64(x)
		return &f, false
	case string:
		x = strings.TrimSpace(x)
		if x == "" {
			return nil, false
		}
		// Only plain decimals: ParseFloat would also take NaN, Inf and hex floats.
		f, ok := num.Parse(x)
		if !ok {
			return nil, true
		}
		return &f, false
	}
	return nil, true
}

// checkPairs asks the catalog about the style/colours a batch brings in, and which of them the
// assortment already holds (nothing to ask without pairs).
func (s *Service) checkPairs(ctx context.Context, tx pgx.Tx, assortmentID string, pairs []products.Pair) (products.ValidationResult, map[string]bool, error) {
	if len(pairs) == 0 {
		return products.ValidationResult{}, nil, nil
	}
	v, err := s.catalog.Validate(ctx, tx, pairs)
	if err != nil {
		return v, nil, err
	}
	existing, err := s.existingPairs(ctx, tx, assortmentID, pairs)
	return v, existing, err
}

// existingPairs answers which pairs are already rows of the assortment.
func (s *Service) existingPairs(ctx context.Context, tx pgx.Tx, assortmentID string, pairs []products.Pair) (map[string]bool, error) {
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = products.ID(p.Style, p.Color)
	}
	found, err := s.store.presentProducts(ctx, tx, assortmentID, ids)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

// snapshot fills the values new rows start with from the catalog (the assortment's location
// prices, the catalog discount, quantities and notes), under any values the request gave, and
// places them after the last row.
func (s *Service) snapshot(ctx context.Context, tx pgx.Tx, a *Assortment, plan *grid.Plan, reqs []AddProduct) error {
	var ids []string
	for _, c := range plan.Changes {
		if c.Op == grid.OpAdd {
			ids = append(ids, products.ID(fmt.Sprint(c.Values["style"]), fmt.Sprint(c.Values["color"])))
		}
	}
	list, err := s.catalog.ByIDs(ctx, tx, ids, a.LocationID, false)
	if err != nil {
		return err
	}
	byID := make(map[string]*products.Product, len(list))
	for i := range list {
		byID[list[i].ID] = &list[i]
	}
	next, err := s.store.nextSort(ctx, tx, a.ID)
	if err != nil {
		return err
	}
	var errs []grid.CellError
	for _, c := range plan.Changes {
		if c.Op != grid.OpAdd {
			continue
		}
		id := products.ID(fmt.Sprint(c.Values["style"]), fmt.Sprint(c.Values["color"]))
		p := byID[id]
		if p == nil {
			return fmt.Errorf("product %s vanished during the batch", id)
		}
		var loc *products.Location
		if len(p.Locations) > 0 {
			loc = &p.Locations[0]
		}
		pr, perr := pricingFromCatalog(p, loc).Given(func(f string) (*float64, bool) {
			raw, ok := c.Values[f]
			if !ok {
				return nil, false
			}
			v, _ := numberOf(raw)
			return v, true
		}, a.DecimalsPlaces)
		if perr != nil {
			errs = append(errs, grid.CellError{Op: grid.OpAdd, Index: c.Index, TempID: c.TempID, Field: perr.Field, Rule: perr.Rule, Message: perr.Message})
		}
		def := func(field string, v any) {
			if _, given := c.Values[field]; !given {
				c.Values[field] = v
			}
		}
		c.Values["productId"] = id
		c.Values["cost"], c.Values["netCost"], c.Values["suggestedRetail"] = ptrVal(pr.Cost), ptrVal(pr.NetCost), ptrVal(pr.SuggestedRetail)
		c.Values["discountPercent"], c.Values["discountAmount"] = ptrVal(pr.DiscountPercent), ptrVal(pr.DiscountAmount)
		def("quantity", int64(p.Quantity))
		def("quantityOnHand", int64(p.QuantityOnHand))
		def("styleNote", p.StyleNote)
		def("colorNote", p.ColorNote)
		def("collectionStyleNote", p.CollectionStyleNote)
		def("collectionColorNote", p.CollectionColorNote)
		def("pillar", p.Pillar)
		def("storeType", p.StoreType)
		c.Values["isNew"] = reqs[c.Index].IsNew
		c.Values["sort"] = int64(next)
		next++
	}
	if len(errs) > 0 {
		return grid.Invalid(errs)
	}
	return nil
}

// alertOnAdd raises an alert for added rows discontinued in the assortment's location.
func (s *Service) alertOnAdd(ctx context.Context, tx pgx.Tx, a *Assortment, changed map[string]bool) error {
	ids := make([]string, 0, len(changed))
	for id := range changed {
		ids = append(ids, id)
	}
	return s.store.alertDiscontinued(ctx, tx, a.ID, a.LocationID, ids)
}

// clearAlerts removes alerts and records the statistics event.
func (s *Service) clearAlerts(ctx context.Context, tx pgx.Tx, a *Assortment, c *ClearAlerts) (int, error) {
	var ids []string // nil: all
	switch {
	case c.All:
	case len(c.Products) > 0:
		ids = make([]string, len(c.Products))
		for i, p := range c.Products {
			ids[i] = products.ID(normCode(p.Style), normCode(p.Color))
		}
	default:
		return 0, httpx.Invalid(httpx.FieldError{Field: "clearAlerts", Rule: "required", Message: "Say which alerts to clear (all, or products)"})
	}
	n, err := s.store.clearAlerts(ctx, tx, a.ID, ids)
	if err != nil {
		return 0, err
	}
	if n > 0 {
		if err := recordStat(ctx, tx, me(ctx).ID, "stats.clearAlerts", a.ID, map[string]any{"count": n}); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// deleteRows removes the plan's deletes (rows at the version the client saw) and takes them
// out of the plan; a row that moved on is a 409 userLock, one that is not there a 404.
func (s *Service) deleteRows(ctx context.Context, tx pgx.Tx, a *Assortment, plan *grid.Plan, states map[string]*rowState) ([]*grid.Change, error) {
	keep := plan.Changes[:0]
	var ids []string
	var versions []int64
	var dels []*grid.Change
	for _, c := range plan.Changes {
		if c.Op == grid.OpDelete {
			ids, versions, dels = append(ids, c.ID), append(versions, c.Version), append(dels, c)
			continue
		}
		keep = append(keep, c)
	}
	plan.Changes = keep
	if len(ids) == 0 {
		return nil, nil
	}
	gone, err := s.store.deleteRows(ctx, tx, a.ID, ids, versions)
	if err != nil {
		return nil, err
	}
	deleted := map[string]bool{}
	for _, id := range gone {
		deleted[id] = true
	}
	var stale []grid.StaleRow
	var missing []string
	for _, c := range dels {
		switch st := states[c.ID]; {
		case deleted[c.ID]:
		case st == nil:
			missing = append(missing, c.ID)
		default:
			stale = append(stale, grid.StaleRow{ID: c.ID, Version: c.Version, CurrentVersion: st.Version})
		}
	}
	if len(stale) > 0 {
		return nil, grid.Conflict(stale)
	}
	if len(missing) > 0 {
		return nil, &httpx.Error{Status: 404, Code: "ITS_ERR_NOT_FOUND", Message: "Row not found", Details: map[string]any{"ids": missing}}
	}
	return dels, nil
}
