package grid

import (
	"bytes"
	"errors"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/httpx"
	sheetfile "its/core/sheet"
)

var importGrid = MustNew(Grid{
	Name: "fuzz.import", Table: "items",
	Columns: []Column{
		{Field: "code", Header: "Code", Type: Text, Column: "code", Edit: NewRows, Required: true, Validators: []string{"alphanumericNoBlank", "nonClearable"}},
		{Field: "places", Header: "Decimal Places", Type: Integer, Column: "places", Edit: Always},
		{Field: "tags", Header: "Tags", Type: MultiSelect, Column: "tags", Edit: Always, Validators: []string{"multiSelect"}, Options: []string{"A", "B"}},
		{Field: "region", Header: "Region", Type: List, Column: "region", Edit: Always, Validators: []string{"list"}, Options: []string{"US", "EU"}},
	},
	MaxBatch: 1000,
})

var fuzzLimits = sheetfile.Limits{MaxBytes: 1 << 20, MaxUnzip: 8 << 20, MaxXML: 1 << 20, MaxRows: 101, MaxCols: 20}

func fuzzWorkbook(f *testing.F, rows [][]any) []byte {
	x := excelize.NewFile()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := x.SetSheetRow("Sheet1", cell, &r); err != nil {
			f.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := x.Write(&b); err != nil {
		f.Fatal(err)
	}
	return b.Bytes()
}

// FuzzParseImport reads any bytes as an imported csv or workbook against a grid: the answer is
// the file's rows (each refused one with its reasons, lines increasing, keys unique among the
// rows kept) or a 413/422 naming the file, never a panic.
func FuzzParseImport(f *testing.F) {
	for _, s := range []string{
		"Code,Decimal Places,Tags\nUSD,2,\"A, B\"\nEUR,x,C\n",
		"\ufeffcode,places\r\nA1,1\r\nA1,1\r\n,,\r\n",
		"Region,Code\nus,X\n\"unterminated\n",
		"Decimal Places\n2\n",
		"",
	} {
		f.Add([]byte(s), false)
	}
	f.Add(fuzzWorkbook(f, [][]any{{"Code", "Region", "Notes"}, {"USD", "EU", "x"}, {"", "", ""}, {"GBP", "Mars"}}), true)
	f.Fuzz(func(t *testing.T, b []byte, xlsx bool) {
		name := "f.csv"
		if xlsx {
			name = "f.xlsx"
		}
		rd, err := sheetfile.Open(bytes.NewReader(b), int64(len(b)), sheetfile.Kind(name), fuzzLimits)
		if err != nil {
			return
		}
		defer rd.Close()
		p, err := importGrid.ParseImport(rd, []string{"code"}, map[string]string{"places": "Nachkommastellen"})
		if err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || (he.Status != 413 && he.Status != 422) {
				t.Fatalf("not a file refusal: %v", err)
			}
			return
		}
		if len(p.rows) != len(p.keys) || len(p.rows) > fuzzLimits.MaxRows {
			t.Fatalf("%d rows, %d keys", len(p.rows), len(p.keys))
		}
		kept := map[string]bool{}
		last := 1
		for i, r := range p.rows {
			if r.Line <= last {
				t.Fatalf("line %d after %d", r.Line, last)
			}
			last = r.Line
			if (r.Status == ImportRefused) != (len(r.Errors) > 0) {
				t.Fatalf("row %d: status %q with %d errors", r.Line, r.Status, len(r.Errors))
			}
			if r.Status != ImportRefused {
				if kept[p.keys[i]] {
					t.Fatalf("key %q kept twice", p.keys[i])
				}
				kept[p.keys[i]] = true
			}
		}
	})
}
