package products

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"its/core/httpx"
)

// DefaultLimit is a grid load (spec §9: 100 rows).
const DefaultLimit = 100

// MarshalJSON writes the object form, in order.
func (s SortSpec) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		kj, _ := json.Marshal(k.Key)
		b.Write(kj)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(k.Order))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object form keeping key order.
func (s *SortSpec) UnmarshalJSON(data []byte) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		*s = nil
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	t, err := dec.Token()
	if err != nil || t != json.Delim('{') {
		return fmt.Errorf("sort must be an object like {\"styleNumeric\": 1}")
	}
	out := SortSpec{}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		var n json.Number
		if err := dec.Decode(&n); err != nil {
			return fmt.Errorf("sort %v: the order must be 1 or -1", kt)
		}
		o, err := n.Int64()
		if err != nil || (o != 1 && o != -1) {
			return fmt.Errorf("sort %v: the order must be 1 or -1", kt)
		}
		out = append(out, SortKey{Key: kt.(string), Order: int(o)})
	}
	*s = out
	return nil
}

type condKind int

const (
	kindText condKind = iota
	kindUpper
	kindInt
	kindBool
	kindArray
	kindLocation
	// kindSize is a size the product is stocked in at the query's pricing location (its availability).
	kindSize
)

// SearchExpr is what free text matches (alias p); the trigram index of 0200_products_catalog.sql
// is on the same expression.
const SearchExpr = `lower(p.style || ' ' || p.color || ' ' || p.name || ' ' || p.color_description)`

// KeyInitiativeExpr derives the key initiative (channel-season-year-region-productType).
const KeyInitiativeExpr = `(p.channel || '-' || p.season || '-' || p.year || '-' || p.region || '-' || p.product_type)`

type condition struct {
	expr string
	kind condKind
}

// conditions is the whitelist of searchable fields; expressions are trusted SQL.
var conditions = map[string]condition{
	"id":                        {"p.id", kindText},
	"style":                     {"p.style", kindUpper},
	"color":                     {"p.color", kindUpper},
	"productType":               {"p.product_type", kindText},
	"gender":                    {"p.gender", kindText},
	"division":                  {"p.division", kindText},
	"season":                    {"p.season", kindText},
	"year":                      {"p.year", kindInt},
	"region":                    {"p.region", kindText},
	"channel":                   {"p.channel", kindText},
	"keyInitiative":             {KeyInitiativeExpr, kindText},
	"pillar":                    {"p.pillar", kindText},
	"lifeCycle":                 {"p.life_cycle", kindText},
	"storeType":                 {"p.store_type", kindText},
	"boughtStatus":              {"p.bought_status", kindText},
	"sizeScale":                 {"p.size_scale", kindText},
	"outsole":                   {"p.outsole", kindText},
	"upper":                     {"p.upper_material", kindText},
	"popCategory":               {"p.pop_category", kindText},
	"popType":                   {"p.pop_type", kindText},
	"popGender":                 {"p.pop_gender", kindText},
	"usage":                     {"p.usage", kindText},
	"carryover":                 {"p.carryover", kindBool},
	"newColor":                  {"p.new_color", kindBool},
	"focusStyle":                {"p.focus_style", kindBool},
	"vegan":                     {"p.vegan", kindBool},
	"usaDc":                     {"p.usa_dc", kindBool},
	"inSampleOrders":            {"p.in_sample_orders", kindBool},
	"inWholesaleOrders":         {"p.in_wholesale_orders", kindBool},
	"seasonCodes":               {"p.season_codes", kindArray},
	"features":                  {"p.features", kindArray},
	"categories.type":           {"p.categories->>'type'", kindText},
	"categories.shape":          {"p.categories->>'shape'", kindText},
	"categories.height":         {"p.categories->>'height'", kindText},
	"categories.closure":        {"p.categories->>'closure'", kindText},
	"categories.sport":          {"p.categories->>'sport'", kindText},
	"categories.width":          {"p.categories->>'width'", kindText},
	"categories.apparelType":    {"p.categories->>'apparelType'", kindText},
	"categories.apparelSubType": {"p.categories->>'apparelSubType'", kindText},
	"locations.code":            {"p.location_codes", kindLocation},
	"locations.lineStatus":      {"p.location_lines", kindLocation},
	// The sizes of the location's availability (the grids' size footer field, spec §5.3).
	"locations.availability.size": {"", kindSize},
}

