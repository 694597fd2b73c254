package products

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"time"
)

// TestAppendJSONMatchesEncodingJSON holds the hand-written row encoder to json.Encoder's bytes
// over the demo catalog and over values that exercise every escape, omission and null.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	locs := []CatalogLocation{{Code: "US", CurrencyCode: "USD", DecimalPlaces: 2}, {Code: "EU", CurrencyCode: "EUR", DecimalPlaces: 2}, {Code: "JP", CurrencyCode: "JPY"}}
	list := GenerateCatalog(3000, locs)
	for i := range list {
		list[i].Derive()
	}
	odd := list[0]
	odd.Name = "Tom & Jerry <Kids> \"Quoted\" back\\slash\nnew\ttab\b\f\x01 é ☃ \u2028\u2029 \xff bad"
	odd.Description, odd.NRF, odd.SizeScale = "", "", ""
	odd.Features, odd.SeasonCodes, odd.Relationships = nil, []string{}, []string{"a<b", "c"}
	tiny, huge, neg, units := 1e-7, 1.5e22, math.Copysign(0, -1), 12
	odd.Capacity, odd.Units, odd.FirstCost, odd.Cost, odd.SellThru = &tiny, &units, &huge, &neg, nil
	odd.ExpirationDate = &Date{time.Date(2025, 2, 3, 0, 0, 0, 0, time.UTC)}
	odd.DueDate, odd.AvailabilityDate = nil, nil
	odd.Categories = Categories{Lighted: true, Width: "W&ide"}
	odd.ECommerce = ECommerce{Details: "x"}
	odd.Components = Components{}
	odd.Colors = []Color{{Color: "BLK", Active: true, Thumbnail: "t"}, {Color: "W<T", Disabled: true, SuggestedRetail: &huge}}
	odd.CreatedDate = time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.FixedZone("x", 5*3600+1800))
	odd.Locations = append([]Location{}, odd.Locations...)
	odd.Locations[0].Availability = json.RawMessage(` [ {"size": "7<8", "upc" : "1\u2028"} ] `)
	noLocs := list[1]
	noLocs.Locations = nil
	emptyLocs := list[2]
	emptyLocs.Locations = []Location{}
	list = append(list, odd, noLocs, emptyLocs)

	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	var got []byte
	for i := range list {
		want.Reset()
		if err := enc.Encode(&list[i]); err != nil {
			t.Fatal(err)
		}
		var err error
		if got, err = list[i].AppendJSON(got[:0]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("product %s:\n got %s\nwant %s", list[i].ID, got, want.Bytes())
		}
	}
	bad := list[3]
	nan := 0.0
	nan /= nan
	bad.Cost = &nan
	if _, err := bad.AppendJSON(nil); err == nil {
		t.Fatal("NaN encoded")
	}
}

// TestScanJSONBMatchesEncodingJSON holds the flat jsonb reader to json.Unmarshal, including the
// inputs it hands over to it.
func TestScanJSONBMatchesEncodingJSON(t *testing.T) {
	for _, raw := range []string{
		`{}`, ` { } `, `{"type": "Boot", "shape": "Round Toe", "lighted": true, "vegan": false, "width": "Wide"}`,
		`{"apparelType": "Tops", "apparelSubType": "Hoodie"}`, `{"type": "Bo\"ot"}`, `{"TYPE": "Boot"}`,
		`{"type": null}`, `{"type": 5}`, `{"lighted": "yes"}`, `{"extra": {"a": 1}, "type": "x"}`,
		`{"type": "caf\u00e9 \ud83d\ude00"}`, "{\"type\": \"caf\xc3\xa9\"}", "{\"type\": \"bad\xff\"}",
		`{"type": "a", "type": "b"}`,
	} {
		var want, got Categories
		werr := json.Unmarshal([]byte(raw), &want)
		gerr := scanCategories([]byte(raw), &got)
		if (werr == nil) != (gerr == nil) || want != got {
			t.Fatalf("%s: got %+v (%v), want %+v (%v)", raw, got, gerr, want, werr)
		}
	}
	for _, raw := range []string{`{}`, `{"description": "Soft <b>", "details": "x", "construction": "y"}`, `{"description": "a\nb"}`} {
		var want, got ECommerce
		werr := json.Unmarshal([]byte(raw), &want)
		gerr := scanECommerce([]byte(raw), &got)
		if (werr == nil) != (gerr == nil) || want != got {
			t.Fatalf("%s: got %+v, want %+v", raw, got, want)
		}
	}
	for _, raw := range []string{`{}`, `{"color1": "Black", "color2": "White", "material1": "Leather", "material3": "Mesh"}`, `{"color9": "x"}`} {
		var want, got Components
		werr := json.Unmarshal([]byte(raw), &want)
		gerr := scanComponents([]byte(raw), &got)
		if (werr == nil) != (gerr == nil) || want != got {
			t.Fatalf("%s: got %+v, want %+v", raw, got, want)
		}
	}
}
