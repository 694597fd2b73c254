package assortments

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// ReadRowsRaw reads an assortment's rows with the detail grid's own query straight through pgx
// (no service, HTTP or JSON): the baseline of the 2,000-row benchmark.
func ReadRowsRaw(ctx context.Context, db *pgxpool.Pool, id, location string) (int, error) {
	rows, err := (&Store{db: db}).readStatic(ctx, db, &Assortment{ID: id, LocationID: location}, nil, rowContext{})
	return len(rows), err
}

// PresentProductsSQL is the membership check of adds and imports, for its plan test.
const PresentProductsSQL = presentProductsSQL
