package orders

import (
	"context"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"its/core/grid"
	"its/core/identity"
	"its/core/num"
	"its/modules/actions"
	"its/modules/products"
)

// A wholesale line's price and sizes come from the catalogue (product spec §3.1 locations): the
// product's wholesalePrice and sizeRange at the order's origin, the pricing location, in the
// order's currency with its decimals. The client never sets a price; a different price is only a
// discount, which the policy allows some users to give (orders.discount).

// msgf fills the {name} placeholders of a catalog message: msgf(MsgSizeUnits, "size", "9", ...).
func msgf(msg string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		msg = strings.ReplaceAll(msg, "{"+kv[i]+"}", kv[i+1])
	}
	return msg
}

// offer is what the catalogue says of one style/colour for an order.
type offer struct {
	// price is the wholesale price at the origin, rounded to the currency's decimals; nil when the
	// origin does not price it or sells in another currency than the order's.
	price     *decimal.Decimal
	sizeRange string
	// sizes are the sizes of sizeRange; nil when the catalogue gives the product no size range.
	sizes []string
	// lineStatus is the origin's line status; inactive tells a domestic footwear or POP product
	// whose origin line status is not A, which wholesale does not sell (platform spec §9).
	lineStatus string
	inactive   bool
}

// activeLineStatus is the line status wholesale sells domestic footwear and POP at.
const activeLineStatus = "A"

// inactiveAt tells whether wholesale cannot sell p at a location where its line status is
// lineStatus ("": the location does not list it, which is told as unpriced instead): a domestic
// footwear or POP product sells only at line status A (platform spec §9).
func inactiveAt(p products.Product, lineStatus string) bool {
	return lineStatus != "" && lineStatus != activeLineStatus && p.Region == "Domestic" && (p.ProductType == "Footwear" || p.ProductType == "POP")
}

// priceBook holds the offers of the style/colours a batch touches, by products.ID.
type priceBook struct {
	places int
	offers map[string]offer
}

func (b *priceBook) of(style, color string) offer { return b.offers[products.ID(style, color)] }

// fetchProducts loads the named style/colours (each once), in requests of at most the catalog's
// limit, by products.ID.
func (s *Service) fetchProducts(ctx context.Context, pairs []products.Pair) (map[string]products.Product, error) {
	out := map[string]products.Product{}
	seen := map[string]bool{}
	var fetch []products.Pair
	for _, p := range pairs {
		if id := products.ID(p.Style, p.Color); !seen[id] {
			seen[id] = true
			fetch = append(fetch, p)
		}
	}
	for start := 0; start < len(fetch); start += products.MaxLimit {
		got, err := s.catalog.Fetch(ctx, products.FetchRequest{Products: fetch[start:min(start+products.MaxLimit, len(fetch))]})
		if err != nil {
			return nil, err
		}
		for _, p := range got {
			out[p.ID] = p
		}
	}
	return out, nil
}

// catalogFacts reads the catalog's locations and the products of pairs that known does not
// hold yet (known's are kept): what a price book and an order's totals are made of.
func (s *Service) catalogFacts(ctx context.Context, pairs []products.Pair, known map[string]products.Product) ([]products.LocationInfo, map[string]products.Product, error) {
	locs, err := s.catalog.Locations(ctx)
	if err != nil {
		return nil, nil, err
	}
	var missing []products.Pair
	for _, p := range pairs {
		if _, ok := known[products.ID(p.Style, p.Color)]; !ok {
			missing = append(missing, p)
		}
	}
	found, err := s.fetchProducts(ctx, missing)
	if err != nil {
		return nil, nil, err
	}
	for id, p := range known {
		found[id] = p
	}
	return locs, found, nil
}

// bookOf is the price book of the products found (by products.ID) for o, on the locations locs.
func bookOf(o *Order, locs []products.LocationInfo, found map[string]products.Product) *priceBook {
	b := &priceBook{places: currencyPlaces(locs, o.Currency), offers: map[string]offer{}}
	sameCurrency := false
	for _, l := range locs {
		if l.Code == o.Origin && l.CurrencyCode == o.Currency {
			sameCurrency, b.places = true, l.DecimalPlaces
		}
	}
	for id, p := range found {
		b.offers[id] = offerOf(p, o.Origin, sameCurrency, b.places)
	}
	return b
}

// offerOf is p's offer at origin: the size range of the origin (of any location when the origin
// does not sell it: a style has one size range) and the origin's price.
func offerOf(p products.Product, origin string, priced bool, places int) offer {
	var f offer
	for _, l := range p.Locations {
		if l.Code != origin && (f.sizeRange != "" || l.SizeRange == "") {
			continue
		}
		f.sizeRange = l.SizeRange
		if l.Code == origin {
			f.lineStatus = l.LineStatus
		}
		if l.Code == origin && priced && l.WholesalePrice != nil {
			d := num.Dec(*l.WholesalePrice).Round(int32(places))
			f.price = &d
		}
	}
	if f.sizeRange != "" {
		f.sizes = sizesOfRange(f.sizeRange)
	}
	f.inactive = inactiveAt(p, f.lineStatus)
	return f
}

// The size ladders a size range is read on: US shoe sizes (half sizes to 12, whole sizes above),
// kids' sizes (toddler C, then youth Y) and letter sizes.
var (
	shoeSizes   = ladder("", 1, 12, true, 13, 16)
	kidsSizes   = append(ladder("C", 1, 13.5, true, 0, 0), ladder("Y", 1, 7, true, 0, 0)...)
	letterSizes = []string{"XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"}
)

