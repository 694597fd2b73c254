package products

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// DemoCatalogSize is the number of style/colours of the demo catalog.
const DemoCatalogSize = 50000

// CatalogLocation is what the catalog generator needs to know of a pricing location.
type CatalogLocation struct {
	Code          string
	CurrencyCode  string
	DecimalPlaces int
}

// fxRates convert the US dollar prices into each location's currency.
var fxRates = map[string]float64{"USD": 1, "CAD": 1.36, "EUR": 0.92, "GBP": 0.79, "JPY": 151}

var (
	seasons     = []string{"SP", "SU", "FA", "HO"}
	seasonStart = map[string]time.Month{"SP": time.January, "SU": time.April, "FA": time.July, "HO": time.October}
	years       = []int{2024, 2025, 2026}
	regions     = []string{"Domestic", "Domestic", "International", "Europe"}
	channels    = []string{"Wholesale", "Wholesale", "Retail"}

	footwearModels = []string{"Aero Glide", "Cloud Step", "Trail Forge", "Street Flex", "Summit Ridge", "Metro Walk",
		"Pulse Run", "Coastline", "Harbor Lane", "Canyon Crest", "Vista Point", "Nimbus Lite", "Tempo Max", "Stride Pro",
		"Rally Court", "Drift Away", "Apex Trek", "Sea Breeze", "Cozy Lane", "Urban Edge", "Ridgeway", "Sierra Pass",
		"Arch Comfort", "Flex Motion", "Night Owl", "Sunset Drive", "Bay Shore", "Granite Peak", "Hyper Bounce", "Easy Going"}
	footwearTypes = []struct{ Name, Type, Sport, Height, Closure string }{
		{"Running Shoe", "Athletic", "Running", "Low", "Lace-Up"},
		{"Trail Runner", "Athletic", "Running", "Low", "Lace-Up"},
		{"Walking Shoe", "Athletic", "Walking", "Low", "Lace-Up"},
		{"Training Shoe", "Athletic", "Training", "Low", "Lace-Up"},
		{"Court Sneaker", "Casual", "Tennis", "Low", "Lace-Up"},
		{"High Top Sneaker", "Casual", "None", "High", "Lace-Up"},
		{"Slip-On", "Casual", "None", "Low", "Slip-On"},
		{"Hiking Boot", "Boot", "Hiking", "Mid", "Lace-Up"},
		{"Chelsea Boot", "Boot", "None", "Mid", "Pull-On"},
		{"Work Boot", "Work", "None", "High", "Lace-Up"},
		{"Sandal", "Sandal", "None", "Low", "Hook and Loop"},
		{"Slide", "Sandal", "None", "Low", "Slip-On"},
		{"Clog", "Casual", "None", "Low", "Slip-On"},
		{"Loafer", "Dress", "None", "Low", "Slip-On"},
		{"Light-Up Sneaker", "Athletic", "None", "Low", "Hook and Loop"},
	}
	apparelItems = []struct{ Name, Type, SubType, Material string }{
		{"Performance Tee", "Tops", "Tee", "Polyester"},
		{"Crew Neck Tee", "Tops", "Tee", "Cotton"},
		{"Pullover Hoodie", "Tops", "Hoodie", "Cotton Fleece"},
		{"Full-Zip Hoodie", "Tops", "Hoodie", "Cotton Fleece"},
		{"Jogger Pant", "Bottoms", "Pant", "French Terry"},
		{"Running Short", "Bottoms", "Short", "Nylon"},
		{"Legging", "Bottoms", "Legging", "Nylon Spandex"},
		{"Sports Bra", "Tops", "Bra", "Nylon Spandex"},
		{"Polo", "Tops", "Polo", "Pique Cotton"},
		{"Windbreaker Jacket", "Outerwear", "Jacket", "Ripstop Nylon"},
		{"Puffer Vest", "Outerwear", "Vest", "Recycled Polyester"},
		{"Crew Sock 6-Pack", "Accessories", "Socks", "Cotton Blend"},
		{"Baseball Cap", "Accessories", "Hat", "Cotton Twill"},
		{"Knit Beanie", "Accessories", "Hat", "Acrylic"},
	}
	apparelLines = []string{"Go Dri", "Heritage", "Motion", "Studio", "Weekend", "Trail", "Core", "Varsity", "Coastal", "Essential"}
	popItems     = []struct{ Name, Category, Type, Usage, Materials, Dim, Metric string }{
		{"Shoe Wall Display", "Fixture", "Permanent", "Wall", "MDF, Acrylic", "48 x 14 x 84 in", "122 x 36 x 213 cm"},
		{"Counter Riser", "Fixture", "Permanent", "Counter", "Acrylic", "12 x 8 x 6 in", "30 x 20 x 15 cm"},
		{"Window Cling", "Signage", "Seasonal", "Window", "Vinyl", "24 x 36 in", "61 x 91 cm"},
		{"Shelf Talker", "Signage", "Temporary", "Shelf", "Card Stock", "4 x 6 in", "10 x 15 cm"},
		{"Shopping Bag", "Packaging", "Permanent", "Checkout", "Recycled Paper", "16 x 6 x 12 in", "41 x 15 x 30 cm"},
		{"Hanging Banner", "Signage", "Seasonal", "Ceiling", "Fabric", "36 x 72 in", "91 x 183 cm"},
		{"Floor Mat", "Fixture", "Permanent", "Floor", "Rubber", "36 x 60 in", "91 x 152 cm"},
		{"Foot Measuring Device", "Accessories", "Permanent", "Fitting", "Aluminum", "14 x 5 x 2 in", "36 x 13 x 5 cm"},
		{"Lightbox Graphic", "Signage", "Seasonal", "Wall", "Backlit Film", "30 x 40 in", "76 x 102 cm"},
		{"Bench Display", "Fixture", "Permanent", "Floor", "Wood, Steel", "48 x 18 x 18 in", "122 x 46 x 46 cm"},
		{"Shoe Shaper", "Accessories", "Permanent", "Shelf", "Polypropylene", "10 x 4 x 4 in", "25 x 10 x 10 cm"},
		{"Table Tent", "Signage", "Temporary", "Counter", "Card Stock", "4 x 6 in", "10 x 15 cm"},
	}
	footwearGenders = []struct{ Gender, Division, Scale, Range, BoxCategory string }{
		{"Mens", "Men's Sport", "M", "7-14", "Mens Athletic"},
		{"Womens", "Women's Sport", "W", "5-11", "Womens Athletic"},
		{"Mens", "Men's USA", "M", "7-14", "Mens Casual"},
		{"Womens", "Women's Active", "W", "5-11", "Womens Casual"},
		{"Boys", "Kids", "K", "10.5C-7Y", "Kids"},
		{"Girls", "Kids", "K", "10.5C-7Y", "Kids"},
		{"Mens", "Work", "M", "7-14", "Work"},
		{"Womens", "Performance", "W", "5-11", "Womens Athletic"},
	}
	sizeRuns = map[string][]string{
		"M": {"8", "9", "10", "11", "12"},
		"W": {"6", "7", "8", "9", "10"},
		"K": {"12C", "1Y", "3Y", "5Y"},
		"A": {"S", "M", "L", "XL"},
		"P": {"OS"},
	}
	outsoles   = []string{"Rubber", "EVA", "Phylon", "TPR", "Goodyear Welt", "Vibram Rubber"}
	uppers     = []string{"Mesh", "Leather", "Engineered Knit", "Suede", "Canvas", "Synthetic", "Nubuck", "Recycled Mesh"}
	featureSet = []string{"Memory Foam", "Machine Washable", "Water Resistant", "Slip Resistant", "Arch Support",
		"Lightweight", "Breathable", "Wide Fit Available", "Cushioned Insole", "Recycled Materials"}
	pillars      = map[string][]string{"Footwear": {"Performance", "Lifestyle", "Comfort", "Work", "Kids", "Outdoor"}, "Apparel": {"Active", "Lifestyle", "Outdoor"}, "POP": {"In-Store", "Window", "Fixtures"}}
	lifeCycles   = []string{"New", "Core", "Core", "Carryover", "Closeout"}
	storeTypes   = []string{"Flagship", "Outlet", "Concept", "Shop-in-Shop", "eCommerce"}
	boughtStates = []string{"Bought", "Bought", "Not Bought", "Pending"}
	shapes       = []string{"Round Toe", "Almond Toe", "Square Toe", "Moc Toe"}
	widths       = []string{"Medium", "Medium", "Wide", "Extra Wide"}
	lineStatuses = []string{"A", "A", "A", "A", "A", "A", "A", "A", "N", "D", "C"}
)

