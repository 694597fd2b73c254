package assortments

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"time"

	"its/modules/products"
)

// wireRow is a row as the detail grid receives it, spelled with encoding/json's tags: the
// reference Row.AppendJSON must match byte for byte.
type wireRow struct {
	ID                  string              `json:"id"`
	Version             int64               `json:"version"`
	Style               string              `json:"style"`
	Color               string              `json:"color"`
	StyleNumeric        int64               `json:"styleNumeric"`
	Sort                int                 `json:"sort"`
	IsNew               bool                `json:"isNew"`
	Name                string              `json:"name"`
	ProductType         string              `json:"productType"`
	Gender              string              `json:"gender"`
	Division            string              `json:"division"`
	ColorDescription    string              `json:"colorDescription"`
	Season              string              `json:"season"`
	Year                int                 `json:"year"`
	Carryover           bool                `json:"carryover"`
	NewColor            bool                `json:"newColor"`
	SizeScale           string              `json:"sizeScale"`
	Thumbnail           string              `json:"thumbnail"`
	PrintImage          string              `json:"printImage"`
	Cost                *float64            `json:"cost"`
	NetCost             *float64            `json:"netCost"`
	SuggestedRetail     *float64            `json:"suggestedRetail"`
	DiscountPercent     *float64            `json:"discountPercent"`
	DiscountAmount      *float64            `json:"discountAmount"`
	InitialMarkup       *float64            `json:"initialMarkup"`
	Label               string              `json:"label"`
	Quantity            *int64              `json:"quantity"`
	QuantityOnHand      *int64              `json:"quantityOnHand"`
	StyleQuantity       int64               `json:"styleQuantity"`
	StyleQuantityOnHand int64               `json:"styleQuantityOnHand"`
	SellThru            *float64            `json:"sellThru"`
	StyleSellThru       *float64            `json:"styleSellThru"`
	StyleNote           string              `json:"styleNote"`
	ColorNote           string              `json:"colorNote"`
	CollectionStyleNote string              `json:"collectionStyleNote"`
	CollectionColorNote string              `json:"collectionColorNote"`
	Pillar              string              `json:"pillar"`
	StoreType           string              `json:"storeType"`
	Starred             bool                `json:"starred"`
	Selected            bool                `json:"selected"`
	DisplayGroup        string              `json:"displayGroup"`
	Dimensions          string              `json:"dimensions"`
	MetricDimensions    string              `json:"metricDimensions"`
	Capacity            *float64            `json:"capacity"`
	CapacityUnit        string              `json:"capacityUnit"`
	Alerts              []Alert             `json:"alerts"`
	Locations           []products.Location `json:"locations"`
	LineStatus          *string             `json:"lineStatus"`
	TotalInventory      int                 `json:"totalInventory"`
}

// wire is the row's documented shape: absent texts are "", absent or non-finite numbers null,
// images fall back to the catalog's, lists are never null.
func wire(r *Row) wireRow {
	s := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	n := func(p *float64) *float64 {
		if p == nil || math.IsNaN(*p) || math.IsInf(*p, 0) {
			return nil
		}
		return p
	}
	img := func(own *string, kind string) string {
		if own != nil && *own != "" {
			return *own
		}
		return products.ImagePath(r.Style, r.Color, kind)
	}
	w := wireRow{ID: r.ID, Version: r.Version, Style: r.Style, Color: r.Color, StyleNumeric: r.StyleNumeric, Sort: r.Sort,
		IsNew: r.IsNew, Name: r.Name, ProductType: r.ProductType, Gender: r.Gender, Division: r.Division,
		ColorDescription: r.ColorDescription, Season: r.Season, Year: r.Year, Carryover: r.Carryover, NewColor: r.NewColor,
		SizeScale: r.SizeScale, Thumbnail: img(r.Thumbnail, "thumbnail"), PrintImage: img(r.PrintImage, "print"),
		Cost: n(r.Cost), NetCost: n(r.NetCost), SuggestedRetail: n(r.SuggestedRetail), DiscountPercent: n(r.DiscountPercent),
		DiscountAmount: n(r.DiscountAmount), InitialMarkup: n(r.InitialMarkup), Label: s(r.Label), Quantity: r.Quantity,
		QuantityOnHand: r.QuantityOnHand, StyleQuantity: r.StyleQuantity, StyleQuantityOnHand: r.StyleQuantityOnHand,
		SellThru: n(r.SellThru), StyleSellThru: n(r.StyleSellThru), StyleNote: s(r.StyleNote), ColorNote: s(r.ColorNote),
		CollectionStyleNote: s(r.CollectionStyleNote), CollectionColorNote: s(r.CollectionColorNote), Pillar: s(r.Pillar),
		StoreType: s(r.StoreType), Starred: r.Starred, Selected: r.Selected, DisplayGroup: s(r.DisplayGroup),
		Dimensions: r.Dimensions, MetricDimensions: r.MetricDimensions, Capacity: n(r.Capacity), CapacityUnit: r.CapacityUnit,
		Alerts: []Alert{}, Locations: []products.Location{}}
	for _, a := range r.Alerts {
		if len(a.Params) == 0 {
			a.Params = json.RawMessage("{}")
		}
		w.Alerts = append(w.Alerts, a)
	}
	if r.Location != nil {
		l := *r.Location
		if len(l.Availability) == 0 {
			l.Availability = json.RawMessage("[]")
		}
		w.Locations = []products.Location{l}
		w.LineStatus, w.TotalInventory = &l.LineStatus, l.TotalInventory
	}
	return w
}

