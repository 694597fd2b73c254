package orders

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"its/core/grid"
)

// The wholesale date and pack-code rules (product spec §5.2).

var dateLayouts = []string{"01/02/2006", "1/2/2006", "2006-01-02", "2006/01/02"}

func parseDay(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, false
	}
	s = strings.TrimSpace(s)
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// ruleBreak is a wholesale cell the rules of §5.2 refuse: its field, the rule and the message.
type ruleBreak struct {
	Field   string `json:"field"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
	// Value is the value a warning's text names (a pack code), so a translation can name it too.
	Value string `json:"value,omitempty"`
}

// checkLineDates applies §5.2 to a line's start and end dates as typed or stored (nil: not
// known), on today's date: an empty or unparsable date is invalid; otherwise the first of a date
// more than a week in the past, more than a year ahead, or an end before the start. It answers
// the dates read. remotes/orders/src/detail/wholesaleRules.ts is its twin; both pass
// testdata/vectors/wholesale.json.
func checkLineDates(start, end any, today time.Time) (*time.Time, *time.Time, []ruleBreak) {
	var bad []ruleBreak
	read := func(v any, name string) *time.Time {
		if v == nil {
			return nil
		}
		if t, ok := v.(time.Time); ok {
			return &t
		}
		t, ok := parseDay(v)
		if !ok {
			bad = append(bad, ruleBreak{Field: strings.ToLower(name) + "Date", Rule: "date", Message: "Invalid " + name + " Date"})
			return nil
		}
		return &t
	}
	s, e := read(start, "Start"), read(end, "End")
	if len(bad) > 0 {
		return s, e, bad
	}
	for _, d := range []struct {
		name string
		day  *time.Time
	}{{"Start", s}, {"End", e}} {
		field := strings.ToLower(d.name) + "Date"
		switch {
		case d.day == nil:
		case d.day.Before(today.AddDate(0, 0, -7)):
			return s, e, []ruleBreak{{Field: field, Rule: "past", Message: d.name + " date cannot be more than 1 week in the past"}}
		case d.day.After(today.AddDate(1, 0, 0)):
			return s, e, []ruleBreak{{Field: field, Rule: "future", Message: d.name + " date cannot be more than 1 year in future"}}
		}
	}
	if s != nil && e != nil && e.Before(*s) {
		return s, e, []ruleBreak{{Field: "endDate", Rule: "order", Message: "End date cannot be before start date"}}
	}
	return s, e, nil
}

// parseSizes reads a size matrix (an object of size -> units, or its JSON text) into a map of
// whole, non-negative units.
func parseSizes(v any) (map[string]int, bool) {
	if s, ok := v.(string); ok {
		if strings.TrimSpace(s) == "" {
			return map[string]int{}, true
		}
		var m map[string]any
		if json.Unmarshal([]byte(s), &m) != nil {
			return nil, false
		}
		v = m
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	out := make(map[string]int, len(m))
	for size, units := range m {
		n, ok := units.(float64)
		if !ok || n < 0 || n != math.Trunc(n) || strings.TrimSpace(size) == "" {
			return nil, false
		}
		// Units past the bound are held at one more than it, so that sums cannot overflow and
		// checkSizes refuses them.
		out[strings.TrimSpace(size)] = int(min(n, MaxSizeUnits+1))
	}
	return out, true
}

// sortedSizes are the sizes of a matrix in key order.
func sortedSizes(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// sizesJSON is the canonical text of a size matrix (sorted keys).
func sizesJSON(m map[string]int) string {
	keys := sortedSizes(m)
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		b = append(b, kb...)
		b = append(b, fmt.Sprintf(":%d", m[k])...)
	}
	return string(append(b, '}'))
}

// normalPackCode is a pack code as stored: trimmed and upper-cased (§5.2).
func normalPackCode(v string) string { return strings.ToUpper(strings.TrimSpace(v)) }

// checkPackCode applies §5.2 to a pack code (normalPackCode) and the line's size matrix. known
// is the code's definition when it exists. The twin in remotes/orders/src/detail/wholesaleRules.ts
// passes the same vectors (testdata/vectors/wholesale.json).
func checkPackCode(code string, sizes map[string]int, known *PackCode) (rule, msg string) {
	if code == "" {
		return "", ""
	}
	first := code[0]
	switch {
	case first < 'A' || first > 'Z':
		return "packCodeLetter", fmt.Sprintf("Pack code %s does not start with a letter", code)
	case known == nil:
		return "packCodeUnknown", fmt.Sprintf("Unknown pack code %s", code)
	case first <= 'L':
		return "packCodeAL", fmt.Sprintf("Pack code %s: A-L codes cannot be ordered", code)
	case first >= 'S':
		return "", ""
	}
	total := 0
	for _, n := range sizes {
		total += n
	}
	if total == 0 {
		return "packCodeQuantity", fmt.Sprintf("Pack code %s requires a sizes quantity", code)
	}
	if total%known.PackSize != 0 {
		return "packCodeQuantities", fmt.Sprintf("Incorrect quantities for pack code %s", code)
	}
	for _, n := range sizes {
		if n%known.PerSize != 0 {
			return "packCodeQuantities", fmt.Sprintf("Incorrect quantities for pack code %s", code)
		}
	}
	return "", ""
}

// cellError locates a refused wholesale cell in the batch.
func cellError(op grid.Op, index int, id, tempID, field, rule, msg string) grid.CellError {
	return grid.CellError{Op: op, Index: index, ID: id, TempID: tempID, Field: field, Rule: rule, Message: msg}
}

// warnDates applies §5.2 to the dates a line's write holds (values, changed in place), each
// against the stored line st (nil: a new line): a written date is stored in its canonical form; a
// warned one is not written (see keepStoredDate) and answered. A written null clears the date,
// which §5.2 refuses like an empty one. The twin is checkLine in remotes/orders (warnings.ts);
// both pass the clearing vectors of testdata/vectors/wholesale.json.
func warnDates(values map[string]any, st *lineState, today time.Time) []ruleBreak {
	startV, startGiven := values["startDate"]
	endV, endGiven := values["endDate"]
	if !startGiven && !endGiven {
		return nil
	}
	// A date not in this write is the stored one; only a written date is checked.
	if startGiven && startV == nil {
		startV = ""
	}
	if endGiven && endV == nil {
		endV = ""
	}
	if !startGiven && st != nil && st.StartDate != nil {
		startV = *st.StartDate
	}
	if !endGiven && st != nil && st.EndDate != nil {
		endV = *st.EndDate
	}
	s, e, broken := checkLineDates(startV, endV, today)
	if startGiven && s != nil {
		values["startDate"] = s.Format("2006-01-02")
	}
	if endGiven && e != nil {
		values["endDate"] = e.Format("2006-01-02")
	}
	for i, b := range broken {
		// An end before a start written alone clears the start.
		if _, given := values[b.Field]; !given {
			broken[i].Field = "startDate"
		}
		keepStoredDate(values, broken[i].Field, st)
	}
	return broken
}

// keepStoredDate takes a warned date out of a write: a stored line keeps its date (written again,
// so the row still has a change), a new line gets the default window.
func keepStoredDate(values map[string]any, field string, st *lineState) {
	if st == nil {
		delete(values, field)
		return
	}
	stored := st.StartDate
	if field == "endDate" {
		stored = st.EndDate
	}
	if stored == nil {
		values[field] = nil
		return
	}
	values[field] = stored.Format("2006-01-02")
}

// warnPackCode applies §5.2 to the pack code of a line's write (values, changed in place: a
// written code is stored normalised, a warned one written empty) against the line's size matrix
// (sizes: written or stored); a code not written is the stored one. known holds the pack codes'
// definitions by code. Nil when neither the code nor the sizes are written, or the code holds.
func warnPackCode(values map[string]any, st *lineState, sizes map[string]int, known map[string]PackCode) *ruleBreak {
	written, codeGiven := values["packCode"]
	if _, sizesGiven := values["sizes"]; !codeGiven && !sizesGiven {
		return nil
	}
	code := ""
	if codeGiven {
		if v, ok := written.(string); ok {
			code = normalPackCode(v)
			values["packCode"] = code
		}
	} else if st != nil && st.PackCode != nil {
		code = *st.PackCode
	}
	var def *PackCode
	if p, ok := known[code]; ok {
		def = &p
	}
	rule, msg := checkPackCode(code, sizes, def)
	if rule == "" {
		return nil
	}
	values["packCode"] = nil
	return &ruleBreak{Field: "packCode", Rule: rule, Message: msg, Value: code}
}
