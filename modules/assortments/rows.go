package assortments

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/grid"
	"its/core/num"
	"its/modules/products"
)

// Row is one style/colour of an assortment as its detail grid shows it: the assortment's own
// values, the catalog's description and the pricing location of the assortment (spec §3.2).
type Row struct {
	ID                  string
	Version             int64
	Style               string
	Color               string
	StyleNumeric        int64
	Sort                int
	IsNew               bool
	Name                string
	ProductType         string
	Gender              string
	Division            string
	ColorDescription    string
	Season              string
	Year                int
	Carryover           bool
	NewColor            bool
	SizeScale           string
	Thumbnail           *string
	PrintImage          *string
	Cost                *float64
	NetCost             *float64
	SuggestedRetail     *float64
	DiscountPercent     *float64
	DiscountAmount      *float64
	Label               *string
	Quantity            *int64
	QuantityOnHand      *int64
	StyleNote           *string
	ColorNote           *string
	CollectionStyleNote *string
	CollectionColorNote *string
	Pillar              *string
	StoreType           *string
	Starred             bool
	Selected            bool
	DisplayGroup        *string
	Dimensions          string
	MetricDimensions    string
	Capacity            *float64
	CapacityUnit        string
	Location            *products.Location
	// Derived after reading.
	InitialMarkup       *float64
	SellThru            *float64
	StyleQuantity       int64
	StyleQuantityOnHand int64
	StyleSellThru       *float64
	Alerts              []Alert
}

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
 pl.add_date, pl.first_avail_date, pl.total_inventory, pa.availability
 FROM assortment_products ap
 JOIN products p ON p.id = ap.product_id
 JOIN product_details d ON d.product_id = ap.product_id
 LEFT JOIN product_locations pl ON pl.product_id = ap.product_id AND pl.code = ?
 LEFT JOIN product_availability pa ON pa.product_id = pl.product_id AND pa.code = pl.code
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

// fromProduct is a dynamic assortment's (read-only) row for a catalog product.
func fromProduct(p *products.Product, loc string, sort int) Row {
	r := Row{ID: p.ID, Style: p.Style, Color: p.Color, StyleNumeric: p.StyleNumeric, Sort: sort, Name: p.Name,
		ProductType: p.ProductType, Gender: p.Gender, Division: p.Division, ColorDescription: p.ColorDescription,
		Season: p.Season, Year: p.Year, Carryover: p.Carryover, NewColor: p.NewColor, SizeScale: p.SizeScale,
		DiscountPercent: p.DiscountPercent, Dimensions: p.Dimensions, MetricDimensions: p.MetricDimensions,
		Capacity: p.Capacity, CapacityUnit: p.CapacityUnit}
	q, oh := int64(p.Quantity), int64(p.QuantityOnHand)
	r.Quantity, r.QuantityOnHand = &q, &oh
	str := func(s string) *string { return &s }
	r.StyleNote, r.ColorNote = str(p.StyleNote), str(p.ColorNote)
	r.CollectionStyleNote, r.CollectionColorNote = str(p.CollectionStyleNote), str(p.CollectionColorNote)
	r.Pillar, r.StoreType, r.Label = str(p.Pillar), str(p.StoreType), str(p.Label)
	for i := range p.Locations {
		if p.Locations[i].Code == loc {
			l := p.Locations[i]
			r.Location = &l
			pr := pricingFromCatalog(p, &l)
			r.Cost, r.SuggestedRetail, r.DiscountAmount, r.NetCost = pr.Cost, pr.SuggestedRetail, pr.DiscountAmount, pr.NetCost
		}
	}
	return r
}

// pricingFromCatalog is the pricing a row starts with: the location's wholesale price and
// suggested retail, and the catalog's discount percentage applied to that price.
func pricingFromCatalog(p *products.Product, l *products.Location) Pricing {
	pr := Pricing{DiscountPercent: p.DiscountPercent}
	dec := 2
	if l != nil {
		pr.Cost, pr.SuggestedRetail, dec = l.WholesalePrice, l.SuggestedRetail, l.DecimalPlaces
	} else {
		pr.Cost, pr.SuggestedRetail = p.Cost, p.SuggestedRetail
	}
	if pr.Cost != nil && pr.DiscountPercent != nil {
		pr.DiscountAmount = f64(num.Float(num.Dec(*pr.Cost).Mul(num.Dec(*pr.DiscountPercent)).Shift(-2), dec))
	}
	pr.NetCost = pr.net(dec)
	return pr
}

