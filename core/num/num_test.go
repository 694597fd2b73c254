package num_test

import (
	"testing"

	"its/core/num"
	"its/core/vectors"
)

type roundCase struct {
	N      float64 `json:"n"`
	Places int     `json:"places"`
	Want   float64 `json:"want"`
}

type quotientCase struct {
	A      float64 `json:"a"`
	B      float64 `json:"b"`
	Places int     `json:"places"`
	Want   float64 `json:"want"`
}

// rounding is the part of rounding.json and generated.json this package answers; the grid
// kit's Vitest suite reads the same files.
type rounding struct {
	Round    []roundCase    `json:"round"`
	Quotient []quotientCase `json:"quotient"`
}

func check(t *testing.T, r rounding) {
	t.Helper()
	for _, c := range r.Round {
		if got := num.Round(c.N, c.Places); got != c.Want {
			t.Errorf("Round(%v, %d) = %v, want %v", c.N, c.Places, got, c.Want)
		}
	}
	for _, c := range r.Quotient {
		if got := num.Quo(num.Dec(c.A), num.Dec(c.B), c.Places); got != c.Want {
			t.Errorf("Quo(%v, %v, %d) = %v, want %v", c.A, c.B, c.Places, got, c.Want)
		}
	}
}

func TestRoundingVectors(t *testing.T) {
	var r struct {
		About string `json:"about"`
		rounding
	}
	vectors.Load(t, "rounding.json", &r)
	check(t, r.rounding)
}

func TestGeneratedVectors(t *testing.T) {
	var r struct {
		About string `json:"about"`
		rounding
		Cells   []any `json:"cells"`
		Pricing []any `json:"pricing"`
	}
	vectors.Load(t, "generated.json", &r)
	if len(r.Round) < 1000 || len(r.Quotient) < 100 {
		t.Fatalf("only %d and %d cases", len(r.Round), len(r.Quotient))
	}
	check(t, r.rounding)
}

func TestParse(t *testing.T) {
	for s, want := range map[string]float64{"1.5": 1.5, " 2 ": 2, "+3": 3, ".5": 0.5, "5.": 5, "1e3": 1000, "1E-2": 0.01} {
		if got, ok := num.Parse(s); !ok || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", ".", "0x10", "1e999", "NaN", "Inf", "infinity", "1_000", "12abc", "1,5", "0x1p4", "--1", "1e"} {
		if got, ok := num.Parse(s); ok {
			t.Errorf("Parse(%q) = %v, want refused", s, got)
		}
	}
}
