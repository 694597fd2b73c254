package sheet

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

var testLimits = Limits{MaxBytes: 8 << 20, MaxUnzip: 64 << 20, MaxXML: 4 << 20, MaxRows: 1001, MaxCols: 50}

func workbook(t testing.TB, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readAll(t testing.TB, b []byte, kind string, lim Limits) ([][]string, error) {
	t.Helper()
	r, err := Open(bytes.NewReader(b), int64(len(b)), kind, lim)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var out [][]string
	for {
		row, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, row)
	}
}

func reason(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return fmt.Sprint(err)
}

func TestReadsWorkbookAndCSVRows(t *testing.T) {
	b := workbook(t, [][]any{{"Style", "Color", "Cost"}, {"A100", "BLK", 12.5}, {"A101", "WHT", 3}})
	rows, err := readAll(t, b, "xlsx", testLimits)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[1][0] != "A100" || rows[1][2] != "12.5" || rows[2][1] != "WHT" {
		t.Fatalf("rows %q", rows)
	}
	rows, err = readAll(t, []byte("\ufeffStyle,Color\nA100,\"B,LK\"\n"), "csv", testLimits)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0][0] != "Style" || rows[1][1] != "B,LK" {
		t.Fatalf("csv rows %q", rows)
	}
}

func TestRefusesBadFiles(t *testing.T) {
	many := make([][]any, 1003)
	for i := range many {
		many[i] = []any{"S", i}
	}
	var macro bytes.Buffer
	zw := zip.NewWriter(&macro)
	for _, name := range []string{"[Content_Types].xml", "xl/workbook.xml", "xl/vbaProject.bin"} {
		w, _ := zw.Create(name)
		_, _ = w.Write([]byte("<x/>"))
	}
	_ = zw.Close()
	var bomb bytes.Buffer
	zw = zip.NewWriter(&bomb)
	for _, name := range []string{"[Content_Types].xml", "xl/workbook.xml"} {
		w, _ := zw.Create(name)
		_, _ = w.Write([]byte("<x/>"))
	}
	w, _ := zw.Create("xl/worksheets/sheet1.xml")
	_, _ = w.Write(bytes.Repeat([]byte{' '}, 70<<20))
	_ = zw.Close()
	cases := []struct {
		name, kind, reason string
		b                  []byte
		lim                Limits
	}{
		{"password", "xlsx", ReasonPassword, append(append([]byte{}, oleMagic...), make([]byte, 600)...), testLimits},
		{"not a zip", "xlsx", ReasonCorrupt, []byte("PK\x03\x04 this is not really a zip"), testLimits},
		{"truncated", "xlsx", ReasonCorrupt, workbook(t, [][]any{{"a"}})[:200], testLimits},
		{"macros", "xlsx", ReasonMacros, macro.Bytes(), testLimits},
		{"zip bomb", "xlsx", ReasonZipBomb, bomb.Bytes(), testLimits},
		{"too many rows", "xlsx", ReasonTooMany, workbook(t, many), testLimits},
		{"too large", "xlsx", ReasonTooLarge, workbook(t, [][]any{{"a"}}), Limits{MaxBytes: 100, MaxUnzip: 1 << 20, MaxXML: 1 << 10, MaxRows: 10, MaxCols: 10}},
		{"csv binary", "csv", ReasonNotText, []byte("a,b\x00c"), testLimits},
		{"csv too many rows", "csv", ReasonTooMany, []byte(strings.Repeat("a,b\n", 1002)), testLimits},
		{"csv too wide", "csv", ReasonTooWide, []byte(strings.Repeat("a,", 60) + "\n"), testLimits},
		{"other type", "xls", ReasonFileType, []byte("abc"), testLimits},
	}
	for _, c := range cases {
		_, err := readAll(t, c.b, c.kind, c.lim)
		if got := reason(err); got != c.reason {
			t.Errorf("%s: refused for %q (%v), want %q", c.name, got, err, c.reason)
		}
		var r *Refusal
		if errors.As(err, &r) && r.Message == "" {
			t.Errorf("%s: a refusal without a message", c.name)
		}
	}
}

func TestKind(t *testing.T) {
	for name, want := range map[string]string{"a.XLSX": "xlsx", "b.csv": "csv", "c.xlsm": "", "d.xls": ""} {
		if got := Kind(name); got != want {
			t.Errorf("Kind(%q) = %q, want %q", name, got, want)
		}
	}
}

// FuzzXLSX: no workbook, however damaged, makes the reader panic or exceed its limits.
func FuzzXLSX(f *testing.F) {
	f.Add(workbook(f, [][]any{{"Style", "Color"}, {"A1", "B"}}))
	f.Add([]byte("PK\x03\x04"))
	f.Add(append(append([]byte{}, oleMagic...), 1, 2, 3))
	lim := Limits{MaxBytes: 1 << 20, MaxUnzip: 8 << 20, MaxXML: 1 << 20, MaxRows: 100, MaxCols: 20}
	f.Fuzz(func(t *testing.T, b []byte) {
		rows, err := readAll(t, b, "xlsx", lim)
		if len(rows) > lim.MaxRows {
			t.Fatalf("%d rows past the limit", len(rows))
		}
		_ = err
	})
}

// FuzzCSV: any bytes give rows within the limits or a refusal, never a panic.
func FuzzCSV(f *testing.F) {
	f.Add([]byte("Style,Color\nA1,B\n"))
	f.Add([]byte("\"a\"\"b\",c\r\n\"unterminated"))
	f.Add([]byte("\ufeffa;b\n"))
	lim := Limits{MaxBytes: 1 << 20, MaxUnzip: 1 << 20, MaxXML: 1 << 20, MaxRows: 50, MaxCols: 20}
	f.Fuzz(func(t *testing.T, b []byte) {
		rows, err := readAll(t, b, "csv", lim)
		if len(rows) > lim.MaxRows {
			t.Fatalf("%d rows past the limit", len(rows))
		}
		for _, r := range rows {
			if len(r) > lim.MaxCols {
				t.Fatalf("a row of %d cells", len(r))
			}
		}
		_ = err
	})
}

// TestDimensionRefusesBeforeReading: a sheet whose dimension names more rows than the limit is
// refused when opened, before any row is read.
func TestDimensionRefusesBeforeReading(t *testing.T) {
	// A workbook of two rows whose dimension says a million, as a generator might write it.
	f := excelize.NewFile()
	_ = f.SetCellValue("Sheet1", "A1", "Style")
	_ = f.SetCellValue("Sheet1", "A2", "x")
	var small bytes.Buffer
	if err := f.Write(&small); err != nil {
		t.Fatal(err)
	}
	f.Close()
	zr, _ := zip.NewReader(bytes.NewReader(small.Bytes()), int64(small.Len()))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, zf := range zr.File {
		rc, _ := zf.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		if zf.Name == "xl/worksheets/sheet1.xml" {
			b = bytes.Replace(b, []byte(`<dimension ref="A1"></dimension>`), []byte(`<dimension ref="A1:A1000000"></dimension>`), 1)
		}
		w, _ := zw.Create(zf.Name)
		_, _ = w.Write(b)
	}
	_ = zw.Close()
	_, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "xlsx", testLimits)
	if reason(err) != ReasonTooMany || !strings.Contains(err.Error(), "1000 rows") {
		t.Fatalf("a sheet of 1,000,000 rows: %v", err)
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{" a\r\nb ": "a b", "\n": "", "x\ny\rz": "x y z"} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}
