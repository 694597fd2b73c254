package assortments

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
)

// loadGroupSort reads the group sort state of a static assortment; without the catalog, only
// the places of the rows (what moves change), not the styles' names and attributes.
func (s *Service) loadGroupSort(ctx context.Context, q querier, a *Assortment, withCatalog bool) (*GroupSort, error) {
	if a.Type != "item" || a.Method != "static" {
		return nil, httpx.BadRequest(MsgGroupSortStatic, map[string]any{"method": a.Method})
	}
	groupBy, version, err := s.store.groupSortMeta(ctx, q, a.ID)
	if err != nil {
		return nil, err
	}
	if groupBy == "" {
		groupBy = s.defaultGroupBy()
	}
	groups, err := s.store.displayGroups(ctx, q, a.ID)
	if err != nil {
		return nil, err
	}
	var rows []sortRow
	ties := true
	if !withCatalog {
		if rows, ties, err = s.store.groupSortPlaces(ctx, q, a.ID); err != nil {
			return nil, err
		}
	}
	if ties {
		if rows, err = s.store.groupSortRows(ctx, q, a.ID); err != nil {
			return nil, err
		}
	}
	return buildGroupSort(a.ID, groupBy, version, groups, rows), nil
}

// groupRows groups a static assortment's rows into display groups by field (a groupBy batch on
// the stored state).
func (s *Service) groupRows(ctx context.Context, tx pgx.Tx, a *Assortment, field string) error {
	gs, err := s.loadGroupSort(ctx, tx, a, true)
	if err != nil {
		return err
	}
	if err := gs.apply([]GroupSortBatch{{Type: BatchGroupBy, GroupBy: field}}); err != nil {
		return err
	}
	return s.saveGroupSort(ctx, tx, gs)
}

// GroupSort answers an assortment's display groups with their styles in order, read from one
// snapshot: an assortment deleted meanwhile is either read whole or not found.
func (s *Service) GroupSort(ctx context.Context, id string) (*GroupSort, error) {
	var gs *GroupSort
	err := db.InTxWith(ctx, s.db, db.Snapshot, func(tx pgx.Tx) error {
		a, err := s.load(ctx, tx, id, false)
		if err != nil {
			return err
		}
		gs, err = s.loadGroupSort(ctx, tx, a, true)
		return err
	})
	if err != nil {
		return nil, err
	}
	return gs, s.signContent(ctx, gs.Groups)
}

// GroupSortResult answers a group sort update: the new version, and the whole state when the
// update regrouped or auto-sorted the styles (moves answer only the version: the client shows
// them already, and a move is then a few rows read and written).
type GroupSortResult struct {
	AssortmentID string          `json:"assortmentId"`
	GroupBy      string          `json:"groupBy"`
	Version      int64           `json:"version"`
	Groups       []*DisplayGroup `json:"groups,omitempty"`
}

// hasContent: a batch that changes a group's custom content (answered with the groups, so that
// the page shows the sanitised html and the files' links).
func hasContent(batches []GroupSortBatch) bool {
	return slices.ContainsFunc(batches, func(b GroupSortBatch) bool { return b.CustomContent != nil })
}

// needsCatalog: a batch that groups or sorts by the styles' attributes.
func needsCatalog(batches []GroupSortBatch) bool {
	for _, b := range batches {
		if b.Type == BatchGroupBy || b.Type == BatchSortStyles {
			return true
		}
	}
	return false
}

// GroupSortBatch applies a group sort update (moves, auto-sort, group-by, group flags) to the
// version the client saw: a stale version is a 409 userLock, a refused batch a 400, and either
// changes nothing.
func (s *Service) GroupSortBatch(ctx context.Context, id string, req *GroupSortRequest) (*GroupSortResult, error) {
	if req.Version == nil {
		return nil, httpx.Invalid(httpx.FieldError{Field: "version", Rule: "required", Message: "A group sort update names the version it was made on"})
	}
	var res *GroupSortResult
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.editable(ctx, tx, id)
		if err != nil {
			return err
		}
		full := needsCatalog(req.Batches) || hasContent(req.Batches)
		gs, err := s.loadGroupSort(ctx, tx, a, full)
		if err != nil {
			return err
		}
		if gs.Version != *req.Version {
			return httpx.Conflict(MsgRowsChanged, map[string]any{"errorType": "userLock", "reason": "stale", "version": *req.Version, "currentVersion": gs.Version})
		}
		if err := s.checkContentBatches(ctx, a.ID, req.Batches); err != nil {
			return err
		}
		if err := gs.apply(req.Batches); err != nil {
			return err
		}
		if err := s.saveGroupSort(ctx, tx, gs); err != nil {
			return err
		}
		if err := s.publishUpdated(ctx, tx, a, []string{a.ID}, "modifiedDate"); err != nil {
			return err
		}
		res = &GroupSortResult{AssortmentID: gs.AssortmentID, GroupBy: gs.GroupBy, Version: gs.Version}
		if full {
			res.Groups = gs.Groups
			if err := s.signContent(ctx, gs.Groups); err != nil {
				return err
			}
		}
		return nil
	})
	return res, err
}

// saveGroupSort writes gs: its groups (all again after a regroup), the rows' groups and
// positions that changed, and the next version with the group-by.
func (s *Service) saveGroupSort(ctx context.Context, tx pgx.Tx, gs *GroupSort) error {
	var err error
	if gs.regrouped {
		err = s.store.replaceDisplayGroups(ctx, tx, gs.AssortmentID, gs.Groups)
	} else {
		err = s.store.updateDisplayGroups(ctx, tx, gs.AssortmentID, gs.Groups)
	}
	if err != nil {
		return err
	}
	if err := s.store.placeRows(ctx, tx, gs.AssortmentID, gs.placements()); err != nil {
		return err
	}
	gs.Version, err = s.store.touchGroupSort(ctx, tx, gs.AssortmentID, gs.GroupBy)
	return err
}
