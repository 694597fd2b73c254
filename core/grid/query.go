package grid

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"its/core/httpx"
)

// Query is one request of the query protocol (docs/grid.md): filters, sort, paging and fields.
type Query struct {
	Filters map[string]Filter `json:"filters,omitempty"`
	// Where is the filter builder's condition tree (AND-ed with Filters).
	Where  *Where `json:"where,omitempty"`
	Sort   []Sort `json:"sort,omitempty"`
	Limit  int    `json:"limit,omitempty"`
	Cursor string `json:"cursor,omitempty"`
	// Skip passes over this many rows (after the cursor when there is one): a block read by
	// scrolling that jumps ahead of the rows read so far (docs/grid.md §3.4).
	Skip   int      `json:"skip,omitempty"`
	Fields []string `json:"fields,omitempty"`
	// IDs keeps only these rows (what a live stream named, read again; at most MaxIDs, each in
	// the grid's id format or the query is a 400).
	IDs []string `json:"ids,omitempty"`
}

// MaxIDs is the most row ids a query may name.
const MaxIDs = 1000

// MaxSkip is the largest skip of a query.
const MaxSkip = 10_000_000

// Filter is the condition on one field: any of In (OR), and every operator (AND).
type Filter struct {
	In []string
	// Ops holds contains, startsWith, gte, lte, gt and lt.
	Ops   map[string]string
	Blank *bool
}

// Empty reports a filter with no condition (all its values were empty): it filters nothing.
func (f Filter) Empty() bool { return len(f.In) == 0 && len(f.Ops) == 0 && f.Blank == nil }

func opsFor(t Type) []string {
	switch t {
	case Text, List:
		return []string{"in", "contains", "startsWith", "gte", "lte", "gt", "lt", "blank"}
	case Integer, Number, Date, DateTime:
		return []string{"in", "gte", "lte", "gt", "lt", "blank"}
	default:
		return []string{"in", "blank"}
	}
}

// UnmarshalJSON reads a filter as an array of values, a single value, or an object of operators:
// ["A","B"], "A", {"in":["A"],"contains":"x","gte":5,"blank":false}.
func (f *Filter) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '[':
		var vs []any
		if err := json.Unmarshal(b, &vs); err != nil {
			return err
		}
		return f.addIn(vs)
	case len(b) > 0 && b[0] == '{':
		var o struct {
			In         []any `json:"in"`
			Contains   any   `json:"contains"`
			StartsWith any   `json:"startsWith"`
			Gte        any   `json:"gte"`
			Lte        any   `json:"lte"`
			Gt         any   `json:"gt"`
			Lt         any   `json:"lt"`
			Blank      *bool `json:"blank"`
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			return fmt.Errorf("filter operators are in, contains, startsWith, gte, lte, gt, lt and blank: %w", err)
		}
		if err := f.addIn(o.In); err != nil {
			return err
		}
		for op, v := range map[string]any{"contains": o.Contains, "startsWith": o.StartsWith, "gte": o.Gte, "lte": o.Lte, "gt": o.Gt, "lt": o.Lt} {
			if v == nil {
				continue
			}
			s, ok := scalar(v)
			if !ok {
				return fmt.Errorf("filter operator %s takes one value", op)
			}
			if s == "" {
				continue
			}
			if f.Ops == nil {
				f.Ops = map[string]string{}
			}
			f.Ops[op] = s
		}
		f.Blank = o.Blank
		return nil
	default:
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		return f.addIn([]any{v})
	}
}

// addIn keeps the non-empty values: a query drops null and empty values (spec §5.3), so a
// cleared filter is no filter; blanks are asked for with the blank operator.
func (f *Filter) addIn(vs []any) error {
	for _, v := range vs {
		s, ok := scalar(v)
		if !ok {
			return fmt.Errorf("filter values must be strings, numbers or booleans")
		}
		if s != "" {
			f.In = append(f.In, s)
		}
	}
	return nil
}

// MarshalJSON writes the object form.
func (f Filter) MarshalJSON() ([]byte, error) {
	o := map[string]any{}
	if f.In != nil {
		o["in"] = f.In
	}
	for k, v := range f.Ops {
		o[k] = v
	}
	if f.Blank != nil {
		o["blank"] = *f.Blank
	}
	return json.Marshal(o)
}

