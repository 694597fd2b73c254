package orders

import (
	"encoding/json"
	"fmt"
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

// checkDates applies §5.2 to a line's start and end (each nil when not known) on today's date.
func checkDates(start, end *time.Time, today time.Time) (field, rule, msg string) {
	check := func(name string, d *time.Time) (string, string, string) {
		switch {
		case d.Before(today.AddDate(0, 0, -7)):
			return strings.ToLower(name[:1]) + name[1:] + "Date", "past", name + " date cannot be more than 1 week in the past"
		case d.After(today.AddDate(1, 0, 0)):
			return strings.ToLower(name[:1]) + name[1:] + "Date", "future", name + " date cannot be more than 1 year in future"
		}
		return "", "", ""
	}
	if start != nil {
		if f, r, m := check("Start", start); f != "" {
			return f, r, m
		}
	}
	if end != nil {
		if f, r, m := check("End", end); f != "" {
			return f, r, m
		}
	}
	if start != nil && end != nil && end.Before(*start) {
		return "endDate", "order", "End date cannot be before start date"
	}
	return "", "", ""
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
		if !ok || n < 0 || n != float64(int(n)) || strings.TrimSpace(size) == "" {
			return nil, false
		}
		out[strings.TrimSpace(size)] = int(n)
	}
	return out, true
}

// sizesJSON is the canonical text of a size matrix (sorted keys).
func sizesJSON(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
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

// checkPackCode applies §5.2 to a pack code and the line's size matrix. known is the code's
// definition when it exists.
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
