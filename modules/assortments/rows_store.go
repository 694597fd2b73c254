package assortments

import (
	"context"
	"encoding/json"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/modules/products"
)

// staticRowsSQL reads the rows of a static assortment; its two "?" are staticArgs (squirrel
// numbers them with any condition appended). Ordered by ap.sort first, it streams: the plan walks
// the (assortment_id, sort) index and sorts only rows of equal sort, so the first rows leave the
// database while the last are still being joined.
const staticRowsSQL = `SELECT ap.id::text, ap.version, ap.style, ap.color, p.style_numeric, ap.sort, ap.is_new, p.name,
 p.product_type, p.gender, p.division, p.color_description, p.season, p.year, p.carryover, p.new_color, p.size_scale,
 ap.thumbnail, ap.print_image, ap.cost::float8, ap.net_cost::float8, ap.suggested_retail::float8,
 ap.discount_percent::float8, ap.discount_amount::float8, ap.label, ap.quantity::int8, ap.quantity_on_hand::int8,
 ap.style_note, ap.color_note, ap.collection_style_note, ap.collection_color_note, ap.pillar, ap.store_type, ap.starred,
 ap.selected, ap.display_group, d.dimensions, d.metric_dimensions, d.capacity::float8, d.capacity_unit,
 pl.code, c.currency_symbol, c.decimal_places, pl.line_status, pl.size_range, pl.wholesale_price::float8,
 pl.original_cost::float8, pl.suggested_retail::float8, pl.status_date, pl.last_prod_date, pl.style_last_prod_date,
 pl.add_date, pl.first_avail_date, pl.total_inventory, pl.availability
 FROM assortment_products ap
 JOIN catalog_products p ON p.id = ap.product_id
 JOIN catalog_details d ON d.product_id = ap.product_id
 LEFT JOIN catalog_locations pl ON pl.product_id = ap.product_id AND pl.code = ?
 LEFT JOIN locations lo ON lo.code = pl.code
 LEFT JOIN currencies c ON c.currency_code = lo.currency_code
 WHERE ap.assortment_id = ?`

const staticRowsOrder = ` ORDER BY ap.sort, p.style_numeric, ap.color`

// staticArgs are the arguments of staticRowsSQL's placeholders.
func staticArgs(a *Assortment) []any { return []any{a.LocationID, a.ID} }

// scanTarget is one row's scan destinations.
type scanTarget struct {
	r    Row
	loc  products.Location
	code *string
	sym  *string
	dec  *int
	ls   *string
	sr   *string
	inv  *int
	av   []byte
}

func (t *scanTarget) dest() []any {
	r, l := &t.r, &t.loc
	return []any{&r.ID, &r.Version, &r.Style, &r.Color, &r.StyleNumeric, &r.Sort, &r.IsNew, &r.Name,
		&r.ProductType, &r.Gender, &r.Division, &r.ColorDescription, &r.Season, &r.Year, &r.Carryover, &r.NewColor, &r.SizeScale,
		&r.Thumbnail, &r.PrintImage, &r.Cost, &r.NetCost, &r.SuggestedRetail,
		&r.DiscountPercent, &r.DiscountAmount, &r.Label, &r.Quantity, &r.QuantityOnHand,
		&r.StyleNote, &r.ColorNote, &r.CollectionStyleNote, &r.CollectionColorNote, &r.Pillar, &r.StoreType, &r.Starred,
		&r.Selected, &r.DisplayGroup, &r.Dimensions, &r.MetricDimensions, &r.Capacity, &r.CapacityUnit,
		&t.code, &t.sym, &t.dec, &t.ls, &t.sr, &l.WholesalePrice,
		&l.OriginalCost, &l.SuggestedRetail, &l.StatusDate, &l.LastProdDate, &l.StyleLastProdDate,
		&l.AddDate, &l.FirstAvailDate, &t.inv, &t.av}
}

// row finishes a scanned row: the location when the product is priced there.
func (t *scanTarget) row() Row {
	r := t.r
	if t.code != nil {
		l := t.loc
		l.Code = *t.code
		if t.sym != nil {
			l.CurrencySymbol = *t.sym
		}
		if t.dec != nil {
			l.DecimalPlaces = *t.dec
		}
		if t.ls != nil {
			l.LineStatus = *t.ls
		}
		if t.sr != nil {
			l.SizeRange = *t.sr
		}
		if t.inv != nil {
			l.TotalInventory = *t.inv
		}
		l.Availability = append(json.RawMessage(nil), t.av...)
		r.Location = &l
	}
	return r
}

