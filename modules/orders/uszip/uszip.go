// Package uszip answers the city and state of a US ZIP code from a data set embedded in the
// binary, and reads the ZIP codes people type.
//
// The data (zips.tsv.gz) is built by scripts/uszip.mjs (`make uszip`) from the `zipcodes` npm
// package, version pinned in package.json: BSD licence, copyright Dav Glass (LICENSE.zipcodes
// beside this file); its US data comes from the Free Zipcode Database. One line per five-digit
// ZIP code: ZIP, city, state, tab-separated, after a comment line naming the package version.
package uszip

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

//go:embed zips.tsv.gz
var data []byte

// Place is a ZIP code's city and state (two-letter USPS code).
type Place struct {
	Zip   string `json:"zip"`
	City  string `json:"city"`
	State string `json:"state"`
}

// Table is the loaded data set, sorted by ZIP code.
type Table struct {
	places  []Place
	version string
}

// Load reads the embedded data set (about 42,000 ZIP codes, a few milliseconds).
func Load() (*Table, error) { return read(data) }

func read(b []byte) (*Table, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("uszip: %w", err)
	}
	t := &Table{places: make([]Place, 0, 43000)}
	sc := bufio.NewScanner(zr)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "# "); ok {
			t.version = v
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || len(f[0]) != 5 || len(f[2]) != 2 {
			return nil, fmt.Errorf("uszip: line %d is not ZIP, city, state", n)
		}
		t.places = append(t.places, Place{Zip: f[0], City: f[1], State: f[2]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("uszip: %w", err)
	}
	if !sort.SliceIsSorted(t.places, func(i, j int) bool { return t.places[i].Zip < t.places[j].Zip }) {
		return nil, fmt.Errorf("uszip: the data is not sorted by ZIP code")
	}
	return t, nil
}

// Len is the number of ZIP codes known.
func (t *Table) Len() int { return len(t.places) }

// Source names the package and version the data came from.
func (t *Table) Source() string { return t.version }

// Lookup answers the place of a five-digit ZIP code.
func (t *Table) Lookup(zip string) (Place, bool) {
	i := sort.Search(len(t.places), func(i int) bool { return t.places[i].Zip >= zip })
	if i < len(t.places) && t.places[i].Zip == zip {
		return t.places[i], true
	}
	return Place{}, false
}

// MaxInput is the longest ZIP code text read; anything longer is refused unread.
const MaxInput = 16

// Parse reads a typed US ZIP code: five digits, optionally followed by the four-digit add-on
// (with a dash, a space or nothing between), spaces around ignored. It answers the five-digit
// ZIP and the add-on ("" when none), or ok false.
func Parse(s string) (zip, plus4 string, ok bool) {
	if len(s) > MaxInput || !utf8.ValidString(s) {
		return "", "", false
	}
	s = strings.TrimSpace(s)
	digits := func(v string) bool {
		for i := 0; i < len(v); i++ {
			if v[i] < '0' || v[i] > '9' {
				return false
			}
		}
		return true
	}
	switch {
	case len(s) == 5 && digits(s):
		return s, "", true
	case len(s) == 9 && digits(s):
		return s[:5], s[5:], true
	case len(s) == 10 && (s[5] == '-' || s[5] == ' ') && digits(s[:5]) && digits(s[6:]):
		return s[:5], s[6:], true
	}
	return "", "", false
}