// rowContext is what a row's derived values need besides the row: the assortment's alerts by
// product id and each style's totals over the whole assortment (so a filtered or partial read
// shows the same style sell-through as the full one).
type rowContext struct {
	alerts map[string][]Alert
	styles map[string]styleTotal
}

// styleTotal is a style's quantity and quantity on hand summed over its colours.
type styleTotal struct{ quantity, onHand int64 }

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

// rowContext reads the alerts and style totals of a static assortment's rows in one round trip.
func (s *Store) rowContext(ctx context.Context, q querier, assortmentID string) (rowContext, error) {
	var (
		b  pgx.Batch
		rc rowContext
	)
	b.Queue(alertsSQL, assortmentID).Query(func(rows pgx.Rows) error {
		alerts, err := scanAlerts(rows)
		rc.alerts = alertMap(alerts)
		return err
	})
	b.Queue(styleTotalsSQL, assortmentID).Query(func(rows pgx.Rows) error {
		var err error
		rc.styles, err = scanStyleTotals(rows)
		return err
	})
	return rc, q.SendBatch(ctx, &b).Close()
}

// deriveAll fills the computed values of rows read from the catalog (a dynamic assortment's):
// the style's totals over these rows, then each row's own values.
func deriveAll(rows []Row, alerts map[string][]Alert) {
	styles := map[string]styleTotal{}
	for i := range rows {
		r := &rows[i]
		t := styles[r.Style]
		if r.Quantity != nil {
			t.quantity += *r.Quantity
		}
		if r.QuantityOnHand != nil {
			t.onHand += *r.QuantityOnHand
		}
		styles[r.Style] = t
	}
	for i := range rows {
		r := &rows[i]
		t := styles[r.Style]
		r.StyleQuantity, r.StyleQuantityOnHand = t.quantity, t.onHand
		r.derive(alerts)
	}
}

// derive fills the row's computed values from its own and its style's totals: markup,
// sell-through per colour and per style, its alerts.
func (r *Row) derive(alerts map[string][]Alert) {
	r.InitialMarkup = products.MarkupPercent(r.SuggestedRetail, r.NetCost)
	var q, oh int64
	if r.Quantity != nil {
		q = *r.Quantity
	}
	if r.QuantityOnHand != nil {
		oh = *r.QuantityOnHand
	}
	r.SellThru = products.SellThru(int(q), int(oh))
	r.StyleSellThru = products.SellThru(int(r.StyleQuantity), int(r.StyleQuantityOnHand))
	r.Alerts = alerts[products.ID(r.Style, r.Color)]
	if r.Location != nil {
		r.Location.MarkupPercent = products.MarkupPercent(r.Location.SuggestedRetail, r.NetCost)
	}
}

