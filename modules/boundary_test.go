package modules_test

// The checks that keep each module's inside its own: a module names another module's tables in
// no SQL (it reads another module through that module's api.go or a published view), imports
// another module only for what that module's api.go declares, and writes SQL only in its store
// files. core/boundary_test.go keeps the kernel free of domain words; this file keeps the modules
// apart from each other and from the kernel's tables.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// migrationOwners maps a migration's id (NNNN_<id>_*.sql) that is no module of modules/ to the
// owner of the tables it creates: the kernel's jobs and uploads are core's, the announcements
// are the dashboard's.
var migrationOwners = map[string]string{"jobs": "core", "uploads": "core", "announcements": "dashboard"}

// coreShared are the kernel's tables a module may read (never write): the accounts a row names
// (an owner's name and e-mail) and their permissions (who administers or coordinates), and the
// pricing locations and currencies. Every other core table, and any write to one, goes through
// core's Go API (core/identity, core/session).
var coreShared = []string{"users", "user_permissions", "locations", "currencies"}

// sharedPackages are packages under modules/ that every module may import whole: the generated
// action names.
var sharedPackages = []string{"actions"}

// apiFiles are the files of a module whose declarations other modules may use: its contract, and
// the names generated from its manifest (names_gen.go: actions, enumerations).
var apiFiles = []string{"api.go", "names_gen.go"}

