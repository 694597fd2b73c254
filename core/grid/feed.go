package grid

import (
	"cmp"
	"context"
	"iter"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"its/core/httpx"
)

// Record is one row of a grid whose rows are computed in Go (Grid.InGo): the value of each of
// its fields by name. A value is nil, a string, a number (int, int64, float64), a bool, a
// []string (a MultiSelect cell), a time.Time, or a pointer to one of these (nil: blank).
type Record interface {
	Value(field string) any
}

// RecordFunc is a Record of a function.
type RecordFunc func(field string) any

// Value answers f(field).
func (f RecordFunc) Value(field string) any { return f(field) }

// ExportRows is Export for rows computed in Go: the request is checked as Export checks it
// (columns, filters, the filter tree, sort, grouping, format), the rows the filters and the tree
// keep are sorted (group keys first, blanks last either way, otherwise in the feed's order) and
// go through the same writer into the same sheet. The rows are the caller's already: the ones
// its policy lets the user see, with the values the user may see.
func (g *Grid) ExportRows(ctx context.Context, w http.ResponseWriter, req ExportRequest, rows iter.Seq[Record], fileName string) error {
	p, err := g.plan(req)
	if err != nil {
		return err
	}
	// compile checks the filters, the tree and the sort keys with the grid's whitelist (its
	// statements are never run: an InGo grid has no table).
	cq, err := g.compile(p.q, nil, 0)
	if err != nil {
		return err
	}
	match := g.matcher(feedWhere(req))
	keys := cq.sorts
	type line struct{ keys, vals []any }
	var lines []line
	n := 0
	for r := range rows {
		if n++; n%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if !match(r) {
			continue
		}
		l := line{keys: make([]any, len(keys)), vals: make([]any, len(p.cols))}
		for i, k := range keys {
			l.keys[i] = cellOf(r.Value(k.c.Field))
		}
		for i, c := range p.cols {
			l.vals[i] = sheetValue(c, cellOf(r.Value(c.Field)))
		}
		lines = append(lines, l)
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		for i, k := range keys {
			if d := compareCells(k.c, a.keys[i], b.keys[i], k.desc); d != 0 {
				return d
			}
		}
		return 0
	})
	groups := make([]*Column, p.levels)
	for l := range groups {
		groups[l] = keys[l].c
	}
	counts := map[string]int64{}
	texts := make([][]*string, len(lines))
	for i := range lines {
		texts[i] = make([]*string, p.levels)
		for l := range groups {
			texts[i][l] = cellText(groups[l], lines[i].keys[l])
			counts[groupKey(texts[i][:l+1])]++
		}
	}
	out, err := g.newExportWriter(req.Format, p, groups, counts)
	if err != nil {
		return err
	}
	defer out.sheet.close()
	for i := range lines {
		t := texts[i]
		if err := out.row(func(l int) *string { return t[l] }, lines[i].vals); err != nil {
			return err
		}
	}
	if err := out.sheet.flush(); err != nil {
		return err
	}
	return out.sheet.send(w, ExportFileNameAs(fileName, "export", req.Format))
}

// feedWhere is the request's filters and filter tree as one tree (both must hold).
func feedWhere(req ExportRequest) *Where {
	var all []Where
	for field, f := range req.Filters {
		if f.In != nil {
			all = append(all, Where{Field: field, Op: "in", Values: f.In})
		}
		for op, v := range f.Ops {
			all = append(all, Where{Field: field, Op: op, Values: []string{v}})
		}
		if f.Blank != nil {
			op := "notBlank"
			if *f.Blank {
				op = "blank"
			}
			all = append(all, Where{Field: field, Op: op})
		}
	}
	if req.Where != nil {
		all = append(all, *req.Where)
	}
	return (&Where{And: all}).Normalize()
}

// Predicate is the filter tree w applied to rows computed in Go, with the server's semantics
// (where.go, filterSQL): text compares ignoring case, contains and startsWith are literal,
// numbers and dates compare as their type, a blank cell (nil, "" or no values) matches only
// "is empty", "is none of" and "≠". The tree is checked against the grid's whitelist first.
func (g *Grid) Predicate(w *Where) (func(Record) bool, error) {
	norm := w.Normalize()
	if _, bad := whereConds(norm, func(field string) *Column { return g.byField[field] }); len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	return g.matcher(norm), nil
}

