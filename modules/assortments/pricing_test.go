package assortments

import (
	"encoding/json"
	"slices"
	"testing"

	"its/core/vectors"
	"its/modules/products"
)

// pricingCase is a case of testdata/vectors/pricing.json (and of generated.json's "pricing"):
// the Vitest suite of the assortments remote runs the same cases through editPricing.
type pricingCase struct {
	Note     string              `json:"note"`
	Start    map[string]*float64 `json:"start"`
	Edits    map[string]*float64 `json:"edits"`
	Decimals int                 `json:"decimals"`
	Want     map[string]*float64 `json:"want"`
	Error    string              `json:"error"`
}

func pricingOf(m map[string]*float64) Pricing {
	return Pricing{Cost: m["cost"], NetCost: m["netCost"], DiscountPercent: m["discountPercent"], DiscountAmount: m["discountAmount"], SuggestedRetail: m["suggestedRetail"]}
}

func (p Pricing) fields() map[string]*float64 {
	return map[string]*float64{"cost": p.Cost, "netCost": p.NetCost, "discountPercent": p.DiscountPercent, "discountAmount": p.DiscountAmount, "suggestedRetail": p.SuggestedRetail}
}

// runPricing applies each case's edits in PricingFields order, as a batch does.
func runPricing(t *testing.T, cases []pricingCase) {
	t.Helper()
	for _, c := range cases {
		p := pricingOf(c.Start)
		var rule string
		for _, f := range PricingFields {
			v, ok := c.Edits[f]
			if !ok {
				continue
			}
			next, err := p.Edit(f, v, c.Decimals)
			if err != nil {
				rule = err.Rule
				break
			}
			p = next
		}
		switch {
		case rule != c.Error:
			t.Errorf("%s %v: rule %q, want %q", c.Note, show(c.Edits), rule, c.Error)
		case rule == "" && !vectors.Same(p.fields(), c.Want):
			t.Errorf("%s %v on %v (%d decimals): got %v, want %v", c.Note, show(c.Edits), show(c.Start), c.Decimals, show(p.fields()), show(c.Want))
		}
	}
}

func show(m map[string]*float64) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if v == nil {
			out[k] = nil
		} else {
			out[k] = *v
		}
	}
	return out
}

func TestPricingVectors(t *testing.T) {
	var v struct {
		About  string        `json:"about"`
		Edits  []pricingCase `json:"edits"`
		Markup []struct {
			SuggestedRetail *float64 `json:"suggestedRetail"`
			NetCost         *float64 `json:"netCost"`
			Want            *float64 `json:"want"`
		} `json:"markup"`
	}
	vectors.Load(t, "pricing.json", &v)
	runPricing(t, v.Edits)
	for _, c := range v.Markup {
		if got := (Pricing{NetCost: c.NetCost, SuggestedRetail: c.SuggestedRetail}).Markup(); !vectors.Same(got, c.Want) {
			t.Errorf("markup of %v at %v: got %v, want %v", c.NetCost, c.SuggestedRetail, got, c.Want)
		}
	}
}

func TestGeneratedPricingVectors(t *testing.T) {
	var v struct {
		About    string            `json:"about"`
		Round    []json.RawMessage `json:"round"`
		Quotient []json.RawMessage `json:"quotient"`
		Cells    []json.RawMessage `json:"cells"`
		Pricing  []pricingCase     `json:"pricing"`
	}
	vectors.Load(t, "generated.json", &v)
	if len(v.Pricing) < 1000 {
		t.Fatalf("only %d cases", len(v.Pricing))
	}
	runPricing(t, v.Pricing)
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
