package assortments

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/config"
)

// ReadRowsRaw reads an assortment's rows with the detail grid's own query straight through pgx
// (no service, HTTP or JSON): the baseline of the 2,000-row benchmark.
func ReadRowsRaw(ctx context.Context, db *pgxpool.Pool, id, location string) (int, error) {
	rows, err := (&Store{db: db}).readStatic(ctx, db, &Assortment{ID: id, LocationID: location}, nil, rowContext{})
	return len(rows), err
}

// PresentProductsSQL is the membership check of adds and imports, for its plan test.
const PresentProductsSQL = presentProductsSQL

// PruneHistory runs the cell history prune with a retention of days at now.
func PruneHistory(ctx context.Context, db *pgxpool.Pool, days int, now time.Time) (int64, error) {
	cfg := &config.Config{}
	cfg.History.RetentionDays = days
	return (&Service{db: db, cfg: cfg}).PruneHistory(ctx, now)
}
