package orders

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"its/core/vectors"
)

type dateCase struct {
	Note  string      `json:"note"`
	Start *string     `json:"start"`
	End   *string     `json:"end"`
	Want  []ruleBreak `json:"want"`
}

type wholesaleVectors struct {
	About     string     `json:"about"`
	Today     string     `json:"today"`
	Dates     []dateCase `json:"dates"`
	LeapToday struct {
		Note     string      `json:"note"`
		Today    string      `json:"today"`
		Start    string      `json:"start"`
		End      string      `json:"end"`
		Want     []ruleBreak `json:"want"`
		Late     string      `json:"late"`
		LateWant []ruleBreak `json:"lateWant"`
	} `json:"leapToday"`
	PackCodes struct {
		Known map[string][2]int `json:"known"`
		Cases []struct {
			Note    string         `json:"note"`
			Input   string         `json:"input"`
			Sizes   map[string]any `json:"sizes"`
			Code    string         `json:"code"`
			Rule    string         `json:"rule"`
			Message string         `json:"message"`
		} `json:"cases"`
	} `json:"packCodes"`
	Clearing []clearingCase `json:"clearing"`
}

// clearingCase is a line's write and what is left of it after the §5.2 warnings.
type clearingCase struct {
	Note     string         `json:"note"`
	Stored   map[string]any `json:"stored"`
	Written  map[string]any `json:"written"`
	After    map[string]any `json:"after"`
	Warnings []ruleBreak    `json:"warnings"`
}

// state is the stored line of a case (nil: a new line).
func (c clearingCase) state(t *testing.T) *lineState {
	if c.Stored == nil {
		return nil
	}
	st := &lineState{}
	text := func(k string) *string {
		if v, ok := c.Stored[k]; ok && v != nil {
			s := fmt.Sprint(v)
			if k == "sizes" {
				b, _ := json.Marshal(v)
				s = string(b)
			}
			return &s
		}
		return nil
	}
	day := func(k string) *time.Time {
		if v := text(k); v != nil {
			d, err := time.Parse("2006-01-02", *v)
			if err != nil {
				t.Fatalf("%s: stored %s %q", c.Note, k, *v)
			}
			return &d
		}
		return nil
	}
	st.PackCode, st.Sizes, st.StartDate, st.EndDate = text("packCode"), text("sizes"), day("startDate"), day("endDate")
	return st
}

func optional(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

func checkDatesCase(t *testing.T, note string, start, end any, today string, want []ruleBreak) {
	t.Helper()
	day, err := time.Parse("2006-01-02", today)
	if err != nil {
		t.Fatal(err)
	}
	_, _, got := checkLineDates(start, end, day)
	if !vectors.Same(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Errorf("%s (%v, %v): got %+v, want %+v", note, start, end, got, want)
	}
}

// TestWholesaleVectors: the §5.2 date and pack-code rules pass the cases the browser's twin
// passes too.
func TestWholesaleVectors(t *testing.T) {
	var v wholesaleVectors
	vectors.Load(t, "wholesale.json", &v)
	if len(v.Dates) == 0 || len(v.PackCodes.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range v.Dates {
		checkDatesCase(t, c.Note, optional(c.Start), optional(c.End), v.Today, c.Want)
	}
	l := v.LeapToday
	checkDatesCase(t, l.Note, l.Start, l.End, l.Today, l.Want)
	checkDatesCase(t, l.Note, l.Late, l.Late, l.Today, l.LateWant)

	for _, c := range v.PackCodes.Cases {
		code := normalPackCode(c.Input)
		sizes, ok := parseSizes(c.Sizes)
		if !ok {
			t.Fatalf("%s: sizes %v", c.Note, c.Sizes)
		}
		var def *PackCode
		if k, ok := v.PackCodes.Known[code]; ok {
			def = &PackCode{Code: code, PackSize: k[0], PerSize: k[1]}
		}
		rule, msg := checkPackCode(code, sizes, def)
		if code != c.Code || rule != c.Rule || msg != c.Message {
			t.Errorf("%s: %q -> %q %q %q; want %q %q %q", c.Note, c.Input, code, rule, msg, c.Code, c.Rule, c.Message)
		}
	}
}

// TestWholesaleClearingVectors: what a write keeps after the §5.2 warnings (the warned cells
// cleared) is what the browser's twin keeps (remotes/orders, clearWarnedCells).
func TestWholesaleClearingVectors(t *testing.T) {
	var v wholesaleVectors
	vectors.Load(t, "wholesale.json", &v)
	if len(v.Clearing) < 5 {
		t.Fatal("no clearing cases")
	}
	today, err := time.Parse("2006-01-02", v.Today)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]PackCode{}
	for code, k := range v.PackCodes.Known {
		known[code] = PackCode{Code: code, PackSize: k[0], PerSize: k[1]}
	}
	for _, c := range v.Clearing {
		st := c.state(t)
		values := map[string]any{}
		for k, x := range c.Written {
			values[k] = x
		}
		got := warnDates(values, st, today)
		sizes := map[string]int{}
		if raw, ok := values["sizes"]; ok {
			sizes, _ = parseSizes(raw)
		} else if st != nil && st.Sizes != nil {
			sizes, _ = parseSizes(*st.Sizes)
		}
		if w := warnPackCode(values, st, sizes, known); w != nil {
			got = append(got, *w)
		}
		if !vectors.Same(values, c.After) {
			t.Errorf("%s: written %v -> %v, want %v", c.Note, c.Written, values, c.After)
		}
		if !vectors.Same(got, c.Warnings) && !(len(got) == 0 && len(c.Warnings) == 0) {
			t.Errorf("%s: warnings %+v, want %+v", c.Note, got, c.Warnings)
		}
	}
}
