package imports

import (
	"strings"
)

// Column is a field of the import target a file's column can be associated with.
type Column struct {
	Field  string `json:"field"`
	Header string `json:"header"`
	// Labels are the catalog's other names of the property (the third auto-matching step).
	Labels   []string `json:"labels,omitempty"`
	Type     string   `json:"type"` // text, number, integer
	Required bool     `json:"required"`
	Options  []string `json:"options,omitempty"`
}

// Mapping associates target fields with the file's columns (0-based).
type Mapping map[string]int

// normHeader compares headers: lower case, single spaces, no surrounding space.
func normHeader(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(clean(s))), " ")
}

// AutoMatch associates each header with a column, trying in the spec's order (§5.4): the exact
// header text, then the column id, then a property label, then a partial contains. Each step
// runs over every header before the next, a field takes one column, and a column one field.
func AutoMatch(headers []string, cols []Column) Mapping {
	m := Mapping{}
	used := map[int]bool{}
	norm := make([]string, len(headers))
	for i, h := range headers {
		norm[i] = normHeader(h)
	}
	steps := []func(h string, c Column) bool{
		func(h string, c Column) bool { return h == normHeader(c.Header) },
		func(h string, c Column) bool { return h == strings.ToLower(c.Field) },
		func(h string, c Column) bool {
			for _, l := range c.Labels {
				if h == normHeader(l) {
					return true
				}
			}
			return false
		},
		func(h string, c Column) bool {
			for _, name := range append([]string{c.Header}, c.Labels...) {
				n := normHeader(name)
				if len(h) >= 3 && len(n) >= 3 && (strings.Contains(h, n) || strings.Contains(n, h)) {
					return true
				}
			}
			return false
		},
	}
	for _, match := range steps {
		for i, h := range norm {
			if used[i] || h == "" {
				continue
			}
			for _, c := range cols {
				if _, taken := m[c.Field]; taken {
					continue
				}
				if match(h, c) {
					m[c.Field] = i
					used[i] = true
					break
				}
			}
		}
	}
	return m
}

// clean removes a cell's line breaks and surrounding space (spec §5.4).
func clean(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		s = strings.ReplaceAll(s, "\r\n", " ")
		s = strings.Map(func(r rune) rune {
			if r == '\r' || r == '\n' {
				return ' '
			}
			return r
		}, s)
	}
	return strings.TrimSpace(s)
}

// assortmentColumns are the fields an Excel import sets on an assortment's new rows.
func assortmentColumns(pillars, storeTypes []string) []Column {
	return []Column{
		{Field: "style", Header: "Style", Labels: []string{"Style Number", "Style #", "Style No", "Article"}, Type: "text", Required: true},
		{Field: "color", Header: "Color", Labels: []string{"Colour", "Color Code", "Colorway", "Color #"}, Type: "text", Required: true},
		{Field: "cost", Header: "Cost", Labels: []string{"Wholesale", "Wholesale Cost", "Wholesale Price"}, Type: "number"},
		{Field: "discountPercent", Header: "Discount %", Labels: []string{"Discount Percent", "Discount Pct"}, Type: "number"},
		{Field: "discountAmount", Header: "Discount Amount", Labels: []string{"Discount Amt"}, Type: "number"},
		{Field: "netCost", Header: "Net Cost", Labels: []string{"Net"}, Type: "number"},
		{Field: "suggestedRetail", Header: "Suggested Retail", Labels: []string{"MSRP", "SRP", "Retail Price"}, Type: "number"},
		{Field: "quantity", Header: "Quantity", Labels: []string{"Qty", "Units"}, Type: "integer"},
		{Field: "label", Header: "Label", Type: "text"},
		{Field: "styleNote", Header: "Style Note", Type: "text"},
		{Field: "colorNote", Header: "Color Note", Type: "text"},
		{Field: "pillar", Header: "Pillar", Type: "text", Options: pillars},
		{Field: "storeType", Header: "Store Type", Type: "text", Options: storeTypes},
	}
}
