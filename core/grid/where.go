package grid

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"its/core/httpx"
)

// Where is the filter builder's condition tree (docs/grid.md §3.7): a group of conditions joined
// by AND or OR, groups nested inside groups, each condition a whitelisted field, an operator of
// its type and its values. It is data, never SQL: compiled on the server from the grid's trusted
// column expressions.
//
//	{"and": [
//	  {"field": "status", "op": "in", "values": ["Open", "Held"]},
//	  {"or": [{"field": "amount", "op": "gt", "values": [50]},
//	          {"field": "name", "op": "startsWith", "values": ["A"]}]}
//	]}
type Where struct {
	And []Where `json:"and,omitempty"`
	Or  []Where `json:"or,omitempty"`
	// A condition: Field, Op and Values (none for blank and notBlank).
	Field  string   `json:"field,omitempty"`
	Op     string   `json:"op,omitempty"`
	Values []string `json:"values,omitempty"`
}

// Limits of a condition tree: deeper, larger or longer trees are a 400.
const (
	MaxWhereDepth      = 5
	MaxWhereConditions = 100
	MaxWhereValues     = 1000
)

// whereOps are the filter builder's operators; per type they are narrowed by whereOpsFor.
var whereOps = map[string]bool{
	"in": true, "notIn": true, "contains": true, "startsWith": true,
	"gt": true, "gte": true, "lt": true, "lte": true, "between": true, "blank": true, "notBlank": true,
}

// whereOpsFor lists the operators of a column type: text and lists "contains", "is (any of)",
// "is none of", "starts with", "is empty"; numbers and dates "=", "≠", "<", "≤", ">", "≥",
// "between", "is empty".
func whereOpsFor(t Type) []string {
	switch t {
	case Text, List:
		return []string{"in", "notIn", "contains", "startsWith", "blank", "notBlank"}
	case Integer, Number, Date, DateTime:
		return []string{"in", "notIn", "gt", "gte", "lt", "lte", "between", "blank", "notBlank"}
	default:
		return []string{"in", "notIn", "blank", "notBlank"}
	}
}

