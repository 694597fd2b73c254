package assortments

import (
	"slices"
	"testing"

	"its/modules/products"
)

func TestPricingEdit(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	val := func(p *float64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	base := Pricing{Cost: f(50), DiscountPercent: f(10), DiscountAmount: f(5), NetCost: f(45), SuggestedRetail: f(100)}
	cases := []struct {
		name                string
		field               string
		v                   *float64
		decimals            int
		cost, pct, amt, net any
		rule                string
	}{
		{"cost holds the percentage", "cost", f(80), 2, 80.0, 10.0, 8.0, 72.0, ""},
		{"percentage holds cost", "discountPercent", f(25), 2, 50.0, 25.0, 12.5, 37.5, ""},
		{"percentage rounds to 2 decimals", "discountPercent", f(33.333), 2, 50.0, 33.33, 16.67, 33.33, ""},
		{"percentage above 100", "discountPercent", f(101), 2, nil, nil, nil, nil, "discount"},
		{"clearing the percentage", "discountPercent", nil, 2, 50.0, nil, nil, 50.0, ""},
		{"amount derives the percentage", "discountAmount", f(20), 2, 50.0, 40.0, 20.0, 30.0, ""},
		{"amount above cost blanks net cost", "discountAmount", f(60), 2, 50.0, nil, 60.0, nil, ""},
		{"net cost derives the discount", "netCost", f(40), 2, 50.0, 20.0, 10.0, 40.0, ""},
		{"net cost above cost", "netCost", f(55), 2, nil, nil, nil, nil, "netAboveCost"},
		{"markup sets net cost from retail", "initialMarkup", f(60), 2, 50.0, 20.0, 10.0, 40.0, ""},
		{"negative values", "cost", f(-1), 2, nil, nil, nil, nil, "negative"},
		{"whole-unit currency", "discountPercent", f(15), 0, 50.0, 15.0, 8.0, 42.0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := base.Edit(c.field, c.v, c.decimals)
			if c.rule != "" {
				if err == nil || err.Rule != c.rule {
					t.Fatalf("want rule %s, got %v", c.rule, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if val(got.Cost) != c.cost || val(got.DiscountPercent) != c.pct || val(got.DiscountAmount) != c.amt || val(got.NetCost) != c.net {
				t.Fatalf("got cost %v pct %v amount %v net %v", val(got.Cost), val(got.DiscountPercent), val(got.DiscountAmount), val(got.NetCost))
			}
		})
	}
	if _, err := (Pricing{Cost: f(10), SuggestedRetail: f(0)}).Edit("initialMarkup", f(50), 2); err == nil || err.Message != MsgMarkupNeedsSR {
		t.Fatalf("markup without suggested retail: %v", err)
	}
	if m := (Pricing{NetCost: f(40), SuggestedRetail: f(100)}).Markup(); m == nil || *m != 60 {
		t.Fatalf("markup %v", m)
	}
}

func TestFilterMessages(t *testing.T) {
	q := func(text string, conds map[string][]any) *products.Query {
		return &products.Query{Text: text, Conditions: conds}
	}
	prev := q("", map[string][]any{"division": {"Work"}, "gender": {"Mens"}})
	cases := []struct {
		next *products.Query
		want []string
	}{
		{q("", map[string][]any{"division": {"Work"}, "gender": {"Mens"}}), nil},
		{q("boot", map[string][]any{"division": {"Work", "Kids"}, "gender": {"Mens"}}), []string{"2 Filters added and assortment updated"}},
		{q("", map[string][]any{"division": {"Work"}}), []string{"1 Filter removed and assortment updated"}},
		{q("", map[string][]any{"division": {"Kids"}, "gender": {"Mens"}}), []string{"1 Filter added and assortment updated", "1 Filter removed and assortment updated"}},
	}
	for _, c := range cases {
		if got := filterMessages(prev, c.next); !slices.Equal(got, c.want) {
			t.Fatalf("%v: got %q, want %q", c.next.Conditions, got, c.want)
		}
	}
}
