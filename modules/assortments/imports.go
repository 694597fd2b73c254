package assortments

import (
	"github.com/jackc/pgx/v5"

	"context"

	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/modules/products"
)

// ImportTarget loads assortment id for an import of pairs: visible to the caller, editable by
// them (assortments.edit on its channel, not locked by another user), static, with the pairs it
// already holds and those another assortment of its season, year and region holds. Nothing is
// written.
func (s *Service) ImportTarget(ctx context.Context, id string, pairs []products.Pair) (*ImportTarget, error) {
	if !httpx.IsUUID(id) {
		return nil, notFound()
	}
	var target *ImportTarget
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.editable(ctx, tx, id)
		if err != nil {
			return err
		}
		present, err := s.existingPairs(ctx, tx, a.ID, pairs)
		if err != nil {
			return err
		}
		ids := make([]string, 0, len(pairs))
		for _, p := range pairs {
			if p.Style != "" && p.Color != "" {
				ids = append(ids, products.ID(p.Style, p.Color))
			}
		}
		held, err := s.store.inSeasonProducts(ctx, tx, a, ids)
		if err != nil {
			return err
		}
		inSeason := make(map[string]bool, len(held))
		for _, id := range held {
			inSeason[id] = true
		}
		target = &ImportTarget{Assortment: a, Present: present, InSeason: inSeason}
		return nil
	})
	return target, err
}

// Import adds the rows of an Excel import to assortment id in one transaction, through the
// batch's stages in pieces of the grid's largest batch: every row or none (a refused row, a
// failure or a stopped server leaves the assortment as it was).
func (s *Service) Import(ctx context.Context, id string, adds []AddProduct) (*BatchResult, error) {
	if !httpx.IsUUID(id) {
		return nil, notFound()
	}
	var total *BatchResult
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.editable(ctx, tx, id)
		if err != nil {
			return err
		}
		total = &BatchResult{Messages: []string{}, Rows: []Row{}, DeletedIDs: []string{}, TempIDs: map[string]string{}}
		for start := 0; start < len(adds); start += rowGrid.MaxBatch {
			end := min(start+rowGrid.MaxBatch, len(adds))
			res, err := s.applyBatch(ctx, tx, a, &BatchRequest{AddProducts: adds[start:end], Source: "excel", Via: grid.ViaImport})
			if err != nil {
				return err
			}
			total.Added += res.Added
			for k, v := range res.TempIDs {
				total.TempIDs[k] = v
			}
		}
		if total.Assortment, err = s.store.get(ctx, tx, a.ID, false); err != nil {
			return err
		}
		return nil
	})
	return total, err
}
