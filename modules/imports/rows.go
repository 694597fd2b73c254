package imports

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"its/core/num"
	"its/core/sheet"
	"its/modules/assortments"
)

// RowError is one problem of an import row (spec §3.7, §5.4).
type RowError struct {
	Field         string `json:"field"`
	ErrorType     string `json:"errorType"`
	ErrorSeverity string `json:"errorSeverity"`
	ErrorMessage  string `json:"errorMessage"`
}

// Filled is a value the import will give a cell the row leaves blank (the catalog's), shown in
// the review so that what is imported is what the user saw.
type Filled struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

// Row is an import row (spec §3.7): the values as the grid edits them (text), the values the
// file had (origdata), its errors, whether the user changed it, and the values the import fills
// in for its blank cells (worked out on each validation; the browser's copy is not read).
type Row struct {
	// Index is the row's line in the file (1-based, the header being line 1).
	Index  int   `json:"index"`
	Values Cells `json:"values"`
	// orig holds the file's values only where they differ from Values (an empty value where the
	// file had none): most rows have no difference, so they hold one copy of their values. Values
	// change through set, which keeps it. JSON carries the whole origdata.
	orig    Cells
	Errors  []RowError `json:"error"`
	Changed bool       `json:"changed"`
	Filled  []Filled   `json:"filled,omitempty"`
}

// rowJSON is a row as the browser sends and receives it.
type rowJSON struct {
	Index    int        `json:"index"`
	Values   Cells      `json:"values"`
	OrigData Cells      `json:"origdata"`
	Errors   []RowError `json:"error"`
	Changed  bool       `json:"changed"`
	Filled   []Filled   `json:"filled,omitempty"`
}

// MarshalJSON writes the row with its whole origdata.
func (r Row) MarshalJSON() ([]byte, error) {
	return json.Marshal(rowJSON{Index: r.Index, Values: nonNil(r.Values), OrigData: nonNil(r.OrigData()), Errors: r.Errors, Changed: r.Changed, Filled: r.Filled})
}

// UnmarshalJSON reads a row sent back by the grid.
func (r *Row) UnmarshalJSON(b []byte) error {
	var j rowJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Row{Index: j.Index, Values: j.Values, Errors: j.Errors, Changed: j.Changed}
	r.orig = diff(j.Values, j.OrigData)
	return nil
}

func nonNil(c Cells) Cells {
	if c == nil {
		return Cells{}
	}
	return c
}

// OrigData returns the values the file had.
func (r *Row) OrigData() Cells {
	if len(r.orig) == 0 {
		return r.Values
	}
	out := make(Cells, 0, len(r.Values)+len(r.orig))
	for _, c := range r.Values {
		if _, ok := r.orig.Lookup(c.Field); !ok {
			out = append(out, c)
		}
	}
	for _, c := range r.orig {
		if c.Value != "" {
			out = append(out, c)
		}
	}
	return out
}

// Orig returns the value field had in the file.
func (r *Row) Orig(field string) string {
	if v, ok := r.orig.Lookup(field); ok {
		return v
	}
	return r.Values.Get(field)
}

// set changes field's value (empty removes it), keeping the file's value.
func (r *Row) set(field, v string) {
	old, had := r.Values.Lookup(field)
	if old == v && had == (v != "") {
		return
	}
	if _, kept := r.orig.Lookup(field); !kept {
		r.orig.Set(field, old)
	}
	if v == "" {
		r.Values.Del(field)
	} else {
		r.Values.Set(field, v)
	}
}

// asInFile makes field's value the file's value too: a change that is not an edit.
func (r *Row) asInFile(field string) {
	r.orig.Del(field)
}

// diff returns the entries of orig that differ from values, and an empty value for each field
// of values that orig lacks.
func diff(values, orig Cells) Cells {
	var out Cells
	for _, c := range orig {
		if v, ok := values.Lookup(c.Field); !ok || v != c.Value {
			out = append(out, c)
		}
	}
	for _, c := range values {
		if _, ok := orig.Lookup(c.Field); !ok {
			out = append(out, Cell{Field: c.Field})
		}
	}
	return out
}

// Result is a validated set of rows and the validation result of spec §4.4.
type Result struct {
	Rows     []Row  `json:"rows"`
	Status   string `json:"status"`
	Critical int    `json:"criticalCount"`
	Warnings int    `json:"warningCount"`
	// Dropped counts the file's rows without a style (spec §5.4), left out.
	Dropped int `json:"dropped"`
	// spool, when set, holds the rows written out as they were checked, instead of Rows.
	spool *rowSpool
}