// reserved query-string keys; every other key is a filter.
var reserved = map[string]bool{"sort": true, "limit": true, "skip": true, "cursor": true, "fields": true, "stream": true, "where": true}

// ParseValues reads the query-string form: field=value (repeat for several values),
// field.op=value for operators, sort=style,-size, limit, cursor, fields=a,b. Keys starting
// with "_" (cache busters) are ignored.
func ParseValues(v url.Values) (Query, error) {
	q := Query{}
	var bad []httpx.FieldError
	for key, vals := range v {
		switch {
		case strings.HasPrefix(key, "_"):
		case key == "sort":
			for _, part := range splitList(vals) {
				s := Sort{Field: part, Dir: "asc"}
				if strings.HasPrefix(part, "-") {
					s = Sort{Field: part[1:], Dir: "desc"}
				}
				q.Sort = append(q.Sort, s)
			}
		case key == "fields":
			q.Fields = append(q.Fields, splitList(vals)...)
		case key == "limit":
			n, err := strconv.Atoi(vals[len(vals)-1])
			if err != nil || n < 0 {
				bad = append(bad, httpx.FieldError{Field: "limit", Rule: "integer", Message: "limit must be a whole number"})
			}
			q.Limit = n
		case key == "skip":
			n, err := strconv.Atoi(vals[len(vals)-1])
			if err != nil || n < 0 {
				bad = append(bad, httpx.FieldError{Field: "skip", Rule: "integer", Message: "skip must be a whole number"})
			}
			q.Skip = n
		case key == "cursor":
			q.Cursor = vals[len(vals)-1]
		case key == "where":
			var w Where
			if err := json.Unmarshal([]byte(vals[len(vals)-1]), &w); err != nil {
				bad = append(bad, httpx.FieldError{Field: "where", Rule: "where", Message: err.Error()})
			} else {
				q.Where = &w
			}
		case reserved[key]:
		default:
			field, op, _ := strings.Cut(key, ".")
			if q.Filters == nil {
				q.Filters = map[string]Filter{}
			}
			f := q.Filters[field]
			switch op {
			case "", "in":
				for _, v := range vals {
					if v != "" {
						f.In = append(f.In, v)
					}
				}
			case "blank":
				b, err := strconv.ParseBool(vals[len(vals)-1])
				if err != nil {
					bad = append(bad, httpx.FieldError{Field: "filters." + field, Rule: "filterValue", Message: "blank must be true or false"})
				}
				f.Blank = &b
			default:
				if v := vals[len(vals)-1]; v != "" {
					if f.Ops == nil {
						f.Ops = map[string]string{}
					}
					f.Ops[op] = v
				}
			}
			q.Filters[field] = f
		}
	}
	if len(bad) > 0 {
		return q, httpx.Invalid(bad...)
	}
	return q, nil
}

