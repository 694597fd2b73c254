package sampleinventory

import (
	"github.com/jackc/pgx/v5"

	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
)

// TransferRequest moves samples from the Production library to Sales.
type TransferRequest struct {
	Samples []TransferSample `json:"samples"`
}

// TransferSample is one Production sample to transfer, the quantity to move (all when absent)
// and where it goes in the Sales sample room.
type TransferSample struct {
	ID        string `json:"id"`
	Version   int64  `json:"version"`
	Quantity  *int64 `json:"quantity,omitempty"`
	Region    any    `json:"region"`
	Aisle     any    `json:"aisle"`
	Direction any    `json:"direction"`
	Level     any    `json:"level"`
	Shelf     any    `json:"shelf"`
	NewBin    any    `json:"newBin"`
}

// Transfer is what happened to one sample: "moved" (the whole row went to Sales), "merged"
// (its quantity joined an identical Sales sample) or "split" (part of it became a new Sales
// sample).
type Transfer struct {
	ID       string `json:"id"`
	SalesID  string `json:"salesId"`
	Quantity int64  `json:"quantity"`
	Mode     string `json:"mode"`
}

// TransferResult lists the transfers and the rows they touched, as each library's grid shows
// them.
type TransferResult struct {
	Transfers  []Transfer `json:"transfers"`
	Production []grid.Row `json:"production"`
	Sales      []grid.Row `json:"sales"`
}

var locationFields = []string{"region", "aisle", "direction", "level", "shelf", "newBin"}

type source struct {
	id                                               string
	version                                          int64
	status                                           *string
	total                                            int64
	style, color, size, side, moldNum, moldDate, bin *string
}

const opTransfer grid.Op = "transfer"

// Transfer moves samples from Production to Sales in one transaction. Each needs the Sales
// location (region, aisle, direction and level are required there) and its version; a quantity
// below the sample's total splits it. An identical live Sales sample (same identity and
// location) receives the quantity instead of a second row. What happens to each sample is
// planTransfer's; the SQL is the store's.
func (s *Service) Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error) {
	locs, err := checkTransfer(req)
	if err != nil {
		return nil, err
	}
	u := identity.FromContext(ctx)
	name := ""
	if u != nil {
		name = u.FullName
	}
	var res *TransferResult
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		sources, err := s.store.lockSources(ctx, tx, req.Samples)
		if err != nil {
			return err
		}
		if err := checkSources(req, sources); err != nil {
			return err
		}
		res = &TransferResult{Transfers: []Transfer{}}
		var entries []entry
		var prodIDs, salesIDs, moved []string
		for i, smp := range req.Samples {
			// The target is looked for after the samples before this one were written: two samples
			// of one identity sent to one place make one Sales sample.
			target, err := s.store.findTarget(ctx, tx, sources[smp.ID], locs[i])
			if err != nil {
				return err
			}
			st := planTransfer(i, smp, sources[smp.ID], locs[i], target)
			t := Transfer{ID: st.src.id, Quantity: st.qty, Mode: st.mode, SalesID: st.target}
			var before int64
			switch st.mode {
			case modeMerged:
				before, err = s.store.addToSales(ctx, tx, st.target, st.qty, name)
			case modeMoved:
				t.SalesID = st.src.id
				moved = append(moved, st.src.id)
				err = s.store.moveToSales(ctx, tx, st.src.id, st.loc, name)
			case modeSplit:
				t.SalesID, err = s.store.splitToSales(ctx, tx, st.src.id, st.qty, st.loc, userID(u), name)
			}
			if err == nil && st.mode != modeMoved {
				err = s.store.keepInProduction(ctx, tx, st.src.id, st.remaining, name)
				prodIDs = append(prodIDs, st.src.id)
			}
			if err != nil {
				return transferError(err, st.index, st.src.id)
			}
			entries = append(entries, st.entries(t.SalesID, before)...)
			salesIDs = append(salesIDs, t.SalesID)
			res.Transfers = append(res.Transfers, t)
		}
		if err := s.store.track(ctx, tx, u, entries); err != nil {
			return err
		}
		if res.Production, err = grids[Production].Rows(ctx, tx, unique(prodIDs), inLibrary(Production)); err != nil {
			return err
		}
		if res.Sales, err = grids[Sales].Rows(ctx, tx, unique(salesIDs), inLibrary(Sales)); err != nil {
			return err
		}
		// Both libraries' open grids: what stayed in Production, what left it, what Sales got.
		qty := []string{"totalQty", "onHandQty", "trackingAction"}
		if err := publishRows(ctx, tx, Production, prodIDs, moved, qty); err != nil {
			return err
		}
		return publishRows(ctx, tx, Sales, salesIDs, nil, qty)
	}); err != nil {
		return nil, err
	}
	return res, nil
}

