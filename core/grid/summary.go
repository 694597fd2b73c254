package grid

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	sq "github.com/Masterminds/squirrel"

	"its/core/db"
	"its/core/httpx"
)

// SummaryRequest asks for the footer figures of a grid: the columns named in Fields over every
// row that Filters and Where (the same as a query's) leave, within the module's scope.
type SummaryRequest struct {
	Filters map[string]Filter `json:"filters,omitempty"`
	Where   *Where            `json:"where,omitempty"`
	Fields  []string          `json:"fields"`
	// Aggregates names, per field, the figures wanted (a footer shows one per column); a field
	// not named gets every figure. count, empty and filled always come: they cost nothing.
	Aggregates map[string][]string `json:"aggregates,omitempty"`
}

// Aggregates of every column, and the ones number columns add.
var (
	CommonAggregates = []string{"count", "empty", "filled", "unique"}
	NumberAggregates = []string{"sum", "avg", "min", "max"}
)

// ColumnSummary is the figures of one column: Count rows, Empty of them with no value (null, ”
// or an empty list), Filled the others and Unique distinct values among them; integer and number
// columns add Sum, Avg, Min and Max of their values (nil when no cell has one).
type ColumnSummary struct {
	Count, Empty, Filled, Unique int64
	// HasUnique, HasSum (sum and avg), HasMin and HasMax say which figures were computed (and
	// are written).
	HasUnique, HasSum, HasMin, HasMax bool
	Sum, Avg, Min, Max                *float64
}

// MarshalJSON writes the figures computed: unique, sum, avg, min and max only when asked for.
func (s ColumnSummary) MarshalJSON() ([]byte, error) {
	b := []byte(`{"count":`)
	b = strconv.AppendInt(b, s.Count, 10)
	b = append(b, `,"empty":`...)
	b = strconv.AppendInt(b, s.Empty, 10)
	b = append(b, `,"filled":`...)
	b = strconv.AppendInt(b, s.Filled, 10)
	if s.HasUnique {
		b = append(b, `,"unique":`...)
		b = strconv.AppendInt(b, s.Unique, 10)
	}
	has := []bool{s.HasSum, s.HasSum, s.HasMin, s.HasMax}
	for i, v := range []*float64{s.Sum, s.Avg, s.Min, s.Max} {
		if !has[i] {
			continue
		}
		b = append(b, `,"`...)
		b = append(b, NumberAggregates[i]...)
		b = append(b, `":`...)
		if v == nil {
			b = append(b, "null"...)
		} else {
			b = appendValue(b, *v)
		}
	}
	return append(b, '}'), nil
}

// Summary is the answer of a summary call: the rows counted and each asked column's figures.
type Summary struct {
	TotalCount int64                    `json:"totalCount"`
	Columns    map[string]ColumnSummary `json:"columns"`
}

// Summary computes the footer figures of req's fields over the whole filtered set within scope
// (the caller's policy), in one statement: the database counts and sums, no row leaves it.
// Unknown fields and filters are one 400 that reads nothing.
func (g *Grid) Summary(ctx context.Context, q Querier, req SummaryRequest, scope sq.Sqlizer) (*Summary, error) {
	if len(req.Fields) == 0 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "fields", Rule: "required", Message: "A summary needs at least one field"})
	}
	cq, err := g.compile(Query{Filters: req.Filters, Where: req.Where, Fields: req.Fields}, scope, 0)
	if err != nil {
		return nil, err
	}
	wants, err := wantedAggregates(req, cq.fields)
	if err != nil {
		return nil, err
	}
	sel := []string{"count(*)"}
	for i, c := range cq.fields {
		sel = append(sel, summaryExprs(c, wants[i])...)
	}
	b := psql.Select(sel...).From(g.Table)
	if len(cq.where) > 0 {
		b = b.Where(cq.where)
	}
	rows, err := db.Query(ctx, q, b)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("grid %s: summary answered no row", g.Name)
	}
	vals, err := rows.Values()
	if err != nil {
		return nil, err
	}
	rows.Close()
	out := &Summary{TotalCount: toInt(vals[0]), Columns: make(map[string]ColumnSummary, len(cq.fields))}
	i := 1
	next := func() any { v := vals[i]; i++; return v }
	for k, c := range cq.fields {
		w := wants[k]
		s := ColumnSummary{Count: out.TotalCount, Filled: toInt(next()), HasUnique: w.unique, HasSum: w.sum, HasMin: w.min, HasMax: w.max}
		s.Empty = s.Count - s.Filled
		if w.unique {
			s.Unique = toInt(next())
		}
		if w.sum {
			s.Sum = toFloat(next())
			if s.Sum != nil && s.Filled > 0 {
				avg := *s.Sum / float64(s.Filled)
				s.Avg = &avg
			}
		}
		if w.min {
			s.Min = toFloat(next())
		}
		if w.max {
			s.Max = toFloat(next())
		}
		out.Columns[c.Field] = s
	}
	return out, rows.Err()
}

