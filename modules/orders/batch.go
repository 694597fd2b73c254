package orders

import (
	"context"
	"fmt"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	"its/core/notify"
	"its/modules/actions"
	"its/modules/products"
)

// AddProduct is a style/colour to add to an order, with initial cell values.
type AddProduct struct {
	TempID string         `json:"tempId"`
	Style  string         `json:"style"`
	Color  string         `json:"color"`
	Values map[string]any `json:"values"`
}

// StatusRow sets the status of a line last seen at Version.
type StatusRow struct {
	ID      string `json:"id"`
	Version int64  `json:"version"`
	Status  string `json:"status"`
}

// BatchRequest is the body of PATCH orders/{orderType}/{subtype}/batch/{id} (platform spec §7).
// Version is the order's, checked when given and required to submit, complete or change fields.
type BatchRequest struct {
	Version        *int64           `json:"version"`
	UpdateProducts []grid.UpdateRow `json:"updateProducts"`
	AddProducts    []AddProduct     `json:"addProducts"`
	DropProducts   []grid.DeleteRow `json:"dropProducts"`
	Status         []StatusRow      `json:"status"`
	Submit         bool             `json:"submit"`
	MarkCompleted  bool             `json:"markCompleted"`
	Fields         *Fields          `json:"fields"`
	// Via says how the lines' changes were made, for their cell history (grid.Vias; "" is an
	// edit): a paste, a revert to an earlier value...
	Via string `json:"via"`
}

func (b *BatchRequest) linesChanged() bool {
	return len(b.UpdateProducts)+len(b.AddProducts)+len(b.DropProducts) > 0
}

// BatchResult answers a batch: the order as it now is and every written line.
type BatchResult struct {
	Order *Order `json:"order"`
	grid.BatchResult
	// Warnings are the cells §5.2 cleared instead of refusing the batch (a warned pack code or
	// date), each with its rule and message; the rest of the batch was saved.
	Warnings []grid.CellError `json:"warnings,omitempty"`
}