// checkTransfer checks a request before anything is read: ids, versions, quantities and the
// Sales location of each sample, which it answers as the cells the Sales grid stores.
func checkTransfer(req TransferRequest) ([]map[string]any, error) {
	if len(req.Samples) == 0 {
		return nil, grid.EmptyRequest()
	}
	sales := grids[Sales]
	var errs []grid.CellError
	locs := make([]map[string]any, len(req.Samples))
	seen := map[string]bool{}
	for i, smp := range req.Samples {
		fail := func(field, rule, msg string) {
			errs = append(errs, grid.CellError{Op: opTransfer, Index: i, ID: smp.ID, Field: field, Rule: rule, Message: msg})
		}
		switch {
		case !sales.ValidID(smp.ID):
			fail("id", "id", "The sample id is not valid")
		case seen[smp.ID]:
			fail("id", "duplicateId", "A sample may appear only once in a request")
		case smp.Version <= 0:
			fail("version", "version", "The row version is required")
		}
		seen[smp.ID] = true
		if smp.Quantity != nil && *smp.Quantity < 1 {
			fail("quantity", "quantity", "The quantity to transfer must be at least 1")
		}
		raw := map[string]any{"region": smp.Region, "aisle": smp.Aisle, "direction": smp.Direction, "level": smp.Level, "shelf": smp.Shelf, "newBin": smp.NewBin}
		locs[i] = map[string]any{}
		for _, f := range locationFields {
			v := raw[f]
			if str, ok := v.(string); ok {
				v = strings.TrimSpace(str)
			}
			if isRequired(Sales, f) && (v == nil || v == "") {
				fail(f, "notblank", msgMissingValue)
				continue
			}
			out, ce := sales.Cell(f, v, grid.CellContext{Op: grid.OpAdd})
			if ce != nil {
				rule := ce.Rule
				if isRequired(Sales, f) && (rule == "nonClearable" || rule == "required") {
					rule, ce.Message = "notblank", msgMissingValue
				}
				fail(f, rule, ce.Message)
				continue
			}
			locs[i][f] = out
		}
	}
	if len(errs) > 0 {
		return nil, grid.Invalid(errs)
	}
	return locs, nil
}

// checkSources checks the request against the Production samples read: each exists (else 404
// naming the missing), at its version (else 409), is not deleted and holds the quantity asked.
func checkSources(req TransferRequest, sources map[string]*source) error {
	var errs []grid.CellError
	var stale []grid.StaleRow
	var missing []string
	for i, smp := range req.Samples {
		src, ok := sources[smp.ID]
		switch {
		case !ok:
			missing = append(missing, smp.ID)
		case src.version != smp.Version:
			stale = append(stale, grid.StaleRow{ID: smp.ID, Version: smp.Version, CurrentVersion: src.version})
		case src.status != nil && *src.status == statusDeleted:
			errs = append(errs, grid.CellError{Op: opTransfer, Index: i, ID: smp.ID, Field: "status", Rule: "status", Message: "A deleted sample cannot be transferred"})
		case src.total < 1 || (smp.Quantity != nil && *smp.Quantity > src.total):
			errs = append(errs, grid.CellError{Op: opTransfer, Index: i, ID: smp.ID, Field: "quantity", Rule: "quantity", Message: fmt.Sprintf("Only %d of this sample can be transferred", src.total)})
		}
	}
	if len(missing) > 0 {
		return &httpx.Error{Status: http.StatusNotFound, Code: "ITS_ERR_NOT_FOUND", Message: "Sample not found in the Production library", Details: map[string]any{"ids": missing}}
	}
	if len(stale) > 0 {
		return grid.Conflict(stale)
	}
	if len(errs) > 0 {
		return grid.Invalid(errs)
	}
	return nil
}

