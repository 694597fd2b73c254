package assortments

import (
	"encoding/json"
	"math"
	"strconv"
	"time"

	"its/core/grid"
	"its/modules/products"
)

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
	if l != nil {
		return CatalogPricing(l.WholesalePrice, l.SuggestedRetail, p.DiscountPercent, l.DecimalPlaces)
	}
	return CatalogPricing(p.Cost, p.SuggestedRetail, p.DiscountPercent, 2)
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
		var err error
		if b, err = r.Alerts[i].appendJSON(b); err != nil {
			return nil, err
		}
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
// createdDate}; params (jsonb, so with spaces) compacted and HTML-safe as encoding/json writes them.
func (a *Alert) appendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"style":`...)
	b = grid.AppendString(b, a.Style)
	b = appendField(b, "color", a.Color)
	b = appendField(b, "type", a.Type)
	b = append(b, `,"params":`...)
	if len(a.Params) == 0 {
		b = append(b, "{}"...)
	} else if b, err = grid.AppendRawJSON(b, a.Params); err != nil {
		return nil, err
	}
	b = appendField(b, "message", a.Message)
	b = append(b, `,"createdDate":"`...)
	b = a.CreatedDate.AppendFormat(b, time.RFC3339Nano) // as encoding/json writes it
	return append(b, `"}`...), nil
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
