package orders

import (
	"fmt"
	"regexp"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"its/core/grid"
	"its/core/httpx"
)

// MaxSizeFilter is the most characters of the detail grid's size filter (product spec §5.3).
const MaxSizeFilter = 5

// sizeFilter reads the size filter of an order's detail: trimmed and upper-cased, "" for none,
// refused when longer than MaxSizeFilter.
func sizeFilter(raw string) (string, error) {
	s := strings.ToUpper(strings.TrimSpace(raw))
	if len([]rune(s)) > MaxSizeFilter {
		return "", httpx.Invalid(httpx.FieldError{Field: "size", Rule: "max", Message: fmt.Sprintf("A size filter has at most %d characters", MaxSizeFilter)})
	}
	return s, nil
}

var (
	halfH   = regexp.MustCompile(`^(\d+)H$`)
	halfDot = regexp.MustCompile(`^(\d+)\.5$`)
)

// sizeNames are the ways a size is written: a half size as 9H (the spec's footwear placeholder)
// or 9.5 (the wholesale matrix's columns).
func sizeNames(size string) []string {
	if m := halfH.FindStringSubmatch(size); m != nil {
		return []string{size, m[1] + ".5"}
	}
	if m := halfDot.FindStringSubmatch(size); m != nil {
		return []string{size, m[1] + "H"}
	}
	return []string{size}
}

// sizeLines is the line query of a size: a sample or promo line's size (the grid's size filter,
// any casing); a wholesale line holding units of that size in its size matrix.
func sizeLines(orderType, size string) (grid.Query, sq.Sqlizer) {
	if orderType == TypeWholesale {
		return grid.Query{}, linesWithUnitsIn(sizeNames(size))
	}
	return grid.Query{Filters: map[string]grid.Filter{"size": {In: sizeNames(size)}}}, nil
}