// sortKeys is the whitelist of sort keys; location keys read the query's pricing location.
var sortKeys = map[string]string{
	"styleNumeric":              "p.style_numeric",
	"color":                     "p.color",
	"name":                      "p.name",
	"productType":               "p.product_type",
	"gender":                    "p.gender",
	"division":                  "p.division",
	"pillar":                    "p.pillar",
	"year":                      "p.year",
	"season":                    "p.season",
	"cost":                      "p.cost",
	"suggestedRetail":           "p.suggested_retail",
	"quantity":                  "p.quantity",
	"quantityOnHand":            "p.quantity_on_hand",
	"createdDate":               "p.created_date",
	"modifiedDate":              "p.modified_date",
	"availabilityDate":          "p.availability_date",
	"locations.wholesalePrice":  "pl.wholesale_price",
	"locations.suggestedRetail": "pl.suggested_retail",
	"locations.totalInventory":  "pl.total_inventory",
}

// Normalize checks the query against the whitelists and cleans it as the spec's search does:
// null or empty values are dropped, duplicate values ignored, values kept sorted, a field with
// no value left dropped. It returns every mistake in one validation error.
func (q *Query) Normalize() error {
	var bad []httpx.FieldError
	q.Text = strings.TrimSpace(q.Text)
	if len(q.Text) > 200 {
		bad = append(bad, httpx.FieldError{Field: "text", Rule: "max", Message: "The search text is longer than 200 characters"})
	}
	clean := map[string][]any{}
	for key, vals := range q.Conditions {
		c, ok := conditions[key]
		if !ok {
			bad = append(bad, httpx.FieldError{Field: "conditions." + key, Rule: "unknown", Message: fmt.Sprintf("Unknown search condition %q", key)})
			continue
		}
		out, fe := normalizeValues(key, c, vals)
		if fe != nil {
			bad = append(bad, *fe)
			continue
		}
		if len(out) > 0 {
			clean[key] = out
		}
	}
	q.Conditions = clean
	if len(q.Conditions) == 0 {
		q.Conditions = nil
	}
	seen := map[string]bool{}
	sorts := SortSpec{}
	for _, s := range q.Sort {
		if _, ok := sortKeys[s.Key]; !ok {
			bad = append(bad, httpx.FieldError{Field: "sort." + s.Key, Rule: "sortable", Message: fmt.Sprintf("Unknown sort key %q", s.Key)})
			continue
		}
		if !seen[s.Key] {
			seen[s.Key] = true
			sorts = append(sorts, s)
		}
	}
	q.Sort = sorts
	if len(q.Sort) == 0 {
		q.Sort = nil
	}
	q.LocationID = strings.ToUpper(strings.TrimSpace(q.LocationID))
	fes, err := q.compileWhere()
	if err != nil {
		return err
	}
	bad = append(bad, fes...)
	switch {
	case q.Skip < 0:
		bad = append(bad, httpx.FieldError{Field: "skip", Rule: "min", Message: "skip cannot be negative"})
	case q.Limit < 0 || q.Limit > MaxLimit:
		bad = append(bad, httpx.FieldError{Field: "limit", Rule: "max", Message: fmt.Sprintf("limit must be between 0 and %d", MaxLimit)})
	}
	if len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	return nil
}

