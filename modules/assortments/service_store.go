package assortments

import (
	"context"
	"fmt"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
)

// count counts the entries b selects (alias a).
func (s *Store) count(ctx context.Context, q querier, b sq.SelectBuilder) (int, error) {
	sql, args, err := psql.Select("count(*)").FromSelect(b.Columns("a.id").From("assortments a"), "x").ToSql()
	if err != nil {
		return 0, err
	}
	var n int
	err = q.QueryRow(ctx, sql, args...).Scan(&n)
	return n, err
}

// staleCount is a dynamic assortment whose product count is missing or older than the catalog.
type staleCount struct {
	id, query, loc string
	version        int64
}

// staleCounts lists the dynamic assortments chosen by where (alias a) whose count is stale.
func (s *Store) staleCounts(ctx context.Context, q querier, where sq.Sqlizer) ([]staleCount, error) {
	sql, args, err := psql.Select("a.id::text", "a.query::text", "a.location_id", "v.version").
		From("assortments a").CrossJoin("catalog_version v").
		Where(sq.Eq{"a.method": "dynamic", "a.type": "item"}).Where(where).
		Where("(a.product_count IS NULL OR a.product_count_version IS DISTINCT FROM v.version)").ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (staleCount, error) {
		var x staleCount
		var query *string
		err := r.Scan(&x.id, &query, &x.loc, &x.version)
		if query != nil {
			x.query = *query
		}
		return x, err
	})
}

// setCount records n as x's count, only if its search is still the one counted (a concurrent
// change counts its own).
func (s *Store) setCount(ctx context.Context, q querier, x staleCount, n int) error {
	_, err := q.Exec(ctx, `UPDATE assortments SET product_count = $2, product_count_version = $3
		WHERE id = $1 AND query::text IS NOT DISTINCT FROM $4 AND location_id = $5`, x.id, n, x.version, nullIfEmpty(x.query), x.loc)
	return err
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// staticFilter narrows and orders a static assortment's rows: cond (with "?" placeholders and
// args) over the rows joined to the catalog (alias p), order the ORDER BY keys.
type staticFilter struct {
	cond  string
	args  []any
	order []string
	limit int
	skip  int
}

// staticPage answers the number of rows f matches and one page of them.
func (s *Store) staticPage(ctx context.Context, tx pgx.Tx, a *Assortment, f staticFilter, rc rowContext) (int, []Row, error) {
	var total int
	countSQL, err := sq.Dollar.ReplacePlaceholders(`SELECT count(*) FROM assortment_products ap JOIN catalog_products p ON p.id = ap.product_id
		WHERE ap.assortment_id = ? AND ` + f.cond)
	if err != nil {
		return 0, nil, err
	}
	if err := tx.QueryRow(ctx, countSQL, append([]any{a.ID}, f.args...)...).Scan(&total); err != nil {
		return 0, nil, err
	}
	sql, err := sq.Dollar.ReplacePlaceholders(staticRowsSQL + ` AND ` + f.cond + ` ORDER BY ` + strings.Join(f.order, ", ") +
		fmt.Sprintf(` LIMIT %d OFFSET %d`, f.limit, f.skip))
	if err != nil {
		return 0, nil, err
	}
	rows, err := tx.Query(ctx, sql, append(staticArgs(a), f.args...)...)
	if err != nil {
		return 0, nil, err
	}
	out := []Row{}
	err = scanRows(rows, rc, func(r *Row) error {
		out = append(out, *r)
		return nil
	})
	return total, out, err
}