// GenerateCatalog builds the deterministic demo catalog: about n style/colours of footwear,
// apparel and POP across seasons, regions and locations. The same n gives the same catalog.
func GenerateCatalog(n int, locs []CatalogLocation) []Product {
	out := make([]Product, 0, n+8)
	generateStyles(n, locs, func(style []Product) bool {
		out = append(out, style...)
		return true
	})
	return out
}

// generateStyles makes the catalog of n style/colours style by style, handing each style's
// colours to emit until n are made or emit answers false; a large catalog is streamed this way
// instead of held.
func generateStyles(n int, locs []CatalogLocation, emit func([]Product) bool) {
	base := time.Date(2023, 6, 1, 9, 0, 0, 0, time.UTC)
	for s, made := 0, 0; made < n; s++ {
		r := rand.New(rand.NewPCG(uint64(s)+1, 0x17f5))
		kind := r.IntN(100)
		var colors int
		switch {
		case kind < 55:
			colors = 3 + r.IntN(6)
		case kind < 90:
			colors = 3 + r.IntN(5)
		default:
			colors = 1 + r.IntN(3)
		}
		if rest := n - made; colors > rest {
			colors = rest
		}
		made += colors
		if !emit(generateStyle(s, kind, colors, r, base, locs)) {
			return
		}
	}
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func money(v float64) *float64 { v = Round2(v); return &v }

func day(t time.Time) *Date {
	d := Date{time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)}
	return &d
}