// TestAppendJSONMatchesEncodingJSON holds the hand-written row encoder to encoding/json's bytes
// for the row's documented shape, over rows of the demo catalog and rows that exercise every
// escape, omission, null and fallback.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	locs := []products.CatalogLocation{{Code: "US", CurrencyCode: "USD", DecimalPlaces: 2}, {Code: "JP", CurrencyCode: "JPY"}}
	catalog := products.GenerateCatalog(2000, locs)
	rows := make([]Row, 0, len(catalog)+4)
	for i := range catalog {
		catalog[i].Derive()
		r := fromProduct(&catalog[i], []string{"US", "JP", "EU"}[i%3], i)
		r.derive(nil)
		rows = append(rows, r)
	}
	text := func(s string) *string { return &s }
	odd := rows[0]
	odd.Name = "Tom & Jerry <Kids> \"Quoted\" back\\slash\nnew\ttab\b\f\x01 é ☃ \u2028\u2029 \xff bad"
	odd.Style, odd.Color = "1<2", "B\"K"
	odd.Thumbnail, odd.PrintImage = text("/own/thumb & co.png"), text("")
	odd.Label, odd.StyleNote, odd.Pillar, odd.DisplayGroup = nil, text("note <b>"), text(""), text("Group ☃")
	tiny, huge, neg, nan, inf := 1e-7, 1.5e22, math.Copysign(0, -1), math.NaN(), math.Inf(1)
	q := int64(-3)
	odd.Cost, odd.NetCost, odd.SuggestedRetail, odd.DiscountPercent, odd.Capacity = &tiny, &huge, &neg, &nan, &inf
	odd.Quantity, odd.QuantityOnHand = &q, nil
	odd.Alerts = []Alert{
		{Style: "1<2", Color: "B\"K", Type: AlertDiscontinued, Params: json.RawMessage(`{"location": "US", "x": "<&>"}`), Message: "Discontinued in US",
			CreatedDate: time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.FixedZone("x", 5*3600+1800))},
		{Style: "S", Color: "C", Type: "other", CreatedDate: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)},
	}
	if odd.Location != nil {
		l := *odd.Location
		l.Availability = json.RawMessage(` [ {"size": "7<8", "upc" : "1\u2028"} ] `)
		odd.Location = &l
	}
	noLoc := rows[1]
	noLoc.Location = nil
	emptyAvail := rows[3]
	if emptyAvail.Location != nil {
		l := *emptyAvail.Location
		l.Availability = nil
		emptyAvail.Location = &l
	}
	rows = append(rows, odd, noLoc, emptyAvail, Row{})

	var got []byte
	for i := range rows {
		want, err := json.Marshal(wire(&rows[i]))
		if err != nil {
			t.Fatal(err)
		}
		if got, err = rows[i].AppendJSON(got[:0]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("row %d %s:\n got %s\nwant %s", i, rows[i].ID, got, want)
		}
	}
}
