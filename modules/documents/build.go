package documents

import (
	"context"
	"encoding/base64"
	"fmt"
	"html/template"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"its/core/httpx"
	"its/core/identity"
	"its/core/num"
	"its/modules/assortments"
	"its/modules/products"
)

// Cell is one visible column's value of an item.
type Cell struct {
	Key, Label, Text string
	// Num is the value as a number for the workbook (nil: text).
	Num *float64
	// Kind says how the workbook formats Num: money (the sheet's currency), percent, or plain.
	Kind CellKind
}

// CellKind is a number cell's format in the workbook.
type CellKind int

// The number formats of a workbook cell.
const (
	Plain CellKind = iota
	Money
	Percent
)

// Item is one style/colour of the document.
type Item struct {
	N                                         int
	Style, Color, Name, ColorDescription      string
	ProductType, Gender, Division, LineStatus string
	Wholesale, Retail                         string
	WholesaleNum, RetailNum                   *float64
	Cells                                     []Cell
	// Img is the picture as a data URI (PDF) and PNG its bytes (xlsx); empty without images.
	Img template.URL
	PNG []byte
}

// Card is a style with its colours in assortment order: the hero first, then the rest (those
// past the card's room are the spillover).
type Card struct {
	Style, Name string
	Hero        *Item
	Items       []*Item
	Spill       []*Item
	// All are the style's colours in order, the spillover too (the condensed table's rows).
	All []*Item
}

// DocGroup is a group of the document.
type DocGroup struct {
	Title string
	// Section is set on the first group of a new product type when section breaks are on.
	Section string
	Cards   []*Card
	Items   []*Item
}

// Column is a visible column.
type Column struct{ Key, Label string }

// Sheet is everything a template or the workbook writer needs.
type Sheet struct {
	Title, SubTitle, Logo string
	// OrgType is the assortment's (regular or internal).
	OrgType       string
	Type, SubType string
	Settings      Settings
	Columns       []Column
	Groups        []*DocGroup
	L             Labels
	Currency      string
	// Decimals are the currency's decimal places (the location's, 2 when none is known).
	Decimals int
	Location string
	Total    int
	// Total and Styles count the whole document's colours and styles (0 Styles: count the
	// cards); a preview renders only the first rows, and Truncated says more exist.
	Styles    int
	Truncated bool
}

// cardRoom is how many colours an expanded card shows before the rest spill over.
const cardRoom = 6

