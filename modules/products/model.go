package products

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"its/core/num"
)

// Product is one style/colour row of the catalog (spec §3.1), with its derived values.
type Product struct {
	ID                  string     `json:"id"`
	Style               string     `json:"style"`
	Color               string     `json:"color"`
	StyleNumeric        int64      `json:"styleNumeric"`
	Name                string     `json:"name"`
	Image               string     `json:"image"`
	Thumbnail           string     `json:"thumbnail"`
	PrintImage          string     `json:"printImage"`
	Description         string     `json:"description,omitempty"`
	Features            []string   `json:"features"`
	NRF                 string     `json:"nrf,omitempty"`
	Vegan               bool       `json:"vegan"`
	ColorDescription    string     `json:"colorDescription"`
	Division            string     `json:"division"`
	Gender              string     `json:"gender"`
	SizeScale           string     `json:"sizeScale,omitempty"`
	Outsole             string     `json:"outsole,omitempty"`
	Upper               string     `json:"upper,omitempty"`
	SeasonCodes         []string   `json:"seasonCodes"`
	Season              string     `json:"season"`
	Year                int        `json:"year"`
	Region              string     `json:"region"`
	Channel             string     `json:"channel"`
	KeyInitiative       string     `json:"keyInitiative"`
	KeyInitiativeLabel  string     `json:"keyInitiativeLabel"`
	ProductType         string     `json:"productType"`
	FirstCost           *float64   `json:"firstCost"`
	Cost                *float64   `json:"cost"`
	NetCost             *float64   `json:"netCost"`
	SuggestedRetail     *float64   `json:"suggestedRetail"`
	DiscountPercent     *float64   `json:"discountPercent"`
	DiscountAmount      *float64   `json:"discountAmount"`
	InitialMarkup       *float64   `json:"initialMarkup"`
	Label               string     `json:"label"`
	Quantity            int        `json:"quantity"`
	QuantityOnHand      int        `json:"quantityOnHand"`
	StyleQuantity       int        `json:"styleQuantity"`
	StyleQuantityOnHand int        `json:"styleQuantityOnHand"`
	ColorPercent        *float64   `json:"colorPercent"`
	Percentage          *float64   `json:"percentage"`
	SellThru            *float64   `json:"sellThru"`
	StyleSellThru       *float64   `json:"styleSellThru"`
	BoxCategory         string     `json:"boxCategory,omitempty"`
	DutyCode            string     `json:"dutyCode,omitempty"`
	Units               *int       `json:"units,omitempty"`
	Capacity            *float64   `json:"capacity,omitempty"`
	CapacityUnit        string     `json:"capacityUnit,omitempty"`
	Dimensions          string     `json:"dimensions,omitempty"`
	MetricDimensions    string     `json:"metricDimensions,omitempty"`
	ExpirationDate      *Date      `json:"expirationDate,omitempty"`
	PopCategory         string     `json:"popCategory,omitempty"`
	PopType             string     `json:"popType,omitempty"`
	PopGender           string     `json:"popGender,omitempty"`
	Relationships       []string   `json:"relationships,omitempty"`
	Usage               string     `json:"usage,omitempty"`
	Materials           string     `json:"materials,omitempty"`
	StyleNote           string     `json:"styleNote"`
	ColorNote           string     `json:"colorNote"`
	CollectionStyleNote string     `json:"collectionStyleNote"`
	CollectionColorNote string     `json:"collectionColorNote"`
	Pillar              string     `json:"pillar"`
	LifeCycle           string     `json:"lifeCycle"`
	DueDate             *Date      `json:"dueDate"`
	Samples             int        `json:"samples"`
	RushSamples         int        `json:"rushSamples"`
	FocusStyle          bool       `json:"focusStyle"`
	StoreType           string     `json:"storeType"`
	UsaDc               bool       `json:"usaDc"`
	BoughtStatus        string     `json:"boughtStatus"`
	NewColor            bool       `json:"newColor"`
	Carryover           bool       `json:"carryover"`
	AvailabilityDate    *Date      `json:"availabilityDate"`
	InSampleOrders      bool       `json:"inSampleOrders"`
	InWholesaleOrders   bool       `json:"inWholesaleOrders"`
	Categories          Categories `json:"categories"`
	ECommerce           ECommerce  `json:"eCommerce"`
	Components          Components `json:"components"`
	Colors              []Color    `json:"colors,omitempty"`
	Locations           []Location `json:"locations"`
	CreatedDate         time.Time  `json:"createdDate"`
	UpdatedDate         time.Time  `json:"updatedDate"`
	ModifiedDate        time.Time  `json:"modifiedDate"`
}

