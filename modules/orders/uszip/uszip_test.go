package uszip

import (
	"testing"
)

func TestLoad(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() < 40000 {
		t.Fatalf("only %d ZIP codes", tab.Len())
	}
	if tab.Source() != "zipcodes 8.0.0" {
		t.Fatalf("source %q", tab.Source())
	}
	for _, c := range []Place{
		{"10001", "New York", "NY"},
		{"00501", "Holtsville", "NY"},
		{"60611", "Chicago", "IL"},
		{"93035", "Oxnard", "CA"},
		{"99950", "Ketchikan", "AK"},
		{"96799", "Pago Pago", "AS"},
	} {
		got, ok := tab.Lookup(c.Zip)
		if !ok || got != c {
			t.Errorf("Lookup(%s) = %+v, %v; want %+v", c.Zip, got, ok, c)
		}
	}
	for _, zip := range []string{"00000", "99999", "1000", ""} {
		if p, ok := tab.Lookup(zip); ok {
			t.Errorf("Lookup(%q) = %+v; want none", zip, p)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct{ in, zip, plus4 string }{
		{"10001", "10001", ""},
		{" 10001 ", "10001", ""},
		{"10001-1234", "10001", "1234"},
		{"10001 1234", "10001", "1234"},
		{"100011234", "10001", "1234"},
	} {
		zip, plus4, ok := Parse(c.in)
		if !ok || zip != c.zip || plus4 != c.plus4 {
			t.Errorf("Parse(%q) = %q, %q, %v", c.in, zip, plus4, ok)
		}
	}
	for _, in := range []string{"", "1000", "100010", "1000a", "10001-", "10001-12", "10001_1234", "１０００１", "10001-1234-5678", "\x00"} {
		if zip, _, ok := Parse(in); ok {
			t.Errorf("Parse(%q) = %q; want refused", in, zip)
		}
	}
}

func TestReadRefusesBadData(t *testing.T) {
	if _, err := read([]byte("not gzip")); err == nil {
		t.Fatal("read accepted data that is not gzip")
	}
}

// FuzzParse: any input is either refused or gives a five-digit ZIP and an empty or four-digit
// add-on, and Parse never reads beyond MaxInput.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"10001", "10001-1234", "100011234", "10001 1234", " 60611 ", "abcde", "", "1000\x00", "９９９９９"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		zip, plus4, ok := Parse(s)
		if !ok {
			if zip != "" || plus4 != "" {
				t.Fatalf("refused %q but answered %q %q", s, zip, plus4)
			}
			return
		}
		if len(s) > MaxInput {
			t.Fatalf("accepted %d bytes", len(s))
		}
		if len(zip) != 5 || (plus4 != "" && len(plus4) != 4) {
			t.Fatalf("Parse(%q) = %q, %q", s, zip, plus4)
		}
		for _, r := range zip + plus4 {
			if r < '0' || r > '9' {
				t.Fatalf("Parse(%q) = %q, %q: not digits", s, zip, plus4)
			}
		}
	})
}
