package grid

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"its/core/num"
)

// The cell rules of spec §5.1 as named validators. Each takes the cell value as decoded from
// JSON (after strings are trimmed) and returns the value to store or the rule it breaks. The
// client kit mirrors them by name; the schema carries their messages, so both sides say the
// same thing. After the named validators, the column's type coerces the value, then empty
// values are checked (nonClearable, required).

type validator struct {
	fn  func(v any, c *Column) (any, string)
	doc string
}

var validators = map[string]validator{
	"discount":            {discount, "A number from 0 to 100, rounded to 2 decimals; anything else is refused (the grid clears the cell)."},
	"promoCode":           {promoCode, "Letters and digits only (others stripped), upper-cased, at most 3 characters."},
	"alphanumeric":        {alphanumeric, "Characters other than A-Z, a-z and 0-9 are stripped."},
	"alphanumericNoBlank": {alphanumericNoBlank, "As alphanumeric, and refused when nothing is left."},
	"numeric":             {numeric, "Characters other than digits and '.' are stripped (currency signs, grouping commas); a letter (1e5, 0x10, NaN) is refused, as are a '-' (negative) and more than one '.'."},
	"noSpaces":            {noSpaces, "Refused when the value contains a space (leading and trailing spaces are trimmed first)."},
	"nonClearable":        {identity, "An empty value is refused, except in a pending (manage) view."},
	"list":                {list, "Must equal one of the column's options, ignoring case; the option's own casing is stored."},
	"multiSelect":         {multiSelect, "Split on commas, trimmed, empty parts and duplicates (ignoring case) dropped; each must be an option when the column has options. Stored as an array."},
	"date":                {date, "MM/DD/YYYY (or M/D/YYYY, or YYYY-MM-DD); stored and answered as YYYY-MM-DD."},
}

// messages are the texts of every rule; {header}, {value} and {max} are filled in.
var messages = map[string]string{
	"discount":            "Discount Percentage must be between 0-100",
	"promoCode":           "{header} must be at most 3 letters or digits",
	"alphanumericNoBlank": "{header} cannot be blank",
	"numeric":             "{header} must be a number",
	"negative":            "{header} cannot be negative",
	"noSpaces":            "{header} cannot contain spaces",
	"nonClearable":        "{header} cannot be cleared",
	"list":                "'{value}' is not a valid {header}",
	"multiSelect":         "'{value}' is not a valid {header}",
	"date":                "{header} must be a date (MM/DD/YYYY)",
	"required":            "{header} is required",
	"type.text":           "{header} must be text",
	"type.integer":        "{header} must be a whole number",
	"type.number":         "{header} must be a number",
	"type.boolean":        "{header} must be true or false",
	"type.date":           "{header} must be a date (MM/DD/YYYY)",
	"type.datetime":       "{header} must be a date and time",
	"type.list":           "'{value}' is not a valid {header}",
	"type.multiSelect":    "{header} must be a list of values",
	"notEditable":         "{header} cannot be edited here",
	"folder":              "Folders cannot be edited",
	"unknown":             "Unknown field {header}",
}

// CellContext is where a value is written.
type CellContext struct {
	Op   Op     // add or update
	View string // "pending" lets non-clearable cells be cleared and pending-only cells be edited
}