// Categories classify a product: footwear uses type..width, apparel apparelType/apparelSubType.
type Categories struct {
	Type           string `json:"type,omitempty"`
	Shape          string `json:"shape,omitempty"`
	Height         string `json:"height,omitempty"`
	Closure        string `json:"closure,omitempty"`
	Sport          string `json:"sport,omitempty"`
	Lighted        bool   `json:"lighted,omitempty"`
	Vegan          bool   `json:"vegan,omitempty"`
	Width          string `json:"width,omitempty"`
	ApparelType    string `json:"apparelType,omitempty"`
	ApparelSubType string `json:"apparelSubType,omitempty"`
}

// ECommerce is the web-shop copy.
type ECommerce struct {
	Description  string `json:"description,omitempty"`
	Details      string `json:"details,omitempty"`
	Construction string `json:"construction,omitempty"`
}

// Components are the colours and materials a product is made of.
type Components struct {
	Color1    string `json:"color1,omitempty"`
	Color2    string `json:"color2,omitempty"`
	Color3    string `json:"color3,omitempty"`
	Material1 string `json:"material1,omitempty"`
	Material2 string `json:"material2,omitempty"`
	Material3 string `json:"material3,omitempty"`
}

// Color is a sibling colour of the style, in the views that list them.
type Color struct {
	Color           string   `json:"color"`
	Active          bool     `json:"active"`
	Disabled        bool     `json:"disabled"`
	Thumbnail       string   `json:"thumbnail"`
	PrintImage      string   `json:"printImage"`
	InitialMarkup   *float64 `json:"initialMarkup"`
	SuggestedRetail *float64 `json:"suggestedRetail"`
}

// Location is the product's pricing and availability in one pricing location.
type Location struct {
	Code              string   `json:"code"`
	CurrencySymbol    string   `json:"currencySymbol"`
	DecimalPlaces     int      `json:"decimalPlaces"`
	LineStatus        string   `json:"lineStatus"`
	SizeRange         string   `json:"sizeRange"`
	WholesalePrice    *float64 `json:"wholesalePrice"`
	OriginalCost      *float64 `json:"originalCost"`
	SuggestedRetail   *float64 `json:"suggestedRetail"`
	MarkupPercent     *float64 `json:"markupPercent"`
	StatusDate        *Date    `json:"statusDate"`
	LastProdDate      *Date    `json:"lastProdDate"`
	StyleLastProdDate *Date    `json:"styleLastProdDate"`
	AddDate           *Date    `json:"addDate"`
	FirstAvailDate    *Date    `json:"firstAvailDate"`
	TotalInventory    int      `json:"totalInventory"`
	// Availability is [{size, inventory, date, upc}], passed through as stored.
	Availability json.RawMessage `json:"availability"`
}

// Availability is the stock of one size in one location from a date.
type Availability struct {
	Size      string `json:"size"`
	Inventory int    `json:"inventory"`
	Date      string `json:"date"`
	UPC       string `json:"upc"`
}

// LocationInfo is a pricing location with its currency.
type LocationInfo struct {
	Code           string `json:"code"`
	Name           string `json:"name"`
	Region         string `json:"region"`
	CurrencyCode   string `json:"currencyCode"`
	CurrencySymbol string `json:"currencySymbol"`
	DecimalPlaces  int    `json:"decimalPlaces"`
}

// Date is a calendar day written YYYY-MM-DD (the spec's date pattern).
type Date struct{ time.Time }

// MarshalJSON writes the day.
func (d Date) MarshalJSON() ([]byte, error) {
	return []byte(`"` + d.Format(time.DateOnly) + `"`), nil
}

