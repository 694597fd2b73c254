package assortments

import (
	"context"
	"slices"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
)

// lockRows reads the current state of rows a batch changes, locked until it commits.
func (s *Store) lockRows(ctx context.Context, tx pgx.Tx, assortmentID string, ids []string) (map[string]*rowState, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, version, style, color, is_new, cost::float8, net_cost::float8,
		discount_percent::float8, discount_amount::float8, suggested_retail::float8
		FROM assortment_products WHERE assortment_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE`, assortmentID, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]*rowState{}
	for rows.Next() {
		r := &rowState{}
		p := &r.Pricing
		if err := rows.Scan(&r.ID, &r.Version, &r.Style, &r.Color, &r.IsNew, &p.Cost, &p.NetCost, &p.DiscountPercent, &p.DiscountAmount, &p.SuggestedRetail); err != nil {
			return nil, err
		}
		out[r.ID] = r
	}
	return out, rows.Err()
}

// presentProductsSQL probes assortment_products_product_idx once per id, generic plan or not.
// Not "product_id = ANY($2)": a generic plan cannot hash a parameter's array, and inside an
// import's transaction (whose rows the statistics do not know) it filtered every row of the
// assortment against each of 5,000 ids, seconds per piece of the file.
const presentProductsSQL = `SELECT ap.product_id FROM unnest($2::text[]) AS i(id)
	JOIN assortment_products ap ON ap.assortment_id = $1 AND ap.product_id = i.id`

// presentProducts answers which of the product ids are rows of the assortment.
func (s *Store) presentProducts(ctx context.Context, tx pgx.Tx, assortmentID string, ids []string) ([]string, error) {
	rows, err := tx.Query(ctx, presentProductsSQL, assortmentID, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// inSeasonProducts answers which of the product ids are rows of another assortment of a's org
// type, season, year and region (archived ones aside); none when a has no season or year.
// The few assortments are found first, so their rows are read through
// assortment_products_product_idx.
func (s *Store) inSeasonProducts(ctx context.Context, tx pgx.Tx, a *Assortment, ids []string) ([]string, error) {
	if a.Season == "" || a.Year == nil || len(ids) == 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `SELECT DISTINCT ap.product_id FROM assortment_products ap
		JOIN unnest($6::text[]) AS i(id) ON ap.product_id = i.id
		WHERE ap.assortment_id = ANY(ARRAY(SELECT o.id FROM assortments o WHERE o.id <> $1 AND o.type = 'item'
			AND o.org_type = $2 AND o.season = $3 AND o.year = $4 AND o.region = $5 AND o.state <> 'archived'))`, a.ID, a.OrgType, a.Season, *a.Year, a.Region, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// nextSort is the sort position after the assortment's last row.
func (s *Store) nextSort(ctx context.Context, tx pgx.Tx, assortmentID string) (int, error) {
	var next int
	err := tx.QueryRow(ctx, `SELECT COALESCE(max(sort) + 1, 0) FROM assortment_products WHERE assortment_id = $1`, assortmentID).Scan(&next)
	return next, err
}

// deleteRows deletes the rows whose version is still the one given; it answers the ids deleted.
func (s *Store) deleteRows(ctx context.Context, tx pgx.Tx, assortmentID string, ids []string, versions []int64) ([]string, error) {
	rows, err := tx.Query(ctx, `DELETE FROM assortment_products ap USING unnest($2::bigint[], $3::bigint[]) AS d(id, version)
		WHERE ap.assortment_id = $1 AND ap.id = d.id AND ap.version = d.version RETURNING ap.id::text`, assortmentID, ids, versions)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// dropOrphanAlerts removes the alerts of rows no longer in the assortment.
func (s *Store) dropOrphanAlerts(ctx context.Context, tx pgx.Tx, assortmentID string) error {
	_, err := tx.Exec(ctx, `DELETE FROM assortment_alerts al WHERE al.assortment_id = $1 AND NOT EXISTS
		(SELECT 1 FROM assortment_products ap WHERE ap.assortment_id = al.assortment_id AND ap.style = al.style AND ap.color = al.color)`, assortmentID)
	return err
}

// alertDiscontinued raises an alert for each of the rows ids discontinued in location.
func (s *Store) alertDiscontinued(ctx context.Context, tx pgx.Tx, assortmentID, location string, ids []string) error {
	_, err := tx.Exec(ctx, `INSERT INTO assortment_alerts (assortment_id, style, color, type, params, message)
		SELECT ap.assortment_id, ap.style, ap.color, '`+AlertDiscontinued+`', jsonb_build_object('location', pl.code),
			'Discontinued in ' || pl.code
		FROM assortment_products ap JOIN catalog_locations pl ON pl.product_id = ap.product_id AND pl.code = $2
		WHERE ap.assortment_id = $1 AND ap.id = ANY($3::bigint[]) AND pl.line_status = 'D'
		ON CONFLICT DO NOTHING`, assortmentID, location, ids)
	return err
}

// clearAlerts removes the alerts of the given product ids (nil: every alert); it answers how many.
func (s *Store) clearAlerts(ctx context.Context, tx pgx.Tx, assortmentID string, productIDs []string) (int, error) {
	sql, args := `DELETE FROM assortment_alerts WHERE assortment_id = $1`, []any{assortmentID}
	if productIDs != nil {
		sql, args = sql+` AND style || '_' || color = ANY($2)`, append(args, productIDs)
	}
	tag, err := tx.Exec(ctx, sql, args...)
	return int(tag.RowsAffected()), err
}

// propagateStyle sets the style-wide columns (column → value) on the style's other rows where
// they differ; it answers the ids of the rows changed.
func (s *Store) propagateStyle(ctx context.Context, tx pgx.Tx, assortmentID, style, exceptID string, set map[string]any) ([]string, error) {
	b := psql.Update("assortment_products").
		Set("version", sq.Expr("version + 1")).Set("modified_date", sq.Expr("now()")).
		Where("assortment_id = ?", assortmentID).Where("style = ?", style).Where("id <> ?::bigint", exceptID).
		Suffix("RETURNING id::text")
	cols := make([]string, 0, len(set))
	for col := range set {
		cols = append(cols, col)
	}
	slices.Sort(cols)
	var differs sq.Or
	for _, col := range cols {
		b = b.Set(col, sq.Expr("?::text", set[col]))
		differs = append(differs, sq.Expr(col+" IS DISTINCT FROM ?::text", set[col]))
	}
	rows, err := db.Query(ctx, tx, b.Where(differs))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// renameRow gives a row its new style and colour if its version is still the one given; false
// when it is not.
func (s *Store) renameRow(ctx context.Context, tx pgx.Tx, assortmentID string, r RenameRow) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE assortment_products SET style = $3, color = $4, product_id = $3 || '_' || $4,
		version = version + 1, modified_date = now() WHERE assortment_id = $1 AND id = $2::bigint AND version = $5`,
		assortmentID, r.ID, r.NewStyle, r.NewColor, r.Version)
	return tag.RowsAffected() > 0, err
}

// sortRow moves a row to its sort position, checking its version when one is given; false when
// no row was moved.
func (s *Store) sortRow(ctx context.Context, tx pgx.Tx, assortmentID string, so SortRow) (bool, error) {
	q := `UPDATE assortment_products SET sort = $3, version = version + 1, modified_date = now() WHERE assortment_id = $1 AND id = $2::bigint`
	args := []any{assortmentID, so.ID, so.Sort}
	if so.Version > 0 {
		q += ` AND version = $4`
		args = append(args, so.Version)
	}
	tag, err := tx.Exec(ctx, q, args...)
	return tag.RowsAffected() > 0, err
}

// rowVersion is a row's current version (pgx.ErrNoRows when the assortment has no such row).
func (s *Store) rowVersion(ctx context.Context, tx pgx.Tx, assortmentID, id string) (int64, error) {
	var v int64
	err := tx.QueryRow(ctx, `SELECT version FROM assortment_products WHERE assortment_id = $1 AND id = $2::bigint`, assortmentID, id).Scan(&v)
	return v, err
}