// AppendJSON writes the row as the grid's JSON object. It is hand-written because the detail
// grid loads thousands of rows at once and this is most of that answer's cost.
func (r *Row) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = grid.AppendString(b, r.ID)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, r.Version, 10)
	b = appendField(b, "style", r.Style)
	b = appendField(b, "color", r.Color)
	b = append(b, `,"styleNumeric":`...)
	b = strconv.AppendInt(b, r.StyleNumeric, 10)
	b = append(b, `,"sort":`...)
	b = strconv.AppendInt(b, int64(r.Sort), 10)
	b = append(b, `,"isNew":`...)
	b = strconv.AppendBool(b, r.IsNew)
	b = appendField(b, "name", r.Name)
	b = appendField(b, "productType", r.ProductType)
	b = appendField(b, "gender", r.Gender)
	b = appendField(b, "division", r.Division)
	b = appendField(b, "colorDescription", r.ColorDescription)
	b = appendField(b, "season", r.Season)
	b = append(b, `,"year":`...)
	b = strconv.AppendInt(b, int64(r.Year), 10)
	b = append(b, `,"carryover":`...)
	b = strconv.AppendBool(b, r.Carryover)
	b = append(b, `,"newColor":`...)
	b = strconv.AppendBool(b, r.NewColor)
	b = appendField(b, "sizeScale", r.SizeScale)
	b = r.appendImage(b, "thumbnail", r.Thumbnail)
	b = r.appendImage(b, "printImage", r.PrintImage)
	b = appendNum(b, "cost", r.Cost)
	b = appendNum(b, "netCost", r.NetCost)
	b = appendNum(b, "suggestedRetail", r.SuggestedRetail)
	b = appendNum(b, "discountPercent", r.DiscountPercent)
	b = appendNum(b, "discountAmount", r.DiscountAmount)
	b = appendNum(b, "initialMarkup", r.InitialMarkup)
	b = appendOpt(b, "label", r.Label)
	b = appendInt(b, "quantity", r.Quantity)
	b = appendInt(b, "quantityOnHand", r.QuantityOnHand)
	b = append(b, `,"styleQuantity":`...)
	b = strconv.AppendInt(b, r.StyleQuantity, 10)
	b = append(b, `,"styleQuantityOnHand":`...)
	b = strconv.AppendInt(b, r.StyleQuantityOnHand, 10)
	b = appendNum(b, "sellThru", r.SellThru)
	b = appendNum(b, "styleSellThru", r.StyleSellThru)
	b = appendOpt(b, "styleNote", r.StyleNote)
	b = appendOpt(b, "colorNote", r.ColorNote)
	b = appendOpt(b, "collectionStyleNote", r.CollectionStyleNote)
	b = appendOpt(b, "collectionColorNote", r.CollectionColorNote)
	b = appendOpt(b, "pillar", r.Pillar)
	b = appendOpt(b, "storeType", r.StoreType)
	b = append(b, `,"starred":`...)
	b = strconv.AppendBool(b, r.Starred)
	b = append(b, `,"selected":`...)
	b = strconv.AppendBool(b, r.Selected)
	b = appendOpt(b, "displayGroup", r.DisplayGroup)
	b = appendField(b, "dimensions", r.Dimensions)
	b = appendField(b, "metricDimensions", r.MetricDimensions)
	b = appendNum(b, "capacity", r.Capacity)
	b = appendField(b, "capacityUnit", r.CapacityUnit)
	b = append(b, `,"alerts":[`...)
	for i := range r.Alerts {
		if i > 0 {
			b = append(b, ',')
		}
		b = r.Alerts[i].appendJSON(b)
	}
	b = append(b, ']')
	if r.Location != nil {
		l := *r.Location
		if len(l.Availability) == 0 {
			l.Availability = json.RawMessage("[]") // rows always carry a list
		}
		var err error
		b = append(b, `,"locations":[`...)
		if b, err = l.AppendJSON(b); err != nil {
			return nil, err
		}
		b = append(b, `],"lineStatus":`...)
		b = grid.AppendString(b, l.LineStatus)
		b = append(b, `,"totalInventory":`...)
		b = strconv.AppendInt(b, int64(l.TotalInventory), 10)
	} else {
		b = append(b, `,"locations":[],"lineStatus":null,"totalInventory":0`...)
	}
	return append(b, '}'), nil
}

// appendJSON writes the alert as every answer carries it: {style, color, type, params, message,
// createdDate}.
func (a *Alert) appendJSON(b []byte) []byte {
	b = append(b, `{"style":`...)
	b = grid.AppendString(b, a.Style)
	b = appendField(b, "color", a.Color)
	b = appendField(b, "type", a.Type)
	b = append(b, `,"params":`...)
	if len(a.Params) == 0 {
		b = append(b, "{}"...)
	} else {
		b = append(b, a.Params...)
	}
	b = appendField(b, "message", a.Message)
	b = append(b, `,"createdDate":"`...)
	b = a.CreatedDate.AppendFormat(b, time.RFC3339Nano) // as encoding/json writes it
	return append(b, `"}`...)
}

func appendField(b []byte, name, v string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return grid.AppendString(b, v)
}

func appendOpt(b []byte, name string, v *string) []byte {
	if v == nil {
		v = new(string)
	}
	return appendField(b, name, *v)
}

func appendNum(b []byte, name string, v *float64) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
		return append(b, "null"...)
	}
	return grid.AppendFloat(b, *v)
}

func appendInt(b []byte, name string, v *int64) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	if v == nil {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, *v, 10)
}

// appendImage writes the row's own image, else the catalog's (products.ImagePath), without
// building the path as a string first.
func (r *Row) appendImage(b []byte, name string, own *string) []byte {
	if own != nil && *own != "" {
		return appendField(b, name, *own)
	}
	kind := "thumbnail"
	if name == "printImage" {
		kind = "print"
	}
	if !plainCode(r.Style) || !plainCode(r.Color) {
		return appendField(b, name, products.ImagePath(r.Style, r.Color, kind))
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, `":"/api/products/images/`...)
	b = append(b, r.Style...)
	b = append(b, '_')
	b = append(b, r.Color...)
	b = append(b, '/')
	b = append(b, kind...)
	return append(b, `.png"`...)
}

// plainCode: a style or colour code that JSON carries as it is.
func plainCode(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// MarshalJSON lets rows travel through encoding/json too (tests, small answers).
func (r Row) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil) }
