package assortments

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
)

// count counts the entries b selects (alias a).
func (s *Store) count(ctx context.Context, q querier, b sq.SelectBuilder) (int, error) {
	var n int
	err := db.QueryRow(ctx, q, psql.Select("count(*)").FromSelect(b.Columns("a.id").From("assortments a"), "x")).Scan(&n)
	return n, err
}

// staleCount is a dynamic assortment whose product count is missing or older than the catalog.
type staleCount struct {
	id, query, loc string
	version        int64
}

// countScope picks the assortments whose counts to refresh: one owner's, or one.
type countScope struct{ owner, id string }

// staleCounts lists the dynamic assortments of scope whose count is stale.
func (s *Store) staleCounts(ctx context.Context, q querier, scope countScope) ([]staleCount, error) {
	var where sq.Sqlizer = sq.Eq{"a.id": scope.id}
	if scope.owner != "" {
		where = sq.Eq{"a.owner_id": scope.owner}
	}
	rows, err := db.Query(ctx, q, psql.Select("a.id::text", "a.query::text", "a.location_id", "v.version").
		From("assortments a").CrossJoin("catalog_version v").
		Where(sq.Eq{"a.method": "dynamic", "a.type": "item"}).Where(where).
		Where("(a.product_count IS NULL OR a.product_count_version IS DISTINCT FROM v.version)"))
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

// staticFilter narrows and orders a static assortment's rows: where over the rows joined to the
// catalog (alias p, the catalog's search conditions), then the grid's sort keys.
type staticFilter struct {
	where sq.Sqlizer
	// ids, when not nil, keep only these rows.
	ids   []string
	sort  []GridSort
	limit int
	skip  int
}

// staticSorts are the sortable fields of a static assortment's rows and their columns.
var staticSorts = map[string]string{
	"sort": "ap.sort", "style": "p.style_numeric", "styleNumeric": "p.style_numeric", "color": "ap.color", "name": "p.name",
	"cost": "ap.cost", "netCost": "ap.net_cost", "suggestedRetail": "ap.suggested_retail", "discountPercent": "ap.discount_percent",
	"discountAmount": "ap.discount_amount", "quantity": "ap.quantity", "quantityOnHand": "ap.quantity_on_hand", "label": "ap.label",
	"pillar": "ap.pillar", "storeType": "ap.store_type", "gender": "p.gender", "division": "p.division", "productType": "p.product_type",
}

// staticSortable reports whether a static assortment's rows sort by field.
func staticSortable(field string) bool { _, ok := staticSorts[field]; return ok }

// orderBy is the ORDER BY of sort (fields checked by staticSortable), ties in grid order.
func (f staticFilter) orderBy() string {
	order := make([]string, 0, len(f.sort)+3)
	for _, gs := range f.sort {
		if strings.EqualFold(gs.Dir, "desc") {
			order = append(order, staticSorts[gs.Field]+" DESC NULLS LAST")
		} else {
			order = append(order, staticSorts[gs.Field]+" ASC NULLS LAST")
		}
	}
	return strings.Join(append(order, "ap.sort", "p.style_numeric", "ap.color"), ", ")
}

// staticPage answers the number of rows f matches and one page of them.
func (s *Store) staticPage(ctx context.Context, tx pgx.Tx, a *Assortment, f staticFilter, rc rowContext) (int, []Row, error) {
	where := f.where
	if f.ids != nil {
		where = sq.And{where, sq.Expr("ap.id = ANY(?::text[]::bigint[])", f.ids)}
	}
	cond, args, err := where.ToSql()
	if err != nil {
		return 0, nil, err
	}
	if cond == "" {
		cond = "true"
	}
	var total int
	countSQL, err := sq.Dollar.ReplacePlaceholders(`SELECT count(*) FROM assortment_products ap JOIN catalog_products p ON p.id = ap.product_id
		WHERE ap.assortment_id = ? AND ` + cond)
	if err != nil {
		return 0, nil, err
	}
	if err := tx.QueryRow(ctx, countSQL, append([]any{a.ID}, args...)...).Scan(&total); err != nil {
		return 0, nil, err
	}
	sql, err := sq.Dollar.ReplacePlaceholders(staticRowsSQL + ` AND ` + cond + ` ORDER BY ` + f.orderBy() +
		fmt.Sprintf(` LIMIT %d OFFSET %d`, f.limit, f.skip))
	if err != nil {
		return 0, nil, err
	}
	rows, err := tx.Query(ctx, sql, append(staticArgs(a), args...)...)
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

// markScheduled sets when the assortment's next scheduled document is due (nil: none) and
// answers its channel and organisation type; changed is false when it was due then already (or
// there is no such assortment).
func (s *Store) markScheduled(ctx context.Context, tx pgx.Tx, id string, next *time.Time) (channel, orgType string, changed bool, err error) {
	err = tx.QueryRow(ctx, `UPDATE assortments SET scheduled_date = $2 WHERE id = $1 AND scheduled_date IS DISTINCT FROM $2
		RETURNING channel, org_type`, id, next).Scan(&channel, &orgType)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", false, nil
	}
	return channel, orgType, err == nil, err
}
