package products

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"its/core/grid"
)

// AppendJSON appends p as encoding/json writes it (json.Encoder's defaults: HTML-safe strings,
// compacted raw JSON) followed by a newline, byte for byte, without reflection: the product
// search writes hundreds of these wide rows per answer and reflection was a good part of its
// time. encode_test.go holds the two encodings equal.
func (p *Product) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	for _, part := range productParts {
		if b, err = part(p, b); err != nil {
			return nil, err
		}
	}
	return append(b, '}', '\n'), nil
}

// productParts write a product's fields in encoding/json's order (method expressions: no
// closure per row).
var productParts = [...]func(*Product, []byte) ([]byte, error){(*Product).appendIdentity, (*Product).appendFigures,
	(*Product).appendPOP, (*Product).appendPlanning, (*Product).appendNested, (*Product).appendTimes}

// appendIdentity appends the id (after its key) and the style/colour identity fields.
func (p *Product) appendIdentity(b []byte) ([]byte, error) {
	b = grid.AppendString(b, p.ID)
	b = appendStringField(b, "style", p.Style)
	b = appendStringField(b, "color", p.Color)
	b = append(b, `,"styleNumeric":`...)
	b = strconv.AppendInt(b, p.StyleNumeric, 10)
	b = appendStringField(b, "name", p.Name)
	b = appendStringField(b, "image", p.Image)
	b = appendStringField(b, "thumbnail", p.Thumbnail)
	b = appendStringField(b, "printImage", p.PrintImage)
	b = appendOmitString(b, "description", p.Description)
	b = appendStrings(append(b, `,"features":`...), p.Features)
	b = appendOmitString(b, "nrf", p.NRF)
	b = appendBool(append(b, `,"vegan":`...), p.Vegan)
	b = appendStringField(b, "colorDescription", p.ColorDescription)
	b = appendStringField(b, "division", p.Division)
	b = appendStringField(b, "gender", p.Gender)
	b = appendOmitString(b, "sizeScale", p.SizeScale)
	b = appendOmitString(b, "outsole", p.Outsole)
	b = appendOmitString(b, "upper", p.Upper)
	b = appendStrings(append(b, `,"seasonCodes":`...), p.SeasonCodes)
	b = appendStringField(b, "season", p.Season)
	b = strconv.AppendInt(append(b, `,"year":`...), int64(p.Year), 10)
	b = appendStringField(b, "region", p.Region)
	b = appendStringField(b, "channel", p.Channel)
	b = appendStringField(b, "keyInitiative", p.KeyInitiative)
	b = appendStringField(b, "keyInitiativeLabel", p.KeyInitiativeLabel)
	b = appendStringField(b, "productType", p.ProductType)
	return b, nil
}

