package sampleinventory

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

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
// location) receives the quantity instead of a second row.
func (s *Service) Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error) {
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

	u := identity.FromContext(ctx)
	name := ""
	if u != nil {
		name = u.FullName
	}
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	sources, err := lockSources(ctx, tx, req.Samples)
	if err != nil {
		return nil, err
	}
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
		return nil, &httpx.Error{Status: http.StatusNotFound, Code: "ITS_ERR_NOT_FOUND", Message: "Sample not found in the Production library", Details: map[string]any{"ids": missing}}
	}
	if len(stale) > 0 {
		return nil, grid.Conflict(stale)
	}
	if len(errs) > 0 {
		return nil, grid.Invalid(errs)
	}

	res := &TransferResult{Transfers: []Transfer{}}
	var entries []entry
	var prodIDs, salesIDs []string
	for i, smp := range req.Samples {
		src := sources[smp.ID]
		loc := locs[i]
		q := src.total
		if smp.Quantity != nil {
			q = *smp.Quantity
		}
		remaining := src.total - q
		target, err := findTarget(ctx, tx, src, loc)
		if err != nil {
			return nil, err
		}
		t := Transfer{ID: src.id, Quantity: q}
		qtyChange := map[string]Change{"totalQty": {From: src.total, To: remaining}, "onHandQty": {From: src.total, To: remaining}}
		switch {
		case target != "":
			t.Mode, t.SalesID = "merged", target
			var before int64
			if err := tx.QueryRow(ctx, `UPDATE sample_inventory SET total_qty = coalesce(total_qty, 0) + $2, on_hand_qty = coalesce(total_qty, 0) + $2,
				version = version + 1, updated_at = now(), updated_by_user = $3, tracking_action = $4
				WHERE id = $1::text::uuid RETURNING total_qty - $2`, target, q, name, actionFromProd).Scan(&before); err != nil {
				return nil, transferError(err, i, smp.ID)
			}
			entries = append(entries, entry{sampleID: target, library: Sales, action: actionFromProd, note: "From Production sample " + src.id,
				changes: map[string]Change{"totalQty": {From: before, To: before + q}, "onHandQty": {From: before, To: before + q}}})
			if remaining == 0 {
				qtyChange["status"] = Change{From: src.status, To: statusDeleted}
			}
			if _, err := tx.Exec(ctx, `UPDATE sample_inventory SET total_qty = $2, on_hand_qty = $2,
				status = CASE WHEN $2 = 0 THEN 'Deleted' ELSE status END,
				version = version + 1, updated_at = now(), updated_by_user = $3, tracking_action = $4 WHERE id = $1::text::uuid`,
				src.id, remaining, name, actionToSales); err != nil {
				return nil, transferError(err, i, smp.ID)
			}
			entries = append(entries, entry{sampleID: src.id, library: Production, action: actionToSales, changes: qtyChange, note: "Into Sales sample " + target})
			prodIDs = append(prodIDs, src.id)
		case remaining == 0:
			t.Mode, t.SalesID = "moved", src.id
			if _, err := tx.Exec(ctx, `UPDATE sample_inventory SET library = 'Sales', region = $2, aisle = $3, direction = $4, level = $5, shelf = $6, new_bin = $7,
				version = version + 1, updated_at = now(), updated_by_user = $8, tracking_action = $9 WHERE id = $1::text::uuid`,
				src.id, loc["region"], loc["aisle"], loc["direction"], loc["level"], loc["shelf"], loc["newBin"], name, actionToSales); err != nil {
				return nil, transferError(err, i, smp.ID)
			}
			changes := map[string]Change{"library": {From: Production, To: Sales}}
			for _, f := range locationFields {
				if loc[f] != nil {
					changes[f] = Change{To: loc[f]}
				}
			}
			entries = append(entries, entry{sampleID: src.id, library: Sales, action: actionToSales, changes: changes})
		default:
			t.Mode = "split"
			if err := tx.QueryRow(ctx, `INSERT INTO sample_inventory (library, division, style, color, size, side, status, gender, mold_num, mold_date, bin,
					total_qty, on_hand_qty, region, aisle, direction, level, shelf, new_bin, tracking_action, created_by, created_by_user, updated_by_user)
				SELECT 'Sales', division, style, color, size, side, status, gender, mold_num, mold_date, bin,
					$2, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::uuid, $11, $11
				FROM sample_inventory WHERE id = $1::text::uuid RETURNING id::text`,
				src.id, q, loc["region"], loc["aisle"], loc["direction"], loc["level"], loc["shelf"], loc["newBin"], actionFromProd, userID(u), name).Scan(&t.SalesID); err != nil {
				return nil, transferError(err, i, smp.ID)
			}
			changes := map[string]Change{"totalQty": {To: q}, "onHandQty": {To: q}}
			for _, f := range locationFields {
				if loc[f] != nil {
					changes[f] = Change{To: loc[f]}
				}
			}
			entries = append(entries, entry{sampleID: t.SalesID, library: Sales, action: actionFromProd, changes: changes, note: "From Production sample " + src.id})
			if _, err := tx.Exec(ctx, `UPDATE sample_inventory SET total_qty = $2, on_hand_qty = $2,
				version = version + 1, updated_at = now(), updated_by_user = $3, tracking_action = $4 WHERE id = $1::text::uuid`,
				src.id, remaining, name, actionToSales); err != nil {
				return nil, transferError(err, i, smp.ID)
			}
			entries = append(entries, entry{sampleID: src.id, library: Production, action: actionToSales, changes: qtyChange, note: "Into Sales sample " + t.SalesID})
			prodIDs = append(prodIDs, src.id)
		}
		salesIDs = append(salesIDs, t.SalesID)
		res.Transfers = append(res.Transfers, t)
	}
	if err := s.store.track(ctx, tx, u, entries); err != nil {
		return nil, err
	}
	if res.Production, err = grids[Production].Rows(ctx, tx, unique(prodIDs), inLibrary(Production)); err != nil {
		return nil, err
	}
	if res.Sales, err = grids[Sales].Rows(ctx, tx, unique(salesIDs), inLibrary(Sales)); err != nil {
		return nil, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	return res, nil
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

// lockSources reads and locks the Production samples of a transfer.
func lockSources(ctx context.Context, tx pgx.Tx, samples []TransferSample) (map[string]*source, error) {
	ids := make([]string, len(samples))
	for i, smp := range samples {
		ids[i] = smp.ID
	}
	rows, err := tx.Query(ctx, `SELECT id::text, version, status, coalesce(total_qty, 0), style, color, size, side, mold_num, mold_date::text, bin
		FROM sample_inventory WHERE library = 'Production' AND id = ANY($1::text[]::uuid[]) ORDER BY id FOR UPDATE`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]*source{}
	for rows.Next() {
		src := &source{}
		var total int32
		if err := rows.Scan(&src.id, &src.version, &src.status, &total, &src.style, &src.color, &src.size, &src.side, &src.moldNum, &src.moldDate, &src.bin); err != nil {
			return nil, err
		}
		src.total = int64(total)
		out[src.id] = src
	}
	return out, rows.Err()
}

// findTarget finds (and locks) the live Sales sample with the source's identity at loc.
func findTarget(ctx context.Context, tx pgx.Tx, src *source, loc map[string]any) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `SELECT id::text FROM sample_inventory
		WHERE library = 'Sales' AND status <> 'Deleted' AND status IS NOT DISTINCT FROM $1
		AND lower(style) IS NOT DISTINCT FROM lower($2::text) AND lower(color) IS NOT DISTINCT FROM lower($3::text)
		AND lower(size) IS NOT DISTINCT FROM lower($4::text) AND side IS NOT DISTINCT FROM $5::text
		AND lower(mold_num) IS NOT DISTINCT FROM lower($6::text) AND mold_date IS NOT DISTINCT FROM $7::text::date
		AND lower(bin) IS NOT DISTINCT FROM lower($8::text) AND region IS NOT DISTINCT FROM $9::text
		AND lower(aisle) IS NOT DISTINCT FROM lower($10::text) AND direction IS NOT DISTINCT FROM $11::text
		AND lower(level) IS NOT DISTINCT FROM lower($12::text)
		LIMIT 1 FOR UPDATE`,
		src.status, src.style, src.color, src.size, src.side, src.moldNum, src.moldDate, src.bin,
		loc["region"], loc["aisle"], loc["direction"], loc["level"]).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// transferError names the sample whose write broke the identity rule.
func transferError(err error, i int, id string) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == identityIndex {
		return grid.Invalid([]grid.CellError{{Op: opTransfer, Index: i, ID: id, Field: "style", Rule: "duplicate", Message: msgDuplicate}})
	}
	return err
}
