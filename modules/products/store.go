package products

import (
	"context"
	"fmt"
	"sort"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Store reads the catalog.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the catalog store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

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
	dest := append([]any{&p.Style, &p.Color, &p.StyleNumeric, &p.Name, &p.ProductType, &p.Description, &p.Features, &p.NRF,
		&p.Vegan, &p.ColorDescription, &p.Division, &p.Gender, &p.SizeScale, &p.Outsole, &p.Upper, &p.SeasonCodes, &p.Season,
		&p.Year, &p.Region, &p.Channel, &p.KeyInitiative, &p.FirstCost, &p.Cost, &p.DiscountPercent,
		&p.DiscountAmount, &p.SuggestedRetail, &p.Label, &p.Quantity, &p.QuantityOnHand, &p.StyleQuantity,
		&p.StyleQuantityOnHand, &p.ColorPercent, &p.Percentage, &p.BoxCategory, &p.DutyCode, &p.Units,
		&p.Capacity, &p.CapacityUnit, &p.Dimensions, &p.MetricDimensions, &p.ExpirationDate, &p.PopCategory, &p.PopType,
		&p.PopGender, &p.Relationships, &p.Usage, &p.Materials, &p.StyleNote, &p.ColorNote, &p.CollectionStyleNote,
		&p.CollectionColorNote, &p.Pillar, &p.LifeCycle, &p.DueDate, &p.Samples, &p.RushSamples, &p.FocusStyle, &p.StoreType,
		&p.UsaDc, &p.BoughtStatus, &p.NewColor, &p.Carryover, &p.AvailabilityDate, &p.InSampleOrders, &p.InWholesaleOrders,
		&p.Categories, &p.ECommerce, &p.Components, &p.CreatedDate, &p.UpdatedDate, &p.ModifiedDate}, extra...)
	if err := row.Scan(dest...); err != nil {
		return err
	}
	if len(p.Relationships) == 0 {
		p.Relationships = nil
	}
	return nil
}

// Count answers how many products match q (call q.Normalize first).
func (s *Store) Count(ctx context.Context, q Querier, query *Query) (int, error) {
	sql, args, err := psql.Select("count(*)").From("products p").Where(query.where()).ToSql()
	if err != nil {
		return 0, err
	}
	var n int
	err = q.QueryRow(ctx, sql, args...).Scan(&n)
	return n, err
}

// Page counts the products matching q and finds one page of them on the narrow search table,
// then reads the page's rows whole with their pricing locations (only the query's location
// when onlyLocation is set). Counting apart lets the page use the sort index; one window query
// for both was slower on every broad search.
func (s *Store) Page(ctx context.Context, tx Querier, query *Query, onlyLocation bool) (int, []Product, error) {
	total, err := s.Count(ctx, tx, query)
	if err != nil {
		return 0, nil, err
	}
	order, needLoc := query.orderBy()
	b := psql.Select("p.id").From("products p").Where(query.where()).OrderBy(order...)
	if needLoc {
		b = b.LeftJoin("product_locations pl ON pl.product_id = p.id AND pl.code = ?", query.Location())
	}
	limit := query.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	b = b.Limit(uint64(limit)).Offset(uint64(query.Skip))
	sql, args, err := b.ToSql()
	if err != nil {
		return 0, nil, err
	}
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return 0, nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, nil, err
	}
	loc := ""
	if onlyLocation {
		loc = query.Location()
	}
	page, err := s.ByIDs(ctx, tx, ids, loc, false)
	return total, page, err
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

// Querier is what the store reads through: a pool or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
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
	return row.Scan(append(before, &l.Code, &l.CurrencySymbol, &l.DecimalPlaces, &l.LineStatus, &l.SizeRange,
		&l.WholesalePrice, &l.OriginalCost, &l.SuggestedRetail, &l.StatusDate, &l.LastProdDate, &l.StyleLastProdDate,
		&l.AddDate, &l.FirstAvailDate, &l.TotalInventory, &l.Availability)...)
}

// attachLocations loads the pricing locations of page (one location when loc is set).
func (s *Store) attachLocations(ctx context.Context, q Querier, page []Product, loc string) error {
	if len(page) == 0 {
		return nil
	}
	ids := make([]string, len(page))
	at := make(map[string]int, len(page))
	for i := range page {
		id := ID(page[i].Style, page[i].Color)
		ids[i] = id
		at[id] = i
		page[i].Locations = []Location{}
	}
	sql := `SELECT pl.product_id, ` + LocationColumns + ` FROM product_locations pl` + LocationJoins +
		` WHERE pl.product_id = ANY($1)`
	args := []any{ids}
	if loc != "" {
		sql += ` AND pl.code = $2`
		args = append(args, loc)
	}
	sql += ` ORDER BY pl.product_id, CASE pl.code WHEN 'US' THEN 0 WHEN 'CA' THEN 1 WHEN 'EU' THEN 2 WHEN 'UK' THEN 3 ELSE 4 END, pl.code`
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var id string
	for rows.Next() {
		var l Location
		if err := ScanLocation(rows, &l, &id); err != nil {
			return err
		}
		if i, ok := at[id]; ok {
			page[i].Locations = append(page[i].Locations, l)
		}
	}
	return rows.Err()
}

// ByIDs loads the products with these style_color ids, in the order given (unknown ids are
// left out), with their colours when withColors is set.
func (s *Store) ByIDs(ctx context.Context, q Querier, ids []string, loc string, withColors bool) ([]Product, error) {
	if len(ids) == 0 {
		return []Product{}, nil
	}
	rows, err := q.Query(ctx, `SELECT `+SelectColumns+` FROM `+SelectFrom+` WHERE p.id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	found := map[string]*Product{}
	var list []Product
	for rows.Next() {
		list = append(list, Product{})
		if err := ScanProduct(rows, &list[len(list)-1]); err != nil {
			rows.Close()
			return nil, err
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := s.attachLocations(ctx, q, list, loc); err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Derive()
		found[list[i].ID] = &list[i]
	}
	out := make([]Product, 0, len(list))
	seen := map[string]bool{}
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

// Pair is a style and colour.
type Pair struct {
	Style string `json:"style"`
	Color string `json:"color"`
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
	sql, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, sql, args...)
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
	sql, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, sql, args...)
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
