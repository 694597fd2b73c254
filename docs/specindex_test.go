package docs

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The index is read by people first: these checks keep it from claiming code that is not there
// and from silently missing a route that is.

const (
	indexFile = "spec-index.md"
	root      = ".."
	// header is the only table header the index uses; any other table is a mistake.
	header = "| § | rule or call | server | client | test |"
	// notBuilt marks a side nothing implements yet; notApplicable a side the rule does not concern.
	notBuilt      = "not built"
	notApplicable = "—"
)

// ref is one file an index cell names, with an optional symbol declared in it.
type ref struct {
	Path   string
	Symbol string
}

type row struct {
	Line    int
	Doc     string // the ## heading the row sits under
	Section string
	Rule    string
	Cells   [3][]ref // server, client, test
}

var (
	sectionRe = regexp.MustCompile(`^\d+(\.\d+)*$`)
	refRe     = regexp.MustCompile("^`([A-Za-z0-9_./@-]+)(?:#([A-Za-z_][A-Za-z0-9_]*))?`$")
	codeRe    = regexp.MustCompile("`([^`]+)`")
	routeRe   = regexp.MustCompile(`^(GET|HEAD|POST|PUT|PATCH|DELETE) /api/\S*$`)
)

// parseIndex reads the index's tables; a table row that does not follow the format is an error,
// and so is an index with no rows.
func parseIndex(src string) ([]row, error) {
	var rows []row
	lines := strings.Split(src, "\n")
	inTable := false
	doc := ""
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if strings.HasPrefix(line, "## ") {
			doc = strings.TrimPrefix(line, "## ")
		}
		if !strings.HasPrefix(line, "|") {
			inTable = false
			continue
		}
		if !inTable {
			if line != header {
				return nil, fmt.Errorf("line %d: a table must start with the header %q, found %q", i+1, header, line)
			}
			if i+1 >= len(lines) || !regexp.MustCompile(`^\|(\s*:?-+:?\s*\|){5}$`).MatchString(strings.TrimSpace(lines[i+1])) {
				return nil, fmt.Errorf("line %d: the header must be followed by a |---| line of 5 columns", i+2)
			}
			i++
			inTable = true
			continue
		}
		r, err := parseRow(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		r.Line, r.Doc = i+1, doc
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("the index has no rows")
	}
	return rows, nil
}

func parseRow(line string) (row, error) {
	if !strings.HasSuffix(line, "|") {
		return row{}, fmt.Errorf("a row must end with |")
	}
	// A | inside a cell is written \| (Markdown's own escape).
	cells := splitCells(line[1 : len(line)-1])
	if len(cells) != 5 {
		return row{}, fmt.Errorf("a row must have 5 cells, found %d", len(cells))
	}
	r := row{Section: cells[0], Rule: cells[1]}
	if !sectionRe.MatchString(r.Section) {
		return row{}, fmt.Errorf("section %q is not a section number like 5 or 5.1", r.Section)
	}
	if r.Rule == "" {
		return row{}, fmt.Errorf("the rule or call is empty")
	}
	for i, c := range cells[2:] {
		refs, err := parseRefs(c)
		if err != nil {
			return row{}, fmt.Errorf("%s column: %w", [3]string{"server", "client", "test"}[i], err)
		}
		r.Cells[i] = refs
	}
	return r, nil
}