// readStatic loads the rows of a static assortment (only ids when given), derived.
func (s *Store) readStatic(ctx context.Context, q querier, a *Assortment, ids []string, rc rowContext) ([]Row, error) {
	out := make([]Row, 0, 64)
	err := s.eachStatic(ctx, q, a, ids, rc, func(r *Row) error {
		out = append(out, *r)
		return nil
	})
	return out, err
}

// eachStatic hands the rows of a static assortment (only ids when given), derived and in grid
// order, to fn as they are read; the row is reused after fn returns.
func (s *Store) eachStatic(ctx context.Context, q querier, a *Assortment, ids []string, rc rowContext, fn func(*Row) error) error {
	sql := staticRowsSQL
	args := staticArgs(a)
	if ids != nil {
		sql += ` AND ap.id = ANY(?::bigint[])`
		args = append(args, ids)
	}
	sql, err := sq.Dollar.ReplacePlaceholders(sql + staticRowsOrder)
	if err != nil {
		return err
	}
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	return scanRows(rows, rc, fn)
}

// scanRows reads static rows, derives each and hands it to fn; it closes rows.
func scanRows(rows pgx.Rows, rc rowContext, fn func(*Row) error) error {
	defer rows.Close()
	var t scanTarget
	dest := t.dest()
	for rows.Next() {
		t = scanTarget{}
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		r := t.row()
		st := rc.styles[r.Style]
		r.StyleQuantity, r.StyleQuantityOnHand = st.quantity, st.onHand
		r.derive(rc.alerts)
		if err := fn(&r); err != nil {
			return err
		}
	}
	return rows.Err()
}

// styleTotalsSQL sums a static assortment's quantities per style.
const styleTotalsSQL = `SELECT style, coalesce(sum(quantity), 0)::int8, coalesce(sum(quantity_on_hand), 0)::int8
 FROM assortment_products WHERE assortment_id = $1 GROUP BY style`

func scanStyleTotals(rows pgx.Rows) (map[string]styleTotal, error) {
	defer rows.Close()
	out := map[string]styleTotal{}
	for rows.Next() {
		var style string
		var t styleTotal
		if err := rows.Scan(&style, &t.quantity, &t.onHand); err != nil {
			return nil, err
		}
		out[style] = t
	}
	return out, rows.Err()
}

// stylesOfRowsSQL is the styles of rows $2 of assortment $1.
const stylesOfRowsSQL = `SELECT s.style FROM unnest($2::bigint[]) AS i(id)
	JOIN assortment_products s ON s.id = i.id WHERE s.assortment_id = $1`

// rowContext reads the alerts and style totals of a static assortment's rows in one round trip.
func (s *Store) rowContext(ctx context.Context, q querier, assortmentID string) (rowContext, error) {
	return s.readRowContext(ctx, q, alertsSQL, styleTotalsSQL, assortmentID)
}

// rowContextOf is rowContext for the styles of the rows ids alone: what a batch answers its
// changed rows with, without reading every style and alert of a large assortment.
func (s *Store) rowContextOf(ctx context.Context, q querier, assortmentID string, ids []string) (rowContext, error) {
	return s.readRowContext(ctx, q,
		`SELECT style, color, type, params::text, message, created_date FROM assortment_alerts
		WHERE assortment_id = $1 AND style IN (`+stylesOfRowsSQL+`) ORDER BY style, color, type`,
		`SELECT style, coalesce(sum(quantity), 0)::int8, coalesce(sum(quantity_on_hand), 0)::int8
		FROM assortment_products WHERE assortment_id = $1 AND style IN (`+stylesOfRowsSQL+`) GROUP BY style`,
		assortmentID, ids)
}

// readRowContext runs an alerts query and a style totals query, both with args, in one batch.
func (s *Store) readRowContext(ctx context.Context, q querier, alerts, totals string, args ...any) (rowContext, error) {
	var (
		b  pgx.Batch
		rc rowContext
	)
	b.Queue(alerts, args...).Query(func(rows pgx.Rows) error {
		list, err := scanAlerts(rows)
		rc.alerts = alertMap(list)
		return err
	})
	b.Queue(totals, args...).Query(func(rows pgx.Rows) error {
		var err error
		rc.styles, err = scanStyleTotals(rows)
		return err
	})
	return rc, q.SendBatch(ctx, &b).Close()
}
