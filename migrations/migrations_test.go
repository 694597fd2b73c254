package migrations_test

import (
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"its/migrations"
)

var name = regexp.MustCompile(`^(\d{4})_([a-z]+)_[a-z0-9_]+\.sql$`)

// TestEachModuleNumbersInItsRange: every migration is named NNNN_<module>_<what>.sql with a
// number inside a range of its module, and no two share a number.
func TestEachModuleNumbersInItsRange(t *testing.T) {
	files, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	seen := map[int64]string{}
	for _, f := range files {
		m := name.FindStringSubmatch(f)
		if m == nil {
			t.Errorf("%s: not NNNN_<module>_<what>.sql", f)
			continue
		}
		n, _ := strconv.ParseInt(m[1], 10, 64)
		if prev, dup := seen[n]; dup {
			t.Errorf("%s and %s share number %d", prev, f, n)
		}
		seen[n] = f
		ok := false
		for _, r := range migrations.Ranges {
			if n >= r.From && n <= r.To {
				ok = slices.Contains(r.Modules, m[2])
				if !ok {
					t.Errorf("%s: %d is in the range of %v, not of %s", f, n, r.Modules, m[2])
				}
			}
		}
		if !ok && !slices.ContainsFunc(migrations.Ranges, func(r migrations.Range) bool { return n >= r.From && n <= r.To }) {
			t.Errorf("%s: %d is in no range", f, n)
		}
	}
	for from, to := range migrations.Renumbered {
		if _, ok := seen[from]; ok {
			t.Errorf("renumbered %d still has a file", from)
		}
		if _, ok := seen[to]; !ok {
			t.Errorf("renumbered %d -> %d: no file numbered %d", from, to, to)
		}
	}
}

// TestRangesShareOnlyWholeBlocks: two blocks (core's reserved ones and the manifests') are either
// the same block or apart, so that a number belongs to one block.
func TestRangesShareOnlyWholeBlocks(t *testing.T) {
	if len(migrations.Ranges) < 10 {
		t.Fatalf("%d ranges: the manifests' blocks are missing", len(migrations.Ranges))
	}
	for i, a := range migrations.Ranges {
		if a.From > a.To || len(a.Modules) == 0 {
			t.Errorf("range %v", a)
		}
		for _, b := range migrations.Ranges[i+1:] {
			if a.From <= b.To && b.From <= a.To {
				t.Errorf("ranges %d–%d %v and %d–%d %v overlap", a.From, a.To, a.Modules, b.From, b.To, b.Modules)
			}
		}
	}
}