func splitCells(s string) []string {
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '|':
			cur.WriteByte('|')
			i++
		case s[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// parseRefs reads a cell: "not built", "—", or backquoted paths separated by commas.
func parseRefs(cell string) ([]ref, error) {
	if cell == notBuilt || cell == notApplicable {
		return nil, nil
	}
	if cell == "" {
		return nil, fmt.Errorf("empty cell (write %q or %q)", notBuilt, notApplicable)
	}
	var refs []ref
	for _, part := range strings.Split(cell, ",") {
		m := refRe.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			return nil, fmt.Errorf("%q is not a `path` or `path#Symbol`", strings.TrimSpace(part))
		}
		if strings.HasPrefix(m[1], "/") || strings.Contains(m[1], "..") {
			return nil, fmt.Errorf("%q is not a repository-relative path", m[1])
		}
		refs = append(refs, ref{Path: m[1], Symbol: m[2]})
	}
	return refs, nil
}

// checkRef answers why r does not hold, or "" when the file exists and declares the symbol.
func checkRef(base string, r ref) string {
	p := filepath.Join(base, filepath.FromSlash(r.Path))
	st, err := os.Stat(p)
	if err != nil {
		return fmt.Sprintf("%s does not exist", r.Path)
	}
	if st.IsDir() {
		return fmt.Sprintf("%s is a folder; name a file", r.Path)
	}
	if r.Symbol == "" {
		return ""
	}
	src, err := os.ReadFile(p)
	if err != nil {
		return err.Error()
	}
	if strings.HasSuffix(r.Path, ".go") {
		decls, err := goDecls(p, src)
		if err != nil {
			return err.Error()
		}
		if !decls[r.Symbol] {
			return fmt.Sprintf("%s declares no %s", r.Path, r.Symbol)
		}
		return ""
	}
	if !regexp.MustCompile(`\b` + regexp.QuoteMeta(r.Symbol) + `\b`).Match(src) {
		return fmt.Sprintf("%s does not mention %s", r.Path, r.Symbol)
	}
	return ""
}

// goDecls lists a Go file's top-level names: functions, methods, types, constants and variables.
func goDecls(name string, src []byte) (map[string]bool, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			names[d.Name.Name] = true
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names[s.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names, nil
}

// declaredRoute is a route as its manifest declares it.
type declaredRoute struct {
	File        string // the manifest, relative to the root
	Description string
}

// manifestRoutes lists "METHOD /api/path" of every route the manifests declare.
func manifestRoutes(base string) (map[string]declaredRoute, error) {
	files, err := filepath.Glob(filepath.Join(base, "modules", "*", "module.yaml"))
	if err != nil {
		return nil, err
	}
	core, err := filepath.Glob(filepath.Join(base, "core", "*", "*.yaml"))
	if err != nil {
		return nil, err
	}
	// The plugins kept in this repository (their manifest gets its checksum when built).
	plugins, err := filepath.Glob(filepath.Join(base, "plugins", "*", "module.yaml.in"))
	if err != nil {
		return nil, err
	}
	routes := map[string]declaredRoute{}
	for _, f := range append(append(files, core...), plugins...) {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var m struct {
			API []struct {
				Method      string `yaml:"method"`
				Path        string `yaml:"path"`
				Description string `yaml:"description"`
			} `yaml:"api"`
		}
		if err := yaml.Unmarshal(src, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		rel, _ := filepath.Rel(base, f)
		for _, a := range m.API {
			routes[a.Method+" "+a.Path] = declaredRoute{File: filepath.ToSlash(rel), Description: a.Description}
		}
	}
	return routes, nil
}

// sections are the numbered sections of each spec document that carry rules or calls: the
// index must keep at least one row for each, so a section cannot drop out unnoticed.
var sections = map[string][]string{
	"Product spec": {"1", "2", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8",
		"4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7"},
	"Platform spec": {"1", "2", "3", "4", "5", "6", "7", "8", "9"},
}

// missingSections lists the sections no row covers, as "doc §n".
func missingSections(rows []row) []string {
	have := map[string]bool{}
	for _, r := range rows {
		have[r.Doc+" §"+r.Section] = true
	}
	var out []string
	for doc, secs := range sections {
		for _, sec := range secs {
			if !have[doc+" §"+sec] {
				out = append(out, doc+" §"+sec)
			}
		}
	}
	sort.Strings(out)
	return out
}

// listedRoutes are the "METHOD /api/..." code spans of the rule column.
func listedRoutes(rows []row) map[string]bool {
	out := map[string]bool{}
	for _, r := range rows {
		for _, m := range codeRe.FindAllStringSubmatch(r.Rule, -1) {
			if routeRe.MatchString(m[1]) {
				out[m[1]] = true
			}
		}
	}
	return out
}

func TestSpecIndex(t *testing.T) {
	src, err := os.ReadFile(indexFile)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseIndex(string(src))
	if err != nil {
		t.Fatalf("%s: %v", indexFile, err)
	}
	for _, r := range rows {
		for _, refs := range r.Cells {
			for _, ref := range refs {
				if why := checkRef(root, ref); why != "" {
					t.Errorf("%s:%d (§%s %s): %s", indexFile, r.Line, r.Section, r.Rule, why)
				}
			}
		}
	}

	for _, m := range missingSections(rows) {
		t.Errorf("%s has no row for %s (under a \"## %s\" heading)", indexFile, m, strings.SplitN(m, " §", 2)[0])
	}

	declared, err := manifestRoutes(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(declared) == 0 {
		t.Fatal("no manifest declares a route: the manifests were not found")
	}
	for _, m := range unlistedRoutes(declared, listedRoutes(rows)) {
		t.Errorf("%s %s", indexFile, m)
	}
	listed := listedRoutes(rows)
	for route := range listed {
		if _, ok := declared[route]; !ok {
			t.Errorf("%s lists `%s`, which no manifest declares: fix the path or write the call as the spec does, without backquotes", indexFile, route)
		}
	}
}

// unlistedRoutes names the declared routes the index should list and does not. A manifest the
// index names routes of keeps every route listed (the calls of platform spec §7, or the routes
// the spec does not name); a module the index does not know yet, such as one just added in its
// own files, documents its routes in its manifest instead: each needs a description there,
// which docs/routes.md (generated) shows.
func unlistedRoutes(declared map[string]declaredRoute, listed map[string]bool) []string {
	known := map[string]bool{} // manifests with a route in the index
	for route, d := range declared {
		if listed[route] {
			known[d.File] = true
		}
	}
	var missing []string
	for route, d := range declared {
		switch {
		case listed[route]:
		case known[d.File]:
			missing = append(missing, fmt.Sprintf("does not list the route `%s` (%s): add it to the calls of platform spec §7 (or to the routes the spec does not name)", route, d.File))
		case strings.TrimSpace(d.Description) == "":
			missing = append(missing, fmt.Sprintf("does not list the route `%s` (%s), and its manifest does not describe it: give it a description there, or a row here", route, d.File))
		}
	}
	sort.Strings(missing)
	return missing
}

func TestUnlistedRoutes(t *testing.T) {
	declared := map[string]declaredRoute{
		"GET /api/a":       {File: "modules/a/module.yaml", Description: "Read an a"},
		"POST /api/a":      {File: "modules/a/module.yaml", Description: "Make an a"},
		"GET /api/new":     {File: "modules/new/module.yaml", Description: "Read a new one"},
		"POST /api/new":    {File: "modules/new/module.yaml"},
		"GET /api/quiet":   {File: "modules/quiet/module.yaml", Description: "Read it"},
		"DELETE /api/gone": {File: "modules/gone/module.yaml"},
	}
	got := unlistedRoutes(declared, map[string]bool{"GET /api/a": true})
	want := []string{
		"does not list the route `DELETE /api/gone` (modules/gone/module.yaml), and its manifest does not describe it: give it a description there, or a row here",
		"does not list the route `POST /api/a` (modules/a/module.yaml): add it to the calls of platform spec §7 (or to the routes the spec does not name)",
		"does not list the route `POST /api/new` (modules/new/module.yaml), and its manifest does not describe it: give it a description there, or a row here",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The checker itself: an empty, malformed or wrong index must fail.
func TestSpecIndexRejects(t *testing.T) {
	const head = header + "\n|---|---|---|---|---|\n"
	for _, tc := range []struct{ name, src string }{
		{"empty", ""},
		{"no table", "# Spec index\n\nNothing yet.\n"},
		{"header only", head},
		{"other header", "| § | rule | server | client |\n|---|---|---|---|\n| 1 | x | — | — |\n"},
		{"no separator", header + "\n| 1 | x | — | — | — |\n"},
		{"four cells", head + "| 1 | x | — | — |\n"},
		{"six cells", head + "| 1 | x | — | — | — | — |\n"},
		{"no section", head + "|  | x | — | — | — |\n"},
		{"section not a number", head + "| §2 | x | — | — | — |\n"},
		{"empty rule", head + "| 2 |  | — | — | — |\n"},
		{"empty cell", head + "| 2 | x |  | — | — |\n"},
		{"bare path", head + "| 2 | x | core/app/app.go | — | — |\n"},
		{"prose in a cell", head + "| 2 | x | `core/app/app.go` (partly) | — | — |\n"},
		{"absolute path", head + "| 2 | x | `/etc/passwd` | — | — |\n"},
		{"parent path", head + "| 2 | x | `../x.go` | — | — |\n"},
	} {
		if _, err := parseIndex(tc.src); err == nil {
			t.Errorf("%s: parsed without error", tc.name)
		}
	}

	rows, err := parseIndex(head + "| 7 | `GET /api/x` \\| y | `core/app/app.go#New`, `docs/api.md` | not built | — |\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := rows[0].Cells[0]; len(got) != 2 || got[0] != (ref{"core/app/app.go", "New"}) || got[1] != (ref{"docs/api.md", ""}) {
		t.Errorf("server refs = %+v", got)
	}
	if rows[0].Rule != "`GET /api/x` | y" {
		t.Errorf("rule = %q", rows[0].Rule)
	}

	if got := missingSections(rows); len(got) != len(sections["Product spec"])+len(sections["Platform spec"]) {
		t.Errorf("an index outside the document headings covers sections: %v", got)
	}
	covered, err := parseIndex("## Platform spec\n\n" + head + "| 7 | x | — | — | — |\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := missingSections(covered); slices.Contains(got, "Platform spec §7") || !slices.Contains(got, "Platform spec §8") {
		t.Errorf("missing sections = %v", got)
	}

	for _, tc := range []struct {
		r    ref
		fail bool
	}{
		{ref{"docs/specindex_test.go", ""}, false},
		{ref{"docs/specindex_test.go", "parseIndex"}, false},
		{ref{"docs/specindex_test.go", "row"}, false},
		{ref{"docs/specindex_test.go", "indexFile"}, false},
		{ref{"docs/no_such_file.go", ""}, true},
		{ref{"docs", ""}, true},
		{ref{"docs/specindex_test.go", "NoSuchSymbol"}, true},
		// Mentioned in a comment or a string is not declared.
		{ref{"docs/specindex_test.go", "Markdown"}, true},
		{ref{"docs/api.md", "CSRF"}, false},
		{ref{"docs/api.md", "NoSuchWordAnywhere"}, true},
	} {
		if got := checkRef(root, tc.r) != ""; got != tc.fail {
			t.Errorf("checkRef(%+v) failed = %v, want %v", tc.r, got, tc.fail)
		}
	}
}
