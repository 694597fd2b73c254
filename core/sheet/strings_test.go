package sheet

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// withStrings rewrites a workbook so its shared-strings table holds n entries and claims count.
func withStrings(t testing.TB, good []byte, n, count int) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(good), int64(len(good)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if isSharedStrings(f.Name) {
			continue
		}
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	w, _ := zw.Create("xl/sharedStrings.xml")
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, count, count)
	for i := range n {
		fmt.Fprintf(w, "<si><t>s%d</t></si>", i)
	}
	io.WriteString(w, "</sst>")
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestSharedStringsBounded: the shared-strings table is refused past its count (claimed or
// counted) or its unzipped size before excelize reads it; a table within the bounds reads.
func TestSharedStringsBounded(t *testing.T) {
	good := workbook(t, [][]any{{"Style", "Color"}, {"A", "B"}})
	lim := testLimits
	lim.MaxSharedStrings, lim.MaxSharedStringsBytes = 1000, 1<<20
	if rows, err := readAll(t, withStrings(t, good, 1000, 1000), "xlsx", lim); err != nil || len(rows) != 2 {
		t.Fatalf("1000 strings: %v %v", rows, err)
	}
	for name, body := range map[string][]byte{
		"honest":  withStrings(t, good, 1001, 1001),
		"lying":   withStrings(t, good, 5000, 3),
		"claimed": withStrings(t, good, 4, 1<<40),
		"bytes":   withStrings(t, good, 100_000, 100), // about 1.6 MB unzipped
	} {
		l := lim
		if name == "bytes" {
			l.MaxSharedStrings = 1 << 30
		}
		_, err := readAll(t, body, "xlsx", l)
		if reason(err) != ReasonTooManyStrings {
			t.Fatalf("%s: %v", name, err)
		}
		if he := HTTPError(err).Error(); !strings.Contains(he, "different texts") {
			t.Fatalf("%s: %s", name, he)
		}
	}
}

func TestCountStartTags(t *testing.T) {
	for in, want := range map[string]int{
		`<sst><si><t>a</t></si><x:si/><si a="1">b</si></sst>`: 3,
		`<si`:                    0,
		`<sister/><s/></si>`:     0,
		`<!-- <si> --><si></si>`: 2,
		strings.Repeat("x", 100_000) + `<` + strings.Repeat("p", 80) + `:si>`: 1,
	} {
		if n, err := CountStartTags(strings.NewReader(in), "si", 100); err != nil || n != want {
			t.Errorf("%.40q: %d %v, want %d", in, n, err, want)
		}
	}
	if n, _ := CountStartTags(strings.NewReader(strings.Repeat("<si/>", 50)), "si", 10); n != 11 {
		t.Errorf("stops at 11, got %d", n)
	}
}

// FuzzCountStartTags: the byte scan never counts fewer entries than an XML decoder finds before
// the input ends or breaks, so a table cannot hide entries from it.
func FuzzCountStartTags(f *testing.F) {
	f.Add([]byte(`<sst count="2"><si><t>a</t></si><x:si/></sst>`))
	f.Add([]byte(`<?xml version="1.0"?><!-- <si> --><sst><![CDATA[<si>]]><si	a="x"/></sst>`))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := CountStartTags(bytes.NewReader(in), "si", 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(bytes.NewReader(in))
		want := 0
		for {
			tok, err := d.Token()
			if err != nil {
				break
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "si" {
				want++
			}
		}
		if got < want {
			t.Fatalf("scan counted %d, the decoder %d", got, want)
		}
	})
}

// TestKeepRoundTrip: rows kept once read back the same, in order, as often as asked.
func TestKeepRoundTrip(t *testing.T) {
	body := workbook(t, [][]any{{"Style", "Color", "Note"}, {"A", "B", "line\nbreak <&>"}, {"", "", ""}, {"C"}})
	rd, err := Open(bytes.NewReader(body), int64(len(body)), "xlsx", testLimits)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := readAll(t, body, "xlsx", testLimits)
	var kept bytes.Buffer
	n, err := Keep(&kept, rd)
	rd.Close()
	if err != nil || n != len(want) {
		t.Fatalf("kept %d rows (%v), want %d", n, err, len(want))
	}
	for range 2 {
		kr, err := OpenKept(bytes.NewReader(kept.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			row, err := kr.Next()
			if err == io.EOF {
				if i != len(want) {
					t.Fatalf("%d rows read back, want %d", i, len(want))
				}
				break
			}
			if err != nil || fmt.Sprint(row) != fmt.Sprint(want[i]) {
				t.Fatalf("row %d: %q %v, want %q", i, row, err, want[i])
			}
		}
		kr.Close()
	}
	if kr, err := OpenKept(strings.NewReader("not kept rows")); err == nil {
		if _, err := kr.Next(); err == nil {
			t.Fatal("damaged kept rows read")
		}
	}
}

// BenchmarkSharedStringsRefusal: how long a workbook of millions of shared strings takes to be
// refused under the import's limits (1,000,000 entries, 64 MiB): one whose table is past the
// size (read from the zip directory), and one of 2 million entries within the size whose count
// attributes say 3 (46 MB unzipped, counted as a stream until the limit is passed).
func BenchmarkSharedStringsRefusal(b *testing.B) {
	good := workbook(b, [][]any{{"Style", "Color"}, {"A", "B"}})
	lim := testLimits
	lim.MaxBytes, lim.MaxUnzip = 64<<20, 512<<20
	lim.MaxSharedStrings, lim.MaxSharedStringsBytes = 1_000_000, 64<<20
	for _, c := range []struct {
		metric string
		body   []byte
	}{
		{"import.strings_4m_refusal_ms:ms", withStrings(b, good, 4_000_000, 4_000_000)},
		{"import.strings_2m_understated_refusal_ms:ms", withStrings(b, good, 2_000_000, 3)},
	} {
		b.Run(strings.Split(c.metric, ":")[0], func(b *testing.B) {
			var ms []float64
			for range b.N {
				t0 := time.Now()
				_, err := Open(bytes.NewReader(c.body), int64(len(c.body)), "xlsx", lim)
				ms = append(ms, float64(time.Since(t0).Microseconds())/1000)
				if reason(err) != ReasonTooManyStrings {
					b.Fatalf("%s: %v", c.metric, err)
				}
			}
			slices.Sort(ms)
			b.ReportMetric(ms[len(ms)/2], c.metric)
		})
	}
}