var (
	migrationNameRE = regexp.MustCompile(`^\d{4}_([a-z]+)_.*\.sql$`)
	createRE        = regexp.MustCompile(`(?i)\bCREATE\s+(TABLE|VIEW|OR\s+REPLACE\s+VIEW|MATERIALIZED\s+VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)`)
	dropRE          = regexp.MustCompile(`(?i)\bDROP\s+(TABLE|VIEW|MATERIALIZED\s+VIEW)\s+(?:IF\s+EXISTS\s+)?([a-z_][a-z0-9_]*)`)
	// sqlRE tells a string literal that is SQL (the code writes SQL keywords in upper case).
	sqlRE = regexp.MustCompile(`\b(SELECT|INSERT\s+INTO|UPDATE\s+[a-z_]+\s+SET|DELETE\s+FROM|FROM|JOIN|ON\s+CONFLICT)\b`)
	// writeRE finds the tables SQL writes.
	writeRE = regexp.MustCompile(`(?i)\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|ALTER\s+TABLE)\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)`)
	// tableRefRE finds the names SQL reads or writes as tables.
	tableRefRE = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)`)
	// builderCalls are squirrel's methods whose first argument names a table.
	builderCalls = []string{"From", "Join", "LeftJoin", "RightJoin", "InnerJoin", "CrossJoin", "FullJoin", "Into", "Insert", "Update", "Delete", "JoinClause"}
)

// relation is a table or view and the module that owns it.
type relation struct {
	owner string
	view  bool
	sql   string // a view's definition (its last CREATE)
}

// relations reads the Up half of every migration in order and returns each table and view that
// exists at the end, with the module that created it.
func relations(t *testing.T) map[string]*relation {
	t.Helper()
	files, err := filepath.Glob("../migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	out := map[string]*relation{}
	for _, f := range files {
		m := migrationNameRE.FindStringSubmatch(filepath.Base(f))
		if m == nil {
			t.Fatalf("%s: not named NNNN_<module>_<what>.sql", f)
		}
		owner := m[1]
		if o, ok := migrationOwners[owner]; ok {
			owner = o
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		up, _, _ := strings.Cut(string(b), "-- +goose Down")
		for _, stmt := range strings.Split(stripSQLComments(up), ";") {
			if c := createRE.FindStringSubmatch(stmt); c != nil {
				name := strings.ToLower(c[2])
				out[name] = &relation{owner: owner, view: !strings.EqualFold(c[1], "TABLE"), sql: stmt}
			}
			for _, d := range dropRE.FindAllStringSubmatch(stmt, -1) {
				delete(out, strings.ToLower(d[2]))
			}
		}
	}
	return out
}

var sqlCommentRE = regexp.MustCompile(`--[^\n]*`)

func stripSQLComments(s string) string { return sqlCommentRE.ReplaceAllString(s, "") }

// goFile is one parsed non-test Go file of a module.
type goFile struct {
	module string // the module's folder under modules/
	rel    string // path under modules/
	file   *ast.File
}

// moduleFiles parses every non-test Go file under modules/<module>/ (subpackages too). Tests
// are left out: they seed other modules' rows and start other modules to test against.
func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	fset := token.NewFileSet()
	var out []goFile
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		module, _, ok := strings.Cut(filepath.ToSlash(path), "/")
		if !ok || slices.Contains(sharedPackages, module) {
			return nil // modules.go lists the modules; actions is generated
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		out = append(out, goFile{module: module, rel: filepath.ToSlash(path), file: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sqlLiteral is a string literal of Go code that is SQL, with the tables it names and those it
// writes.
type sqlLiteral struct {
	tables, writes []string
}

// sqlLiterals finds the SQL in a file: string literals written as SQL and the table arguments of
// squirrel's builder calls (psql.Update("assortments"), b.From("orders o")).
func sqlLiterals(f *ast.File) []sqlLiteral {
	imports := map[string]bool{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		if !strings.Contains(p, "squirrel") {
			imports[name] = true
		}
	}
	var out []sqlLiteral
	builderArg := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !slices.Contains(builderCalls, sel.Sel.Name) {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && imports[id.Name] {
			return true // path.Join, strings.Join: not a query builder
		}
		if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			builderArg[lit] = true
			s, _ := strconv.Unquote(lit.Value)
			first := strings.Fields(s)[:1]
			l := sqlLiteral{tables: append(first, tableNames(s)...)}
			if slices.Contains([]string{"Into", "Insert", "Update", "Delete"}, sel.Sel.Name) {
				l.writes = first
			}
			out = append(out, l)
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || builderArg[lit] {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || !sqlRE.MatchString(s) {
			return true
		}
		l := sqlLiteral{tables: tableNames(s)}
		for _, m := range writeRE.FindAllStringSubmatch(s, -1) {
			l.writes = append(l.writes, strings.ToLower(m[1]))
		}
		out = append(out, l)
		return true
	})
	return out
}

func tableNames(s string) []string {
	var out []string
	for _, m := range tableRefRE.FindAllStringSubmatch(s, -1) {
		out = append(out, strings.ToLower(m[1]))
	}
	return out
}

// isStore tells a module's store file: store.go, <what>_store.go or <what>store.go, and the demo
// data's seed.go and seed_<what>.go (a seeder writes its module's rows as a store does).
func isStore(rel string) bool {
	base := filepath.Base(rel)
	return strings.HasSuffix(base, "store.go") || base == "seed.go" || strings.HasPrefix(base, "seed_")
}

// report fails the test with each finding (there is no list of exceptions).
func report(t *testing.T, kind string, found []string) {
	t.Helper()
	for _, f := range found {
		t.Errorf("%s: %s", kind, f)
	}
}

// TestModulesOwnTheirTables fails on SQL in a module that names a table another module (or the
// kernel) created: that module's api.go or a published view is the way in. Of the kernel's
// tables a module may read coreShared.
func TestModulesOwnTheirTables(t *testing.T) {
	rels := relations(t)
	if rels["order_customers"].owner != "orders" || rels["users"].owner != "core" || rels["announcements"].owner != "dashboard" {
		t.Fatalf("owners read from migrations: %v %v %v", rels["order_customers"], rels["users"], rels["announcements"])
	}
	if _, ok := rels["customers"]; ok {
		t.Fatal("customers was dropped by a later migration")
	}
	var found []string
	for _, gf := range moduleFiles(t) {
		for _, lit := range sqlLiterals(gf.file) {
			for _, name := range lit.tables {
				r, ok := rels[name]
				if !ok || r.owner == gf.module || r.view {
					continue // not ours to judge (river's), the module's own, or a published view
				}
				if r.owner == "core" && slices.Contains(coreShared, name) && !slices.Contains(lit.writes, name) {
					continue
				}
				found = append(found, gf.rel+": "+name+" of "+r.owner)
			}
		}
	}
	report(t, "SQL names another module's table", dedupe(found))
}

// TestPublishedViewsListColumns fails on a view whose last definition selects * (every column
// of the table behind it would be contract).
func TestPublishedViewsListColumns(t *testing.T) {
	starRE := regexp.MustCompile(`(?is)\bSELECT\b.*(^|[\s,.])\*`)
	for name, r := range relations(t) {
		if r.view && starRE.MatchString(strings.ReplaceAll(r.sql, "count(*)", "")) {
			t.Errorf("view %s of %s selects *: list its columns", name, r.owner)
		}
	}
}

// TestSQLOnlyInStores fails on SQL written outside a module's store files.
func TestSQLOnlyInStores(t *testing.T) {
	var found []string
	for _, gf := range moduleFiles(t) {
		if isStore(gf.rel) {
			continue
		}
		if len(sqlLiterals(gf.file)) > 0 {
			found = append(found, gf.rel+": SQL outside a store")
		}
	}
	report(t, "SQL outside a store", found)
}

// TestModulesImportOnlyAPIs fails when a module imports another module's subpackage, or uses an
// identifier of another module that is not declared in that module's api.go (or among the names
// its manifest generates).
func TestModulesImportOnlyAPIs(t *testing.T) {
	apis := map[string]map[string]bool{}
	api := func(module string) map[string]bool {
		if decls, ok := apis[module]; ok {
			return decls
		}
		decls := map[string]bool{}
		for _, name := range apiFiles {
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(module, name), nil, parser.SkipObjectResolution)
			if os.IsNotExist(err) {
				continue
			} else if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						decls[d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							decls[s.Name.Name] = true
						case *ast.ValueSpec:
							for _, n := range s.Names {
								decls[n.Name] = true
							}
						}
					}
				}
			}
		}
		apis[module] = decls
		return decls
	}
	var found []string
	for _, gf := range moduleFiles(t) {
		names := map[string]string{} // local import name -> module
		for _, im := range gf.file.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			rest, ok := strings.CutPrefix(p, "its/modules/")
			if !ok {
				continue
			}
			other, sub, _ := strings.Cut(rest, "/")
			if other == gf.module || slices.Contains(sharedPackages, other) {
				continue
			}
			if sub != "" {
				found = append(found, gf.rel+": imports "+p)
				continue
			}
			name := other
			if im.Name != nil {
				name = im.Name.Name
			}
			names[name] = other
		}
		ast.Inspect(gf.file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if other, ok := names[id.Name]; ok && !api(other)[sel.Sel.Name] {
				found = append(found, gf.rel+": "+other+"."+sel.Sel.Name+" is not in "+other+"/api.go")
			}
			return true
		})
	}
	report(t, "import past another module's API", dedupe(found))
}

func dedupe(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// TestSQLLiteralsFindsTables checks the SQL finder on the shapes the modules write: SQL text,
// squirrel's builder calls (reads and writes) and a path.Join that is no SQL.
func TestSQLLiteralsFindsTables(t *testing.T) {
	src := `package x

import (
	"path"

	sq "github.com/Masterminds/squirrel"
)

func f() {
	_ = "SELECT c.name FROM order_customers c JOIN users u ON u.id = c.rep"
	_ = "DELETE FROM sessions WHERE user_id = $1"
	_ = sq.Update("library_assets")
	_ = b.From("assortments a").LeftJoin("assortment_products ap ON ap.assortment_id = a.id")
	_ = path.Join("assortments", "logo")
	_ = "Select the rows you want"
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var tables, writes []string
	for _, l := range sqlLiterals(f) {
		tables = append(tables, l.tables...)
		writes = append(writes, l.writes...)
	}
	slices.Sort(tables)
	slices.Sort(writes)
	wantTables := []string{"assortment_products", "assortments", "library_assets", "order_customers", "sessions", "users"}
	if got := slices.Compact(tables); !slices.Equal(got, wantTables) {
		t.Errorf("tables %v, want %v", got, wantTables)
	}
	if want := []string{"library_assets", "sessions"}; !slices.Equal(writes, want) {
		t.Errorf("writes %v, want %v", writes, want)
	}
}
