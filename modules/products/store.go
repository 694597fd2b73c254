package products

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Store reads the catalog.
type Store struct {
	db *pgxpool.Pool
	// skips are the position indexes of the lists read deeply (see skipTables).
	skips *skipTables
	// counts are the capped counts of the filters read (see keptCounts).
	counts keptCounts
}

// NewStore gives the catalog store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db, skips: newSkipTables()} }

// maxCounts bounds how many filters' counts a server keeps.
const maxCounts = 256

// keptCounts keeps the capped count and the planner's estimate of each filter (with its pricing
// location) that a block sorted by a location's value was read for, with the catalog version they
// were read at (as the store's position indexes and the service's figures keep theirs): the
// count does not depend on the block's order or place, and a filter's first block counts up to
// CountCap+1 matches, which for a filter with a condition on a location's price hashed every row
// of that location above the price (33,745 rows at a million products, 1,671 at 50,000). The
// blocks that follow (another sort, the block read again) use the count while the version their
// own snapshot reads is the one it was counted at: every write to products or their locations
// moves it, in the writing transaction.
type keptCounts struct {
	mu      sync.Mutex
	entries map[string]keptCount
}

type keptCount struct {
	version int64
	n, est  int
}

// get answers the count kept for key at version.
func (k *keptCounts) get(key string, version int64) (keptCount, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	c, ok := k.entries[key]
	return c, ok && c.version == version
}

func (k *keptCounts) put(key string, c keptCount) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.entries == nil || len(k.entries) >= maxCounts {
		k.entries = map[string]keptCount{}
	}
	k.entries[key] = c
}

// countKey identifies q's filter and pricing location among the kept counts.
func countKey(q *Query) (string, error) {
	sql, args, err := cappedCountSQL(q)
	return fmt.Sprintf("%s\x00%#v", sql, args), err
}

// ScanDate lets pgx read a date column into a Date.
func (d *Date) ScanDate(v pgtype.Date) error {
	if !v.Valid {
		return fmt.Errorf("NULL date into a non-pointer Date")
	}
	d.Time = v.Time
	return nil
}

// SelectColumns is the column list ScanProduct reads from SelectFrom (products p with their
// details d); other modules join the catalog with it.
const SelectColumns = `p.style, p.color, p.style_numeric, p.name, p.product_type, d.description, p.features, d.nrf,
 p.vegan, p.color_description, p.division, p.gender, p.size_scale, p.outsole, p.upper_material, p.season_codes, p.season,
 p.year, p.region, p.channel, ` + KeyInitiativeExpr + `, p.first_cost::float8, p.cost::float8, p.discount_percent::float8,
 p.discount_amount::float8, p.suggested_retail::float8, p.label, p.quantity, p.quantity_on_hand, p.style_quantity,
 p.style_quantity_on_hand, p.color_percent::float8, p.percentage::float8, d.box_category, d.duty_code, d.units,
 d.capacity::float8, d.capacity_unit, d.dimensions, d.metric_dimensions, d.expiration_date, p.pop_category, p.pop_type,
 p.pop_gender, d.relationships, p.usage, d.materials, d.style_note, d.color_note, d.collection_style_note,
 d.collection_color_note, p.pillar, p.life_cycle, d.due_date, d.samples, d.rush_samples, p.focus_style, p.store_type,
 p.usa_dc, p.bought_status, p.new_color, p.carryover, p.availability_date, p.in_sample_orders, p.in_wholesale_orders,
 p.categories, d.ecommerce, d.components, p.created_date, p.updated_date, p.modified_date`

// SelectFrom is the FROM of SelectColumns.
const SelectFrom = `products p JOIN product_details d ON d.product_id = p.id`

// ScanProduct reads the SelectColumns (plus extra destinations after them) into p.
func ScanProduct(row pgx.Row, p *Product, extra ...any) error {
	var cat, ecom, comp []byte
	dest := append([]any{&p.Style, &p.Color, &p.StyleNumeric, &p.Name, &p.ProductType, &p.Description, &p.Features, &p.NRF,
		&p.Vegan, &p.ColorDescription, &p.Division, &p.Gender, &p.SizeScale, &p.Outsole, &p.Upper, &p.SeasonCodes, &p.Season,
		&p.Year, &p.Region, &p.Channel, &p.KeyInitiative, &p.FirstCost, &p.Cost, &p.DiscountPercent,
		&p.DiscountAmount, &p.SuggestedRetail, &p.Label, &p.Quantity, &p.QuantityOnHand, &p.StyleQuantity,
		&p.StyleQuantityOnHand, &p.ColorPercent, &p.Percentage, &p.BoxCategory, &p.DutyCode, &p.Units,
		&p.Capacity, &p.CapacityUnit, &p.Dimensions, &p.MetricDimensions, &p.ExpirationDate, &p.PopCategory, &p.PopType,
		&p.PopGender, &p.Relationships, &p.Usage, &p.Materials, &p.StyleNote, &p.ColorNote, &p.CollectionStyleNote,
		&p.CollectionColorNote, &p.Pillar, &p.LifeCycle, &p.DueDate, &p.Samples, &p.RushSamples, &p.FocusStyle, &p.StoreType,
		&p.UsaDc, &p.BoughtStatus, &p.NewColor, &p.Carryover, &p.AvailabilityDate, &p.InSampleOrders, &p.InWholesaleOrders,
		&cat, &ecom, &comp, &p.CreatedDate, &p.UpdatedDate, &p.ModifiedDate}, extra...)
	if err := row.Scan(dest...); err != nil {
		return err
	}
	if err := scanCategories(cat, &p.Categories); err != nil {
		return err
	}
	if err := scanECommerce(ecom, &p.ECommerce); err != nil {
		return err
	}
	if err := scanComponents(comp, &p.Components); err != nil {
		return err
	}
	if len(p.Relationships) == 0 {
		p.Relationships = nil
	}
	return nil
}

