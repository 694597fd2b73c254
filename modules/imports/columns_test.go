package imports

import "testing"

// TestAutoMatchOrder: each step of spec §5.4 wins over the later ones, and a column is taken once.
func TestAutoMatchOrder(t *testing.T) {
	cols := assortmentColumns(nil, nil)
	cases := []struct {
		headers []string
		want    map[string]int
	}{
		{[]string{" STYLE\n", "color"}, map[string]int{"style": 0, "color": 1}},                               // exact header, then id
		{[]string{"Style #", "Colour", "MSRP"}, map[string]int{"style": 0, "color": 1, "suggestedRetail": 2}}, // labels
		{[]string{"Our Style Code", "Color", "Unit Cost (USD)"}, map[string]int{"style": 0, "color": 1, "cost": 2}},
		{[]string{"Net Cost", "Net"}, map[string]int{"netCost": 0}}, // the exact header first; "Net" is left
		{[]string{"", "x"}, map[string]int{}},
	}
	for _, c := range cases {
		got := AutoMatch(c.headers, cols)
		for f, col := range c.want {
			if got[f] != col {
				t.Errorf("%q: %s → %d, want %d (%v)", c.headers, f, got[f], col, got)
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: matched %v, want %v", c.headers, got, c.want)
		}
	}
}