// UnmarshalJSON reads one node: {"and": [...]}, {"or": [...]} or {"field", "op", "values"}.
// Values are strings, numbers or booleans; a single "value" is accepted for "values".
func (w *Where) UnmarshalJSON(b []byte) error {
	var raw struct {
		And    []Where `json:"and"`
		Or     []Where `json:"or"`
		Field  string  `json:"field"`
		Op     string  `json:"op"`
		Values []any   `json:"values"`
		Value  any     `json:"value"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("a where node is {and:[...]}, {or:[...]} or {field, op, values}: %w", err)
	}
	kinds := 0
	if raw.And != nil {
		kinds++
	}
	if raw.Or != nil {
		kinds++
	}
	if raw.Field != "" || raw.Op != "" {
		kinds++
	}
	if kinds != 1 {
		return fmt.Errorf("a where node is exactly one of {and:[...]}, {or:[...]} or {field, op, values}")
	}
	vals := raw.Values
	if raw.Value != nil {
		vals = append(vals, raw.Value)
	}
	var out []string
	for _, v := range vals {
		s, ok := scalar(v)
		if !ok {
			return fmt.Errorf("where values must be strings, numbers or booleans")
		}
		out = append(out, s)
	}
	*w = Where{And: raw.And, Or: raw.Or, Field: raw.Field, Op: raw.Op, Values: out}
	return nil
}

// MarshalJSON writes the node's own form: a group keeps its key even when empty.
func (w Where) MarshalJSON() ([]byte, error) {
	switch {
	case w.And != nil:
		return json.Marshal(map[string][]Where{"and": w.And})
	case w.Or != nil:
		return json.Marshal(map[string][]Where{"or": w.Or})
	}
	vals := w.Values
	if vals == nil {
		vals = []string{}
	}
	return json.Marshal(struct {
		Field  string   `json:"field"`
		Op     string   `json:"op"`
		Values []string `json:"values"`
	}{w.Field, w.Op, vals})
}

// refers reports whether a condition of the tree is on field.
func (w *Where) refers(field string) bool {
	if w == nil {
		return false
	}
	for i := range w.And {
		if w.And[i].refers(field) {
			return true
		}
	}
	for i := range w.Or {
		if w.Or[i].refers(field) {
			return true
		}
	}
	return w.Field == field
}

// isGroup reports an AND or OR node.
func (w *Where) isGroup() bool { return w.And != nil || w.Or != nil }

// Normalize applies the spec's rules for filter values (§5.3): values are trimmed, empty values
// dropped and duplicates ignored (ignoring case); a condition left without the values its
// operator needs filters nothing and is dropped, and so is a group left empty. It answers nil
// when nothing is left.
func (w *Where) Normalize() *Where {
	if w == nil {
		return nil
	}
	if w.isGroup() {
		list, and := w.Or, false
		if w.And != nil {
			list, and = w.And, true
		}
		var kept []Where
		for i := range list {
			if n := list[i].Normalize(); n != nil {
				kept = append(kept, *n)
			}
		}
		if len(kept) == 0 {
			return nil
		}
		if len(kept) == 1 {
			return &kept[0]
		}
		if and {
			return &Where{And: kept}
		}
		return &Where{Or: kept}
	}
	out := &Where{Field: w.Field, Op: w.Op}
	if w.Op == "blank" || w.Op == "notBlank" {
		return out
	}
	seen := map[string]bool{}
	for _, v := range w.Values {
		v = strings.TrimSpace(v)
		k := strings.ToLower(v)
		if v == "" || (w.Op != "between" && seen[k]) {
			continue
		}
		seen[k] = true
		out.Values = append(out.Values, v)
	}
	switch {
	case len(out.Values) == 0:
		return nil
	case w.Op == "between" && len(out.Values) < 2:
		return nil
	}
	return out
}

// ColumnResolver finds the whitelisted column of a field (nil: not filterable).
type ColumnResolver func(field string) *Column

// WhereSQL checks a normalized tree against the whitelist and turns it into one condition.
// Every mistake is named in one 400, its field the node's path ("where.and[1].or[0]").
func WhereSQL(w *Where, resolve ColumnResolver) (sq.Sqlizer, error) {
	cond, bad := whereConds(w, resolve)
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	return cond, nil
}

func whereConds(w *Where, resolve ColumnResolver) (sq.Sqlizer, []httpx.FieldError) {
	if w == nil {
		return nil, nil
	}
	var bad []httpx.FieldError
	count := 0
	cond := whereNode(w, resolve, "where", 1, &count, &bad)
	if count > MaxWhereConditions {
		bad = append(bad, httpx.FieldError{Field: "where", Rule: "max", Message: fmt.Sprintf("at most %d conditions", MaxWhereConditions)})
	}
	return cond, bad
}

func whereNode(w *Where, resolve ColumnResolver, path string, depth int, count *int, bad *[]httpx.FieldError) sq.Sqlizer {
	if w.isGroup() {
		if depth > MaxWhereDepth {
			*bad = append(*bad, httpx.FieldError{Field: path, Rule: "max", Message: fmt.Sprintf("groups nest at most %d deep", MaxWhereDepth)})
			return nil
		}
		list, key := w.Or, "or"
		if w.And != nil {
			list, key = w.And, "and"
		}
		parts := make([]sq.Sqlizer, 0, len(list))
		for i := range list {
			if c := whereNode(&list[i], resolve, fmt.Sprintf("%s.%s[%d]", path, key, i), depth+1, count, bad); c != nil {
				parts = append(parts, c)
			}
		}
		if key == "and" {
			return sq.And(parts)
		}
		return sq.Or(parts)
	}
	*count++
	c := resolve(w.Field)
	if c == nil || c.NoFilter {
		*bad = append(*bad, httpx.FieldError{Field: path, Rule: "filterable", Message: fmt.Sprintf("Unknown filter field %q", w.Field)})
		return nil
	}
	allowed := false
	for _, op := range whereOpsFor(c.Type) {
		allowed = allowed || op == w.Op
	}
	if !whereOps[w.Op] || !allowed {
		*bad = append(*bad, httpx.FieldError{Field: path, Rule: "filterOp", Message: fmt.Sprintf("Filter operator %q is not available on %s", w.Op, c.Header)})
		return nil
	}
	need := map[string]int{"in": -1, "notIn": -1, "between": 2, "blank": 0, "notBlank": 0}
	n, ok := need[w.Op]
	if !ok {
		n = 1
	}
	switch {
	case n == -1 && len(w.Values) > MaxWhereValues:
		*bad = append(*bad, httpx.FieldError{Field: path, Rule: "max", Message: fmt.Sprintf("at most %d values", MaxWhereValues)})
		return nil
	case n >= 0 && len(w.Values) != n:
		*bad = append(*bad, httpx.FieldError{Field: path, Rule: "filterValue", Message: fmt.Sprintf("%s takes %d value(s)", w.Op, n)})
		return nil
	}
	yes, no := true, false
	var f Filter
	switch w.Op {
	case "in", "notIn":
		f.In = w.Values
	case "between":
		f.Ops = map[string]string{"gte": w.Values[0], "lte": w.Values[1]}
	case "blank":
		f.Blank = &yes
	case "notBlank":
		f.Blank = &no
	default:
		f.Ops = map[string]string{w.Op: w.Values[0]}
	}
	conds, fe := filterSQL(c, f)
	if fe != nil {
		fe.Field = path
		*bad = append(*bad, *fe)
		return nil
	}
	cond := sq.And(conds)
	if w.Op != "notIn" {
		return cond
	}
	// "≠" and "is none of" keep the empty cells (they are none of the values).
	s, args, err := cond.ToSql()
	if err != nil {
		*bad = append(*bad, httpx.FieldError{Field: path, Rule: "filterValue", Message: err.Error()})
		return nil
	}
	blank, _ := filterSQL(c, Filter{Blank: &yes})
	return sq.Or{sq.Expr("NOT ("+s+")", args...), sq.And(blank)}
}

// whereSQL is the grid's own tree: its columns are the whitelist.
func (g *Grid) whereSQL(w *Where) (sq.Sqlizer, []httpx.FieldError) {
	return whereConds(w.Normalize(), func(field string) *Column { return g.byField[field] })
}