func generateStyle(s, kind, ncolors int, r *rand.Rand, base time.Time, locs []CatalogLocation) []Product {
	season, year := pick(r, seasons), pick(r, years)
	region, channel := pick(r, regions), pick(r, channels)
	seasonDate := time.Date(year, seasonStart[season], 1, 0, 0, 0, 0, time.UTC)
	created := base.Add(time.Duration(r.IntN(800*24)) * time.Hour)
	p := Product{
		Season: season, Year: year, Region: region, Channel: channel,
		SeasonCodes: []string{fmt.Sprintf("%s%02d", season, year%100)},
		CreatedDate: created, UpdatedDate: created.Add(time.Duration(r.IntN(2000)) * time.Hour),
		LifeCycle: pick(r, lifeCycles), BoughtStatus: pick(r, boughtStates), StoreType: pick(r, storeTypes),
		FocusStyle: r.IntN(10) == 0, UsaDc: r.IntN(10) < 7, Carryover: r.IntN(4) == 0,
		Samples: r.IntN(12), RushSamples: r.IntN(3), Features: []string{},
		DueDate: day(seasonDate.AddDate(0, -3, r.IntN(20))), AvailabilityDate: day(seasonDate.AddDate(0, 0, r.IntN(45))),
	}
	if r.IntN(3) == 0 {
		next := seasons[(indexOf(seasons, season)+1)%4]
		y := year
		if next == "SP" {
			y++
		}
		p.SeasonCodes = append(p.SeasonCodes, fmt.Sprintf("%s%02d", next, y%100))
	}
	p.ModifiedDate = p.UpdatedDate
	var k styleKind
	switch {
	case kind < 55:
		k = footwearStyle(&p, s, r)
	case kind < 90:
		k = apparelStyle(&p, s, r)
	default:
		k = popStyle(&p, s, r, seasonDate)
	}
	p.Style = strconv.FormatInt(p.StyleNumeric, 10)
	if p.ProductType == "POP" && r.IntN(2) == 0 {
		p.Relationships = []string{strconv.FormatInt(p.StyleNumeric-7-int64(r.IntN(3)), 10)}
	}
	for _, f := range featureSet {
		if r.IntN(6) == 0 && p.ProductType != "POP" {
			p.Features = append(p.Features, f)
		}
	}
	p.KeyInitiative = fmt.Sprintf("%s-%s-%d-%s-%s", channel, season, year, region, p.ProductType)
	discount := 0.0
	if r.IntN(5) == 0 {
		discount = float64(5 * (1 + r.IntN(4)))
	}
	return colorStyles(p, s, ncolors, k, discount, seasonDate, r, locs)
}

