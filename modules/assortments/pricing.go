package assortments

import (
	_ "embed"

	"github.com/shopspring/decimal"

	"its/core/num"
	"its/modules/products"
)

//go:embed pricing_fields.json
var pricingFieldsJSON []byte

func (e *PricingError) Error() string { return e.Message }

func f64(v float64) *float64 { return &v }

// Edit applies one field's new value (nil clears it) and recalculates the linked values:
// editing any of discountPercent, discountAmount, netCost or cost recalculates the other two
// (cost is held when a discount or the net cost is edited; the percentage is held when cost is);
// a net cost that would be negative is left blank; a markup edit sets the net cost from the
// suggested retail and needs that to be non-zero. Money is rounded to decimals, percentages to 2,
// half-up on exact decimals (num).
func (p Pricing) Edit(field string, v *float64, decimals int) (Pricing, *PricingError) {
	money := func(x decimal.Decimal) *float64 { return f64(num.Float(x, decimals)) }
	if v != nil {
		if *v < 0 {
			return p, &PricingError{field, "negative", "Values cannot be negative"}
		}
		switch field {
		case "discountPercent", "initialMarkup":
			v = f64(num.Round(*v, 2))
		default:
			v = f64(num.Round(*v, decimals))
		}
	}
	switch field {
	case "suggestedRetail":
		p.SuggestedRetail = v
	case "cost":
		p.Cost = v
		switch {
		case p.Cost == nil:
			p.DiscountAmount, p.NetCost = nil, nil
		case p.DiscountPercent != nil:
			p.DiscountAmount = money(num.Dec(*p.Cost).Mul(num.Dec(*p.DiscountPercent)).Shift(-2))
			p.NetCost = p.net(decimals)
		case p.DiscountAmount != nil:
			p.DiscountPercent = p.percentOf(*p.DiscountAmount)
			p.NetCost = p.net(decimals)
		default:
			p.NetCost = p.Cost
		}
	case "discountPercent":
		if v != nil && *v > 100 {
			return p, &PricingError{field, "discount", MsgDiscountRange}
		}
		p.DiscountPercent = v
		switch {
		case v == nil:
			p.DiscountAmount, p.NetCost = nil, p.Cost
		case p.Cost == nil:
			p.DiscountAmount, p.NetCost = nil, nil
		default:
			p.DiscountAmount = money(num.Dec(*p.Cost).Mul(num.Dec(*v)).Shift(-2))
			p.NetCost = p.net(decimals)
		}
	case "discountAmount":
		p.DiscountAmount = v
		switch {
		case v == nil:
			p.DiscountPercent, p.NetCost = nil, p.Cost
		case p.Cost == nil:
			p.DiscountPercent, p.NetCost = nil, nil
		default:
			p.DiscountPercent = p.percentOf(*v)
			p.NetCost = p.net(decimals)
		}
	case "netCost":
		return p.setNet(field, v, decimals)
	case "initialMarkup":
		if p.SuggestedRetail == nil || *p.SuggestedRetail == 0 {
			return p, &PricingError{field, "markup", MsgMarkupNeedsSR}
		}
		if v == nil {
			return p.setNet(field, nil, decimals)
		}
		net := num.Dec(*p.SuggestedRetail).Mul(decimal.NewFromInt(1).Sub(num.Dec(*v).Shift(-2)))
		if net.IsNegative() {
			return p.setNet(field, nil, decimals)
		}
		return p.setNet(field, money(net), decimals)
	default:
		return p, &PricingError{field, "unknown", "Unknown pricing field " + field}
	}
	return p, nil
}

// setNet holds cost and derives the discount from the new net cost.
func (p Pricing) setNet(field string, v *float64, decimals int) (Pricing, *PricingError) {
	p.NetCost = v
	switch {
	case v == nil:
		p.DiscountAmount, p.DiscountPercent = nil, nil
	case p.Cost == nil:
		p.DiscountAmount, p.DiscountPercent = nil, nil
	case *v > *p.Cost:
		return p, &PricingError{field, "netAboveCost", "Net cost cannot be more than cost"}
	default:
		p.DiscountAmount = f64(num.Float(num.Dec(*p.Cost).Sub(num.Dec(*v)), decimals))
		p.DiscountPercent = p.percentOf(*p.DiscountAmount)
	}
	return p, nil
}

// Given applies the values given for a new row (value answers a field's value and whether it
// was given) to the pricing it starts with, in PricingFields order, initial markup aside: what
// an added row holds, and what an import's review shows it will hold.
func (p Pricing) Given(value func(field string) (*float64, bool), decimals int) (Pricing, *PricingError) {
	for _, f := range PricingFields {
		v, ok := value(f)
		if !ok || f == "initialMarkup" {
			continue
		}
		next, perr := p.Edit(f, v, decimals)
		if perr != nil {
			return p, perr
		}
		p = next
	}
	return p, nil
}

// Value is a pricing field's value (nil when blank or not a pricing value).
func (p Pricing) Value(field string) *float64 {
	switch field {
	case "cost":
		return p.Cost
	case "netCost":
		return p.NetCost
	case "discountPercent":
		return p.DiscountPercent
	case "discountAmount":
		return p.DiscountAmount
	case "suggestedRetail":
		return p.SuggestedRetail
	}
	return nil
}

// net is cost minus the discount amount, blank when negative.
func (p Pricing) net(decimals int) *float64 {
	return products.NetCostPlaces(p.Cost, p.DiscountAmount, decimals)
}

// percentOf is amount as a percentage of cost; blank without a cost, or above 100 (an amount
// larger than cost, whose net cost is blank too).
func (p Pricing) percentOf(amount float64) *float64 {
	if p.Cost == nil || *p.Cost == 0 {
		return nil
	}
	pct := num.Quo(num.Dec(amount).Shift(2), num.Dec(*p.Cost), 2)
	if pct > 100 {
		return nil
	}
	return &pct
}

// Markup is (suggested retail - net cost) / suggested retail in percent.
func (p Pricing) Markup() *float64 { return products.MarkupPercent(p.SuggestedRetail, p.NetCost) }