func normalizeValues(key string, c condition, vals []any) ([]any, *httpx.FieldError) {
	bad := func(v any) *httpx.FieldError {
		return &httpx.FieldError{Field: "conditions." + key, Rule: "value", Message: fmt.Sprintf("%v is not a valid value for %s", v, key)}
	}
	set := map[string]any{}
	for _, v := range vals {
		if v == nil {
			continue
		}
		switch c.kind {
		case kindInt:
			var n int64
			switch x := v.(type) {
			case float64:
				n = int64(x)
				if float64(n) != x {
					return nil, bad(v)
				}
			case string:
				if strings.TrimSpace(x) == "" {
					continue
				}
				p, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
				if err != nil {
					return nil, bad(v)
				}
				n = p
			default:
				return nil, bad(v)
			}
			set[strconv.FormatInt(n, 10)] = n
		case kindBool:
			var b bool
			switch x := v.(type) {
			case bool:
				b = x
			case string:
				if strings.TrimSpace(x) == "" {
					continue
				}
				p, err := strconv.ParseBool(strings.TrimSpace(x))
				if err != nil {
					return nil, bad(v)
				}
				b = p
			default:
				return nil, bad(v)
			}
			set[strconv.FormatBool(b)] = b
		default:
			var s string
			switch x := v.(type) {
			case string:
				s = strings.TrimSpace(x)
			case float64:
				s = strconv.FormatFloat(x, 'f', -1, 64)
			default:
				return nil, bad(v)
			}
			if s == "" {
				continue
			}
			if c.kind == kindUpper || c.kind == kindSize || key == "locations.code" || key == "locations.lineStatus" {
				s = strings.ToUpper(s)
			}
			set[s] = s
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]any, len(keys))
	for i, k := range keys {
		out[i] = set[k]
	}
	return out, nil
}

// Location is the pricing location of the query.
func (q *Query) Location() string {
	if q.LocationID == "" {
		return DefaultLocation
	}
	return q.LocationID
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// Where is the query's condition on the catalog (alias p), for modules that join the catalog;
// call Normalize first.
func (q *Query) Where() sq.And { return q.where() }

// where builds the query's conditions; call Normalize first.
func (q *Query) where() sq.And { return q.whereWith(q.whereCond) }

// whereJoined is where for a statement that has joined the product's row in the query's location
// as pl (see locJoined).
func (q *Query) whereJoined() sq.And { return q.whereWith(q.whereJoinedCond) }

// whereWith is where with tree the compiled filter tree.
func (q *Query) whereWith(tree sq.Sqlizer) sq.And {
	and := sq.And{}
	for _, word := range strings.Fields(strings.ToLower(q.Text)) {
		and = append(and, sq.Expr(SearchExpr+" LIKE ?", "%"+escapeLike(word)+"%"))
	}
	keys := make([]string, 0, len(q.Conditions))
	for k := range q.Conditions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		c := conditions[key]
		vals := q.Conditions[key]
		switch c.kind {
		case kindInt:
			ns := make([]int64, len(vals))
			for i, v := range vals {
				ns[i] = v.(int64)
			}
			and = append(and, sq.Expr(c.expr+" = ANY(?::bigint[])", ns))
		case kindBool:
			bs := make([]bool, len(vals))
			for i, v := range vals {
				bs[i] = v.(bool)
			}
			and = append(and, sq.Expr(c.expr+" = ANY(?::boolean[])", bs))
		case kindArray:
			and = append(and, sq.Expr(c.expr+" && ?::text[]", strs(vals)))
		case kindLocation:
			// lineStatus is read in the query's pricing location; a location code narrows to
			// products priced there. Both read the products' mirrors of their locations.
			if key == "locations.lineStatus" {
				lines := strs(vals)
				for i := range lines {
					lines[i] = q.Location() + ":" + lines[i]
				}
				and = append(and, sq.Expr("p.location_lines && ?::text[]", lines))
			} else {
				and = append(and, sq.Expr("p.location_codes && ?::text[]", strs(vals)))
			}
		case kindSize:
			and = append(and, stockedIn(q.Location(), strs(vals)))
		default:
			and = append(and, sq.Expr(c.expr+" = ANY(?::text[])", strs(vals)))
		}
	}
	if tree != nil {
		and = append(and, tree)
	}
	return and
}

func strs(vals []any) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i], _ = v.(string)
	}
	return out
}

// orderBy is the query's ORDER BY (NULLs last), with style and colour as the final keys so that
// pages are stable; it reports whether it reads the pricing location.
func (q *Query) orderBy() ([]string, bool) {
	var out []string
	needLoc := false
	for _, s := range q.Sort {
		e := sortKeys[s.Key]
		if strings.HasPrefix(e, "pl.") {
			needLoc = true
		}
		dir := " ASC NULLS LAST"
		if s.Order < 0 {
			dir = " DESC NULLS LAST"
		}
		out = append(out, e+dir)
	}
	return append(out, "p.style_numeric", "p.color"), needLoc
}

// ConditionKeys lists the searchable fields (for option lists and documentation).
func ConditionKeys() []string {
	out := make([]string, 0, len(conditions))
	for k := range conditions {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