func numberType(t Type) bool { return t == Integer || t == Number }

// wanted is what a column's figures need: a distinct count, the sum (for avg too), min, max.
type wanted struct{ unique, sum, min, max bool }

// wantedAggregates reads req.Aggregates for the compiled fields; an unknown figure, or one
// for a field not asked, is a 400.
func wantedAggregates(req SummaryRequest, fields []*Column) ([]wanted, error) {
	known := map[string]bool{}
	for _, a := range CommonAggregates {
		known[a] = true
	}
	for _, a := range NumberAggregates {
		known[a] = true
	}
	var bad []httpx.FieldError
	out := make([]wanted, len(fields))
	asked := map[string]bool{}
	for i, c := range fields {
		asked[c.Field] = true
		list, named := req.Aggregates[c.Field]
		if !named {
			n := numberType(c.Type)
			out[i] = wanted{unique: true, sum: n, min: n, max: n}
			continue
		}
		for _, a := range list {
			switch {
			case !known[a]:
				bad = append(bad, httpx.FieldError{Field: "aggregates." + c.Field, Rule: "aggregate", Message: fmt.Sprintf("Unknown figure %q: count, empty, filled, unique, sum, avg, min or max", a)})
			case a == "unique":
				out[i].unique = true
			case !numberType(c.Type) && (a == "sum" || a == "avg" || a == "min" || a == "max"):
				bad = append(bad, httpx.FieldError{Field: "aggregates." + c.Field, Rule: "aggregate", Message: fmt.Sprintf("%s is a figure of number columns; %s is %s", a, c.Header, c.Type)})
			case a == "sum" || a == "avg":
				out[i].sum = true
			case a == "min":
				out[i].min = true
			case a == "max":
				out[i].max = true
			}
		}
	}
	names := make([]string, 0, len(req.Aggregates))
	for f := range req.Aggregates {
		if !asked[f] {
			names = append(names, f)
		}
	}
	sort.Strings(names)
	for _, f := range names {
		bad = append(bad, httpx.FieldError{Field: "aggregates." + f, Rule: "unknownField", Message: fmt.Sprintf("Figures asked for %q, which is not in fields", f)})
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	return out, nil
}

// summaryExprs are a column's aggregates in SELECT order: the filled cells, then as wanted the
// distinct filled values and for numbers the sum, min and max as float8 (avg is sum / filled).
// Filled is what the blank filter calls not blank (null, ” and an empty list are blank); each
// aggregate reads the column once, with no cast of a whole row to text.
func summaryExprs(c *Column, w wanted) []string {
	e := "(" + c.expr() + ")"
	v := e
	switch c.Type {
	case Text, List:
		v = "NULLIF(" + e + ", '')"
	case MultiSelect:
		v = "NULLIF(" + e + ", '{}'::text[])"
	}
	out := []string{"count(" + v + ")"}
	if w.unique {
		out = append(out, "count(DISTINCT "+v+")")
	}
	n := e + "::numeric"
	if w.sum {
		out = append(out, "sum("+n+")::float8")
	}
	if w.min {
		out = append(out, "min("+n+")::float8")
	}
	if w.max {
		out = append(out, "max("+n+")::float8")
	}
	return out
}

func toInt(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int32:
		return int64(x)
	}
	return 0
}

func toFloat(v any) *float64 {
	if f, ok := v.(float64); ok {
		return &f
	}
	return nil
}