// Batch applies a batch to an order, all or nothing (spec §5.7).
func (s *Service) Batch(ctx context.Context, orderType, id string, req *BatchRequest) (*BatchResult, error) {
	if !req.linesChanged() && len(req.Status) == 0 && !req.Submit && !req.MarkCompleted && req.Fields == nil {
		return nil, grid.EmptyRequest()
	}
	if req.Version == nil && (req.Submit || req.MarkCompleted || req.Fields != nil) {
		return nil, httpx.Invalid(httpx.FieldError{Field: "version", Rule: "version", Message: "The order version is required"})
	}
	if req.Submit && req.MarkCompleted {
		return nil, httpx.BadRequest("Submit and mark complete are separate requests", nil)
	}
	via, err := grid.CheckVia(req.Via)
	if err != nil {
		return nil, err
	}
	req.Via = via
	res := &BatchResult{BatchResult: grid.BatchResult{Updated: []grid.Row{}, Added: []grid.Added{}, Deleted: []grid.Row{}}}
	err = s.inOrder(ctx, orderType, id, req.Version, func(tx pgx.Tx, o *Order) error {
		// The list row as it was, for the lists' live event of what the batch changed in it.
		before, err := listRow(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		if req.linesChanged() || req.Fields != nil || len(req.Status) > 0 {
			if err := s.require(ctx, actions.OrdersEdit, o.resource()); err != nil {
				return err
			}
		}
		if err := s.apply(ctx, tx, o, req.Fields); err != nil {
			return err
		}
		var lines linesWritten
		if req.linesChanged() || len(req.Status) > 0 {
			lines, err = s.writeLines(ctx, tx, o, req, refuseInactive)
			if err != nil {
				return err
			}
			res.BatchResult, res.Warnings = *lines.result, lines.warnings
			if _, err := s.step(ctx, o, stepEdit, stepFacts{}); err != nil {
				return err
			}
		}
		var notes []note
		switch {
		case req.Submit:
			notes, err = s.submit(ctx, tx, o)
		case req.MarkCompleted:
			notes, err = s.complete(ctx, o)
		}
		if err != nil {
			return err
		}
		if err := s.store.Update(ctx, tx, o); err != nil {
			return err
		}
		if err := s.send(ctx, tx, o, notes); err != nil {
			return err
		}
		if err := publishListRow(ctx, tx, o.Type, o.ID, before, lines.styles...); err != nil {
			return err
		}
		res.Order, err = s.store.Get(ctx, tx, o.ID, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// inactiveAdds says what writeLines does with a wholesale add whose line status at the
// order's origin is not A (platform spec §9).
type inactiveAdds int

const (
	// refuseInactive refuses the batch, naming each such add: a line added to an order.
	refuseInactive inactiveAdds = iota
	// leaveOutInactive leaves such adds out and tells them: the first products of a new order.
	leaveOutInactive
)

// linesWritten is what writeLines did: the grid's answer, the §5.2 warnings of cells it
// cleared, and the adds it left out.
type linesWritten struct {
	result   *grid.BatchResult
	warnings []grid.CellError
	skipped  []Unavailable
	// styles are the fields of the sample styles view (stylesGrid) the lines' updates wrote.
	styles []string
}

// writeLines applies the line part of a batch through the grid: adds checked against the
// catalog, the wholesale rules of §5.2, and line statuses only as the policy allows.
func (s *Service) writeLines(ctx context.Context, tx pgx.Tx, o *Order, req *BatchRequest, inactive inactiveAdds) (linesWritten, error) {
	var out linesWritten
	u := identity.FromContext(ctx)
	var ids []string
	for _, r := range req.UpdateProducts {
		ids = append(ids, r.ID)
		if _, ok := r.Changes["status"]; ok {
			return out, grid.Invalid([]grid.CellError{{Op: grid.OpUpdate, ID: r.ID, Field: "status", Rule: "notEditable", Message: "Status cannot be edited here"}})
		}
	}
	for _, r := range req.Status {
		ids = append(ids, r.ID)
	}
	states, err := s.store.LineStates(ctx, tx, o.ID, ids)
	if err != nil {
		return out, err
	}
	updates, err := s.statusUpdates(ctx, o, req, states)
	if err != nil {
		return out, err
	}
	adds, derived, facts, err := s.adds(ctx, tx, o, req.AddProducts)
	if err != nil {
		return out, err
	}
	var book *priceBook
	if o.Type == TypeWholesale {
		w, err := s.wholesaleLines(ctx, tx, o, wholesaleBatch{updates: updates, adds: adds, derived: derived, facts: facts, states: states, drops: len(req.DropProducts)}, inactive)
		if err != nil {
			return out, err
		}
		book, adds, derived = w.book, w.adds, w.derived
		out.skipped, out.warnings = w.skipped, w.warnings
		if w.nothing {
			// Every add was left out: nothing is left to write.
			out.result = &grid.BatchResult{Updated: []grid.Row{}, Added: []grid.Added{}, Deleted: []grid.Row{}}
			return out, nil
		}
	}
	wc := grid.WriteContext{}
	if len(req.Status) > 0 {
		wc.View = "pending"
	}
	plan, err := lineGrid.Plan(grid.BatchRequest{Update: updates, Add: adds, Delete: req.DropProducts}, wc)
	if err != nil {
		return out, err
	}
	if err := s.checkLineChanges(ctx, o, u, plan, derived, states, book); err != nil {
		return out, err
	}
	r, err := applyLines(ctx, tx, s.store, o, plan, &grid.Trail{ActorID: u.ID, Via: req.Via})
	if err != nil {
		return out, err
	}
	out.result = r
	if o.Type == TypeSample {
		// The sample styles view lists the lines of sample orders.
		out.styles = stylesFields(plan)
	}
	return out, publishLines(ctx, tx, o, u.ID, plan)
}

// statusUpdates merges the batch's line status changes into its row updates: a promo row only
// as the approver rule allows, a sample order's within its status, each against its version.
func (s *Service) statusUpdates(ctx context.Context, o *Order, req *BatchRequest, states map[string]*lineState) ([]grid.UpdateRow, error) {
	byID := map[string]int{}
	updates := append([]grid.UpdateRow{}, req.UpdateProducts...)
	for i, r := range updates {
		byID[r.ID] = i
	}
	for _, r := range req.Status {
		st, ok := states[r.ID]
		if !ok {
			return nil, httpx.NotFound("Order line " + r.ID)
		}
		next := strings.ToUpper(strings.TrimSpace(r.Status))
		switch o.Type {
		case TypePromo:
			if err := s.require(ctx, actions.OrdersPromoSetStatus, map[string]any{"status": st.Status, "newStatus": next, "requesterCode": o.RequesterCode}); err != nil {
				return nil, err
			}
		case TypeSample:
			if err := s.require(ctx, actions.OrdersSampleSetStatus, map[string]any{"status": o.Status}); err != nil {
				return nil, err
			}
		}
		if i, ok := byID[r.ID]; ok {
			if updates[i].Version != r.Version {
				return nil, grid.Conflict([]grid.StaleRow{{ID: r.ID, Version: r.Version, CurrentVersion: st.Version}})
			}
			changes := map[string]any{"status": next}
			for k, v := range updates[i].Changes {
				changes[k] = v
			}
			updates[i].Changes = changes
			continue
		}
		byID[r.ID] = len(updates)
		updates = append(updates, grid.UpdateRow{ID: r.ID, Version: r.Version, Changes: map[string]any{"status": next}})
	}
	return updates, nil
}

// wholesaleBatch is what the wholesale rules read of a batch.
type wholesaleBatch struct {
	updates []grid.UpdateRow
	adds    []grid.AddRow
	derived []map[string]any
	facts   map[string]products.Product
	states  map[string]*lineState
	drops   int
}

// wholesaleLines is the batch after the wholesale rules: adds of inactive colours left out (or
// refused), the price book of its styles, the rules' warnings; nothing is set when no change is left.
type wholesaleLines struct {
	book     *priceBook
	adds     []grid.AddRow
	derived  []map[string]any
	skipped  []Unavailable
	warnings []grid.CellError
	nothing  bool
}

// wholesaleLines prices a wholesale batch from the catalog, leaves out or refuses its adds of
// colours the order's origin cannot sell, and checks the wholesale rules of §5.2.
func (s *Service) wholesaleLines(ctx context.Context, tx pgx.Tx, o *Order, b wholesaleBatch, inactive inactiveAdds) (wholesaleLines, error) {
	var out wholesaleLines
	updates, adds, derived, facts, states := b.updates, b.adds, b.derived, b.facts, b.states
	var pairs []products.Pair
	for _, u := range updates {
		if st, ok := states[u.ID]; ok {
			pairs = append(pairs, products.Pair{Style: st.Style, Color: st.Color})
		}
	}
	locs, found, err := s.catalogFacts(ctx, pairs, facts)
	if err != nil {
		return out, err
	}
	book := bookOf(o, locs, found)
	var refused []grid.CellError
	keep := 0
	for i, a := range adds {
		st, co := a.Values["style"].(string), a.Values["color"].(string)
		f := book.of(st, co)
		if !f.inactive {
			adds[keep], derived[keep] = a, derived[i]
			keep++
			continue
		}
		reason := msgf(MsgLineStatus, "style", st, "color", co, "origin", o.Origin, "status", f.lineStatus)
		if inactive == leaveOutInactive {
			out.skipped = append(out.skipped, Unavailable{Style: st, Color: co, LineStatus: f.lineStatus, Reason: reason})
			continue
		}
		refused = append(refused, cellError(grid.OpAdd, i, "", a.TempID, "style", "lineStatus", reason))
	}
	if len(refused) > 0 {
		return out, grid.Invalid(refused)
	}
	adds, derived = adds[:keep], derived[:keep]
	out.book, out.adds, out.derived = book, adds, derived
	if len(adds)+len(updates)+b.drops == 0 {
		out.nothing = true
		return out, nil
	}
	if out.warnings, err = s.wholesaleRules(ctx, tx, updates, adds, states, book); err != nil {
		return out, err
	}
	return out, nil
}

// checkLineChanges completes the adds (derived values, the default status) and checks each
// change: a sample or promo line's quantity, a wholesale line's price against the book.
func (s *Service) checkLineChanges(ctx context.Context, o *Order, u *identity.User, plan *grid.Plan, derived []map[string]any, states map[string]*lineState, book *priceBook) error {
	var bad []grid.CellError
	for _, c := range plan.Changes {
		if c.Op == grid.OpAdd {
			for k, v := range derived[c.Index] {
				if _, given := c.Values[k]; !given {
					c.Values[k] = v
				}
			}
			c.Values["status"] = lineDefault(o, u)
		}
		if o.Type != TypeWholesale {
			// A sample or promo line always has a quantity: it cannot be cleared.
			if q, given := c.Values["quantity"]; given && q == nil {
				bad = append(bad, cellError(c.Op, c.Index, c.ID, c.TempID, "quantity", "required", MsgQuantityRequired))
			}
			if q, ok := c.Values["quantity"].(int64); ok && (q < 1 || q > MaxQuantity) {
				bad = append(bad, cellError(c.Op, c.Index, c.ID, c.TempID, "quantity", "quantity", fmt.Sprintf("Quantity must be from 1 to %d", MaxQuantity)))
			}
			continue
		}
		if c.Op == grid.OpDelete {
			continue
		}
		var f offer
		var stored *string
		if c.Op == grid.OpAdd {
			f = book.of(c.Values["style"].(string), c.Values["color"].(string))
		} else if st := states[c.ID]; st != nil {
			f, stored = book.of(st.Style, st.Color), st.UnitPrice
		}
		ce, err := s.priceChange(ctx, o, c, stored, f, book.places)
		if err != nil {
			return err
		}
		if ce != nil {
			bad = append(bad, *ce)
		}
	}
	if len(bad) > 0 {
		return grid.Invalid(bad)
	}
	return nil
}

// applyLines writes the planned changes (each changed cell into the lines' history with trail),
// numbers the added lines and answers the rows.
func applyLines(ctx context.Context, tx pgx.Tx, store *Store, o *Order, plan *grid.Plan, trail *grid.Trail) (*grid.BatchResult, error) {
	if err := lineGrid.Apply(ctx, tx, plan, grid.ApplyOptions{
		Scope:       sq.Expr("order_lines.order_id = ?::uuid", o.ID),
		SetOnAdd:    map[string]any{"order_id": o.ID},
		SetOnUpdate: map[string]any{"modified_at": sq.Expr("now()")},
		History:     trail,
	}); err != nil {
		return nil, err
	}
	r := plan.Result()
	added := make([]string, len(r.Added))
	for i, a := range r.Added {
		added[i] = a.Row.ID()
	}
	if err := store.SequenceLines(ctx, tx, added); err != nil {
		return nil, err
	}
	for _, rows := range [][]grid.Row{r.Updated, r.Deleted} {
		for i := range rows {
			lineRow(&rows[i])
		}
	}
	for i := range r.Added {
		lineRow(&r.Added[i].Row)
	}
	return &r, nil
}

// lineRow answers the size matrix as an object.
func lineRow(r *grid.Row) {
	for i, f := range r.Fields {
		if s, ok := r.Values[i].(string); ok && f == "sizes" {
			r.Values[i] = jsonRaw(s)
		}
	}
}

// adds checks the added style/colours against the catalog and answers the rows to add with,
// beside each, the values the server derives: the product's facts and the type's defaults.
func (s *Service) adds(ctx context.Context, tx pgx.Tx, o *Order, list []AddProduct) ([]grid.AddRow, []map[string]any, map[string]products.Product, error) {
	if len(list) == 0 {
		return nil, nil, nil, nil
	}
	pairs := make([]products.Pair, len(list))
	for i, p := range list {
		pairs[i] = products.Pair{Style: strings.ToUpper(strings.TrimSpace(p.Style)), Color: strings.ToUpper(strings.TrimSpace(p.Color))}
	}
	v, err := s.catalog.Validate(ctx, tx, pairs)
	if err != nil {
		return nil, nil, nil, err
	}
	var bad []grid.CellError
	for _, e := range v.Errors {
		// An order may hold a style/colour more than once (other sizes, other stores).
		if e.Rule != "duplicate" {
			bad = append(bad, grid.CellError{Op: grid.OpAdd, Index: e.Index, TempID: list[e.Index].TempID, Field: e.Field, Rule: e.Rule, Message: e.Message})
		}
	}
	if len(bad) > 0 {
		return nil, nil, nil, grid.Invalid(bad)
	}
	facts, err := s.fetchProducts(ctx, pairs)
	if err != nil {
		return nil, nil, nil, err
	}
	today := s.now()
	out := make([]grid.AddRow, len(list))
	derived := make([]map[string]any, len(list))
	for i, p := range list {
		vals := map[string]any{}
		for k, v := range p.Values {
			vals[k] = v
		}
		vals["style"], vals["color"] = pairs[i].Style, pairs[i].Color
		out[i] = grid.AddRow{TempID: p.TempID, Values: vals}
		d := map[string]any{}
		if f, ok := facts[products.ID(pairs[i].Style, pairs[i].Color)]; ok {
			d["productType"], d["division"], d["gender"] = f.ProductType, f.Division, f.Gender
		}
		if o.Type == TypeWholesale {
			// A wholesale line ships within the default availability window unless told otherwise.
			d["startDate"], d["endDate"] = today.Format("2006-01-02"), today.Add(AvailabilityWindow).Format("2006-01-02")
		} else {
			d["quantity"] = int64(1)
		}
		derived[i] = d
	}
	return out, derived, facts, nil
}

// wholesaleRules applies §5.2 to the dates, pack codes and size matrices a batch writes, each
// against the line's other values; the size matrix is stored in its canonical form. A size
// matrix that breaks its rules refuses the batch; a warned date or pack code does not: the
// cell is cleared (a pack code written empty, a date left as it was: the stored one, or the
// default window of a new line) and answered as a warning, and the rest of the batch is saved.
func (s *Service) wholesaleRules(ctx context.Context, tx pgx.Tx, updates []grid.UpdateRow, adds []grid.AddRow, states map[string]*lineState, book *priceBook) ([]grid.CellError, error) {
	today := s.now().UTC().Truncate(24 * time.Hour)
	var bad, warned []grid.CellError
	type cellSet struct {
		op     grid.Op
		index  int
		id     string
		tempID string
		values map[string]any
		state  *lineState
	}
	var sets []cellSet
	for i, u := range updates {
		sets = append(sets, cellSet{grid.OpUpdate, i, u.ID, "", u.Changes, states[u.ID]})
	}
	for i, a := range adds {
		sets = append(sets, cellSet{grid.OpAdd, i, "", a.TempID, a.Values, nil})
	}
	var codes []string
	for _, c := range sets {
		if v, ok := c.values["packCode"].(string); ok {
			code := normalPackCode(v)
			c.values["packCode"] = code
			codes = append(codes, code)
		} else if c.state != nil && c.state.PackCode != nil {
			codes = append(codes, *c.state.PackCode)
		}
	}
	known, err := s.store.PackCodes(ctx, tx, codes)
	if err != nil {
		return nil, err
	}
	for _, c := range sets {
		refuse := func(field, rule, msg string) {
			bad = append(bad, cellError(c.op, c.index, c.id, c.tempID, field, rule, msg))
		}
		warn := func(w ruleBreak) {
			e := cellError(c.op, c.index, c.id, c.tempID, w.Field, w.Rule, w.Message)
			e.Value = w.Value
			warned = append(warned, e)
		}
		for _, w := range warnDates(c.values, c.state, today) {
			warn(w)
		}
		rawSizes, sizesGiven := c.values["sizes"]
		_, codeGiven := c.values["packCode"]
		if !sizesGiven && !codeGiven {
			continue
		}
		sizes := map[string]int{}
		if sizesGiven {
			m, ok := parseSizes(rawSizes)
			if !ok {
				refuse("sizes", "sizes", "Sizes must map each size to a whole number of units")
				continue
			}
			style, _ := c.values["style"].(string)
			color, _ := c.values["color"].(string)
			if c.state != nil {
				style, color = c.state.Style, c.state.Color
			}
			broken := checkSizes(m, style, book.of(style, color))
			for _, b := range broken {
				refuse(b.Field, b.Rule, b.Message)
			}
			if len(broken) > 0 {
				continue
			}
			sizes = m
			c.values["sizes"] = sizesJSON(m)
		} else if c.state != nil && c.state.Sizes != nil {
			sizes, _ = parseSizes(*c.state.Sizes)
		}
		if w := warnPackCode(c.values, c.state, sizes, known); w != nil {
			warn(*w)
		}
	}
	if len(bad) > 0 {
		return nil, grid.Invalid(bad)
	}
	return warned, nil
}

// note is a notification to send once the order is written.
type note struct {
	to     string // user code
	typ    string
	title  string // the e-mail's subject and text (English)
	body   string
	msg    string // the drawer's message id (the shell's catalogs word it in the reader's language)
	values map[string]any
}

// submit moves the order one step on (spec §4.3) once the policy allows it: the step itself is
// advance's, given the order's line statuses and, for wholesale, its first unpriced line.
func (s *Service) submit(ctx context.Context, tx pgx.Tx, o *Order) ([]note, error) {
	if err := s.require(ctx, actions.OrdersSubmit, o.resource()); err != nil {
		return nil, err
	}
	counts, err := s.store.LineStatusCounts(ctx, tx, o.ID)
	if err != nil {
		return nil, err
	}
	var unpriced *unpricedLine
	if o.Type == TypeWholesale {
		if unpriced, err = s.store.FirstUnpriced(ctx, tx, o.ID); err != nil {
			return nil, err
		}
	}
	return s.step(ctx, o, stepSubmit, stepFacts{counts: counts, unpriced: unpriced})
}

// complete marks an order complete once the policy allows it (advance says to which status).
func (s *Service) complete(ctx context.Context, o *Order) ([]note, error) {
	if err := s.require(ctx, actions.OrdersComplete, o.resource()); err != nil {
		return nil, err
	}
	return s.step(ctx, o, stepComplete, stepFacts{})
}

// step runs advance as the caller, now, and keeps its order.
func (s *Service) step(ctx context.Context, o *Order, kind stepKind, f stepFacts) ([]note, error) {
	f.actor, f.now = identity.FromContext(ctx), s.now()
	next, notes, err := advance(*o, kind, f)
	if err != nil {
		return nil, err
	}
	*o = next
	return notes, nil
}

// orderPath is the order's page in the shell (product spec §2.1).
func orderPath(o *Order) string {
	area := map[string]string{TypeSample: "samples", TypePromo: "promos", TypeWholesale: "wholesale"}[o.Type]
	return fmt.Sprintf("/orders/%s/order/%d", area, o.OrderNumber)
}

// send writes each note as a notification in the drawer and an e-mail with a link to the order,
// in the batch's transaction: they exist only if the step they tell of does.
func (s *Service) send(ctx context.Context, tx pgx.Tx, o *Order, notes []note) error {
	for _, n := range notes {
		u, err := s.store.UserByCode(ctx, tx, n.to)
		if err != nil {
			if err == ErrNotFound {
				s.log.Warn("orders: nobody to notify", "userCode", n.to, "order", o.OrderNumber)
				continue
			}
			return err
		}
		path := orderPath(o)
		if err := notify.Send(ctx, tx, notify.Notification{UserID: u.ID, Type: n.typ, Message: n.msg, Values: n.values, Link: path}); err != nil {
			return err
		}
		link := strings.TrimRight(s.cfg.PublicURL, "/") + path
		if err := s.outbox.Enqueue(ctx, tx, []string{u.Email}, n.title, n.body+"\n\n"+link+"\n"); err != nil {
			return err
		}
	}
	return nil
}