// CountCap is where a search stops counting exactly. It is the product search query limit (the
// most rows one query answers and the most one adds to an assortment, platform spec §9): past it
// the exact figure changes nothing the user can do, and counting it would read most of the
// catalog on every broad search.
const CountCap = 1000

// custom runs a search statement as an unnamed prepared statement, so that PostgreSQL plans it
// for its actual values: one statement text serves very different searches ("%black%" matches a
// quarter of the catalog, "%1004%" a handful) and a cached generic plan would suit only some.
const custom = pgx.QueryExecModeCacheDescribe

func withMode(args []any) []any { return append([]any{custom}, args...) }

// Count answers exactly how many products match q (call q.Normalize first); it reads every match,
// so searches answer CountCapped instead.
func (s *Store) Count(ctx context.Context, q Querier, query *Query) (int, error) {
	sql, args, err := psql.Select("count(*)").From("products p").Where(query.where()).ToSql()
	if err != nil {
		return 0, err
	}
	var n int
	err = q.QueryRow(ctx, sql, withMode(args)...).Scan(&n)
	return n, err
}

// CountCapped counts the matches of q up to CountCap and estimates beyond it.
func (s *Store) CountCapped(ctx context.Context, q Querier, query *Query) (Total, error) {
	sql, args, err := cappedCountSQL(query)
	if err != nil {
		return Total{}, err
	}
	var n int
	if err := q.QueryRow(ctx, sql, withMode(args)...).Scan(&n); err != nil {
		return Total{}, err
	}
	return s.finishCount(ctx, q, query, n)
}

func cappedCountSQL(query *Query) (string, []any, error) {
	sub := psql.Select("1").From("products p").Where(query.where()).Limit(CountCap + 1)
	return psql.Select("count(*)").FromSelect(sub, "x").ToSql()
}

// finishCount turns a count stopped at CountCap+1 into a Total.
func (s *Store) finishCount(ctx context.Context, q Querier, query *Query, n int) (Total, error) {
	if n <= CountCap {
		return Total{Count: n}, nil
	}
	est, err := s.estimate(ctx, q, query)
	if err != nil {
		return Total{}, err
	}
	return Total{Count: max(est, CountCap+1), Capped: true}, nil
}

// estimate is the planner's row estimate for the matches of q (it plans, it does not run).
func (s *Store) estimate(ctx context.Context, q Querier, query *Query) (int, error) {
	sql, args, err := psql.Select("1").From("products p").Where(query.where()).ToSql()
	if err != nil {
		return 0, err
	}
	var plan []byte
	if err := q.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+sql, withMode(args)...).Scan(&plan); err != nil {
		return 0, err
	}
	return planRows(plan)
}

// Page counts the products matching q (see CountCapped) and finds one page of them on the narrow
// search table, then reads the page's rows whole with their pricing locations (only the query's
// location when onlyLocation is set). How the page is found depends on how many products the
// planner expects to match (see gatherBelow); where it gathers every match anyway, the count
// comes with the page.
func (s *Store) Page(ctx context.Context, tx Querier, query *Query, onlyLocation bool) (Total, []Product, error) {
	limit := query.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	ordered := query.indexOrdered()
	var (
		n, est int
		ids    []string
		err    error
	)
	if ordered {
		if _, est, err = s.countAndEstimate(ctx, tx, query, false, false); err != nil {
			return Total{}, nil, err
		}
		if est < gatherBelow {
			ids, n, err = s.gatherPage(ctx, tx, query, limit)
		} else {
			ids, n, err = s.walkPage(ctx, tx, query, limit)
		}
	} else {
		ids, n, est, err = s.pricedOrPlainPage(ctx, tx, query, limit)
	}
	if err != nil {
		return Total{}, nil, err
	}
	total := Total{Count: n}
	if n > CountCap {
		total = Total{Count: max(est, CountCap+1), Capped: true}
	}
	loc := ""
	if onlyLocation {
		loc = query.Location()
	}
	page, err := s.byIDs(ctx, tx, ids, loc, false, true)
	return total, page, err
}

// pricedOrPlainPage finds the ids of q's block when q's order is not indexOrdered, with the
// capped count of its matches and the planner's estimate: kept from an earlier block of the same
// filter at the same catalog version (see keptCounts), or counted (after the rows when they may
// reach past CountCap, see countAfter) and then kept.
func (s *Store) pricedOrPlainPage(ctx context.Context, tx Querier, query *Query, limit int) (ids []string, n, est int, err error) {
	key, err := countKey(query)
	if err != nil {
		return nil, 0, 0, err
	}
	version, err := s.settle(ctx, tx)
	if err != nil {
		return nil, 0, 0, err
	}
	if k, ok := s.counts.get(key, version); ok {
		ids, err = s.pageIDs(ctx, tx, query, limit, query.Skip)
		return ids, k.n, k.est, err
	}
	before := query.Skip+limit <= CountCap
	if n, est, err = s.countAndEstimate(ctx, tx, query, before, true); err != nil {
		return nil, 0, 0, err
	}
	if ids, err = s.pageIDs(ctx, tx, query, limit, query.Skip); err != nil {
		return nil, 0, 0, err
	}
	if !before {
		if n, err = s.countAfter(ctx, tx, query, len(ids)); err != nil {
			return nil, 0, 0, err
		}
	}
	s.counts.put(key, keptCount{version: version, n: n, est: est})
	return ids, n, est, nil
}