// styleKind is what a style's product type decides for its colours: cost, retail and size run.
type styleKind struct {
	cost, retail float64
	sizeRange    string
	sizes        []string
}

// footwearStyle makes p a footwear style: model, type, gender, materials, categories, prices.
func footwearStyle(p *Product, s int, r *rand.Rand) styleKind {
	var cost, retail float64
	var sizes []string
	var sizeRange string
	p.ProductType = "Footwear"
	p.StyleNumeric = int64(100000 + s*7 + r.IntN(7))
	g := pick(r, footwearGenders)
	t := pick(r, footwearTypes)
	if t.Name == "Light-Up Sneaker" && g.Division != "Kids" {
		t = footwearTypes[0]
	}
	if g.Division == "Work" {
		t = footwearTypes[9]
	}
	model := pick(r, footwearModels)
	p.Name = model + " " + t.Name
	p.Gender, p.Division, p.SizeScale, p.BoxCategory = g.Gender, g.Division, g.Scale, g.BoxCategory
	sizeRange, sizes = g.Range, sizeRuns[g.Scale]
	p.Outsole, p.Upper = pick(r, outsoles), pick(r, uppers)
	p.Vegan = p.Upper != "Leather" && p.Upper != "Suede" && p.Upper != "Nubuck" && r.IntN(2) == 0
	p.DutyCode = pick(r, []string{"6404.11.9020", "6403.99.6075", "6402.99.3165", "6404.19.3960"})
	u := 12
	p.Units = &u
	p.Pillar = pick(r, pillars["Footwear"])
	if g.Division == "Kids" {
		p.Pillar = "Kids"
	}
	p.Categories = Categories{Type: t.Type, Shape: pick(r, shapes), Height: t.Height, Closure: t.Closure, Sport: t.Sport,
		Lighted: t.Name == "Light-Up Sneaker", Vegan: p.Vegan, Width: pick(r, widths)}
	cost = 14 + float64(r.IntN(3200))/100
	retail = math.Round(cost*2.2+float64(r.IntN(15))) - 0.01
	p.Description = fmt.Sprintf("%s %s with a %s upper and %s outsole.", genderWord(p.Gender), lower(t.Name), lower(p.Upper), p.Outsole)
	p.ECommerce = ECommerce{Description: p.Description, Details: "Removable cushioned insole; padded collar and tongue.", Construction: "Cemented " + lower(p.Outsole) + " outsole"}
	return styleKind{cost: cost, retail: retail, sizeRange: sizeRange, sizes: sizes}
}

// apparelStyle makes p an apparel style: line, item, gender, division, prices.
func apparelStyle(p *Product, s int, r *rand.Rand) styleKind {
	var cost, retail float64
	var sizes []string
	var sizeRange string
	p.ProductType = "Apparel"
	p.StyleNumeric = int64(500000 + s*7 + r.IntN(7))
	it := pick(r, apparelItems)
	p.Name = pick(r, apparelLines) + " " + it.Name
	p.Gender = pick(r, []string{"Mens", "Womens", "Womens", "Unisex", "Boys", "Girls"})
	if it.SubType == "Bra" || it.SubType == "Legging" {
		p.Gender = "Womens"
	}
	p.Division = map[string]string{"Mens": "Men's Apparel", "Womens": "Women's Apparel", "Unisex": "Accessories", "Boys": "Kids Apparel", "Girls": "Kids Apparel"}[p.Gender]
	p.SizeScale, sizeRange, sizes = "A", "XS-XXL", sizeRuns["A"]
	if it.Type == "Accessories" {
		sizeRange, sizes = "OS", sizeRuns["P"]
	}
	p.BoxCategory = "Apparel"
	p.DutyCode = pick(r, []string{"6110.20.2010", "6109.10.0012", "6104.63.2006", "6505.00.9040"})
	u := 6
	p.Units = &u
	p.Pillar = pick(r, pillars["Apparel"])
	p.Categories = Categories{ApparelType: it.Type, ApparelSubType: it.SubType}
	cost = 5 + float64(r.IntN(2600))/100
	retail = math.Round(cost*2.3+float64(r.IntN(10))) - 0.01
	p.Description = fmt.Sprintf("%s %s in soft %s.", genderWord(p.Gender), lower(it.Name), lower(it.Material))
	p.ECommerce = ECommerce{Description: p.Description, Details: "Tag-free label; machine wash cold.", Construction: it.Material}
	p.Components.Material1 = it.Material
	return styleKind{cost: cost, retail: retail, sizeRange: sizeRange, sizes: sizes}
}

