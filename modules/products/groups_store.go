package products

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/db"
)

// Groups counts q's matches by the group field's column, in the order orderBy gives the rows
// sorted by it ascending, at most MaxGroups+1 groups (one more says there are too many).
func (s *Store) Groups(ctx context.Context, conn db.Queryer, q *Query, field string) ([]Group, error) {
	col, ok := sortKeys[field]
	if !ok || strings.HasPrefix(col, "pl.") {
		return nil, fmt.Errorf("products: %q is no group field", field)
	}
	b := psql.Select(col, "count(*)").From("products p").Where(q.where()).
		GroupBy(col).OrderBy(col + " ASC NULLS LAST").Limit(MaxGroups + 1)
	return db.Select(ctx, conn, b, func(r pgx.CollectableRow) (Group, error) {
		var g Group
		err := r.Scan(&g.Value, &g.Count)
		return g, err
	})
}