// countAfter is the capped count of q's matches once its block (got rows at q.Skip) is read: a
// block that holds a row past position CountCap shows that more than CountCap products match,
// which is all a capped count tells, so it is not counted again. A deep block thus costs no
// count; counting first read CountCap+1 matches in whatever order the planner chose, and for a
// filter on seasons it chose products_season_idx (year first), passing every product of the
// seasons not chosen in the first year before its first match: 165,000 index entries at a
// million products, a twentieth of that at 50,000.
func (s *Store) countAfter(ctx context.Context, tx Querier, query *Query, got int) (int, error) {
	if got > 0 && query.Skip+got > CountCap {
		return CountCap + 1, nil
	}
	sql, args, err := cappedCountSQL(query)
	if err != nil {
		return 0, err
	}
	var n int
	err = tx.QueryRow(ctx, sql, withMode(args)...).Scan(&n)
	return n, err
}

// settings are how the transaction plans the search statements. A batch cannot choose its
// statements' mode (see custom): the transaction plans them for their values instead (outside
// one this only warns). A page joins a product to at most one row of one location, so a memo of
// the join's lookups never hits and only costs: a walk along a location's prices ran about 15%
// faster without it. byIDs sets both back.
var settings = []string{`SET LOCAL plan_cache_mode = force_custom_plan`, `SET LOCAL enable_memoize = off`}

// settle sets the transaction's settings and reads the catalog's version, in one round trip.
func (s *Store) settle(ctx context.Context, tx Querier) (int64, error) {
	var batch pgx.Batch
	for _, set := range settings {
		batch.Queue(set)
	}
	var version int64
	batch.Queue(`SELECT version FROM products_catalog_version`).QueryRow(func(r pgx.Row) error { return r.Scan(&version) })
	return version, sendBatch(ctx, tx, &batch)
}

// countAndEstimate asks the planner how many products it expects to match q, and with count
// counts them up to CountCap+1, in one round trip, first setting the transaction's settings
// unless settled. The estimate is the total of a capped count, and it chooses how the page is
// found.
func (s *Store) countAndEstimate(ctx context.Context, tx Querier, query *Query, count, settled bool) (n, est int, err error) {
	esql, eargs, err := psql.Select("1").From("products p").Where(query.where()).ToSql()
	if err != nil {
		return 0, 0, err
	}
	var plan []byte
	var batch pgx.Batch
	if !settled {
		for _, set := range settings {
			batch.Queue(set)
		}
	}
	if count {
		csql, cargs, err := cappedCountSQL(query)
		if err != nil {
			return 0, 0, err
		}
		batch.Queue(csql, cargs...).QueryRow(func(r pgx.Row) error { return r.Scan(&n) })
	}
	batch.Queue("EXPLAIN (FORMAT JSON) "+esql, eargs...).QueryRow(func(r pgx.Row) error { return r.Scan(&plan) })
	if err := sendBatch(ctx, tx, &batch); err != nil {
		return 0, 0, err
	}
	est, err = planRows(plan)
	return n, est, err
}

// planRows reads the row estimate of an EXPLAIN (FORMAT JSON).
func planRows(plan []byte) (int, error) {
	var out []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal(plan, &out); err != nil || len(out) == 0 {
		return 0, fmt.Errorf("reading the plan estimate: %v", err)
	}
	return int(out[0].Plan.Rows), nil
}

// Below gatherBelow expected matches a page is cut from all the matches sorted (gatherPage)
// rather than by walking the sort index (walkPage): the planner, which assumes matches spread
// evenly along the sort order, walks it for searches whose matches all sit at its far end
// ("hoodie" among apparel reads 30,000 rows that way and 2,300 gathered).
const gatherBelow = 1500

// walkBudget is how many rows per requested row a page walk reads along the sort index before it
// gives up and gathers instead.
const walkBudget = 50

// indexOrdered reports whether q's order is one products_sort_idx or products_sort_desc_idx
// gives: style then colour, or style descending then colour.
func (q *Query) indexOrdered() bool {
	return len(q.Sort) == 0 || (len(q.Sort) == 1 && q.Sort[0].Key == "styleNumeric")
}

