package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/shopspring/decimal"

	"its/core/num"
	"its/modules/products"
)

// A wholesale order's value and the style/colours it cannot have (product spec §3.6, issue:
// "unavailable SKUs reported; order totals per currency with the location's decimals").

// Total is the value of an order's lines in one currency: the units of their size matrices and
// the amount, each line's units × unit price less its discount percent rounded half-up to the
// currency's decimals, then added up.
type Total struct {
	Currency      string  `json:"currency"`
	DecimalPlaces int     `json:"decimalPlaces"`
	Units         int64   `json:"units"`
	Amount        float64 `json:"amount"`
}

// Unavailable is a line's style/colour that the order's region or origin does not sell.
type Unavailable struct {
	Style  string `json:"style"`
	Color  string `json:"color"`
	Reason string `json:"reason"`
	// LineStatus is the origin's line status of a product left out for it.
	LineStatus string `json:"lineStatus,omitempty"`
}

// number reads a line cell written as a number.
func number(v any) (decimal.Decimal, bool) {
	switch n := v.(type) {
	case float64:
		return num.Dec(n), true
	case int64:
		return decimal.NewFromInt(n), true
	case int:
		return decimal.NewFromInt(int64(n)), true
	}
	return decimal.Zero, false
}

// lineTotal is the units and amount of one wholesale line (rounded to places).
func lineTotal(line map[string]any, places int) (int64, decimal.Decimal) {
	var units int64
	var sizes any = line["sizes"]
	if raw, ok := sizes.(json.RawMessage); ok {
		var m map[string]any
		if json.Unmarshal(raw, &m) == nil {
			sizes = m
		}
	}
	if m, ok := parseSizes(sizes); ok {
		for _, n := range m {
			units += int64(n)
		}
	}
	price, ok := number(line["unitPrice"])
	if !ok || units == 0 {
		return units, decimal.Zero
	}
	// A discount given as an amount is taken off each unit; one given as a percent only (lines of
	// before amounts were kept) off the line.
	if a, ok := number(line["discountAmount"]); ok {
		return units, price.Sub(a).Mul(decimal.NewFromInt(units)).Round(int32(places))
	}
	amount := price.Mul(decimal.NewFromInt(units))
	if d, ok := number(line["discount"]); ok {
		amount = amount.Mul(decimal.NewFromInt(100).Sub(d)).Div(decimal.NewFromInt(100))
	}
	return units, amount.Round(int32(places))
}

// orderTotals totals the lines of an order in its currency, with that currency's decimals.
func orderTotals(currency string, places int, lines []map[string]any) []Total {
	t := Total{Currency: currency, DecimalPlaces: places}
	sum := decimal.Zero
	for _, l := range lines {
		u, a := lineTotal(l, places)
		t.Units += u
		sum = sum.Add(a)
	}
	t.Amount = num.Float(sum, places)
	return []Total{t}
}

// currencyPlaces is the decimals of a currency at the pricing locations the user may see (2
// when none of them sells in it).
func currencyPlaces(locs []products.LocationInfo, currency string) int {
	for _, l := range locs {
		if l.CurrencyCode == currency {
			return l.DecimalPlaces
		}
	}
	return 2
}

// unavailable answers the lines' style/colours the order cannot have: not in the catalog, not
// sold wholesale in the order's region, or without a price at its origin (checked when the
// origin is one of the locations the user may see); found holds the catalogue's products of the
// lines by products.ID.
func unavailable(o *Order, pairs []products.Pair, locs []products.LocationInfo, found map[string]products.Product) []Unavailable {
	origin := ""
	for _, l := range locs {
		if l.Code == o.Origin {
			origin = o.Origin
		}
	}
	out := []Unavailable{}
	seen := map[string]bool{}
	regions := catalogRegions(RegionCode(o.Region))
	for _, pr := range pairs {
		id := products.ID(pr.Style, pr.Color)
		if seen[id] {
			continue
		}
		seen[id] = true
		p, ok := found[id]
		reason := ""
		switch {
		case !ok:
			reason = "Not in the catalog"
		case p.Channel != "Wholesale" || (o.Region != "" && !slices.Contains(regions, any(p.Region))):
			reason = fmt.Sprintf("Not sold wholesale in %s", RegionCode(o.Region))
		case origin != "" && !pricedAt(p, origin):
			reason = fmt.Sprintf("No wholesale price at %s", o.Origin)
		}
		if reason != "" {
			out = append(out, Unavailable{Style: pr.Style, Color: pr.Color, Reason: reason})
		}
	}
	return out
}

func pricedAt(p products.Product, origin string) bool {
	for _, l := range p.Locations {
		if l.Code == origin && l.WholesalePrice != nil {
			return true
		}
	}
	return false
}

// wholesaleFacts adds a wholesale order's totals, unavailable style/colours, size columns and
// the pack codes to its answer, reading the lines' products from the catalogue once.
func (s *Service) wholesaleFacts(ctx context.Context, o *Order) error {
	pairs := make([]products.Pair, 0, len(o.Products))
	for _, l := range o.Products {
		st, _ := l["style"].(string)
		co, _ := l["color"].(string)
		pairs = append(pairs, products.Pair{Style: st, Color: co})
	}
	locs, found, err := s.catalogFacts(ctx, pairs, nil)
	if err != nil {
		return err
	}
	o.Totals = orderTotals(o.Currency, currencyPlaces(locs, o.Currency), o.Products)
	o.Unavailable = unavailable(o, pairs, locs, found)
	if o.PackCodes, err = s.store.AllPackCodes(ctx); err != nil {
		return err
	}
	sizeColumns(o, pairs, bookOf(o, locs, found))
	return nil
}

// sizeColumns gives each line (pairs: its style/colour) its style's size range (sizeRange) and
// the order the sizes of all of them, in size order (SizeColumns): the matrix offers only sizes a
// line can take.
func sizeColumns(o *Order, pairs []products.Pair, book *priceBook) {
	held := map[string]bool{}
	for i, l := range o.Products {
		if f := book.of(pairs[i].Style, pairs[i].Color); f.sizes != nil {
			l["sizeRange"] = f.sizeRange
			for _, z := range f.sizes {
				held[z] = true
			}
		}
	}
	o.SizeColumns = inSizeOrder(held)
}

// inSizeOrder lists the sizes of set on the size ladders (shoe, kids, letters), then any other
// in text order.
func inSizeOrder(set map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, ladder := range [][]string{shoeSizes, kidsSizes, letterSizes} {
		for _, z := range ladder {
			if set[z] && !seen[z] {
				seen[z] = true
				out = append(out, z)
			}
		}
	}
	var rest []string
	for z := range set {
		if !seen[z] {
			rest = append(rest, z)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}
