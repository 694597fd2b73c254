// Package num reads and rounds decimal numbers the way people write them. A float64 stands for
// its shortest decimal text (what was typed: 1.005, not 1.00499999999999989…), and rounding is
// half-up, away from zero, on those decimal digits, so 1.005 → 1.01 and -1.005 → -1.01. The grid
// kit in the browser does the same with decimal.js; testdata/vectors holds the cases both agree on.
package num

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// plain is the only number notation cells accept: no hex, no Inf or NaN, no digit separators.
var plain = regexp.MustCompile(`^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$`)

// Parse reads a plain decimal number (optional sign, point and exponent) between spaces; ok is
// false for any other text and for numbers beyond float64.
func Parse(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if !plain.MatchString(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// Dec is v as the exact decimal of its shortest text; NaN and infinities are zero.
func Dec(v float64) decimal.Decimal {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return decimal.Zero
	}
	return decimal.NewFromFloat(v)
}

// Float rounds d half-up to places decimals and answers the nearest float64.
func Float(d decimal.Decimal, places int) float64 {
	f, _ := d.Round(int32(places)).Float64()
	if f == 0 {
		return 0 // never -0: it would print and compare unlike the browser's 0
	}
	return f
}

// Round rounds v half-up to places decimals. NaN and infinities are answered unchanged.
func Round(v float64, places int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	// Most values (stored money) already have at most places decimals. When n/p is v, v's
	// shortest text is n/p (below 1e15 two decimals of at most 15 digits are two doubles), and
	// rounding it changes nothing: skip the exact arithmetic rows are full of.
	if p := math.Pow10(places); places >= 0 && places <= 8 && math.Abs(v*p) < 1e15 {
		if n := math.Round(v * p); n/p == v {
			if v == 0 {
				return 0
			}
			return v
		}
	}
	return Float(Dec(v), places)
}

// Quo is a / b rounded half-up to places decimals, exactly (the remainder decides, not a
// truncated quotient). b must not be zero.
func Quo(a, b decimal.Decimal, places int) float64 {
	f, _ := a.DivRound(b, int32(places)).Float64()
	if f == 0 {
		return 0
	}
	return f
}