// walkPage counts q's matches up to CountCap+1 and reads its page along the sort index, together;
// the walk stops after walkBudget rows per row wanted whether or not they matched (the filter is
// computed, not applied, below the budget's LIMIT), and a page it leaves short is gathered. A deep
// page seeks through the list's position index instead (Store.block).
func (s *Store) walkPage(ctx context.Context, tx Querier, query *Query, limit int) ([]string, int, error) {
	csql, cargs, err := cappedCountSQL(query)
	if err != nil {
		return nil, 0, err
	}
	if deep(query.Skip) {
		ids, ok, err := s.block(ctx, tx, query.styleView(), limit, query.Skip)
		if err != nil {
			return nil, 0, err
		}
		if ok {
			n, err := s.countAfter(ctx, tx, query, len(ids))
			return ids, n, err
		}
	}
	order, _ := query.orderBy()
	where := query.where()
	var b sq.SelectBuilder
	var args []any
	if len(where) == 0 {
		// Every row walked matches.
		b = psql.Select("p.id").From("products p").OrderBy(order...).Limit(uint64(limit)).Offset(uint64(query.Skip))
	} else {
		cond, cargs, err := where.ToSql()
		if err != nil {
			return nil, 0, err
		}
		inner := psql.Select("p.id", cond+" AS hit").From("products p").OrderBy(order...).
			Limit(uint64(walkBudget * (query.Skip + limit)))
		b, args = psql.Select("w.id").FromSelect(inner, "w").Where("w.hit").Limit(uint64(limit)).Offset(uint64(query.Skip)), cargs
	}
	wsql, wargs, err := b.ToSql()
	if err != nil {
		return nil, 0, err
	}
	var n int
	var ids []string
	var batch pgx.Batch
	batch.Queue(csql, cargs...).QueryRow(func(r pgx.Row) error { return r.Scan(&n) })
	batch.Queue(wsql, append(args, wargs...)...).Query(func(rows pgx.Rows) error {
		ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err := sendBatch(ctx, tx, &batch); err != nil {
		return nil, 0, err
	}
	if len(ids) == limit || len(where) == 0 {
		return ids, n, nil
	}
	ids, _, err = s.gatherPage(ctx, tx, query, limit)
	return ids, n, err
}

// gatherPage reads every match of q first and sorts them (MATERIALIZED keeps the planner from
// walking the sort index instead); it counts them on the way. q's order is indexOrdered.
func (s *Store) gatherPage(ctx context.Context, tx Querier, query *Query, limit int) ([]string, int, error) {
	order := "m.style_numeric, m.color"
	if len(query.Sort) > 0 && query.Sort[0].Order < 0 {
		order = "m.style_numeric DESC, m.color"
	}
	isql, args, err := psql.Select("p.id", "p.style_numeric", "p.color").From("products p").Where(query.where()).ToSql()
	if err != nil {
		return nil, 0, err
	}
	// The count rides on every row; a page past the end has none, and counts apart.
	sql := fmt.Sprintf("WITH m AS MATERIALIZED (%s) SELECT m.id, (SELECT count(*) FROM m) FROM m ORDER BY %s LIMIT %d OFFSET %d",
		isql, order, limit, query.Skip)
	rows, err := tx.Query(ctx, sql, withMode(args)...)
	if err != nil {
		return nil, 0, err
	}
	var ids []string
	var id string
	n := -1
	_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error {
		ids = append(ids, id)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	if n < 0 {
		csql, cargs, err := cappedCountSQL(query)
		if err != nil {
			return nil, 0, err
		}
		if err := tx.QueryRow(ctx, csql, withMode(cargs)...).Scan(&n); err != nil {
			return nil, 0, err
		}
	}
	return ids, n, nil
}

// PageRows is Page without the count, for callers that know it already.
func (s *Store) PageRows(ctx context.Context, tx Querier, query *Query, onlyLocation bool) ([]Product, error) {
	limit := query.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	ids, err := s.pageIDs(ctx, tx, query, limit, query.Skip)
	if err != nil {
		return nil, err
	}
	loc := ""
	if onlyLocation {
		loc = query.Location()
	}
	return s.ByIDs(ctx, tx, ids, loc, false)
}

// plainPage is the page query of q when its sort does not start with a location's value.
func (q *Query) plainPage(limit int) (sq.SelectBuilder, bool) {
	if len(q.Sort) > 0 && strings.HasPrefix(sortKeys[q.Sort[0].Key], "pl.") {
		return sq.SelectBuilder{}, false
	}
	order, needLoc := q.orderBy()
	b := psql.Select("p.id").From("products p").Where(q.where()).OrderBy(order...)
	if needLoc {
		b = b.LeftJoin("product_locations pl ON pl.product_id = p.id AND pl.code = ?", q.Location())
	}
	return b.Limit(uint64(limit)).Offset(uint64(q.Skip)), true
}

// priced selects the products priced in q's location that match q (a sort starting with a
// location's value reads them first).
func (q *Query) priced() sq.SelectBuilder { return q.pricedSelect().Columns("p.id") }

// pricedSelect is priced without its columns. Its filter reads the location conditions on the
// row it joined (locJoined) instead of looking that row up again for each product.
func (q *Query) pricedSelect() sq.SelectBuilder {
	return psql.Select().From("product_locations pl").Join("products p ON p.id = pl.product_id").
		Where(sq.Expr("pl.code = ?", q.Location())).Where(sortKeys[q.Sort[0].Key] + " IS NOT NULL").Where(q.whereJoined())
}

// pricedPage is the block of limit priced products after skip, in q's order along the
// location's index of the sorted value.
func (q *Query) pricedPage(limit, skip int) sq.SelectBuilder {
	if b, ok := q.divisionPage(limit, skip); ok {
		return b
	}
	order, _ := q.orderBy()
	dir := " ASC"
	if q.Sort[0].Order < 0 {
		dir = " DESC" // NULLs cannot occur here, so the index's backward order is this order
	}
	return q.priced().OrderBy(append([]string{sortKeys[q.Sort[0].Key] + dir}, order[1:]...)...).
		Limit(uint64(limit)).Offset(uint64(skip))
}

// seeks reports whether q's block at skip, sorted by a location's value, is found by seeking
// along that value's index (pricedBoundary): any deep block (skip > 0). Without the seek, the
// block at an offset of 225,000 joins and sorts every priced product that matches: the index
// holds the value but not the ties' order (style and colour).
func (q *Query) seeks(skip int) bool { return skip > 0 }

// pricedBoundary finds the value of the priced product at position skip of q's matches and how
// many of them come before the first one with that value: the block starts among the products
// of that value, at skip less that count. A list no search or filter narrows reads the
// location's index of the sorted value alone (an index-only scan); a narrowed one walks that
// index in order, keeping the matches (matchedBoundary).
func (q *Query) pricedBoundary(skip int) sq.SelectBuilder {
	if len(q.where()) > 0 {
		return q.matchedBoundary(skip)
	}
	col := strings.TrimPrefix(sortKeys[q.Sort[0].Key], "pl.")
	dir, before := " ASC", " < "
	if q.Sort[0].Order < 0 {
		dir, before = " DESC", " > "
	}
	at := psql.Select(col + " AS v").From("product_locations").Where(sq.Expr("code = ?", q.Location())).
		Where(col + " IS NOT NULL").OrderBy(col + dir).Offset(uint64(skip)).Limit(1)
	return psql.Select("b.v").Column(sq.Expr("(SELECT count(*) FROM product_locations WHERE code = ? AND "+col+before+"b.v)", q.Location())).
		FromSelect(at, "b")
}

// matchedBoundary is pricedBoundary for a list a search or filter narrows: it reads the
// location's index of the sorted value (with the product's id, an index-only scan) keeping the
// rows whose product matches (a semi-join: the planner hashes the ids of the matches, found
// through the filter's indexes, or looks each product up), orders only their values and stops
// at the (skip+1)th match; the matches before its value are those ranked before it. It sorts one
// number per match where joining and sorting the matches whole sorted their style and colour too.
func (q *Query) matchedBoundary(skip int) sq.SelectBuilder {
	col := sortKeys[q.Sort[0].Key]
	dir := " ASC"
	if q.Sort[0].Order < 0 {
		dir = " DESC"
	}
	walk := psql.Select(col + " AS v").From("product_locations pl").Where(sq.Expr("pl.code = ?", q.Location())).
		Where(col + " IS NOT NULL").Where(q.matching()).OrderBy(col + dir).Limit(uint64(skip) + 1)
	ranked := psql.Select("w.v", "rank() OVER (ORDER BY w.v"+dir+") - 1 AS before",
		"row_number() OVER (ORDER BY w.v"+dir+") AS n").FromSelect(walk, "w")
	return psql.Select("r.v", "r.before").FromSelect(ranked, "r").Where(sq.Eq{"r.n": skip + 1})
}

// matching is the condition on a location's row (alias pl) that its product matches q.
func (q *Query) matching() sq.Sqlizer {
	// Question placeholders: the statement it goes into numbers them.
	return sq.Expr("pl.product_id IN (?)", sq.Select("p.id").From("products p").Where(q.where()))
}

// pricedFrom is the block of limit priced products that starts offset products after the first
// one whose sorted value is v, in q's order (pricedPage from a boundary).
func (q *Query) pricedFrom(v any, offset, limit int) sq.SelectBuilder {
	order, _ := q.orderBy()
	col := sortKeys[q.Sort[0].Key]
	dir, from := " ASC", " >= ?"
	if q.Sort[0].Order < 0 {
		dir, from = " DESC", " <= ?"
	}
	return q.priced().Where(sq.Expr(col+from, v)).OrderBy(append([]string{col + dir}, order[1:]...)...).
		Limit(uint64(limit)).Offset(uint64(offset))
}

// pricedIDs finds the ids of the priced products of q's block of limit after skip: through the
// list's position index when the block is deep (Store.block), by seeking to the block's value
// when q.seeks(skip), otherwise along the index from the start.
func (s *Store) pricedIDs(ctx context.Context, tx Querier, q *Query, limit, skip int) ([]string, error) {
	if !q.seeks(skip) {
		return s.ids(ctx, tx, q.pricedPage(limit, skip))
	}
	if deep(skip) {
		ids, ok, err := s.block(ctx, tx, q.pricedView(), limit, skip)
		if err != nil || ok {
			return ids, err
		}
	}
	sql, args, err := q.pricedBoundary(skip).ToSql()
	if err != nil {
		return nil, err
	}
	var v any
	var before int
	switch err := tx.QueryRow(ctx, sql, args...).Scan(&v, &before); {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil // fewer priced products than skip: the block is of the unpriced ones
	case err != nil:
		return nil, err
	}
	return s.ids(ctx, tx, q.pricedFrom(v, skip-before, limit))
}

// sendBatch runs a batch in one round trip.
func sendBatch(ctx context.Context, q Querier, b *pgx.Batch) error {
	return q.SendBatch(ctx, b).Close()
}

func (s *Store) ids(ctx context.Context, tx Querier, b sq.SelectBuilder) ([]string, error) {
	sql, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, sql, withMode(args)...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// pageIDs finds the ids of one page of q in order. A sort that starts with a location's price
// or inventory reads the products priced there in that order along the location's index and
// only then the others (whose value is NULL, so they come last either way): sorting the whole
// catalog joined to its locations instead costs tens of milliseconds for every such search.
func (s *Store) pageIDs(ctx context.Context, tx Querier, query *Query, limit, skip int) ([]string, error) {
	q := *query
	q.Skip = skip
	if b, ok := q.plainPage(limit); ok {
		return s.ids(ctx, tx, b)
	}
	order, _ := query.orderBy()
	where := query.where()
	col := sortKeys[query.Sort[0].Key]
	priced := query.priced()
	ids, err := s.pricedIDs(ctx, tx, query, limit, skip)
	if err != nil || len(ids) == limit {
		return ids, err
	}
	// The priced products ran out on this page: the rest continue after them.
	nPriced := skip + len(ids)
	if len(ids) == 0 && skip > 0 {
		sql, args, err := psql.Select("count(*)").FromSelect(priced, "x").ToSql()
		if err != nil {
			return nil, err
		}
		if err := tx.QueryRow(ctx, sql, withMode(args)...).Scan(&nPriced); err != nil {
			return nil, err
		}
	}
	rest := psql.Select("p.id").From("products p").
		LeftJoin("product_locations pl ON pl.product_id = p.id AND pl.code = ?", query.Location()).
		Where(col + " IS NULL").Where(where).OrderBy(order[1:]...).
		Limit(uint64(limit - len(ids))).Offset(uint64(max(0, skip-nPriced)))
	more, err := s.ids(ctx, tx, rest)
	return append(ids, more...), err
}

// Each calls fn with the products of one page of q, in order (see Page).
func (s *Store) Each(ctx context.Context, tx Querier, query *Query, onlyLocation bool, fn func(*Product) error) error {
	_, page, err := s.Page(ctx, tx, query, onlyLocation)
	if err != nil {
		return err
	}
	for i := range page {
		if err := fn(&page[i]); err != nil {
			return err
		}
	}
	return nil
}

// LocationColumns is the column list ScanLocation reads (alias pl, with c the currency and pa
// the availability).
const LocationColumns = `pl.code, c.currency_symbol, c.decimal_places, pl.line_status, pl.size_range,
 pl.wholesale_price::float8, pl.original_cost::float8, pl.suggested_retail::float8, pl.status_date, pl.last_prod_date,
 pl.style_last_prod_date, pl.add_date, pl.first_avail_date, pl.total_inventory, pa.availability`

// LocationJoins joins a location's currency and availability (after FROM product_locations pl).
const LocationJoins = ` JOIN locations lo ON lo.code = pl.code JOIN currencies c ON c.currency_code = lo.currency_code
 LEFT JOIN product_availability pa ON pa.product_id = pl.product_id AND pa.code = pl.code`

// ScanLocation reads the LocationColumns (plus extra destinations before them).
func ScanLocation(row pgx.Row, l *Location, before ...any) error {
	// Into bytes, not the RawMessage: pgx would run the stored JSON through json.Unmarshal.
	var av []byte
	err := row.Scan(append(before, &l.Code, &l.CurrencySymbol, &l.DecimalPlaces, &l.LineStatus, &l.SizeRange,
		&l.WholesalePrice, &l.OriginalCost, &l.SuggestedRetail, &l.StatusDate, &l.LastProdDate, &l.StyleLastProdDate,
		&l.AddDate, &l.FirstAvailDate, &l.TotalInventory, &av)...)
	l.Availability = av
	return err
}

// locationOrder lists a product's locations: US, CA, EU, UK, then the others by code.
const locationOrder = `CASE pl.code WHEN 'US' THEN 0 WHEN 'CA' THEN 1 WHEN 'EU' THEN 2 WHEN 'UK' THEN 3 ELSE 4 END, pl.code`

// locationsSQL reads the pricing locations of the products ids (one location when loc is set),
// in the display order of the locations.
func locationsSQL(ids []string, loc string) (string, []any) {
	sql := `SELECT pl.product_id, ` + LocationColumns + ` FROM product_locations pl` + LocationJoins +
		` WHERE pl.product_id = ANY($1)`
	args := []any{ids}
	if loc != "" {
		sql += ` AND pl.code = $2`
		args = append(args, loc)
	}
	return sql + ` ORDER BY pl.product_id, ` + locationOrder, args
}

// Facts reads the Facts of the products with these ids. The location read is loc, or with none
// given the first in the order the product's locations are listed (as ByIDs lists them).
func (s *Store) Facts(ctx context.Context, q Querier, ids []string, loc string, each func(Facts)) error {
	where := ``
	args := []any{ids}
	if loc != "" {
		where = ` AND pl.code = $2`
		args = append(args, loc)
	}
	rows, err := q.Query(ctx, `SELECT p.id, p.product_type, p.region, l.code IS NOT NULL, coalesce(l.line_status, ''),
		CASE WHEN l.code IS NULL THEN p.cost ELSE l.wholesale_price END::float8,
		CASE WHEN l.code IS NULL THEN p.suggested_retail ELSE l.suggested_retail END::float8,
		p.discount_percent::float8, coalesce(l.decimal_places, 2)
		FROM products p LEFT JOIN LATERAL (
			SELECT pl.code, pl.line_status, pl.wholesale_price, pl.suggested_retail, c.decimal_places
			FROM product_locations pl JOIN locations lo ON lo.code = pl.code JOIN currencies c ON c.currency_code = lo.currency_code
			WHERE pl.product_id = p.id`+where+`
			ORDER BY `+locationOrder+` LIMIT 1) l ON true
		WHERE p.id = ANY($1)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var f Facts
		if err := rows.Scan(&f.ID, &f.ProductType, &f.Region, &f.Located, &f.LineStatus, &f.Cost, &f.SuggestedRetail, &f.DiscountPercent, &f.DecimalPlaces); err != nil {
			return err
		}
		each(f)
	}
	return rows.Err()
}

// ByIDs loads the products with these style_color ids, in the order given (unknown ids are
// left out), with their colours when withColors is set. The products and their pricing
// locations are read in one round trip.
func (s *Store) ByIDs(ctx context.Context, q Querier, ids []string, loc string, withColors bool) ([]Product, error) {
	return s.byIDs(ctx, q, ids, loc, withColors, false)
}

// byIDs is ByIDs; reset first sets back what countAndEstimate set for the transaction: these
// statements read rows by id, which a cached generic plan does as well as a custom one, and
// planning the wide row reads anew every time cost more than running them.
func (s *Store) byIDs(ctx context.Context, q Querier, ids []string, loc string, withColors, reset bool) ([]Product, error) {
	var batch pgx.Batch
	if reset {
		batch.Queue(`SET LOCAL plan_cache_mode TO DEFAULT`)
		batch.Queue(`SET LOCAL enable_memoize TO DEFAULT`)
	}
	if len(ids) == 0 {
		if reset {
			return []Product{}, sendBatch(ctx, q, &batch)
		}
		return []Product{}, nil
	}
	var list []Product
	type located struct {
		id string
		l  Location
	}
	var locs []located
	batch.Queue(`SELECT `+SelectColumns+` FROM `+SelectFrom+` WHERE p.id = ANY($1)`, ids).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			list = append(list, Product{})
			if err := ScanProduct(rows, &list[len(list)-1]); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	lsql, largs := locationsSQL(ids, loc)
	batch.Queue(lsql, largs...).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			var x located
			if err := ScanLocation(rows, &x.l, &x.id); err != nil {
				return err
			}
			locs = append(locs, x)
		}
		return rows.Err()
	})
	if err := sendBatch(ctx, q, &batch); err != nil {
		return nil, err
	}
	found := make(map[string]*Product, len(list))
	for i := range list {
		list[i].Locations = []Location{}
		found[ID(list[i].Style, list[i].Color)] = &list[i]
	}
	for _, x := range locs {
		if p, ok := found[x.id]; ok {
			p.Locations = append(p.Locations, x.l)
		}
	}
	for i := range list {
		list[i].Derive()
	}
	out := make([]Product, 0, len(list))
	seen := make(map[string]bool, len(list))
	for _, id := range ids {
		if p, ok := found[id]; ok && !seen[id] {
			seen[id] = true
			out = append(out, *p)
		}
	}
	if withColors {
		if err := s.attachColors(ctx, q, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// attachColors lists every colour of each product's style.
func (s *Store) attachColors(ctx context.Context, q Querier, list []Product) error {
	styles := map[string]bool{}
	for _, p := range list {
		styles[p.Style] = true
	}
	keys := make([]string, 0, len(styles))
	for k := range styles {
		keys = append(keys, k)
	}
	rows, err := q.Query(ctx, `SELECT p.style, p.color, p.suggested_retail::float8, p.cost::float8, p.discount_amount::float8,
		EXISTS (SELECT 1 FROM product_locations x WHERE x.product_id = p.id AND x.line_status <> 'D')
		FROM products p WHERE p.style = ANY($1) ORDER BY p.style, p.color`, keys)
	if err != nil {
		return err
	}
	defer rows.Close()
	byStyle := map[string][]Color{}
	for rows.Next() {
		var style string
		var c Color
		var cost, disc *float64
		if err := rows.Scan(&style, &c.Color, &c.SuggestedRetail, &cost, &disc, &c.Active); err != nil {
			return err
		}
		c.Disabled = !c.Active
		c.Thumbnail = ImagePath(style, c.Color, "thumbnail")
		c.PrintImage = ImagePath(style, c.Color, "print")
		c.InitialMarkup = MarkupPercent(c.SuggestedRetail, NetCost(cost, disc))
		byStyle[style] = append(byStyle[style], c)
	}
	for i := range list {
		list[i].Colors = byStyle[list[i].Style]
	}
	return rows.Err()
}

// Existing answers which of the style_color ids are in the catalog.
func (s *Store) Existing(ctx context.Context, q Querier, ids []string) (map[string]bool, error) {
	rows, err := q.Query(ctx, `SELECT id FROM products WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(found))
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

// StyleSuggestion is one answer of the style autocomplete.
type StyleSuggestion struct {
	Style       string `json:"style"`
	Name        string `json:"name"`
	ProductType string `json:"productType"`
	Colors      int    `json:"colors"`
	Thumbnail   string `json:"thumbnail"`
}

// AutocompleteStyles finds styles whose number starts with text or whose name contains it;
// popColors, when given, keeps only POP styles offered in one of those colours.
func (s *Store) AutocompleteStyles(ctx context.Context, text string, popColors []string, limit int) ([]StyleSuggestion, error) {
	text = strings.ToLower(strings.TrimSpace(text))
	b := psql.Select("p.style", "min(p.name)", "min(p.product_type)", "count(*)", "min(p.color)").From("products p").
		Where(sq.Or{
			sq.Expr("p.style LIKE ?", escapeLike(strings.ToUpper(text))+"%"),
			sq.Expr(SearchExpr+" LIKE ?", "%"+escapeLike(text)+"%"),
		})
	if len(popColors) > 0 {
		b = b.Where(sq.Expr("(p.product_type <> 'POP' OR p.color = ANY(?::text[]))", popColors))
	}
	// Styles whose number starts with the text come first.
	b = b.GroupBy("p.style", "p.style_numeric").
		OrderByClause("(p.style LIKE ?) DESC", escapeLike(strings.ToUpper(text))+"%").
		OrderBy("p.style_numeric").
		Limit(uint64(limit))
	rows, err := db.Query(ctx, s.db, b)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (StyleSuggestion, error) {
		var x StyleSuggestion
		var color string
		err := r.Scan(&x.Style, &x.Name, &x.ProductType, &x.Colors, &color)
		x.Thumbnail = ImagePath(x.Style, color, "thumbnail")
		return x, err
	})
}

// ColorSuggestion is one answer of the colour autocomplete.
type ColorSuggestion struct {
	Style            string `json:"style"`
	Color            string `json:"color"`
	ColorDescription string `json:"colorDescription"`
	Thumbnail        string `json:"thumbnail"`
}

// AutocompleteColors finds colours starting with text (or whose description contains it),
// within style when one is given; popColors narrows POP products as for styles.
func (s *Store) AutocompleteColors(ctx context.Context, text, style string, popColors []string, limit int) ([]ColorSuggestion, error) {
	text = strings.TrimSpace(text)
	b := psql.Select("p.style", "p.color", "p.color_description").From("products p").
		Where(sq.Or{
			sq.Expr("p.color LIKE ?", escapeLike(strings.ToUpper(text))+"%"),
			sq.Expr("lower(p.color_description) LIKE ?", "%"+escapeLike(strings.ToLower(text))+"%"),
		})
	if style != "" {
		b = b.Where(sq.Eq{"p.style": strings.ToUpper(strings.TrimSpace(style))})
	}
	if len(popColors) > 0 {
		b = b.Where(sq.Expr("(p.product_type <> 'POP' OR p.color = ANY(?::text[]))", popColors))
	}
	b = b.OrderBy("p.style_numeric", "p.color").Limit(uint64(limit))
	rows, err := db.Query(ctx, s.db, b)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ColorSuggestion, error) {
		var x ColorSuggestion
		err := r.Scan(&x.Style, &x.Color, &x.ColorDescription)
		x.Thumbnail = ImagePath(x.Style, x.Color, "thumbnail")
		return x, err
	})
}

// Locations lists the pricing locations with their currencies (all when codes is nil).
func (s *Store) Locations(ctx context.Context, codes []string) ([]LocationInfo, error) {
	rows, err := s.db.Query(ctx, `SELECT l.code, l.name, l.region, c.currency_code, c.currency_symbol, c.decimal_places
		FROM locations l JOIN currencies c ON c.currency_code = l.currency_code
		WHERE $1::text[] IS NULL OR l.code = ANY($1) ORDER BY l.code`, codes)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (LocationInfo, error) {
		var l LocationInfo
		err := r.Scan(&l.Code, &l.Name, &l.Region, &l.CurrencyCode, &l.CurrencySymbol, &l.DecimalPlaces)
		return l, err
	})
	sort.SliceStable(out, func(i, j int) bool { return locationRank(out[i].Code) < locationRank(out[j].Code) })
	return out, err
}

func locationRank(code string) int {
	switch code {
	case "US":
		return 0
	case "CA":
		return 1
	case "EU":
		return 2
	case "UK":
		return 3
	}
	return 4
}

// imageFacts is what the image renderer needs of a product.
type imageFacts struct {
	ProductType string
	Type        string
}

// imageFactsOf reads the renderer's facts; found is false for an unknown style/colour.
func (s *Store) imageFactsOf(ctx context.Context, id string) (imageFacts, bool, error) {
	var f imageFacts
	err := s.db.QueryRow(ctx, `SELECT product_type, COALESCE(categories->>'type', categories->>'apparelSubType', pop_category, '')
		FROM products WHERE id = $1`, id).Scan(&f.ProductType, &f.Type)
	if err == pgx.ErrNoRows {
		return f, false, nil
	}
	return f, err == nil, err
}

// idsOfStyles answers the ids of the products of styles, by style number and colour, at most
// limit of them.
func (s *Store) idsOfStyles(ctx context.Context, styles []string, limit int) ([]string, error) {
	rows, err := s.db.Query(ctx, `SELECT id FROM products WHERE style = ANY($1) ORDER BY style_numeric, color LIMIT $2`, styles, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// catalogVersion answers the catalog's version (bumped by every change of its rows).
func (s *Store) catalogVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.db.QueryRow(ctx, `SELECT version FROM products_catalog_version`).Scan(&v)
	return v, err
}