// popStyle makes p a POP (point of purchase) item: category, type, dimensions, capacity, expiry, prices.
func popStyle(p *Product, s int, r *rand.Rand, seasonDate time.Time) styleKind {
	var cost, retail float64
	var sizes []string
	var sizeRange string
	p.ProductType = "POP"
	p.StyleNumeric = int64(900000 + s*7 + r.IntN(7))
	it := pick(r, popItems)
	p.Name = pick(r, []string{"Seasonal", "Brand", "Comfort Tech", "Kids", "Performance", "Holiday", "Back to School"}) + " " + it.Name
	p.Gender = "Unisex"
	p.Division = "Marketing"
	p.PopCategory, p.PopType, p.PopGender, p.Usage, p.Materials = it.Category, it.Type, pick(r, []string{"Unisex", "Mens", "Womens", "Kids"}), it.Usage, it.Materials
	p.Dimensions, p.MetricDimensions = it.Dim, it.Metric
	sizeRange, sizes = "OS", sizeRuns["P"]
	p.DutyCode = "4911.10.0080"
	u := 1
	p.Units = &u
	if it.Category == "Fixture" {
		c := float64(12 + 12*r.IntN(6))
		p.Capacity, p.CapacityUnit = &c, "pairs"
	}
	if it.Type != "Permanent" {
		p.ExpirationDate = day(seasonDate.AddDate(0, 6, 0))
	}
	p.Pillar = pick(r, pillars["POP"])
	cost = 1.5 + float64(r.IntN(30000))/100
	retail = 0
	p.Description = fmt.Sprintf("%s for in-store marketing (%s).", it.Name, lower(it.Usage))
	p.Components.Material1 = it.Materials
	return styleKind{cost: cost, retail: retail, sizeRange: sizeRange, sizes: sizes}
}

// colorStyles makes the style's ncolors colours (distinct codes, stable order) with their
// prices, quantities, locations and the style's totals.
func colorStyles(p Product, s, ncolors int, k styleKind, discount float64, seasonDate time.Time, r *rand.Rand, locs []CatalogLocation) []Product {
	cost, retail, sizeRange, sizes := k.cost, k.retail, k.sizeRange, k.sizes
	used := map[string]bool{}
	out := make([]Product, 0, ncolors)
	styleQty, styleOnHand := 0, 0
	for c := 0; c < ncolors; c++ {
		var cw colorway
		for {
			cw = pick(r, colorways)
			if !used[cw.Code] {
				break
			}
		}
		used[cw.Code] = true
		q := p
		q.Color = cw.Code
		q.ColorDescription = cw.describe()
		q.NRF = fmt.Sprintf("%03d", 1+indexOfColorway(cw.Code)*7%999)
		q.Components.Color1 = shades[cw.Shades[0]].Name
		q.Components.Color2 = shades[cw.Shades[1]].Name
		q.Components.Color3 = shades[cw.Shades[2]].Name
		if q.ProductType == "Footwear" {
			q.Components.Material1, q.Components.Material2, q.Components.Material3 = p.Upper, p.Outsole, "Textile lining"
		}
		q.NewColor = c > 0 && r.IntN(3) == 0
		q.InSampleOrders = r.IntN(7) == 0
		q.InWholesaleOrders = r.IntN(3) == 0
		q.Features = append([]string(nil), p.Features...)
		colorCost := cost + float64(r.IntN(3))
		q.FirstCost = money(colorCost * 0.62)
		q.Cost = money(colorCost)
		q.SuggestedRetail = money(retail)
		if discount > 0 {
			q.DiscountPercent = money(discount)
			q.DiscountAmount = money(colorCost * discount / 100)
		}
		q.Quantity = r.IntN(4000)
		q.QuantityOnHand = r.IntN(2500)
		if q.ProductType == "POP" {
			q.Quantity, q.QuantityOnHand = r.IntN(300), r.IntN(200)
		}
		styleQty += q.Quantity
		styleOnHand += q.QuantityOnHand
		q.Locations = generateLocations(&q, s, c, sizeRange, sizes, seasonDate, r, locs)
		out = append(out, q)
	}
	for i := range out {
		out[i].StyleQuantity, out[i].StyleQuantityOnHand = styleQty, styleOnHand
		if styleQty > 0 {
			out[i].ColorPercent = money(float64(out[i].Quantity) * 100 / float64(styleQty))
		}
		if styleOnHand > 0 {
			out[i].Percentage = money(float64(out[i].QuantityOnHand) * 100 / float64(styleOnHand))
		}
		out[i].Derive()
	}
	return out
}