// matcher is the predicate of a checked, normalized tree (nil: every row).
func (g *Grid) matcher(w *Where) func(Record) bool {
	if w == nil {
		return func(Record) bool { return true }
	}
	if w.isGroup() {
		list, and := w.Or, false
		if w.And != nil {
			list, and = w.And, true
		}
		parts := make([]func(Record) bool, len(list))
		for i := range list {
			parts[i] = g.matcher(&list[i])
		}
		return func(r Record) bool {
			for _, p := range parts {
				if p(r) != and {
					return !and
				}
			}
			return and
		}
	}
	c := g.byField[w.Field]
	if c == nil {
		return func(Record) bool { return false }
	}
	vals := make([]string, len(w.Values))
	for i, v := range w.Values {
		vals[i] = v
		if d, err := decodeValue(c, v); err == nil {
			vals[i] = d
		}
	}
	op := w.Op
	return func(r Record) bool { return cellMatches(c, cellOf(r.Value(c.Field)), op, vals) }
}

// cellMatches: whether one cell meets one condition.
func cellMatches(c *Column, cell any, op string, vals []string) bool {
	at := func(i int) string {
		if i < len(vals) {
			return vals[i]
		}
		return ""
	}
	switch op {
	case "blank":
		return isEmpty(cell)
	case "notBlank":
		return !isEmpty(cell)
	case "in":
		return cellIn(c, cell, vals)
	case "notIn":
		return isEmpty(cell) || !cellIn(c, cell, vals)
	case "contains", "startsWith":
		if isEmpty(cell) {
			return false
		}
		text := strings.ToLower(plainText(cell))
		v := strings.ToLower(at(0))
		if op == "contains" {
			return strings.Contains(text, v)
		}
		return strings.HasPrefix(text, v)
	case "between":
		lo, ok1 := compareTo(c, cell, at(0))
		hi, ok2 := compareTo(c, cell, at(1))
		return ok1 && ok2 && lo >= 0 && hi <= 0
	case "gt", "gte", "lt", "lte":
		d, ok := compareTo(c, cell, at(0))
		if !ok {
			return false
		}
		switch op {
		case "gt":
			return d > 0
		case "gte":
			return d >= 0
		case "lt":
			return d < 0
		}
		return d <= 0
	}
	return false
}

// plainText is a cell as PostgreSQL casts it to text (a list as {a,b}).
func plainText(v any) string {
	switch x := v.(type) {
	case []string:
		return "{" + strings.Join(x, ",") + "}"
	case time.Time:
		return x.UTC().Format("2006-01-02 15:04:05")
	}
	s, _ := scalar(v)
	return s
}

func cellIn(c *Column, cell any, vals []string) bool {
	if isEmpty(cell) {
		return false
	}
	if list, ok := cell.([]string); ok {
		for _, x := range list {
			for _, v := range vals {
				if strings.EqualFold(x, v) {
					return true
				}
			}
		}
		return false
	}
	for _, v := range vals {
		if d, ok := compareTo(c, cell, v); ok {
			if d == 0 {
				return true
			}
			continue
		}
		if strings.EqualFold(plainText(cell), v) {
			return true
		}
	}
	return false
}

// compareTo compares a cell with a typed value of its column: numbers and dates as their type,
// text ignoring case; ok is false when either side is not a value of the type.
func compareTo(c *Column, cell any, v string) (int, bool) {
	a, ok1 := scalarOf(c, cell)
	b, ok2 := scalarOf(c, v)
	if !ok1 || !ok2 {
		if c.Type == Text || c.Type == List {
			if isEmpty(cell) {
				return 0, false
			}
			return strings.Compare(strings.ToLower(plainText(cell)), strings.ToLower(v)), true
		}
		return 0, false
	}
	return cmp.Compare(a, b), true
}

