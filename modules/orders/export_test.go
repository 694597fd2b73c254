package orders

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// BulkOrders is the demo data's order generator, for the benchmarks' 100,000 lines.
func BulkOrders(ctx context.Context, tx pgx.Tx, n, lines int) error {
	return seedBulk(ctx, tx, n, lines)
}
