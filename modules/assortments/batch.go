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
}

// AddProduct is a style/colour to add; IsNew marks a row typed into the grid, whose style and
// colour may still be renamed in this editing session. Values are initial cell values.
type AddProduct struct {
	TempID string         `json:"tempId"`
	Style  string         `json:"style"`
	Color  string         `json:"color"`
	IsNew  bool           `json:"isNew"`
	Values map[string]any `json:"values"`
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

// BatchResult is the answer of a batch.
type BatchResult struct {
	Added         int               `json:"added"`
	Deleted       int               `json:"deleted"`
	Updated       int               `json:"updated"`
	Renamed       int               `json:"renamed"`
	Sorted        int               `json:"sorted"`
	AlertsCleared int               `json:"alertsCleared"`
	Messages      []string          `json:"messages"`
	Rows          []Row             `json:"rows"`
	DeletedIDs    []string          `json:"deletedIds"`
	TempIDs       map[string]string `json:"tempIds"`
	Assortment    *Assortment       `json:"assortment"`
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
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	a, err := s.editable(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	res, err := s.applyBatch(ctx, tx, a, req)
	if err != nil {
		return nil, err
	}
	if res.Assortment, err = s.store.get(ctx, tx, a.ID, false); err != nil {
		return nil, err
	}
	return res, tx.Commit(ctx)
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
	out := map[string]*rowState{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := tx.Query(ctx, `SELECT id::text, version, style, color, is_new, cost::float8, net_cost::float8,
		discount_percent::float8, discount_amount::float8, suggested_retail::float8
		FROM assortment_products WHERE assortment_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE`, assortmentID, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		r := &rowState{}
		p := &r.Pricing
		if err := rows.Scan(&r.ID, &r.Version, &r.Style, &r.Color, &r.IsNew, &p.Cost, &p.NetCost, &p.DiscountPercent, &p.DiscountAmount, &p.SuggestedRetail); err != nil {
			return nil, err
		}
		out[r.ID] = r
	}
	return out, rows.Err()
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

// applyBatch runs a batch in tx on an assortment already checked for editing. The order is
// validation of everything (one 400 listing every refused cell, nothing written), then
// deletes, updates and adds (core/grid, against row versions: a stale row is a 409 userLock),
// renames, sorts, the properties patch and alerts.
func (s *Service) applyBatch(ctx context.Context, tx pgx.Tx, a *Assortment, req *BatchRequest) (*BatchResult, error) {
	res := &BatchResult{Messages: []string{}, Rows: []Row{}, DeletedIDs: []string{}, TempIDs: map[string]string{}}
	rowOps := len(req.AddProducts) + len(req.DeleteProducts) + len(req.UpdateProducts) + len(req.SortProducts) + len(req.RenameProducts)
	if rowOps > 0 && a.Type == "folder" {
		return nil, httpx.Invalid(httpx.FieldError{Field: "id", Rule: "folder", Message: MsgFoldersNoRows})
	}
	if rowOps > 0 && a.Method == "dynamic" {
		return nil, httpx.Invalid(httpx.FieldError{Field: "id", Rule: "dynamic", Message: MsgDynamicRows})
	}
	if rowOps > rowGrid.MaxBatch {
		return nil, httpx.Invalid(httpx.FieldError{Field: "rows", Rule: "max", Message: fmt.Sprintf("At most %d rows per request", rowGrid.MaxBatch)})
	}
	var errs []grid.CellError
	labels := map[string]string{}
	for _, l := range a.Labels {
		labels[strings.ToLower(l.Name)] = l.Name
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
	states, err := s.rowStates(ctx, tx, a.ID, validIDs)
	if err != nil {
		return nil, err
	}

	// Updates: labels are the assortment's own list; a markup edit is a pricing edit.
	updates := make([]grid.UpdateRow, 0, len(req.UpdateProducts))
	markups := map[int]any{}
	for i, u := range req.UpdateProducts {
		ch := make(map[string]any, len(u.Changes))
		for k, v := range u.Changes {
			ch[k] = v
		}
		if v, ok := ch["label"]; ok {
			sv, _ := v.(string)
			sv = strings.TrimSpace(sv)
			if name, ok := labels[strings.ToLower(sv)]; ok {
				ch["label"] = name
			} else if sv != "" || v != nil && !isString(v) {
				errs = append(errs, grid.CellError{Op: grid.OpUpdate, Index: i, ID: u.ID, Field: "label", Rule: "list", Message: fmt.Sprintf("'%v' is not a label of this assortment", v)})
			}
		}
		if v, ok := ch["initialMarkup"]; ok {
			markups[i] = v
			delete(ch, "initialMarkup")
			if len(ch) == 0 {
				// Stand-in so the grid still checks id and version; replaced below.
				ch["netCost"] = nil
			}
		}
		updates = append(updates, grid.UpdateRow{ID: u.ID, Version: u.Version, Changes: ch})
	}

	// Adds: normalised, known to the catalog, not already in the assortment.
	deleting := map[string]bool{}
	for _, d := range req.DeleteProducts {
		if st := states[d.ID]; st != nil {
			deleting[products.ID(st.Style, st.Color)] = true
		}
	}
	adds := make([]grid.AddRow, 0, len(req.AddProducts))
	pairs := make([]products.Pair, len(req.AddProducts))
	for i, p := range req.AddProducts {
		pairs[i] = products.Pair{Style: normCode(p.Style), Color: normCode(p.Color)}
		vals := map[string]any{"style": pairs[i].Style, "color": pairs[i].Color}
		for k, v := range p.Values {
			if k != "style" && k != "color" {
				vals[k] = v
			}
		}
		if v, ok := vals["label"]; ok {
			sv, _ := v.(string)
			if name, ok := labels[strings.ToLower(strings.TrimSpace(sv))]; ok {
				vals["label"] = name
			} else if strings.TrimSpace(sv) != "" {
				errs = append(errs, grid.CellError{Op: grid.OpAdd, Index: i, TempID: p.TempID, Field: "label", Rule: "list", Message: fmt.Sprintf("'%v' is not a label of this assortment", v)})
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
		adds = append(adds, grid.AddRow{TempID: p.TempID, Values: vals})
	}
	if len(pairs) > 0 {
		v, err := s.products.Validate(ctx, tx, pairs)
		if err != nil {
			return nil, err
		}
		for _, e := range v.Errors {
			if e.Rule == "required" {
				continue // the grid names the missing cell
			}
			errs = append(errs, grid.CellError{Op: grid.OpAdd, Index: e.Index, TempID: req.AddProducts[e.Index].TempID, Field: e.Field, Rule: e.Rule, Message: e.Message})
		}
		existing, err := s.existingPairs(ctx, tx, a.ID, pairs)
		if err != nil {
			return nil, err
		}
		for i, p := range pairs {
			if id := products.ID(p.Style, p.Color); existing[id] && !deleting[id] {
				errs = append(errs, grid.CellError{Op: grid.OpAdd, Index: i, TempID: req.AddProducts[i].TempID, Field: "stylecolor", Rule: "duplicate", Message: MsgAlreadyInThere})
			}
		}
	}

	// The grid's own checks: ids, versions, editability and every cell rule.
	var plan *grid.Plan
	if len(updates)+len(adds)+len(req.DeleteProducts) > 0 {
		plan, err = rowGrid.Plan(grid.BatchRequest{Update: updates, Add: adds, Delete: req.DeleteProducts}, grid.WriteContext{})
		if err != nil {
			ces, ok := cellErrors(err)
			if !ok {
				return nil, err
			}
			errs = append(errs, ces...)
		}
	}

	// Renames and sorts.
	renames := make([]RenameRow, 0, len(req.RenameProducts))
	var renamePairs []products.Pair
	for i, r := range req.RenameProducts {
		st := states[r.ID]
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
			renames = append(renames, r)
			renamePairs = append(renamePairs, products.Pair{Style: r.NewStyle, Color: r.NewColor})
			continue
		}
		errs = append(errs, ce)
	}
	if len(renamePairs) > 0 {
		v, err := s.products.Validate(ctx, tx, renamePairs)
		if err != nil {
			return nil, err
		}
		for _, e := range v.Errors {
			errs = append(errs, grid.CellError{Op: "rename", Index: e.Index, ID: renames[e.Index].ID, Field: e.Field, Rule: e.Rule, Message: e.Message})
		}
		existing, err := s.existingPairs(ctx, tx, a.ID, renamePairs)
		if err != nil {
			return nil, err
		}
		for i, p := range renamePairs {
			st := states[renames[i].ID]
			if existing[products.ID(p.Style, p.Color)] && products.ID(p.Style, p.Color) != products.ID(st.Style, st.Color) {
				errs = append(errs, grid.CellError{Op: "rename", Index: i, ID: renames[i].ID, Field: "stylecolor", Rule: "duplicate", Message: MsgAlreadyInThere})
			}
		}
	}
	for i, so := range req.SortProducts {
		if !validRowID(so.ID) || so.Sort < 0 {
			errs = append(errs, grid.CellError{Op: "sort", Index: i, ID: so.ID, Field: "sort", Rule: "sort", Message: "A sort position is a row id and a whole number from 0"})
		}
	}

	// Pricing: the linked values of every updated row are recalculated together.
	if plan != nil {
		upd := 0
		for _, c := range plan.Changes {
			if c.Op != grid.OpUpdate {
				continue
			}
			i := c.Index
			upd++
			st := states[c.ID]
			_, hasMarkup := markups[i]
			touchesPricing := hasMarkup
			for f := range c.Values {
				if slices.Contains(PricingFields, f) {
					touchesPricing = true
				}
			}
			if hasMarkup && len(req.UpdateProducts[i].Changes) == 1 {
				delete(c.Values, "netCost")
			}
			if !touchesPricing || st == nil {
				continue
			}
			p := st.Pricing
			for _, f := range PricingFields {
				var raw any
				var ok bool
				if f == "initialMarkup" {
					raw, ok = markups[i]
				} else {
					raw, ok = c.Values[f]
				}
				if !ok {
					continue
				}
				v, bad := numberOf(raw)
				if bad {
					errs = append(errs, grid.CellError{Op: grid.OpUpdate, Index: i, ID: c.ID, Field: f, Rule: "numeric", Message: "Markup must be a number"})
					break
				}
				next, perr := p.Edit(f, v, a.DecimalsPlaces)
				if perr != nil {
					errs = append(errs, grid.CellError{Op: grid.OpUpdate, Index: i, ID: c.ID, Field: perr.Field, Rule: perr.Rule, Message: perr.Message})
					break
				}
				p = next
			}
			c.Values["cost"], c.Values["netCost"], c.Values["suggestedRetail"] = ptrVal(p.Cost), ptrVal(p.NetCost), ptrVal(p.SuggestedRetail)
			c.Values["discountPercent"], c.Values["discountAmount"] = ptrVal(p.DiscountPercent), ptrVal(p.DiscountAmount)
		}
		res.Updated = upd
	}
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool { return opRank(errs[i].Op) < opRank(errs[j].Op) })
		return nil, grid.Invalid(errs)
	}

	// Adds start from the catalog: prices of the assortment's location, quantities, notes.
	if plan != nil && len(adds) > 0 {
		if err := s.snapshot(ctx, tx, a, plan, req.AddProducts); err != nil {
			return nil, err
		}
	}
	if plan != nil {
		// Hard deletes are run here, before the grid's updates and adds (the grid's Apply reads a
		// whole row back from a delete, which returns only id and version).
		dels, err := s.deleteRows(ctx, tx, a, plan, states)
		if err != nil {
			return nil, err
		}
		if len(plan.Changes) > 0 {
			err = rowGrid.Apply(ctx, tx, plan, grid.ApplyOptions{
				Scope:       sq.Eq{"assortment_products.assortment_id": a.ID},
				SetOnAdd:    map[string]any{"assortment_id": a.ID},
				SetOnUpdate: map[string]any{"modified_date": sq.Expr("now()")},
				MapError: func(pe *pgconn.PgError, c *grid.Change) error {
					if pe.Code == "23505" {
						return grid.Invalid([]grid.CellError{{Op: c.Op, Index: c.Index, TempID: c.TempID, Field: "stylecolor", Rule: "duplicate", Message: MsgAlreadyInThere}})
					}
					return nil
				},
			})
		}
		if err != nil {
			return nil, err
		}
		plan.Changes = append(plan.Changes, dels...)
	}
	changed := map[string]bool{}
	if plan != nil {
		for _, c := range plan.Changes {
			switch c.Op {
			case grid.OpAdd:
				res.Added++
				id := c.Row.ID()
				changed[id] = true
				if c.TempID != "" {
					res.TempIDs[c.TempID] = id
				}
			case grid.OpDelete:
				res.Deleted++
				res.DeletedIDs = append(res.DeletedIDs, c.ID)
			case grid.OpUpdate:
				changed[c.ID] = true
			}
		}
		// A style note, collection style note or pillar goes to every colour of the style.
		for _, c := range plan.Changes {
			if c.Op != grid.OpUpdate {
				continue
			}
			b := psql.Update("assortment_products").
				Set("version", sq.Expr("version + 1")).Set("modified_date", sq.Expr("now()")).
				Where("assortment_id = ?", a.ID).Where("style = ?", states[c.ID].Style).Where("id <> ?::bigint", c.ID).
				Suffix("RETURNING id::text")
			var differs sq.Or
			for _, field := range []string{"styleNote", "collectionStyleNote", "pillar"} {
				v, ok := c.Values[field]
				if !ok {
					continue
				}
				col := propagated[field]
				b = b.Set(col, sq.Expr("?::text", v))
				differs = append(differs, sq.Expr(col+" IS DISTINCT FROM ?::text", v))
			}
			if len(differs) == 0 {
				continue
			}
			sql, args, err := b.Where(differs).ToSql()
			if err != nil {
				return nil, err
			}
			rows, err := tx.Query(ctx, sql, args...)
			if err != nil {
				return nil, err
			}
			ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return nil, err
			}
			for _, id := range ids {
				changed[id] = true
			}
		}
	}
	for _, r := range renames {
		tag, err := tx.Exec(ctx, `UPDATE assortment_products SET style = $3, color = $4, product_id = $3 || '_' || $4,
			version = version + 1, modified_date = now() WHERE assortment_id = $1 AND id = $2::bigint AND version = $5`,
			a.ID, r.ID, r.NewStyle, r.NewColor, r.Version)
		if err != nil {
			return nil, err
		}
		if tag.RowsAffected() == 0 {
			return nil, grid.Conflict([]grid.StaleRow{{ID: r.ID, Version: r.Version, CurrentVersion: states[r.ID].Version}})
		}
		res.Renamed++
		changed[r.ID] = true
	}
	for _, so := range req.SortProducts {
		q := `UPDATE assortment_products SET sort = $3, version = version + 1, modified_date = now() WHERE assortment_id = $1 AND id = $2::bigint`
		args := []any{a.ID, so.ID, so.Sort}
		if so.Version > 0 {
			q += ` AND version = $4`
			args = append(args, so.Version)
		}
		tag, err := tx.Exec(ctx, q, args...)
		if err != nil {
			return nil, err
		}
		if tag.RowsAffected() == 0 {
			var cur int64
			if err := tx.QueryRow(ctx, `SELECT version FROM assortment_products WHERE assortment_id = $1 AND id = $2::bigint`, a.ID, so.ID).Scan(&cur); err != nil {
				return nil, httpx.NotFound("Row " + so.ID)
			}
			return nil, grid.Conflict([]grid.StaleRow{{ID: so.ID, Version: so.Version, CurrentVersion: cur}})
		}
		res.Sorted++
		changed[so.ID] = true
	}
	if req.Patch != nil {
		msgs, err := s.patch(ctx, tx, a, *req.Patch)
		if err != nil {
			return nil, err
		}
		res.Messages = append(res.Messages, msgs...)
	}
	if req.ClearAlerts != nil {
		n, err := s.clearAlerts(ctx, tx, a, req.ClearAlerts)
		if err != nil {
			return nil, err
		}
		res.AlertsCleared = n
	}
	if res.Added > 0 {
		if err := s.alertOnAdd(ctx, tx, a, changed); err != nil {
			return nil, err
		}
		source := req.Source
		if source == "" {
			source = "style"
		}
		if err := recordStat(ctx, tx, me(ctx).ID, statAction(source), a.ID, map[string]any{"count": res.Added, "source": source}); err != nil {
			return nil, err
		}
		res.Messages = append(res.Messages, fmt.Sprintf("%d Item(s) added to assortment", res.Added))
	}
	if res.Deleted > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM assortment_alerts al WHERE al.assortment_id = $1 AND NOT EXISTS
			(SELECT 1 FROM assortment_products ap WHERE ap.assortment_id = al.assortment_id AND ap.style = al.style AND ap.color = al.color)`, a.ID); err != nil {
			return nil, err
		}
		res.Messages = append(res.Messages, fmt.Sprintf("%d Item(s) Deleted", res.Deleted))
	}
	if res.AlertsCleared > 0 || req.ClearAlerts != nil {
		res.Messages = append(res.Messages, fmt.Sprintf("%d Alerts Cleared", res.AlertsCleared))
	}
	if err := s.store.touch(ctx, tx, a.ID); err != nil {
		return nil, err
	}
	if len(changed) > 0 {
		ids := make([]string, 0, len(changed))
		for id := range changed {
			ids = append(ids, id)
		}
		rc, err := s.store.rowContext(ctx, tx, a.ID)
		if err != nil {
			return nil, err
		}
		if res.Rows, err = s.store.readStatic(ctx, tx, a, ids, rc); err != nil {
			return nil, err
		}
	}
	return res, nil
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

// existingPairs answers which pairs are already rows of the assortment.
func (s *Service) existingPairs(ctx context.Context, tx pgx.Tx, assortmentID string, pairs []products.Pair) (map[string]bool, error) {
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = products.ID(p.Style, p.Color)
	}
	rows, err := tx.Query(ctx, `SELECT product_id FROM assortment_products WHERE assortment_id = $1 AND product_id = ANY($2)`, assortmentID, ids)
	if err != nil {
		return nil, err
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
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
	var next int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(max(sort) + 1, 0) FROM assortment_products WHERE assortment_id = $1`, a.ID).Scan(&next); err != nil {
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
		pr := pricingFromCatalog(p, loc)
		for _, f := range PricingFields {
			raw, ok := c.Values[f]
			if !ok || f == "initialMarkup" {
				continue
			}
			v, _ := numberOf(raw)
			next, perr := pr.Edit(f, v, a.DecimalsPlaces)
			if perr != nil {
				errs = append(errs, grid.CellError{Op: grid.OpAdd, Index: c.Index, TempID: c.TempID, Field: perr.Field, Rule: perr.Rule, Message: perr.Message})
				break
			}
			pr = next
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
	_, err := tx.Exec(ctx, `INSERT INTO assortment_alerts (assortment_id, style, color, type, params, message)
		SELECT ap.assortment_id, ap.style, ap.color, '`+AlertDiscontinued+`', jsonb_build_object('location', pl.code),
			'Discontinued in ' || pl.code
		FROM assortment_products ap JOIN product_locations pl ON pl.product_id = ap.product_id AND pl.code = $2
		WHERE ap.assortment_id = $1 AND ap.id = ANY($3::bigint[]) AND pl.line_status = 'D'
		ON CONFLICT DO NOTHING`, a.ID, a.LocationID, ids)
	return err
}

// clearAlerts removes alerts and records the statistics event.
func (s *Service) clearAlerts(ctx context.Context, tx pgx.Tx, a *Assortment, c *ClearAlerts) (int, error) {
	var tag pgconn.CommandTag
	var err error
	switch {
	case c.All:
		tag, err = tx.Exec(ctx, `DELETE FROM assortment_alerts WHERE assortment_id = $1`, a.ID)
	case len(c.Products) > 0:
		ids := make([]string, len(c.Products))
		for i, p := range c.Products {
			ids[i] = products.ID(normCode(p.Style), normCode(p.Color))
		}
		tag, err = tx.Exec(ctx, `DELETE FROM assortment_alerts WHERE assortment_id = $1 AND style || '_' || color = ANY($2)`, a.ID, ids)
	default:
		return 0, httpx.Invalid(httpx.FieldError{Field: "clearAlerts", Rule: "required", Message: "Say which alerts to clear (all, or products)"})
	}
	if err != nil {
		return 0, err
	}
	n := int(tag.RowsAffected())
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
	rows, err := tx.Query(ctx, `DELETE FROM assortment_products ap USING unnest($2::bigint[], $3::bigint[]) AS d(id, version)
		WHERE ap.assortment_id = $1 AND ap.id = d.id AND ap.version = d.version RETURNING ap.id::text`, a.ID, ids, versions)
	if err != nil {
		return nil, err
	}
	gone, err := pgx.CollectRows(rows, pgx.RowTo[string])
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