// WriteJSON writes the result as json.Marshal would, one row at a time (httpx.Streamed): the
// rows step of a 250,000-row file answers some hundred megabytes. The fields after the rows are
// the result's own marshalling without its rows.
func (res *Result) WriteJSON(w io.Writer) error {
	const noRows = `{"rows":null`
	rest := *res
	rest.Rows, rest.spool = nil, nil
	tail, err := json.Marshal(rest)
	if err != nil {
		return err
	}
	if res.spool != nil {
		defer res.spool.discard()
		if _, err := io.WriteString(w, `{"rows":[`); err != nil {
			return err
		}
		if err := res.spool.copyTo(w); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "]"); err != nil {
			return err
		}
		_, err = w.Write(tail[len(noRows):])
		return err
	}
	if res.Rows == nil {
		_, err = w.Write(tail)
		return err
	}
	if _, err := io.WriteString(w, `{"rows":[`); err != nil {
		return err
	}
	for i := range res.Rows {
		b, err := json.Marshal(&res.Rows[i])
		if err != nil {
			return err
		}
		if i > 0 {
			b = append([]byte{','}, b...)
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(w, "]"); err != nil {
		return err
	}
	_, err = w.Write(tail[len(noRows):])
	return err
}

func (r *Row) add(field, typ, severity, msg string) {
	r.Errors = append(r.Errors, RowError{Field: field, ErrorType: typ, ErrorSeverity: severity, ErrorMessage: msg})
}

// summarise counts severities and sets the status: critical, warning or passed.
func summarise(res *Result) {
	var t tally
	for i := range res.Rows {
		t.add(&res.Rows[i])
	}
	t.set(res)
	if res.Rows == nil {
		res.Rows = []Row{}
	}
}

// tally counts checked rows by their worst issue as they pass.
type tally struct {
	rows, critical, warnings int
}

func (t *tally) add(r *Row) {
	t.rows++
	crit, warn := false, false
	for _, e := range r.Errors {
		if e.ErrorSeverity == SeverityCritical {
			crit = true
		} else {
			warn = true
		}
	}
	if crit {
		t.critical++
	} else if warn {
		t.warnings++
	}
}

// set gives res the counts and the status: critical, warning or passed.
func (t *tally) set(res *Result) {
	res.Critical, res.Warnings = t.critical, t.warnings
	switch {
	case t.critical > 0:
		res.Status = ValidationCritical
	case t.warnings > 0:
		res.Status = ValidationWarning
	default:
		res.Status = ValidationPassed
	}
}

// fromCells builds a row from a file's cells through the mapping: every value cleaned; the
// original values kept as origdata.
func fromCells(index int, cells []string, m Mapping) Row {
	// One spare cell for the derived net cost.
	r := Row{Index: index, Values: make(Cells, 0, len(m)+1), Errors: []RowError{}}
	for f, col := range m {
		if col >= 0 && col < len(cells) {
			if v := sheet.Clean(cells[col]); v != "" {
				r.Values = append(r.Values, Cell{Field: f, Value: v})
			}
		}
	}
	return r
}

// normalise cleans a row sent back by the grid (its values may have been edited) and marks it
// changed when its values differ from the file's.
func normalise(r *Row, cols []Column) {
	orig := r.OrigData()
	vals := make(Cells, 0, len(cols))
	for _, c := range cols {
		if v := sheet.Clean(r.Values.Get(c.Field)); v != "" {
			vals = append(vals, Cell{Field: c.Field, Value: v})
		}
	}
	r.Values = vals
	r.orig = diff(vals, orig)
	r.Errors = []RowError{}
	r.Filled = nil
	r.Changed = false
	for _, c := range cols {
		if vals.Get(c.Field) != sheet.Clean(orig.Get(c.Field)) {
			r.Changed = true
		}
	}
}

// checkCells checks each value against its column: numbers, whole numbers and list options
// (canonical spelling kept), with the style and colour in upper case.
func checkCells(r *Row, cols []Column) {
	for _, c := range cols {
		v, ok := r.Values.Lookup(c.Field)
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
					r.set(c.Field, o)
					found = true
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
	if r.Values.Get("netCost") != "" || r.Values.Get("cost") == "" {
		return
	}
	cost := number(r.Values.Get("cost"))
	if cost == nil {
		return
	}
	p := assortments.Pricing{Cost: cost}
	var perr *assortments.PricingError
	switch {
	case r.Values.Get("discountPercent") != "":
		p, perr = p.Edit("discountPercent", number(r.Values.Get("discountPercent")), decimals)
	case r.Values.Get("discountAmount") != "":
		p, perr = p.Edit("discountAmount", number(r.Values.Get("discountAmount")), decimals)
	default:
		return
	}
	if perr != nil {
		r.add("netCost", ErrorTypeUnknown, SeverityCritical, perr.Message)
		return
	}
	if p.NetCost != nil {
		r.set("netCost", fmt.Sprint(num.Round(*p.NetCost, decimals)))
	}
}
