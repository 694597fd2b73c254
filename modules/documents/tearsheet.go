package documents

import (
	"context"
	"fmt"
	"strings"

	"its/core/httpx"
	"its/modules/assortments"
	"its/modules/products"
)

// productTypes are the catalog's product types, as the tear sheet's path names them.
var productTypes = []string{"Footwear", "Apparel", "POP"}

// tearColumns are the facts a product tear sheet prints beside the hero, per product type.
var tearColumns = map[string][]string{
	"Footwear": {ColumnDivision, ColumnSeasonCodes, ColumnFeatures, ColumnSizeRange, ColumnAvailability, ColumnMarketingDescription},
	"Apparel":  {ColumnDivision, ColumnSeasonCodes, ColumnFeatures, ColumnSizeRange, ColumnAvailability, ColumnMarketingDescription},
	"POP":      {PopColumnPopCategory, PopColumnDimensions, PopColumnMaterials, PopColumnUsage, PopColumnAvailability},
}

// ProductTearsheet renders the tear sheet (With Hero Image) of one style/colour of the catalog,
// priced at locationCode (a location the caller may see, else 403): the colour as the hero, the
// style's other colours as thumbnails. A productType that is not the product's answers 404.
func (s *Service) ProductTearsheet(ctx context.Context, productType, style, color, locationCode string, print bool) (*Rendered, error) {
	pt := ""
	for _, t := range productTypes {
		if strings.EqualFold(t, productType) {
			pt = t
		}
	}
	style, color = strings.ToUpper(strings.TrimSpace(style)), strings.ToUpper(strings.TrimSpace(color))
	if pt == "" || style == "" || color == "" || len(style) > 40 || len(color) > 40 {
		return nil, httpx.NotFound("Product")
	}
	if err := s.pdf.Ready(); err != nil {
		return nil, errNoRenderer(err)
	}
	all, err := s.prods.Fetch(ctx, products.FetchRequest{Styles: []string{style}, LocationID: locationCode})
	if he := httpx.AsError(err); err != nil && he.Status == 400 {
		return nil, httpx.NotFound("Product")
	}
	if err != nil {
		return nil, err
	}
	loc := strings.ToUpper(locationCode)
	var rows []*assortments.Row
	details := map[string]*products.Product{}
	found := false
	for i := range all {
		p := &all[i]
		if !strings.EqualFold(p.ProductType, pt) {
			continue
		}
		found = found || p.Color == color
		details[p.ID] = p
		rows = append(rows, productRow(p, loc))
	}
	if !found {
		return nil, httpx.NotFound("Product")
	}
	name := rows[0].Name
	req := &Request{DocumentType: DocumentType{Type: DocTypeTearsheet, SubType: SubTypeWithHeroImage}, Settings: Settings{
		Columns: tearColumns[pt], IncludeImages: true, ManualHero: true, Heroes: map[string]string{style: color}, PrintResolution: print}}
	title := strings.TrimSpace(style + " " + name)
	sh, err := s.compose(ctx, req, &assortments.Assortment{Title: title, ProductType: pt}, []Group{{Title: title, Rows: rows}}, details, loc, func(int) {})
	if err != nil {
		return nil, err
	}
	sh.Total = len(rows)
	data, err := s.PDF(ctx, sh)
	if err != nil {
		return nil, err
	}
	return &Rendered{Filename: fileName(fmt.Sprintf("Tearsheet %s %s", style, color), "", req.DocumentType, FileTypePdf),
		ContentType: contentTypes[FileTypePdf], Data: data}, nil
}

// productRow is a catalog product as a document row, priced at loc.
func productRow(p *products.Product, loc string) *assortments.Row {
	r := &assortments.Row{Style: p.Style, Color: p.Color, StyleNumeric: p.StyleNumeric, Name: p.Name, ProductType: p.ProductType,
		Gender: p.Gender, Division: p.Division, ColorDescription: p.ColorDescription, SizeScale: p.SizeScale, Cost: p.Cost,
		NetCost: p.NetCost, Dimensions: p.Dimensions, Capacity: p.Capacity, CapacityUnit: p.CapacityUnit}
	for i := range p.Locations {
		if strings.EqualFold(p.Locations[i].Code, loc) {
			l := p.Locations[i]
			r.Location = &l
		}
	}
	return r
}
