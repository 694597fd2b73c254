package imports

import (
	"fmt"
	"maps"
	"strings"

	"its/core/num"
	"its/modules/assortments"
)

// RowError is one problem of an import row (spec §3.7, §5.4).
type RowError struct {
	Field         string `json:"field"`
	ErrorType     string `json:"errorType"`
	ErrorSeverity string `json:"errorSeverity"`
	ErrorMessage  string `json:"errorMessage"`
}

// Row is an import row (spec §3.7): the values as the grid edits them (text), the values the
// file had (origdata), its errors, and whether the user changed it.
type Row struct {
	// Index is the row's line in the file (1-based, the header being line 1).
	Index    int               `json:"index"`
	Values   map[string]string `json:"values"`
	OrigData map[string]string `json:"origdata"`
	Errors   []RowError        `json:"error"`
	Changed  bool              `json:"changed"`
}

// Result is a validated set of rows and the validation result of spec §4.4.
type Result struct {
	Rows     []Row  `json:"rows"`
	Status   string `json:"status"`
	Critical int    `json:"criticalCount"`
	Warnings int    `json:"warningCount"`
	// Dropped counts the file's rows without a style (spec §5.4), left out.
	Dropped int `json:"dropped"`
}

func (r *Row) add(field, typ, severity, msg string) {
	r.Errors = append(r.Errors, RowError{Field: field, ErrorType: typ, ErrorSeverity: severity, ErrorMessage: msg})
}

// summarise counts severities and sets the status: critical, warning or passed.
func summarise(res *Result) {
	res.Critical, res.Warnings = 0, 0
	for _, r := range res.Rows {
		crit, warn := false, false
		for _, e := range r.Errors {
			if e.ErrorSeverity == SeverityCritical {
				crit = true
			} else {
				warn = true
			}
		}
		if crit {
			res.Critical++
		} else if warn {
			res.Warnings++
		}
	}
	switch {
	case res.Critical > 0:
		res.Status = ValidationCritical
	case res.Warnings > 0:
		res.Status = ValidationWarning
	default:
		res.Status = ValidationPassed
	}
	if res.Rows == nil {
		res.Rows = []Row{}
	}
}

// fromCells builds a row from a file's cells through the mapping: every value cleaned; the
// original values kept as origdata.
func fromCells(index int, cells []string, m Mapping) Row {
	r := Row{Index: index, Values: make(map[string]string, len(m)), Errors: []RowError{}}
	for f, col := range m {
		if col >= 0 && col < len(cells) {
			if v := clean(cells[col]); v != "" {
				r.Values[f] = v
			}
		}
	}
	r.OrigData = maps.Clone(r.Values)
	return r
}

// normalise cleans a row sent back by the grid (its values may have been edited) and marks it
// changed when its values differ from the file's.
func normalise(r *Row, cols []Column) {
	vals := make(map[string]string, len(r.Values))
	for _, c := range cols {
		if v := clean(r.Values[c.Field]); v != "" {
			vals[c.Field] = v
		}
	}
	r.Values = vals
	r.Errors = []RowError{}
	if r.OrigData == nil {
		r.OrigData = map[string]string{}
	}
	r.Changed = false
	for _, c := range cols {
		if vals[c.Field] != clean(r.OrigData[c.Field]) {
			r.Changed = true
		}
	}
}

// checkCells checks each value against its column: numbers, whole numbers and list options
// (canonical spelling kept), with the style and colour in upper case.
func checkCells(r *Row, cols []Column) {
	for _, c := range cols {
		v, ok := r.Values[c.Field]
		if !ok {
			continue
		}
		switch c.Type {
		case "number", "integer":
			f, ok := num.Parse(strings.TrimSuffix(strings.TrimPrefix(v, "$"), "%"))
			if !ok || (c.Type == "integer" && f != float64(int64(f))) {
				r.add(c.Field, ErrorTypeUnknown, SeverityCritical, fmt.Sprintf("%s: '%s' is not a number", c.Header, v))
			}
		}
		if len(c.Options) > 0 {
			found := false
			for _, o := range c.Options {
				if strings.EqualFold(o, v) {
					r.Values[c.Field], found = o, true
				}
			}
			if !found {
				r.add(c.Field, ErrorTypeUnknown, SeverityCritical, fmt.Sprintf("%s: '%s' is not one of %s", c.Header, v, strings.Join(c.Options, ", ")))
			}
		}
	}
}

// number reads a checked numeric value (nil when empty).
func number(v string) *float64 {
	f, ok := num.Parse(strings.TrimSuffix(strings.TrimPrefix(v, "$"), "%"))
	if !ok {
		return nil
	}
	return &f
}

// deriveNetCost fills the net cost from the cost and a discount percent or amount (spec §5.4),
// by the assortment's own pricing rule, when the file has no net cost.
func deriveNetCost(r *Row, decimals int) {
	if r.Values["netCost"] != "" || r.Values["cost"] == "" {
		return
	}
	cost := number(r.Values["cost"])
	if cost == nil {
		return
	}
	p := assortments.Pricing{Cost: cost}
	var perr *assortments.PricingError
	switch {
	case r.Values["discountPercent"] != "":
		p, perr = p.Edit("discountPercent", number(r.Values["discountPercent"]), decimals)
	case r.Values["discountAmount"] != "":
		p, perr = p.Edit("discountAmount", number(r.Values["discountAmount"]), decimals)
	default:
		return
	}
	if perr != nil {
		r.add("netCost", ErrorTypeUnknown, SeverityCritical, perr.Message)
		return
	}
	if p.NetCost != nil {
		r.Values["netCost"] = fmt.Sprint(num.Round(*p.NetCost, decimals))
	}
}
