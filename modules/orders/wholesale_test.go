package orders

import (
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