// UnmarshalJSON reads YYYY-MM-DD.
func (d *Date) UnmarshalJSON(b []byte) error {
	t, err := time.Parse(`"`+time.DateOnly+`"`, string(b))
	if err != nil {
		return err
	}
	d.Time = t
	return nil
}

// ID joins style and colour into the style_color id.
func ID(style, color string) string { return style + "_" + color }

// SplitID is the inverse of ID (a style never contains '_').
func SplitID(id string) (style, color string, ok bool) {
	style, color, ok = strings.Cut(id, "_")
	return style, color, ok && style != "" && color != ""
}

// ImagePath is the URL of a rendered product image: kind is thumbnail, image or print.
func ImagePath(style, color, kind string) string {
	return "/api/products/images/" + ID(style, color) + "/" + kind + ".png"
}

// Round rounds half-up on the decimal digits to places decimals (the spec rounds money and
// percentages to 2).
func Round(v float64, places int) float64 { return num.Round(v, places) }

// Round2 rounds to 2 decimals.
func Round2(v float64) float64 { return Round(v, 2) }

// NetCost is cost minus the discount amount; a negative result is no value (spec §5.1).
func NetCost(cost, discountAmount *float64) *float64 { return NetCostPlaces(cost, discountAmount, 2) }

// NetCostPlaces is NetCost rounded to places decimals (a location's currency).
func NetCostPlaces(cost, discountAmount *float64, places int) *float64 {
	if cost == nil {
		return nil
	}
	n := num.Dec(*cost)
	if discountAmount != nil {
		n = n.Sub(num.Dec(*discountAmount))
	}
	if n.IsNegative() {
		return nil
	}
	v := num.Float(n, places)
	return &v
}

// SellThru is quantity / (quantity + on hand), in percent; nothing when both are zero.
func SellThru(quantity, onHand int) *float64 {
	if quantity+onHand <= 0 {
		return nil
	}
	v := num.Quo(decimal.NewFromInt(int64(quantity)*100), decimal.NewFromInt(int64(quantity+onHand)), 2)
	return &v
}

// MarkupPercent is (suggested retail - net cost) / suggested retail, in percent; nothing without
// a non-zero suggested retail or a net cost.
func MarkupPercent(suggestedRetail, netCost *float64) *float64 {
	if suggestedRetail == nil || *suggestedRetail == 0 || netCost == nil {
		return nil
	}
	sr := num.Dec(*suggestedRetail)
	v := num.Quo(sr.Sub(num.Dec(*netCost)).Shift(2), sr, 2)
	return &v
}

// KeyInitiativeLabel drops the first part (the channel) of a key initiative value.
func KeyInitiativeLabel(v string) string {
	_, rest, ok := strings.Cut(v, "-")
	if !ok {
		return v
	}
	return strings.ReplaceAll(rest, "-", " ")
}

// Derive fills the values computed from stored ones: images, net cost, markup, sell-through.
func (p *Product) Derive() {
	p.ID = ID(p.Style, p.Color)
	p.Image = ImagePath(p.Style, p.Color, "image")
	p.Thumbnail = ImagePath(p.Style, p.Color, "thumbnail")
	p.PrintImage = ImagePath(p.Style, p.Color, "print")
	p.NetCost = NetCost(p.Cost, p.DiscountAmount)
	p.InitialMarkup = MarkupPercent(p.SuggestedRetail, p.NetCost)
	p.SellThru = SellThru(p.Quantity, p.QuantityOnHand)
	p.StyleSellThru = SellThru(p.StyleQuantity, p.StyleQuantityOnHand)
	p.KeyInitiativeLabel = KeyInitiativeLabel(p.KeyInitiative)
	for i := range p.Locations {
		l := &p.Locations[i]
		net := l.WholesalePrice
		if net != nil && p.DiscountPercent != nil {
			v := Round(*net*(1-*p.DiscountPercent/100), l.DecimalPlaces)
			net = &v
		}
		l.MarkupPercent = MarkupPercent(l.SuggestedRetail, net)
	}
}
