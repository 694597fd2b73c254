package products

import (
	"strings"
	"time"

	"its/core/num"
)

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

// Availability is the stock of one size in one location from a date.
type Availability struct {
	Size      string `json:"size"`
	Inventory int    `json:"inventory"`
	Date      string `json:"date"`
	UPC       string `json:"upc"`
}

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

// SplitID is the inverse of ID (a style never contains '_').
func SplitID(id string) (style, color string, ok bool) {
	style, color, ok = strings.Cut(id, "_")
	return style, color, ok && style != "" && color != ""
}

// Round rounds half-up on the decimal digits to places decimals (the spec rounds money and
// percentages to 2).
func Round(v float64, places int) float64 { return num.Round(v, places) }

// Round2 rounds to 2 decimals.
func Round2(v float64) float64 { return Round(v, 2) }

// NetCost is cost minus the discount amount; a negative result is no value (spec §5.1).
func NetCost(cost, discountAmount *float64) *float64 { return NetCostPlaces(cost, discountAmount, 2) }

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
