package main

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"

	"its/core/vectors"
)

// pricingFields is the order the rules apply edits in: the server's own list.
func pricingFields() []string {
	b, err := os.ReadFile(filepath.Join(vectors.Dir(), "..", "..", "modules", "assortments", "pricing_fields.json"))
	if err != nil {
		panic(err)
	}
	var f []string
	if err := json.Unmarshal(b, &f); err != nil {
		panic(err)
	}
	return f
}

// prices is a row's linked prices; a nil entry is a blank cell.
type prices map[string]*big.Rat

// pricingCase is a case of pricing.json's format.
type pricingCase struct {
	Start    map[string]any `json:"start"`
	Edits    map[string]any `json:"edits"`
	Decimals int            `json:"decimals"`
	Want     map[string]any `json:"want,omitempty"`
	Error    string         `json:"error,omitempty"`
}

var linked = []string{"cost", "netCost", "discountPercent", "discountAmount", "suggestedRetail"}

func (g gen) price(intDigits, fracDigits int) *big.Rat {
	switch g.r.IntN(8) {
	case 0:
		return nil
	case 1:
		return new(big.Rat)
	}
	return rat(g.decimal(intDigits, fracDigits))
}

func (g gen) pricings(n int) []any {
	fields := pricingFields()
	out := make([]any, 0, n)
	for len(out) < n {
		start := prices{"cost": g.price(3, 3), "suggestedRetail": g.price(3, 2), "discountPercent": g.price(2, 3)}
		start["discountAmount"], start["netCost"] = g.price(2, 3), g.price(3, 3)
		edits := prices{}
		for k := 1 + g.r.IntN(2); k > 0; k-- {
			f := fields[g.r.IntN(len(fields))]
			v := g.price(3, 4)
			if f == "discountPercent" || f == "initialMarkup" {
				v = g.price(2, 4)
				if g.r.IntN(10) == 0 {
					v = rat("100.5")
				}
			}
			if v != nil && g.r.IntN(15) == 0 {
				v = new(big.Rat).Neg(v)
			}
			edits[f] = v
		}
		decimals := []int{0, 2, 2, 2, 3}[g.r.IntN(5)]
		c := pricingCase{Start: start.json(), Edits: edits.json(), Decimals: decimals}
		p := start.clone()
		for _, f := range fields {
			v, ok := edits[f]
			if !ok {
				continue
			}
			if rule := p.edit(f, v, decimals); rule != "" {
				c.Error = rule
				break
			}
		}
		if c.Error == "" {
			c.Want = p.json()
		}
		out = append(out, c)
	}
	return out
}

func (p prices) json() map[string]any {
	out := map[string]any{}
	for k, v := range p {
		if v == nil {
			out[k] = nil
		} else {
			out[k] = number(v)
		}
	}
	return out
}

func (p prices) clone() prices {
	out := prices{}
	for _, f := range linked {
		out[f] = p[f]
	}
	return out
}

var hundred = big.NewRat(100, 1)

func mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func sub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }

// edit is spec §5.1's pricing rules on exact rationals: the oracle for Pricing.Edit (Go) and
// editPricing (TypeScript). It answers the rule broken, "" when the edit is taken.
func (p prices) edit(field string, v *big.Rat, decimals int) string {
	if v != nil {
		if v.Sign() < 0 {
			return "negative"
		}
		if field == "discountPercent" || field == "initialMarkup" {
			v = roundRat(v, 2)
		} else {
			v = roundRat(v, decimals)
		}
	}
	cost := p["cost"]
	switch field {
	case "suggestedRetail":
		p["suggestedRetail"] = v
	case "cost":
		p["cost"] = v
		switch {
		case v == nil:
			p["discountAmount"], p["netCost"] = nil, nil
		case p["discountPercent"] != nil:
			p["discountAmount"] = roundRat(new(big.Rat).Quo(mul(v, p["discountPercent"]), hundred), decimals)
			p["netCost"] = p.net(decimals)
		case p["discountAmount"] != nil:
			p["discountPercent"] = p.percentOf(p["discountAmount"])
			p["netCost"] = p.net(decimals)
		default:
			p["netCost"] = v
		}
	case "discountPercent":
		if v != nil && v.Cmp(hundred) > 0 {
			return "discount"
		}
		p["discountPercent"] = v
		switch {
		case v == nil:
			p["discountAmount"], p["netCost"] = nil, cost
		case cost == nil:
			p["discountAmount"], p["netCost"] = nil, nil
		default:
			p["discountAmount"] = roundRat(new(big.Rat).Quo(mul(cost, v), hundred), decimals)
			p["netCost"] = p.net(decimals)
		}
	case "discountAmount":
		p["discountAmount"] = v
		switch {
		case v == nil:
			p["discountPercent"], p["netCost"] = nil, cost
		case cost == nil:
			p["discountPercent"], p["netCost"] = nil, nil
		default:
			p["discountPercent"] = p.percentOf(v)
			p["netCost"] = p.net(decimals)
		}
	case "netCost":
		return p.setNet(v, decimals)
	case "initialMarkup":
		sr := p["suggestedRetail"]
		if sr == nil || sr.Sign() == 0 {
			return "markup"
		}
		if v == nil {
			return p.setNet(nil, decimals)
		}
		net := mul(sr, sub(big.NewRat(1, 1), new(big.Rat).Quo(v, hundred)))
		if net.Sign() < 0 {
			return p.setNet(nil, decimals)
		}
		return p.setNet(roundRat(net, decimals), decimals)
	}
	return ""
}

func (p prices) setNet(v *big.Rat, decimals int) string {
	cost := p["cost"]
	switch {
	case v == nil || cost == nil:
		p["netCost"], p["discountAmount"], p["discountPercent"] = v, nil, nil
	case v.Cmp(cost) > 0:
		return "netAboveCost"
	default:
		p["netCost"] = v
		p["discountAmount"] = roundRat(sub(cost, v), decimals)
		p["discountPercent"] = p.percentOf(p["discountAmount"])
	}
	return ""
}

func (p prices) net(decimals int) *big.Rat {
	if p["cost"] == nil {
		return nil
	}
	n := p["cost"]
	if p["discountAmount"] != nil {
		n = sub(n, p["discountAmount"])
	}
	if n.Sign() < 0 {
		return nil
	}
	return roundRat(n, decimals)
}

func (p prices) percentOf(amount *big.Rat) *big.Rat {
	cost := p["cost"]
	if cost == nil || cost.Sign() == 0 {
		return nil
	}
	pct := roundRat(new(big.Rat).Quo(mul(amount, hundred), cost), 2)
	if pct.Cmp(hundred) > 0 {
		return nil
	}
	return pct
}