// sheet reads the assortment of orgType ("" or regular: the assortment manager's; internal: read
// through that type's service) as the caller, so what they may not see is a 404, its rows in
// the assortment's order and the products' details and prices at the user's location, groups
// them and builds the document model; limit > 0 stops after that many rows (previews).
func (s *Service) sheet(ctx context.Context, orgType string, req *Request, limit int, progress func(int)) (*Sheet, error) {
	var a *assortments.Assortment
	var rows []*assortments.Row
	// The cover counts the whole document's styles and colours, also in a preview of its
	// first rows.
	total, styles := 0, map[string]struct{}{}
	reader, err := s.reader(orgType)
	if err != nil {
		return nil, err
	}
	err = reader.Stream(ctx, req.Assortment, true, func(x *assortments.Assortment) error {
		if x.Type == "folder" {
			return httpx.Invalid(httpx.FieldError{Field: "assortment", Rule: "folder", Message: "A folder has no products to put in a document"})
		}
		c := *x
		a = &c
		return nil
	}, func(r *assortments.Row) error {
		total++
		styles[r.Style] = struct{}{}
		if limit > 0 && len(rows) >= limit {
			return nil
		}
		if len(rows) >= MaxRows {
			return httpx.Invalid(httpx.FieldError{Field: "assortment", Rule: "max", Message: fmt.Sprintf("A document holds at most %d styles and colours; this assortment has more", MaxRows)})
		}
		c := *r
		if r.Location != nil {
			l := *r.Location
			c.Location = &l
		}
		rows = append(rows, &c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if bad := req.normalize(a.ProductType); len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	progress(10)
	details, loc, err := s.details(ctx, a, rows)
	if err != nil {
		return nil, err
	}
	progress(25)
	groups, err := s.grouper.Groups(ctx, a, rows)
	if err != nil {
		return nil, err
	}
	sh, err := s.compose(ctx, req, a, groups, details, loc, progress)
	if err != nil {
		return nil, err
	}
	sh.Total, sh.Styles, sh.Truncated = total, len(styles), total > len(rows)
	return sh, nil
}

// compose builds the document model of grouped rows: their items with the visible columns and
// prices at loc, cards with heroes and spillover, and the pictures when asked for.
func (s *Service) compose(ctx context.Context, req *Request, a *assortments.Assortment, groups []Group,
	details map[string]*products.Product, loc string, progress func(int)) (*Sheet, error) {
	st := req.Settings
	lang := st.Locale
	if lang == "" {
		lang = identity.FromContext(ctx).Language
	}
	sh := &Sheet{Title: a.Title, SubTitle: a.SubTitle, Logo: a.Logo, OrgType: a.OrgType, Type: req.DocumentType.Type, SubType: req.DocumentType.SubType,
		Settings: st, L: labelsFor(lang), Location: loc, Decimals: 2}
	for _, c := range st.Columns {
		_, nonColumn := flagColumns[c]
		if _, price := priceColumns[c]; !nonColumn && !price {
			sh.Columns = append(sh.Columns, Column{Key: c, Label: sh.L.T(c)})
		}
	}
	n, lastSection := 0, ""
	for _, g := range groups {
		dg := &DocGroup{Title: g.Title}
		if st.SectionBreaks && len(g.Rows) > 0 && g.Rows[0].ProductType != lastSection {
			lastSection = g.Rows[0].ProductType
			dg.Section = lastSection
		}
		cards := map[string]*Card{}
		for _, r := range g.Rows {
			n++
			it := s.item(r, details[products.ID(r.Style, r.Color)], sh)
			it.N = n
			if sh.Currency == "" && r.Location != nil {
				sh.Currency = r.Location.CurrencySymbol
			}
			dg.Items = append(dg.Items, it)
			c := cards[r.Style]
			if c == nil {
				c = &Card{Style: r.Style, Name: r.Name}
				cards[r.Style] = c
				dg.Cards = append(dg.Cards, c)
			}
			c.Items = append(c.Items, it)
		}
		for _, c := range dg.Cards {
			c.Hero = c.Items[0]
			if hero := st.Heroes[c.Style]; st.ManualHero && hero != "" {
				for i, it := range c.Items {
					if strings.EqualFold(it.Color, hero) {
						c.Hero = it
						c.Items = append([]*Item{it}, append(c.Items[:i:i], c.Items[i+1:]...)...)
						break
					}
				}
			}
			c.All = c.Items
			if len(c.Items) > cardRoom {
				c.Spill = c.Items[cardRoom:]
				c.Items = c.Items[:cardRoom]
				if st.HideSpillover {
					c.Spill = nil
				}
			}
		}
		sh.Groups = append(sh.Groups, dg)
	}
	if st.IncludeImages {
		if err := s.images(ctx, sh, progress); err != nil {
			return nil, err
		}
	}
	progress(60)
	return sh, nil
}

// priceColumns are the keys whose values every document shows already, in its Wholesale and
// Retail columns (an assortment's cost starts as the wholesale price, suggested retail is the
// retail price): ticking them adds no second column of the same prices.
var priceColumns = map[string]struct{}{ColumnCost: {}, ColumnSuggestedRetail: {}}

// flagColumns are keys of the column sets that switch something rather than add a column.
var flagColumns = map[string]struct{}{ColumnAssortmentStatusOnly: {}, ColumnCadOnly: {}, ColumnStartScreen: {}}

// details loads the catalog rows of the assortment's products at the user's active location
// (the assortment's when the user has none or may not see it), a thousand at a time.
func (s *Service) details(ctx context.Context, a *assortments.Assortment, rows []*assortments.Row) (map[string]*products.Product, string, error) {
	loc := identity.FromContext(ctx).UserActiveLocation
	if loc == "" {
		loc = a.LocationID
	}
	out := make(map[string]*products.Product, len(rows))
	for from := 0; from < len(rows); from += products.MaxLimit {
		to := min(from+products.MaxLimit, len(rows))
		ids := make([]string, 0, to-from)
		for _, r := range rows[from:to] {
			ids = append(ids, products.ID(r.Style, r.Color))
		}
		got, err := s.prods.Fetch(ctx, products.FetchRequest{IDs: ids, LocationID: loc})
		if httpx.AsError(err).Status == 403 && loc != a.LocationID {
			// The user's location is not one they may see prices of: the assortment's.
			loc = a.LocationID
			got, err = s.prods.Fetch(ctx, products.FetchRequest{IDs: ids, LocationID: loc})
		}
		if err != nil {
			return nil, "", err
		}
		for i := range got {
			out[got[i].ID] = &got[i]
		}
	}
	return out, loc, nil
}

// item builds one style/colour: prices from the location, the visible columns' values.
func (s *Service) item(r *assortments.Row, p *products.Product, sh *Sheet) *Item {
	it := &Item{Style: r.Style, Color: r.Color, Name: r.Name, ColorDescription: r.ColorDescription, ProductType: r.ProductType,
		Gender: r.Gender, Division: r.Division}
	var loc *products.Location
	if p != nil {
		for i := range p.Locations {
			if strings.EqualFold(p.Locations[i].Code, sh.Location) {
				loc = &p.Locations[i]
			}
		}
	}
	if loc == nil {
		loc = r.Location
	}
	sym, places := "", 2
	if loc != nil {
		sym, places = loc.CurrencySymbol, loc.DecimalPlaces
		it.LineStatus = loc.LineStatus
		it.WholesaleNum, it.RetailNum = loc.WholesalePrice, loc.SuggestedRetail
		if sh.Currency == "" {
			sh.Currency, sh.Decimals = sym, places
		}
	}
	money := func(v *float64) (string, *float64) {
		if v == nil {
			return "", nil
		}
		x := num.Round(*v, places)
		return sym + strconv.FormatFloat(x, 'f', places, 64), &x
	}
	it.Wholesale, it.WholesaleNum = money(it.WholesaleNum)
	it.Retail, it.RetailNum = money(it.RetailNum)
	pct := func(v *float64) (string, *float64) {
		if v == nil {
			return "", nil
		}
		x := num.Round(*v, 1)
		return strconv.FormatFloat(x, 'f', 1, 64) + "%", &x
	}
	for _, c := range sh.Columns {
		cell := Cell{Key: c.Key, Label: c.Label}
		// The column's format is the one its value went through.
		kindOf := func(k CellKind, f format) format {
			return func(v *float64) (string, *float64) { cell.Kind = k; return f(v) }
		}
		cell.Text, cell.Num = columnValue(c.Key, r, p, loc, kindOf(Money, money), kindOf(Percent, pct))
		it.Cells = append(it.Cells, cell)
	}
	return it
}

type format func(*float64) (string, *float64)

// columnValue is the text (and number) of one column for a row.
func columnValue(key string, r *assortments.Row, p *products.Product, loc *products.Location, money, pct format) (string, *float64) {
	str := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	date := func(d *products.Date) string {
		if d == nil {
			return ""
		}
		return d.Format("2006-01-02")
	}
	intv := func(v int) (string, *float64) { f := float64(v); return strconv.Itoa(v), &f }
	if p == nil {
		p = &products.Product{}
	}
	if loc == nil {
		loc = &products.Location{}
	}
	switch key {
	case ColumnDivision:
		return r.Division, nil
	case ColumnSeasonCodes:
		return strings.Join(p.SeasonCodes, ", "), nil
	case ColumnPillar:
		if v := str(r.Pillar); v != "" {
			return v, nil
		}
		return p.Pillar, nil
	case ColumnFeatures:
		return strings.Join(p.Features, ", "), nil
	case ColumnSizeRange:
		return loc.SizeRange, nil
	case ColumnSizeScale:
		return r.SizeScale, nil
	case ColumnNrf:
		return p.NRF, nil
	case ColumnBoxCategory:
		return p.BoxCategory, nil
	case ColumnDutyCode:
		return p.DutyCode, nil
	case ColumnAvailability:
		if d := date(loc.FirstAvailDate); d != "" {
			return d, nil
		}
		return date(p.AvailabilityDate), nil
	case ColumnOtherSpecialWidths:
		return p.Categories.Width, nil
	case ColumnMarketingDescription:
		if p.ECommerce.Description != "" {
			return p.ECommerce.Description, nil
		}
		return p.Description, nil
	case ColumnOriginalCost:
		return money(loc.OriginalCost)
	case ColumnCost:
		return money(r.Cost)
	case ColumnNetCost:
		return money(r.NetCost)
	case ColumnSuggestedRetail:
		return money(loc.SuggestedRetail)
	case ColumnInitialMarkup:
		return pct(r.InitialMarkup)
	case ColumnStyleSellThru:
		return pct(r.StyleSellThru)
	case ColumnColorSellThru:
		return pct(r.SellThru)
	case ColumnInventory:
		return intv(loc.TotalInventory)
	case ColumnPercentage:
		return pct(p.Percentage)
	case ColumnQuantity:
		if r.Quantity == nil {
			return "", nil
		}
		return intv(int(*r.Quantity))
	case PopColumnPopCategory:
		return p.PopCategory, nil
	case PopColumnDimensions:
		return r.Dimensions, nil
	case PopColumnMaterials:
		return p.Materials, nil
	case PopColumnUsage:
		return p.Usage, nil
	case PopColumnCapacityUnit:
		if r.Capacity == nil {
			return "", nil
		}
		return strings.TrimSpace(strconv.FormatFloat(*r.Capacity, 'f', -1, 64) + " " + r.CapacityUnit), r.Capacity
	case PopColumnUnits:
		if p.Units == nil {
			return "", nil
		}
		return intv(*p.Units)
	case PopColumnRelationships:
		return strings.Join(p.Relationships, ", "), nil
	case PopColumnExpirationDate:
		return date(p.ExpirationDate), nil
	}
	return "", nil
}

// imageKind is the catalog picture size a document's items use.
func imageKind(sh *Sheet) string {
	big := sh.SubType == SubTypeExpanded || sh.SubType == SubTypeWithHeroImage
	switch {
	case sh.Settings.PrintResolution && big:
		return "print"
	case big:
		return "image"
	}
	return "thumbnail"
}

// images renders each item's picture once, a few at a time (they are drawn, not read).
func (s *Service) images(ctx context.Context, sh *Sheet, progress func(int)) error {
	var items []*Item
	for _, g := range sh.Groups {
		items = append(items, g.Items...)
	}
	kind := imageKind(sh)
	work := make(chan *Item)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	done := 0
	for range max(runtime.GOMAXPROCS(0), 2) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				png, err := s.prods.ImagePNG(ctx, products.ID(it.Style, it.Color), kind)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				done++
				if done%50 == 0 {
					progress(25 + done*35/len(items))
				}
				mu.Unlock()
				if err == nil {
					it.PNG = png
					it.Img = template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
				}
			}
		}()
	}
	for _, it := range items {
		if ctx.Err() != nil {
			break
		}
		work <- it
	}
	close(work)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if first != nil && httpx.AsError(first).Status != 404 {
		return first
	}
	return nil
}