func generateLocations(p *Product, s, c int, sizeRange string, sizes []string, seasonDate time.Time, r *rand.Rand, locs []CatalogLocation) []Location {
	var out []Location
	for i, l := range locs {
		// The first location (the US) carries everything; POP stays in the first two.
		if i > 0 && (r.IntN(100) >= 70-10*i || (p.ProductType == "POP" && i > 1)) {
			continue
		}
		rate := fxRates[l.CurrencyCode]
		if rate == 0 {
			rate = 1
		}
		conv := func(v *float64) *float64 {
			if v == nil {
				return nil
			}
			x := Round(*v*rate, l.DecimalPlaces)
			return &x
		}
		loc := Location{Code: l.Code, LineStatus: pick(r, lineStatuses), SizeRange: sizeRange,
			WholesalePrice: conv(p.Cost), OriginalCost: conv(p.FirstCost), SuggestedRetail: conv(p.SuggestedRetail),
			StatusDate: day(seasonDate.AddDate(0, -2, r.IntN(30))), LastProdDate: day(seasonDate.AddDate(1, r.IntN(6), 0)),
			AddDate: day(seasonDate.AddDate(0, -4, r.IntN(30))), FirstAvailDate: day(seasonDate.AddDate(0, 0, r.IntN(30))),
		}
		loc.StyleLastProdDate = loc.LastProdDate
		// Written by hand: 137,000 of these are made at every demo start.
		av := make([]byte, 0, 72*len(sizes)+2)
		av = append(av, '[')
		for k, size := range sizes {
			inv := r.IntN(900)
			if r.IntN(8) == 0 {
				inv = 0
			}
			loc.TotalInventory += inv
			if k > 0 {
				av = append(av, ',')
			}
			av = append(av, `{"size":"`...)
			av = append(av, size...)
			av = append(av, `","inventory":`...)
			av = strconv.AppendInt(av, int64(inv), 10)
			av = append(av, `,"date":"`...)
			av = seasonDate.AddDate(0, 0, 7*r.IntN(8)).AppendFormat(av, time.DateOnly)
			av = append(av, `","upc":"19`...)
			av = appendPadded(av, s%1000000, 6)
			av = appendPadded(av, c%100, 2)
			av = append(av, byte('0'+k%10), byte('0'+i%10), '"', '}')
		}
		loc.Availability = append(av, ']')
		out = append(out, loc)
	}
	return out
}

// appendPadded writes n with leading zeros to width digits.
func appendPadded(b []byte, n, width int) []byte {
	var d [20]byte
	i := len(d)
	for w := 0; w < width || n > 0; w++ {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
	}
	return append(b, d[i:]...)
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func indexOfColorway(code string) int {
	for i, c := range colorways {
		if c.Code == code {
			return i
		}
	}
	return 0
}

func genderWord(g string) string {
	switch g {
	case "Mens":
		return "Men's"
	case "Womens":
		return "Women's"
	case "Boys":
		return "Boys'"
	case "Girls":
		return "Girls'"
	}
	return "Unisex"
}

func lower(s string) string { return strings.ToLower(s) }