// The three ways a sample goes to Sales.
const (
	modeMoved  = "moved"  // the whole row went to Sales
	modeMerged = "merged" // its quantity joined an identical live Sales sample
	modeSplit  = "split"  // part of it became a new Sales sample
)

// transferStep is one sample's planned transfer.
type transferStep struct {
	index          int
	src            *source
	loc            map[string]any
	qty, remaining int64
	mode           string
	target         string // merged: the Sales sample that receives the quantity
}

// planTransfer says what happens to the i-th sample of a checked request, read as src, going
// to loc: merged into target, the identical live Sales sample there, when there is one, else
// moved whole, or split when only part of it goes.
func planTransfer(i int, smp TransferSample, src *source, loc map[string]any, target string) transferStep {
	st := transferStep{index: i, src: src, loc: loc, qty: src.total}
	if smp.Quantity != nil {
		st.qty = *smp.Quantity
	}
	st.remaining = src.total - st.qty
	switch {
	case target != "":
		st.mode, st.target = modeMerged, target
	case st.remaining == 0:
		st.mode = modeMoved
	default:
		st.mode = modeSplit
	}
	return st
}

// entries are the tracking entries of a step done: salesID is the Sales sample it went to,
// before the quantity a merge target held before it.
func (st transferStep) entries(salesID string, before int64) []entry {
	src := st.src
	left := map[string]Change{"totalQty": {From: src.total, To: st.remaining}, "onHandQty": {From: src.total, To: st.remaining}}
	located := func(changes map[string]Change) map[string]Change {
		for _, f := range locationFields {
			if st.loc[f] != nil {
				changes[f] = Change{To: st.loc[f]}
			}
		}
		return changes
	}
	switch st.mode {
	case modeMerged:
		if st.remaining == 0 {
			left["status"] = Change{From: src.status, To: statusDeleted}
		}
		return []entry{
			{sampleID: salesID, library: Sales, action: actionFromProd, note: "From Production sample " + src.id,
				changes: map[string]Change{"totalQty": {From: before, To: before + st.qty}, "onHandQty": {From: before, To: before + st.qty}}},
			{sampleID: src.id, library: Production, action: actionToSales, changes: left, note: "Into Sales sample " + salesID},
		}
	case modeMoved:
		return []entry{{sampleID: src.id, library: Sales, action: actionToSales, changes: located(map[string]Change{"library": {From: Production, To: Sales}})}}
	default:
		return []entry{
			{sampleID: salesID, library: Sales, action: actionFromProd, changes: located(map[string]Change{"totalQty": {To: st.qty}, "onHandQty": {To: st.qty}}), note: "From Production sample " + src.id},
			{sampleID: src.id, library: Production, action: actionToSales, changes: left, note: "Into Sales sample " + salesID},
		}
	}
}

func userID(u *identity.User) *string {
	if u == nil {
		return nil
	}
	return &u.ID
}

func unique(ids []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// transferError names the sample whose write broke the identity rule.
func transferError(err error, i int, id string) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == identityIndex {
		return grid.Invalid([]grid.CellError{{Op: opTransfer, Index: i, ID: id, Field: "style", Rule: "duplicate", Message: msgDuplicate}})
	}
	return err
}