// ladder is from..to in half steps (or whole steps when half is false), then whole sizes
// wholeFrom..wholeTo, each with suffix.
func ladder(suffix string, from, to float64, half bool, wholeFrom, wholeTo int) []string {
	var out []string
	step := 1.0
	if half {
		step = 0.5
	}
	for v := from; v <= to; v += step {
		out = append(out, strconv.FormatFloat(v, 'f', -1, 64)+suffix)
	}
	for v := wholeFrom; v > 0 && v <= wholeTo; v++ {
		out = append(out, strconv.Itoa(v)+suffix)
	}
	return out
}

// sizesOfRange lists the sizes of a size range ("7-14", "10.5C-7Y", "XS-XXL", "OS"): the part
// of the ladder both ends are on; a range not on a ladder is its one size.
func sizesOfRange(r string) []string {
	r = strings.ToUpper(strings.TrimSpace(r))
	lo, hi, ok := strings.Cut(r, "-")
	if !ok {
		return []string{r}
	}
	for _, l := range [][]string{shoeSizes, kidsSizes, letterSizes} {
		i, j := indexOf(l, strings.TrimSpace(lo)), indexOf(l, strings.TrimSpace(hi))
		if i >= 0 && j >= i {
			return append([]string(nil), l[i:j+1]...)
		}
	}
	return []string{r}
}

func indexOf(l []string, v string) int {
	for i, x := range l {
		if x == v {
			return i
		}
	}
	return -1
}

// checkSizes applies the size range and the unit bounds to a line's size matrix: each size must be
// one of the style's sizes, hold at most MaxSizeUnits, and the line at most MaxLineUnits.
func checkSizes(sizes map[string]int, style string, f offer) []ruleBreak {
	var bad []ruleBreak
	total := 0
	for _, size := range sortedSizes(sizes) {
		n := sizes[size]
		if f.sizes != nil && indexOf(f.sizes, strings.ToUpper(size)) < 0 {
			bad = append(bad, ruleBreak{Field: "sizes", Rule: "sizeRange", Message: msgf(MsgSizeRange, "size", size, "range", f.sizeRange, "style", style)})
			continue
		}
		if n > MaxSizeUnits {
			bad = append(bad, ruleBreak{Field: "sizes", Rule: "sizeUnits", Message: msgf(MsgSizeUnits, "size", size, "max", strconv.Itoa(MaxSizeUnits))})
			continue
		}
		total += n
	}
	if len(bad) == 0 && total > MaxLineUnits {
		bad = append(bad, ruleBreak{Field: "sizes", Rule: "lineUnits", Message: msgf(MsgLineUnits, "max", strconv.Itoa(MaxLineUnits))})
	}
	return bad
}

// priceChange sets the server's part of a wholesale line change: the catalogue price on a new
// line, and a discount (percent or amount off each unit, each deriving the other as the shared
// pricing vectors do) by a user the policy allows, with who and when. A unit price the client
// sends must be the line's own.
func (s *Service) priceChange(ctx context.Context, o *Order, c *grid.Change, stored *string, f offer, places int) (*grid.CellError, error) {
	refuse := func(field, rule, msg string) *grid.CellError {
		e := cellError(c.Op, c.Index, c.ID, c.TempID, field, rule, msg)
		return &e
	}
	price := f.price
	if c.Op == grid.OpUpdate {
		price = nil
		if stored != nil {
			if d, err := decimal.NewFromString(*stored); err == nil {
				price = &d
			}
		}
	}
	priceText := func() string {
		if price == nil {
			return "-"
		}
		return price.StringFixed(int32(places))
	}
	if v, given := c.Values["unitPrice"]; given {
		sent, ok := number(v)
		if !(v == nil && price == nil) && (!ok || price == nil || !sent.Round(int32(places)).Equal(*price)) {
			return refuse("unitPrice", "price", msgf(MsgPrice, "price", priceText())), nil
		}
		delete(c.Values, "unitPrice")
	}
	if c.Op == grid.OpAdd {
		c.Values["unitPrice"] = nil
		if price != nil {
			c.Values["unitPrice"] = price.String()
		}
	}
	pctV, pctGiven := c.Values["discount"]
	amtV, amtGiven := c.Values["discountAmount"]
	if !pctGiven && !amtGiven {
		return nil, nil
	}
	if err := s.require(ctx, actions.OrdersDiscount, map[string]any{"orderType": o.Type}); err != nil {
		return nil, err
	}
	var pct, amt any
	hundred := decimal.NewFromInt(100)
	switch {
	case amtGiven && amtV != nil:
		a, _ := number(amtV)
		a = a.Round(int32(places))
		if price == nil || a.IsNegative() || a.GreaterThan(*price) {
			return refuse("discountAmount", "discountAmount", msgf(MsgDiscountAmount, "price", priceText())), nil
		}
		amt = a.String()
		if price.IsPositive() {
			pct = a.Mul(hundred).DivRound(*price, 2).String()
		} else {
			pct = "0"
		}
	case pctGiven && pctV != nil:
		// The grid's discount rule has checked 0 to 100 and rounded to 2 decimals.
		p, _ := number(pctV)
		pct = p.String()
		if price != nil {
			amt = price.Mul(p).Div(hundred).Round(int32(places)).String()
		}
	}
	c.Values["discount"], c.Values["discountAmount"] = pct, amt
	c.Values["discountBy"], c.Values["discountDate"] = identity.FromContext(ctx).UserCode, s.now().UTC().Format("2006-01-02T15:04:05.000000Z07:00")
	return nil, nil
}