// scalarOf is a cell or a value of a number or date column as a comparable number.
func scalarOf(c *Column, v any) (float64, bool) {
	switch c.Type {
	case Integer, Number:
		switch x := v.(type) {
		case float64:
			return x, !math.IsNaN(x) && !math.IsInf(x, 0)
		case int64:
			return float64(x), true
		case string:
			f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
		}
	case Date, DateTime:
		switch x := v.(type) {
		case time.Time:
			if c.Type == Date {
				t, _ := time.Parse("2006-01-02", x.Format("2006-01-02"))
				return float64(t.Unix()), true
			}
			return float64(x.UnixMilli()), true
		case string:
			s := strings.TrimSpace(x)
			if c.Type == DateTime {
				if t, err := time.Parse(time.RFC3339, s); err == nil {
					return float64(t.UnixMilli()), true
				}
			}
			iso, ok := parseDate(strings.SplitN(s, " ", 2)[0])
			if !ok {
				iso, ok = parseDate(strings.SplitN(s, "T", 2)[0])
			}
			if !ok {
				return 0, false
			}
			t, _ := time.Parse("2006-01-02", iso)
			if c.Type == Date {
				return float64(t.Unix()), true
			}
			return float64(t.UnixMilli()), true
		}
	}
	return 0, false
}

// cellOf is a Record's value in one shape: pointers followed, integers as int64, an empty list
// as nil.
func cellOf(v any) any {
	switch x := v.(type) {
	case *string:
		if x == nil {
			return nil
		}
		return *x
	case *float64:
		if x == nil {
			return nil
		}
		return *x
	case *int64:
		if x == nil {
			return nil
		}
		return *x
	case *int:
		if x == nil {
			return nil
		}
		return int64(*x)
	case *bool:
		if x == nil {
			return nil
		}
		return *x
	case *time.Time:
		if x == nil {
			return nil
		}
		return *x
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case float32:
		return float64(x)
	case []string:
		if len(x) == 0 {
			return nil
		}
	}
	return v
}

// sheetValue is a cell as the sheet writes it (as exportExpr reads a database column): numbers
// as numbers, dates as dates, lists joined; a NaN or an infinity left blank.
func sheetValue(c *Column, v any) any {
	switch x := v.(type) {
	case []string:
		return strings.Join(x, ", ")
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		if c.Type == Integer && x == math.Trunc(x) {
			return int64(x)
		}
	case string:
		if c.Type == Date {
			if iso, ok := parseDate(strings.SplitN(x, "T", 2)[0]); ok {
				t, _ := time.Parse("2006-01-02", iso)
				return t
			}
		}
	}
	return v
}

// cellText is a group key as PostgreSQL casts it to text (nil: blank).
func cellText(c *Column, v any) *string {
	if v == nil {
		return nil
	}
	var s string
	switch x := v.(type) {
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case time.Time:
		if c.Type == Date {
			s = x.Format("2006-01-02")
		} else {
			s = x.UTC().Format("2006-01-02 15:04:05+00")
		}
	default:
		s = plainText(v)
	}
	return &s
}

// compareCells ranks two cells of a sort key: blanks (nil) last either way, numbers and dates
// as their type, text ignoring case first.
func compareCells(c *Column, a, b any, desc bool) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	var d int
	switch x := a.(type) {
	case float64, int64:
		fa, _ := scalarOf(&Column{Type: Number}, x)
		fb, _ := scalarOf(&Column{Type: Number}, b)
		d = cmp.Compare(fa, fb)
	case bool:
		y, _ := b.(bool)
		switch {
		case x == y:
		case !x:
			d = -1
		default:
			d = 1
		}
	case time.Time:
		y, _ := b.(time.Time)
		d = x.Compare(y)
	default:
		if fa, ok := scalarOf(c, a); ok {
			if fb, ok := scalarOf(c, b); ok {
				d = cmp.Compare(fa, fb)
				break
			}
		}
		sa, sb := plainText(a), plainText(b)
		if d = strings.Compare(strings.ToLower(sa), strings.ToLower(sb)); d == 0 {
			d = strings.Compare(sa, sb)
		}
	}
	if desc {
		return -d
	}
	return d
}
