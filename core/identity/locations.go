package identity

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// AddCurrency adds a currency of the pricing locations in tx (demo and reference data); one
// that exists stays as it is.
func AddCurrency(ctx context.Context, tx pgx.Tx, code string, decimals int, symbol string) error {
	_, err := tx.Exec(ctx, `INSERT INTO currencies (currency_code, decimal_places, currency_symbol) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`, code, decimals, symbol)
	return err
}

// AddLocation adds a pricing location in tx (demo and reference data); one that exists stays as
// it is.
func AddLocation(ctx context.Context, tx pgx.Tx, code, name, currency, region string) error {
	_, err := tx.Exec(ctx, `INSERT INTO locations (code, name, currency_code, region) VALUES ($1,$2,$3,$4) ON CONFLICT DO NOTHING`, code, name, currency, region)
	return err
}
