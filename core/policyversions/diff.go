package policyversions

import (
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"

	"its/core/authz"
)

// Diff is the unified diff from a to b, file by file in path order; a file only in one side is
// diffed against nothing.
func Diff(a, b authz.Files) string {
	paths := a.Paths()
	for _, p := range b.Paths() {
		if _, ok := a[p]; !ok {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	var out strings.Builder
	for _, p := range paths {
		if a[p] == b[p] {
			continue
		}
		from, to := "a/"+p, "b/"+p
		if _, ok := a[p]; !ok {
			from = "/dev/null"
		}
		if _, ok := b[p]; !ok {
			to = "/dev/null"
		}
		d, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A: difflib.SplitLines(a[p]), B: difflib.SplitLines(b[p]),
			FromFile: from, ToFile: to, Context: 3,
		})
		out.WriteString(d)
	}
	return out.String()
}

// changedFiles lists the files a diff of Diff touches.
func changedFiles(diff string) []string {
	out := []string{}
	var from string
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "--- "):
			from = strings.TrimPrefix(strings.TrimPrefix(l, "--- "), "a/")
		case strings.HasPrefix(l, "+++ "):
			p := strings.TrimPrefix(strings.TrimPrefix(l, "+++ "), "b/")
			if p == "/dev/null" {
				p = from
			}
			out = append(out, strings.TrimSpace(p))
		}
	}
	return out
}
