package grid_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"its/core/grid"
)

// TestAppendStringIsEncodingJSON holds the hand-rolled string encoder to encoding/json's bytes.
func TestAppendStringIsEncodingJSON(t *testing.T) {
	for _, s := range []string{
		"", "Cozy Lane Sandal", `quote " and back\slash`, "tab\tnew\nline\rret\bback\fform",
		"\x00\x01\x1f\x7f", "<b>Tom & Jerry</b>", "line\u2028para\u2029sep", "Größe 42 – 靴",
		"bad \xff utf8 \xc3", "emoji 👟",
	} {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := grid.AppendString(nil, s); string(got) != string(want) {
			t.Errorf("AppendString(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
}

func TestExportFileName(t *testing.T) {
	for _, c := range []struct{ requested, want string }{
		{"", "x.csv"}, {"My Report", "My_Report.csv"}, {"list.xlsx", "list.csv"}, {"list.CSV", "list.CSV"},
	} {
		if got := grid.ExportFileNameAs(c.requested, "x", grid.FormatCSV); got != c.want {
			t.Errorf("ExportFileNameAs(%q, x, csv) = %q, want %q", c.requested, got, c.want)
		}
	}
	for _, c := range []struct{ requested, fallback, want string }{
		{"", "Samples 2026-11-21", "Samples_2026-11-21.xlsx"},
		{"  ", "x", "x.xlsx"},
		{"My Report", "x", "My_Report.xlsx"},
		{"price list.XLSX", "x", "price_list.XLSX"},
	} {
		if got := grid.ExportFileNameAs(c.requested, c.fallback, grid.FormatXLSX); got != c.want {
			t.Errorf("ExportFileNameAs(%q, %q, xlsx) = %q, want %q", c.requested, c.fallback, got, c.want)
		}
		if got := grid.ExportFileName(c.requested, c.fallback); got != c.want {
			t.Errorf("ExportFileName(%q, %q) = %q, want %q", c.requested, c.fallback, got, c.want)
		}
	}
}

// TestAppendFloatIsEncodingJSON holds the float encoder, fast path and fallback, to
// encoding/json's bytes: every cent value in a range, random cents of every size, random doubles
// and the edges.
func TestAppendFloatIsEncodingJSON(t *testing.T) {
	check := func(f float64) {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return // callers write null
		}
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := grid.AppendFloat(nil, f); string(got) != string(want) {
			t.Fatalf("AppendFloat(%v) = %s, encoding/json writes %s", f, got, want)
		}
	}
	for c := -200000; c <= 200000; c++ {
		check(float64(c) / 100)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		scale := math.Pow(10, float64(r.IntN(16)))
		check(math.Round(r.Float64()*scale) / 100)
		check((r.Float64() - 0.5) * scale)
		check(math.Float64frombits(r.Uint64()))
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 1e-7, 0.000001, 0.01, 0.005, 0.015, 1e13, 1e13 - 0.01, 99999999999.99,
		1e21, 1e20, 123456789012.345, 0.1 + 0.2, 1.005, 2.675, math.MaxFloat64, math.SmallestNonzeroFloat64, -42.1} {
		check(f)
	}
}