// CellError is a refused cell; Op, Index, ID and TempID locate it in a batch.
type CellError struct {
	Op      Op     `json:"op,omitempty"`
	Index   int    `json:"index"`
	ID      string `json:"id,omitempty"`
	TempID  string `json:"tempId,omitempty"`
	Field   string `json:"field"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
	// Value is the value the message names, when a translation of it needs to name it too.
	Value string `json:"value,omitempty"`
}

func cellError(c *Column, rule, msgKey string, v any) *CellError {
	if msgKey == "" {
		msgKey = rule
	}
	s, _ := scalar(v)
	return &CellError{Field: c.Field, Rule: rule, Message: render(msgKey, c.Header, s)}
}

func render(key, header, value string) string {
	m, ok := messages[key]
	if !ok {
		m = "{header} is not valid"
	}
	return strings.NewReplacer("{header}", header, "{value}", value).Replace(m)
}

// Cell runs field's rules on v: the named validators in order, the type, then the empty checks.
// It answers the value to store (nil for an empty cell).
func (g *Grid) Cell(field string, v any, ctx CellContext) (any, *CellError) {
	c := g.byField[field]
	if c == nil {
		return nil, &CellError{Field: field, Rule: "unknown", Message: render("unknown", field, "")}
	}
	return c.cell(v, ctx)
}

func (c *Column) cell(v any, ctx CellContext) (any, *CellError) {
	if s, ok := v.(string); ok {
		v = strings.TrimSpace(s)
	}
	for _, name := range c.Validators {
		out, msgKey := validators[name].fn(v, c)
		if msgKey != "" {
			return nil, cellError(c, name, msgKey, v)
		}
		v = out
	}
	out, msgKey := coerce(c, v)
	if msgKey != "" {
		rule := "type"
		if _, named := validators[msgKey]; named {
			rule = msgKey
		}
		return nil, cellError(c, rule, msgKey, v)
	}
	if isEmpty(out) {
		if c.has("nonClearable") && ctx.View != "pending" {
			return nil, cellError(c, "nonClearable", "", v)
		}
		if c.Required && ctx.Op == OpAdd {
			return nil, cellError(c, "required", "", v)
		}
		return nil, nil
	}
	return out, nil
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []string:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

// scalar renders a JSON scalar as text; ok is false for arrays and objects.
func scalar(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case int:
		return strconv.Itoa(x), true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

func identity(v any, _ *Column) (any, string) { return v, "" }

func discount(v any, _ *Column) (any, string) {
	if isEmpty(v) {
		return nil, ""
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case string:
		p, ok := num.Parse(strings.TrimSuffix(strings.TrimSpace(x), "%"))
		if !ok {
			return nil, "discount"
		}
		f = p
	default:
		return nil, "discount"
	}
	if math.IsNaN(f) || f < 0 || f > 100 {
		return nil, "discount"
	}
	return num.Round(f, 2), ""
}

func keepAlnum(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func promoCode(v any, _ *Column) (any, string) {
	s, ok := scalar(v)
	if !ok {
		return nil, "promoCode"
	}
	s = strings.ToUpper(keepAlnum(s))
	if len(s) > 3 {
		return nil, "promoCode"
	}
	if s == "" {
		return nil, ""
	}
	return s, ""
}

func alphanumeric(v any, _ *Column) (any, string) {
	s, ok := scalar(v)
	if !ok {
		return nil, "type.text"
	}
	if s = keepAlnum(s); s == "" {
		return nil, ""
	}
	return s, ""
}

func alphanumericNoBlank(v any, c *Column) (any, string) {
	out, msg := alphanumeric(v, c)
	if msg == "" && out == nil {
		return nil, "alphanumericNoBlank"
	}
	return out, msg
}

func numeric(v any, _ *Column) (any, string) {
	switch x := v.(type) {
	case nil:
		return nil, ""
	case float64:
		if x < 0 {
			return nil, "negative"
		}
		return x, ""
	case string:
		// A letter means another notation (1e999, 0x10, NaN, 12abc): stripping it would store a
		// different number than the one written, so it is refused instead.
		if strings.IndexFunc(x, notADigit) >= 0 {
			return nil, "numeric"
		}
		if strings.Contains(x, "-") {
			return nil, "negative"
		}
		var b strings.Builder
		for _, r := range x {
			if r == '.' || (r >= '0' && r <= '9') {
				b.WriteRune(r)
			}
		}
		s := b.String()
		if s == "" {
			return nil, ""
		}
		if strings.Count(s, ".") > 1 || s == "." {
			return nil, "numeric"
		}
		f, ok := num.Parse(s)
		if !ok {
			return nil, "numeric"
		}
		return f, ""
	}
	return nil, "numeric"
}

// notADigit is a letter or a digit of another script, which numeric cells refuse.
func notADigit(r rune) bool {
	return unicode.IsLetter(r) || (unicode.IsNumber(r) && (r < '0' || r > '9'))
}

func noSpaces(v any, _ *Column) (any, string) {
	if s, ok := v.(string); ok && strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return nil, "noSpaces"
	}
	return v, ""
}

func matchOption(c *Column, s string) (string, bool) {
	for _, o := range c.Options {
		if strings.EqualFold(o, s) {
			return o, true
		}
	}
	return "", false
}

func list(v any, c *Column) (any, string) {
	s, ok := scalar(v)
	if !ok {
		return nil, "list"
	}
	if s == "" {
		return nil, ""
	}
	o, ok := matchOption(c, s)
	if !ok {
		return nil, "list"
	}
	return o, ""
}

func multiSelect(v any, c *Column) (any, string) {
	var parts []string
	switch x := v.(type) {
	case nil:
		return nil, ""
	case []string:
		for _, p := range x {
			parts = append(parts, strings.Split(p, ",")...)
		}
	case []any:
		for _, p := range x {
			s, ok := scalar(p)
			if !ok {
				return nil, "type.multiSelect"
			}
			parts = append(parts, strings.Split(s, ",")...)
		}
	default:
		s, ok := scalar(x)
		if !ok {
			return nil, "type.multiSelect"
		}
		parts = strings.Split(s, ",")
	}
	out := []string{}
	seen := map[string]bool{}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || seen[strings.ToLower(p)] {
			continue
		}
		if len(c.Options) > 0 {
			o, ok := matchOption(c, p)
			if !ok {
				return nil, "multiSelect"
			}
			p = o
		}
		seen[strings.ToLower(p)] = true
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, ""
}

var dateLayouts = []string{"01/02/2006", "1/2/2006", "2006-01-02"}

// parseDate reads the grid's MM/DD/YYYY (or ISO) into YYYY-MM-DD.
func parseDate(s string) (string, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.Format("2006-01-02"), true
		}
	}
	return "", false
}

func date(v any, _ *Column) (any, string) {
	s, ok := v.(string)
	if !ok {
		if v == nil {
			return nil, ""
		}
		return nil, "date"
	}
	if s == "" {
		return nil, ""
	}
	iso, ok := parseDate(s)
	if !ok {
		return nil, "date"
	}
	return iso, ""
}

// coerce gives v the column's type: string, int64, float64, bool or []string (nil when empty).
func coerce(c *Column, v any) (any, string) {
	if isEmpty(v) {
		return nil, ""
	}
	bad := "type." + string(c.Type)
	switch c.Type {
	case Text:
		s, ok := scalar(v)
		if !ok {
			return nil, bad
		}
		return s, ""
	case List:
		return list(v, c)
	case MultiSelect:
		out, msg := multiSelect(v, c)
		if msg != "" {
			return nil, msg
		}
		return out, ""
	case Integer:
		switch x := v.(type) {
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
				return nil, bad
			}
			return int64(x), ""
		case int64:
			return x, ""
		case string:
			n, err := strconv.ParseInt(x, 10, 64)
			if err != nil {
				if f, ok := num.Parse(x); ok && f == math.Trunc(f) && math.Abs(f) <= 1<<53 {
					return int64(f), ""
				}
				return nil, bad
			}
			return n, ""
		}
		return nil, bad
	case Number:
		switch x := v.(type) {
		case float64:
			// JSON carries no NaN or infinity; a caller in Go can: refused like any other non-number.
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, bad
			}
			return x, ""
		case int64:
			return float64(x), ""
		case string:
			f, ok := num.Parse(x)
			if !ok {
				return nil, bad
			}
			return f, ""
		}
		return nil, bad
	case Boolean:
		switch x := v.(type) {
		case bool:
			return x, ""
		case string:
			b, err := strconv.ParseBool(x)
			if err != nil {
				return nil, bad
			}
			return b, ""
		}
		return nil, bad
	case Date:
		s, ok := v.(string)
		if !ok {
			return nil, bad
		}
		iso, ok := parseDate(s)
		if !ok {
			return nil, bad
		}
		return iso, ""
	case DateTime:
		s, ok := v.(string)
		if !ok {
			return nil, bad
		}
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return nil, bad
		}
		return t.UTC().Format(time.RFC3339Nano), ""
	}
	return nil, bad
}

// sqlText renders a coerced value as the text parameter that SQL casts to the column's type.
func sqlText(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case []string:
		return x
	}
	s, _ := scalar(v)
	return s
}
