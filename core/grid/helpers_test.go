package grid_test

import (
	"encoding/json"
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
	for _, c := range []struct{ requested, fallback, want string }{
		{"", "Samples 2026-11-21", "Samples_2026-11-21.xlsx"},
		{"  ", "x", "x.xlsx"},
		{"My Report", "x", "My_Report.xlsx"},
		{"line sheet.XLSX", "x", "line_sheet.XLSX"},
	} {
		if got := grid.ExportFileName(c.requested, c.fallback); got != c.want {
			t.Errorf("ExportFileName(%q, %q) = %q, want %q", c.requested, c.fallback, got, c.want)
		}
	}
}
