package imports

import (
	"context"
	"strconv"

	"its/modules/products"
)

// Template is what the upload step shows of an import: the columns the file may have and an
// example row, also served as a workbook.
type Template struct {
	Columns []Column `json:"columns"`
	// Example is one row a file could hold, by field.
	Example map[string]string `json:"example"`
}

// AssortmentTemplate answers the template of an import into assortment id, which the caller
// may edit. The example row is the first style/colour of the catalog the assortment could hold
// (its region, product type and location), with its price in the location; without one, made-up
// codes.
func (s *Service) AssortmentTemplate(ctx context.Context, id string) (*Template, error) {
	t, err := s.assortments.ImportTarget(ctx, id, nil)
	if err != nil {
		return nil, err
	}
	a := t.Assortment
	q := products.Query{LocationID: a.LocationID, Conditions: map[string][]any{}, Sort: products.SortSpec{{Key: "styleNumeric", Order: 1}, {Key: "color", Order: 1}}, Limit: 1}
	if a.Region != "" && a.Region != "All" {
		q.Conditions["region"] = []any{a.Region}
	}
	if a.ProductType != "" && a.ProductType != "All" {
		q.Conditions["productType"] = []any{a.ProductType}
	}
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	found, err := s.catalog.PageRows(ctx, s.db, &q, true)
	if err != nil {
		return nil, err
	}
	cols := s.assortmentColumns()
	ex := map[string]string{"style": "10001", "color": "BLK", "cost": "40", "suggestedRetail": "80"}
	if len(found) > 0 {
		p := found[0]
		ex = map[string]string{"style": p.Style, "color": p.Color}
		for _, l := range p.Locations {
			if l.WholesalePrice != nil {
				ex["cost"] = strconv.FormatFloat(*l.WholesalePrice, 'f', -1, 64)
			}
			if l.SuggestedRetail != nil {
				ex["suggestedRetail"] = strconv.FormatFloat(*l.SuggestedRetail, 'f', -1, 64)
			}
		}
	}
	ex["discountPercent"] = "10"
	ex["quantity"] = "12"
	ex["styleNote"] = "Example style note"
	for _, c := range cols {
		if len(c.Options) > 0 {
			ex[c.Field] = c.Options[0]
		}
	}
	return &Template{Columns: cols, Example: ex}, nil
}

// exampleRow is the template's example as a row of the workbook.
func (t *Template) exampleRow() Row {
	r := Row{Index: 2}
	for _, c := range t.Columns {
		if v := t.Example[c.Field]; v != "" {
			r.Values = append(r.Values, Cell{Field: c.Field, Value: v})
		}
	}
	return r
}