func splitList(vals []string) []string {
	var out []string
	for _, v := range vals {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// decodeValue undoes the spec's filter encoding (§5.3): the client replaces "&" with %26 before
// it URI-encodes the query, so a %26 left after the transport's decoding is an ampersand; an
// Encoded column's values are URI-encoded once more.
func decodeValue(c *Column, s string) (string, error) {
	if c.Encoded {
		d, err := url.QueryUnescape(s)
		if err != nil {
			return "", err
		}
		s = d
	}
	return strings.ReplaceAll(s, "%26", "&"), nil
}

type sortKey struct {
	c    *Column
	desc bool
}

// compiled is a checked query ready for SQL.
type compiled struct {
	g      *Grid
	where  sq.And // scope and filters
	after  sq.Sqlizer
	sorts  []sortKey
	fields []*Column
	limit  int
	skip   int
	sig    string
}

const maxSortKeys = 10

// compile checks q against the whitelists and builds its SQL parts; every mistake is named in
// one 400. maxLimit 0 means no cap (streams and exports).
func (g *Grid) compile(q Query, scope sq.Sqlizer, maxLimit int) (*compiled, error) {
	cq := &compiled{g: g}
	var bad []httpx.FieldError
	if scope != nil {
		cq.where = append(cq.where, scope)
	}
	names := make([]string, 0, len(q.Filters))
	for name := range q.Filters {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		c := g.byField[name]
		if c == nil || c.NoFilter {
			bad = append(bad, httpx.FieldError{Field: "filters." + name, Rule: "filterable", Message: fmt.Sprintf("Unknown filter field %q", name)})
			continue
		}
		conds, fe := filterSQL(c, q.Filters[name])
		if fe != nil {
			bad = append(bad, *fe)
			continue
		}
		cq.where = append(cq.where, conds...)
	}
	if q.IDs != nil {
		if cond, fe := g.idsSQL(q.IDs); fe != nil {
			bad = append(bad, *fe)
		} else {
			cq.where = append(cq.where, cond)
		}
	}
	if q.Where != nil {
		cond, fes := g.whereSQL(q.Where)
		if len(fes) > 0 {
			bad = append(bad, fes...)
		} else if cond != nil {
			cq.where = append(cq.where, cond)
		}
	}
	sorts := q.Sort
	if len(sorts) == 0 {
		sorts = g.DefaultSort
	}
	if len(sorts) > maxSortKeys {
		bad = append(bad, httpx.FieldError{Field: "sort", Rule: "max", Message: fmt.Sprintf("at most %d sort keys", maxSortKeys)})
		sorts = nil
	}
	var sig []string
	seen := map[string]bool{}
	for _, s := range sorts {
		c := g.byField[s.Field]
		if c == nil || c.NoSort {
			bad = append(bad, httpx.FieldError{Field: "sort." + s.Field, Rule: "sortable", Message: fmt.Sprintf("Unknown sort field %q", s.Field)})
			continue
		}
		dir := strings.ToLower(s.Dir)
		if dir != "" && dir != "asc" && dir != "desc" {
			bad = append(bad, httpx.FieldError{Field: "sort." + s.Field, Rule: "direction", Message: "sort direction must be asc or desc"})
			continue
		}
		if seen[c.Field] {
			continue
		}
		seen[c.Field] = true
		cq.sorts = append(cq.sorts, sortKey{c: c, desc: dir == "desc"})
		if dir == "desc" {
			sig = append(sig, "-"+c.Field)
		} else {
			sig = append(sig, c.Field)
		}
	}
	cq.sig = strings.Join(sig, ",")
	if len(q.Fields) == 0 {
		for i := range g.Columns {
			cq.fields = append(cq.fields, &g.Columns[i])
		}
	} else {
		picked := map[string]bool{}
		for _, f := range q.Fields {
			if f == "id" || f == "version" || picked[f] {
				continue
			}
			c := g.byField[f]
			if c == nil {
				bad = append(bad, httpx.FieldError{Field: "fields." + f, Rule: "unknownField", Message: fmt.Sprintf("Unknown field %q", f)})
				continue
			}
			picked[f] = true
			cq.fields = append(cq.fields, c)
		}
	}
	switch {
	case q.Limit < 0:
		bad = append(bad, httpx.FieldError{Field: "limit", Rule: "min", Message: "limit cannot be negative"})
	case maxLimit > 0 && q.Limit > maxLimit:
		bad = append(bad, httpx.FieldError{Field: "limit", Rule: "max", Message: fmt.Sprintf("limit must be at most %d", maxLimit)})
	case maxLimit > 0 && q.Limit == 0:
		cq.limit = g.PageSize
	default:
		cq.limit = q.Limit
	}
	switch {
	case q.Skip < 0:
		bad = append(bad, httpx.FieldError{Field: "skip", Rule: "min", Message: "skip cannot be negative"})
	case q.Skip > MaxSkip:
		bad = append(bad, httpx.FieldError{Field: "skip", Rule: "max", Message: fmt.Sprintf("skip must be at most %d", MaxSkip)})
	default:
		cq.skip = q.Skip
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	if q.Cursor != "" {
		after, err := cq.afterCursor(q.Cursor)
		if err != nil {
			return nil, err
		}
		cq.after = after
	}
	return cq, nil
}

// idsSQL keeps the rows named by ids (none when ids is empty), or says why ids are refused.
func (g *Grid) idsSQL(ids []string) (sq.Sqlizer, *httpx.FieldError) {
	if len(ids) > MaxIDs {
		return nil, &httpx.FieldError{Field: "ids", Rule: "max", Message: fmt.Sprintf("at most %d ids", MaxIDs)}
	}
	for _, id := range ids {
		ok := g.ValidID(id)
		if g.IDType == "text" {
			ok = id != "" && len(id) <= 200
		}
		if !ok {
			return nil, &httpx.FieldError{Field: "ids", Rule: "id", Message: fmt.Sprintf("%q is not a row id", id)}
		}
	}
	col := g.IDColumn
	if !strings.Contains(col, ".") {
		col = g.Table + "." + col
	}
	return sq.Expr(col+" = ANY((?::text[])::"+g.IDType+"[])", ids), nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// filterSQL turns one field's filter into conditions on the column's trusted expression.
func filterSQL(c *Column, f Filter) ([]sq.Sqlizer, *httpx.FieldError) {
	e := c.expr()
	name := "filters." + c.Field
	allowed := map[string]bool{}
	for _, op := range opsFor(c.Type) {
		allowed[op] = true
	}
	badValue := func(v string) *httpx.FieldError {
		return &httpx.FieldError{Field: name, Rule: "filterValue", Message: fmt.Sprintf("%q is not a valid %s value for %s", v, c.Type, c.Header)}
	}
	// typed checks a value against the column type and answers its canonical text.
	typed := func(raw string) (string, *httpx.FieldError) {
		v, err := decodeValue(c, raw)
		if err != nil {
			return "", badValue(raw)
		}
		switch c.Type {
		case Text, List, MultiSelect:
			return v, nil
		}
		out, msg := coerce(c, v)
		if msg != "" {
			return "", badValue(v)
		}
		return sqlText(out).(string), nil
	}
	var conds []sq.Sqlizer
	if f.In != nil {
		vals := make([]string, 0, len(f.In))
		for _, raw := range f.In {
			v, fe := typed(raw)
			if fe != nil {
				return nil, fe
			}
			vals = append(vals, v)
		}
		switch c.Type {
		case Text, List:
			for i := range vals {
				vals[i] = strings.ToLower(vals[i])
			}
			conds = append(conds, sq.Expr("lower("+e+") = ANY(?::text[])", vals))
		case MultiSelect:
			for i, v := range vals {
				if o, ok := matchOption(c, v); ok {
					vals[i] = o
				}
			}
			conds = append(conds, sq.Expr("("+e+") && ?::text[]", vals))
		default:
			conds = append(conds, sq.Expr("("+e+") = ANY((?::text[])::"+c.Type.cast()+"[])", vals))
		}
	}
	ops := make([]string, 0, len(f.Ops))
	for op := range f.Ops {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	for _, op := range ops {
		if !allowed[op] {
			return nil, &httpx.FieldError{Field: name, Rule: "filterOp", Message: fmt.Sprintf("Filter operator %q is not available on %s", op, c.Header)}
		}
		v, fe := typed(f.Ops[op])
		if fe != nil {
			return nil, fe
		}
		switch op {
		case "contains":
			conds = append(conds, sq.Expr("("+e+") ILIKE ?", "%"+escapeLike(v)+"%"))
		case "startsWith":
			conds = append(conds, sq.Expr("("+e+") ILIKE ?", escapeLike(v)+"%"))
		default:
			sym := map[string]string{"gte": ">=", "lte": "<=", "gt": ">", "lt": "<"}[op]
			conds = append(conds, sq.Expr("("+e+") "+sym+" (?::text)::"+c.Type.cast(), v))
		}
	}
	if f.Blank != nil {
		if *f.Blank {
			conds = append(conds, sq.Expr("(("+e+") IS NULL OR ("+e+")::text IN ('', '{}'))"))
		} else {
			conds = append(conds, sq.Expr("(("+e+") IS NOT NULL AND ("+e+")::text NOT IN ('', '{}'))"))
		}
	}
	return conds, nil
}

// orderBy is the ORDER BY: the sort keys with NULLs last either way, then the id so that paging
// is stable.
func (cq *compiled) orderBy() []string {
	out := make([]string, 0, len(cq.sorts)+1)
	for _, s := range cq.sorts {
		dir := " ASC NULLS LAST"
		if s.desc {
			dir = " DESC NULLS LAST"
		}
		out = append(out, "("+s.c.expr()+")"+dir)
	}
	return append(out, cq.g.IDColumn+" ASC")
}

// cursorToken is what a cursor holds: the sort it was made for and the last row's sort values.
type cursorToken struct {
	Sig    string    `json:"s"`
	Values []*string `json:"v"`
	ID     string    `json:"id"`
}

func badCursor(msg string) error {
	return httpx.Invalid(httpx.FieldError{Field: "cursor", Rule: "cursor", Message: msg})
}

// afterCursor is the keyset condition "comes after the cursor's row" for the query's order:
// (k1 after v1) OR (k1 = v1 AND k2 after v2) OR ... OR (all equal AND id > last id). NULLs sort
// last in both directions, so nothing non-NULL comes after a NULL.
func (cq *compiled) afterCursor(token string) (sq.Sqlizer, error) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return nil, badCursor("The cursor is not valid")
	}
	var t cursorToken
	if err := json.Unmarshal(raw, &t); err != nil || len(t.Values) != len(cq.sorts) || t.ID == "" {
		return nil, badCursor("The cursor is not valid")
	}
	if t.Sig != cq.sig {
		return nil, badCursor("The cursor was made for another sort; start again without it")
	}
	var or sq.Or
	var equal sq.And
	for i, s := range cq.sorts {
		e := "(" + s.c.expr() + ")"
		v := t.Values[i]
		cast := s.c.Type.cast()
		if v != nil {
			sym := ">"
			if s.desc {
				sym = "<"
			}
			step := append(sq.And{}, equal...)
			step = append(step, sq.Or{sq.Expr(e+" "+sym+" (?::text)::"+cast, *v), sq.Expr(e + " IS NULL")})
			or = append(or, step)
			equal = append(equal, sq.Expr(e+" = (?::text)::"+cast, *v))
		} else {
			equal = append(equal, sq.Expr(e+" IS NULL"))
		}
	}
	last := append(sq.And{}, equal...)
	last = append(last, sq.Expr(cq.g.IDColumn+" > (?::text)::"+cq.g.IDType, t.ID))
	or = append(or, last)
	return or, nil
}

// selectExpr is how a field is read for JSON: dates as YYYY-MM-DD, numbers as float8.
func selectExpr(c *Column) string {
	e := c.expr()
	switch c.Type {
	case Date:
		return "to_char(" + e + ", 'YYYY-MM-DD')"
	case Number:
		return "(" + e + ")::float8"
	case Integer:
		return "(" + e + ")::bigint"
	}
	return "(" + e + ")"
}

// columns is the SELECT list: id, version, the fields, then each sort key as text for cursors.
func (cq *compiled) columns(read func(*Column) string) []string {
	out := make([]string, 0, len(cq.fields)+len(cq.sorts)+2)
	out = append(out, cq.g.IDColumn+"::text", cq.g.VersionColumn+"::bigint")
	for _, c := range cq.fields {
		out = append(out, read(c))
	}
	for _, s := range cq.sorts {
		out = append(out, "("+s.c.expr()+")::text")
	}
	// Output names would shadow table columns in ORDER BY; private aliases keep it on the table.
	for i := range out {
		out[i] += " AS _g" + strconv.Itoa(i)
	}
	return out
}

func (cq *compiled) rowsSQL(read func(*Column) string, limit int) (string, []any, error) {
	b := psql.Select(cq.columns(read)...).From(cq.g.Table)
	if len(cq.where) > 0 {
		b = b.Where(cq.where)
	}
	if cq.after != nil {
		b = b.Where(cq.after)
	}
	b = b.OrderBy(cq.orderBy()...)
	if limit > 0 {
		b = b.Limit(uint64(limit))
	}
	if cq.skip > 0 {
		b = b.Offset(uint64(cq.skip))
	}
	return b.ToSql()
}

func (cq *compiled) countSQL() (string, []any, error) {
	b := psql.Select("count(*)").From(cq.g.Table)
	if len(cq.where) > 0 {
		b = b.Where(cq.where)
	}
	return b.ToSql()
}

// fieldNames are the JSON keys of a row, in SELECT order.
func (cq *compiled) fieldNames() []string {
	out := make([]string, 0, len(cq.fields)+2)
	out = append(out, "id", "version")
	for _, c := range cq.fields {
		out = append(out, c.Field)
	}
	return out
}

// cursorFor encodes the cursor that continues after a row whose trailing sort values are vals.
func (cq *compiled) cursorFor(id string, vals []any) string {
	t := cursorToken{Sig: cq.sig, ID: id, Values: make([]*string, len(vals))}
	for i, v := range vals {
		if s, ok := v.(string); ok {
			t.Values[i] = &s
		}
	}
	b, _ := json.Marshal(t)
	return base64.RawURLEncoding.EncodeToString(b)
}