// appendFigures appends the costs, prices, quantities and sell-through figures.
func (p *Product) appendFigures(b []byte) ([]byte, error) {
	var err error
	for _, f := range [...]struct {
		name string
		v    *float64
	}{{"firstCost", p.FirstCost}, {"cost", p.Cost}, {"netCost", p.NetCost}, {"suggestedRetail", p.SuggestedRetail},
		{"discountPercent", p.DiscountPercent}, {"discountAmount", p.DiscountAmount}, {"initialMarkup", p.InitialMarkup}} {
		if b, err = appendFloatPtr(appendKey(b, f.name), f.v); err != nil {
			return nil, err
		}
	}
	b = appendStringField(b, "label", p.Label)
	b = strconv.AppendInt(append(b, `,"quantity":`...), int64(p.Quantity), 10)
	b = strconv.AppendInt(append(b, `,"quantityOnHand":`...), int64(p.QuantityOnHand), 10)
	b = strconv.AppendInt(append(b, `,"styleQuantity":`...), int64(p.StyleQuantity), 10)
	b = strconv.AppendInt(append(b, `,"styleQuantityOnHand":`...), int64(p.StyleQuantityOnHand), 10)
	for _, f := range [...]struct {
		name string
		v    *float64
	}{{"colorPercent", p.ColorPercent}, {"percentage", p.Percentage}, {"sellThru", p.SellThru}, {"styleSellThru", p.StyleSellThru}} {
		if b, err = appendFloatPtr(appendKey(b, f.name), f.v); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// appendPOP appends the box, duty and POP fields (those of an empty value left out).
func (p *Product) appendPOP(b []byte) ([]byte, error) {
	var err error
	b = appendOmitString(b, "boxCategory", p.BoxCategory)
	b = appendOmitString(b, "dutyCode", p.DutyCode)
	if p.Units != nil {
		b = strconv.AppendInt(append(b, `,"units":`...), int64(*p.Units), 10)
	}
	if p.Capacity != nil {
		if b, err = appendFloat(append(b, `,"capacity":`...), *p.Capacity); err != nil {
			return nil, err
		}
	}
	b = appendOmitString(b, "capacityUnit", p.CapacityUnit)
	b = appendOmitString(b, "dimensions", p.Dimensions)
	b = appendOmitString(b, "metricDimensions", p.MetricDimensions)
	if p.ExpirationDate != nil {
		b = appendDate(append(b, `,"expirationDate":`...), p.ExpirationDate)
	}
	b = appendOmitString(b, "popCategory", p.PopCategory)
	b = appendOmitString(b, "popType", p.PopType)
	b = appendOmitString(b, "popGender", p.PopGender)
	if len(p.Relationships) > 0 {
		b = appendStrings(append(b, `,"relationships":`...), p.Relationships)
	}
	b = appendOmitString(b, "usage", p.Usage)
	b = appendOmitString(b, "materials", p.Materials)
	return b, nil
}

// appendPlanning appends the notes, pillar, life cycle, samples and availability fields.
func (p *Product) appendPlanning(b []byte) ([]byte, error) {
	b = appendStringField(b, "styleNote", p.StyleNote)
	b = appendStringField(b, "colorNote", p.ColorNote)
	b = appendStringField(b, "collectionStyleNote", p.CollectionStyleNote)
	b = appendStringField(b, "collectionColorNote", p.CollectionColorNote)
	b = appendStringField(b, "pillar", p.Pillar)
	b = appendStringField(b, "lifeCycle", p.LifeCycle)
	b = appendDate(append(b, `,"dueDate":`...), p.DueDate)
	b = strconv.AppendInt(append(b, `,"samples":`...), int64(p.Samples), 10)
	b = strconv.AppendInt(append(b, `,"rushSamples":`...), int64(p.RushSamples), 10)
	b = appendBool(append(b, `,"focusStyle":`...), p.FocusStyle)
	b = appendStringField(b, "storeType", p.StoreType)
	b = appendBool(append(b, `,"usaDc":`...), p.UsaDc)
	b = appendStringField(b, "boughtStatus", p.BoughtStatus)
	b = appendBool(append(b, `,"newColor":`...), p.NewColor)
	b = appendBool(append(b, `,"carryover":`...), p.Carryover)
	b = appendDate(append(b, `,"availabilityDate":`...), p.AvailabilityDate)
	b = appendBool(append(b, `,"inSampleOrders":`...), p.InSampleOrders)
	b = appendBool(append(b, `,"inWholesaleOrders":`...), p.InWholesaleOrders)
	return b, nil
}

// appendNested appends the categories, e-commerce texts, components, colours and locations.
func (p *Product) appendNested(b []byte) ([]byte, error) {
	var err error
	b = p.Categories.appendJSON(append(b, `,"categories":`...))
	b = append(b, `,"eCommerce":`...)
	b = appendObject(b, [][2]string{{"description", p.ECommerce.Description}, {"details", p.ECommerce.Details},
		{"construction", p.ECommerce.Construction}})
	b = append(b, `,"components":`...)
	b = appendObject(b, [][2]string{{"color1", p.Components.Color1}, {"color2", p.Components.Color2},
		{"color3", p.Components.Color3}, {"material1", p.Components.Material1}, {"material2", p.Components.Material2},
		{"material3", p.Components.Material3}})
	if len(p.Colors) > 0 {
		b = append(b, `,"colors":[`...)
		for i := range p.Colors {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = p.Colors[i].appendJSON(b); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"locations":`...)
	if p.Locations == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range p.Locations {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = p.Locations[i].AppendJSON(b); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	return b, nil
}

// appendTimes appends the created, updated and modified times.
func (p *Product) appendTimes(b []byte) ([]byte, error) {
	var err error
	if b, err = appendTime(append(b, `,"createdDate":`...), p.CreatedDate); err != nil {
		return nil, err
	}
	if b, err = appendTime(append(b, `,"updatedDate":`...), p.UpdatedDate); err != nil {
		return nil, err
	}
	if b, err = appendTime(append(b, `,"modifiedDate":`...), p.ModifiedDate); err != nil {
		return nil, err
	}
	return b, nil
}

// appendJSON writes the fields that are set, in the struct's order (all are omitempty).
func (c *Categories) appendJSON(b []byte) []byte {
	start := len(b)
	b = append(b, '{')
	kv := [...]struct {
		name string
		s    string
		flag bool
		isB  bool
	}{{"type", c.Type, false, false}, {"shape", c.Shape, false, false}, {"height", c.Height, false, false},
		{"closure", c.Closure, false, false}, {"sport", c.Sport, false, false}, {"lighted", "", c.Lighted, true},
		{"vegan", "", c.Vegan, true}, {"width", c.Width, false, false}, {"apparelType", c.ApparelType, false, false},
		{"apparelSubType", c.ApparelSubType, false, false}}
	for _, f := range kv {
		if (f.isB && !f.flag) || (!f.isB && f.s == "") {
			continue
		}
		if len(b) > start+1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, f.name...)
		b = append(b, '"', ':')
		if f.isB {
			b = append(b, "true"...)
		} else {
			b = grid.AppendString(b, f.s)
		}
	}
	return append(b, '}')
}

// appendObject writes an object of omitempty string fields in order.
func appendObject(b []byte, fields [][2]string) []byte {
	b = append(b, '{')
	first := true
	for _, f := range fields {
		if f[1] == "" {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, f[0]...)
		b = append(b, '"', ':')
		b = grid.AppendString(b, f[1])
	}
	return append(b, '}')
}

func (c *Color) appendJSON(b []byte) ([]byte, error) {
	var err error
	b = grid.AppendString(append(b, `{"color":`...), c.Color)
	b = appendBool(append(b, `,"active":`...), c.Active)
	b = appendBool(append(b, `,"disabled":`...), c.Disabled)
	b = appendStringField(b, "thumbnail", c.Thumbnail)
	b = appendStringField(b, "printImage", c.PrintImage)
	if b, err = appendFloatPtr(append(b, `,"initialMarkup":`...), c.InitialMarkup); err != nil {
		return nil, err
	}
	if b, err = appendFloatPtr(append(b, `,"suggestedRetail":`...), c.SuggestedRetail); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// AppendJSON appends l as encoding/json writes it: a product's locations and an assortment row's
// pricing location share this one encoding.
func (l *Location) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = grid.AppendString(append(b, `{"code":`...), l.Code)
	b = appendStringField(b, "currencySymbol", l.CurrencySymbol)
	b = strconv.AppendInt(append(b, `,"decimalPlaces":`...), int64(l.DecimalPlaces), 10)
	b = appendStringField(b, "lineStatus", l.LineStatus)
	b = appendStringField(b, "sizeRange", l.SizeRange)
	for _, f := range [...]struct {
		name string
		v    *float64
	}{{"wholesalePrice", l.WholesalePrice}, {"originalCost", l.OriginalCost}, {"suggestedRetail", l.SuggestedRetail}, {"markupPercent", l.MarkupPercent}} {
		if b, err = appendFloatPtr(appendKey(b, f.name), f.v); err != nil {
			return nil, err
		}
	}
	b = appendDate(append(b, `,"statusDate":`...), l.StatusDate)
	b = appendDate(append(b, `,"lastProdDate":`...), l.LastProdDate)
	b = appendDate(append(b, `,"styleLastProdDate":`...), l.StyleLastProdDate)
	b = appendDate(append(b, `,"addDate":`...), l.AddDate)
	b = appendDate(append(b, `,"firstAvailDate":`...), l.FirstAvailDate)
	b = strconv.AppendInt(append(b, `,"totalInventory":`...), int64(l.TotalInventory), 10)
	b = append(b, `,"availability":`...)
	if b, err = grid.AppendRawJSON(b, l.Availability); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

func appendKey(b []byte, name string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

func appendStringField(b []byte, name, v string) []byte {
	return grid.AppendString(appendKey(b, name), v)
}

func appendOmitString(b []byte, name, v string) []byte {
	if v == "" {
		return b
	}
	return appendStringField(b, name, v)
}

func appendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = grid.AppendString(b, s)
	}
	return append(b, ']')
}

// appendDate writes "YYYY-MM-DD" by hand, as Date.MarshalJSON does: five dates a location,
// thousands of rows an answer.
func appendDate(b []byte, d *Date) []byte {
	if d == nil {
		return append(b, "null"...)
	}
	y, m, day := d.Date()
	if y < 0 || y > 9999 {
		b = append(b, '"')
		b = d.AppendFormat(b, time.DateOnly)
		return append(b, '"')
	}
	return append(b, '"', byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+int(m)/10), byte('0'+int(m)%10), '-', byte('0'+day/10), byte('0'+day%10), '"')
}

func appendTime(b []byte, t time.Time) ([]byte, error) {
	// time.Time.MarshalJSON's own checks: a four-digit year and a whole-minute offset.
	if y := t.Year(); y < 0 || y >= 10000 {
		return nil, errors.New("Time.MarshalJSON: year outside of range [0,9999]")
	}
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"'), nil
}

func appendFloatPtr(b []byte, v *float64) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	return appendFloat(b, *v)
}

// appendFloat writes a float64 as encoding/json does (and fails where it fails).
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, errors.New("json: unsupported value: " + strconv.FormatFloat(f, 'g', -1, 64))
	}
	return grid.AppendFloat(b, f), nil
}

// decodeFlat reads a JSON object of string and boolean values as PostgreSQL writes jsonb, calling
// set for each member; it reports false (and the caller decodes with encoding/json instead) for
// anything else: escapes, other values, keys set does not know. The catalog's jsonb columns are
// such flat objects, and encoding/json's reflection was a good part of reading a page.
func decodeFlat(raw []byte, set func(key, s string, b, isBool bool) bool) bool {
	i := 0
	ws := func() {
		for i < len(raw) && (raw[i] == ' ' || raw[i] == '\n' || raw[i] == '\t' || raw[i] == '\r') {
			i++
		}
	}
	str := func() (string, bool) {
		if i >= len(raw) || raw[i] != '"' {
			return "", false
		}
		start := i + 1
		for j := start; j < len(raw); j++ {
			switch c := raw[j]; {
			case c == '"':
				i = j + 1
				return string(raw[start:j]), true
			case c == '\\' || c < 0x20:
				return "", false
			}
		}
		return "", false
	}
	ws()
	if i >= len(raw) || raw[i] != '{' {
		return false
	}
	i++
	ws()
	if i < len(raw) && raw[i] == '}' {
		i++
		ws()
		return i == len(raw)
	}
	for {
		ws()
		key, ok := str()
		if !ok {
			return false
		}
		ws()
		if i >= len(raw) || raw[i] != ':' {
			return false
		}
		i++
		ws()
		switch {
		case i < len(raw) && raw[i] == '"':
			v, ok := str()
			if !ok || !utf8.ValidString(v) || !set(key, v, false, false) {
				return false
			}
		case bytes.HasPrefix(raw[i:], []byte("true")):
			i += 4
			if !set(key, "", true, true) {
				return false
			}
		case bytes.HasPrefix(raw[i:], []byte("false")):
			i += 5
			if !set(key, "", false, true) {
				return false
			}
		default:
			return false
		}
		ws()
		if i < len(raw) && raw[i] == ',' {
			i++
			continue
		}
		if i < len(raw) && raw[i] == '}' {
			i++
			ws()
			return i == len(raw)
		}
		return false
	}
}

// scanCategories, scanECommerce and scanComponents fill their value from jsonb text.
func scanCategories(raw []byte, c *Categories) error {
	if decodeFlat(raw, func(k, s string, b, isBool bool) bool {
		var dst *string
		switch k {
		case "type":
			dst = &c.Type
		case "shape":
			dst = &c.Shape
		case "height":
			dst = &c.Height
		case "closure":
			dst = &c.Closure
		case "sport":
			dst = &c.Sport
		case "width":
			dst = &c.Width
		case "apparelType":
			dst = &c.ApparelType
		case "apparelSubType":
			dst = &c.ApparelSubType
		case "lighted":
			c.Lighted = b
			return isBool
		case "vegan":
			c.Vegan = b
			return isBool
		default:
			return false
		}
		*dst = s
		return !isBool
	}) {
		return nil
	}
	*c = Categories{}
	return json.Unmarshal(raw, c)
}

func scanECommerce(raw []byte, e *ECommerce) error {
	if decodeFlat(raw, func(k, s string, _, isBool bool) bool {
		switch k {
		case "description":
			e.Description = s
		case "details":
			e.Details = s
		case "construction":
			e.Construction = s
		default:
			return false
		}
		return !isBool
	}) {
		return nil
	}
	*e = ECommerce{}
	return json.Unmarshal(raw, e)
}

func scanComponents(raw []byte, c *Components) error {
	if decodeFlat(raw, func(k, s string, _, isBool bool) bool {
		switch k {
		case "color1":
			c.Color1 = s
		case "color2":
			c.Color2 = s
		case "color3":
			c.Color3 = s
		case "material1":
			c.Material1 = s
		case "material2":
			c.Material2 = s
		case "material3":
			c.Material3 = s
		default:
			return false
		}
		return !isBool
	}) {
		return nil
	}
	*c = Components{}
	return json.Unmarshal(raw, c)
}
