package modules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"its/core/registry"
)

// policyCalls are the calls through which a module's code asks the policy a question itself
// (the engine's, registry.Require, and the modules' own one-line wrappers of them) with an
// actions.X argument; a call of AllowedMany (checks built from loaded rows) asks whatever its
// arguments.
var policyCalls = []string{"Allowed", "Require", "require", "allowed"}

// TestObjectRulesNamed keeps each manifest's objectRules true: every function it names exists in
// the module's Go code, and every function of the module that asks the policy about one of the
// declared actions itself (a call of policyCalls with an actions.X argument, or of AllowedMany)
// is named there. The
// questions a request's path alone answers are its route's (registry.Also, AlsoBy), asked by
// the router before the handler; what stays in a module's code needs what it loads or reads.
func TestObjectRulesNamed(t *testing.T) {
	dirs, err := filepath.Glob("*/module.yaml")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	for _, file := range dirs {
		dir := filepath.Dir(file)
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		man, err := registry.ParseManifest(file, raw)
		if err != nil {
			t.Fatal(err)
		}
		defined, asking := policyQuestions(t, dir)
		named := map[string]bool{}
		for i, r := range man.ObjectRules {
			if named[r.Func] {
				t.Errorf("%s: objectRules/%d: %s is named twice", file, i, r.Func)
			}
			named[r.Func] = true
			if !defined[r.Func] {
				t.Errorf("%s: objectRules/%d: no function %s in modules/%s", file, i, r.Func, dir)
			} else if !slices.Contains(asking, r.Func) {
				t.Errorf("%s: objectRules/%d: %s asks the policy nothing about an action (a stale entry, or it asks through a helper not in policyCalls)", file, i, r.Func)
			}
		}
		for _, f := range asking {
			if !named[f] {
				t.Errorf("%s: %s asks the policy itself: if the route alone answers the question, declare it on the route (registry.Also, AlsoBy); else name it in objectRules with its rule", file, f)
			}
		}
	}
}

// policyQuestions answers the functions of the module in dir (Type.Method or func, test files
// left out) and those among them that ask the policy about an actions.X themselves.
func policyQuestions(t *testing.T, dir string) (map[string]bool, []string) {
	t.Helper()
	defined := map[string]bool{}
	var asking []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		// Sub-packages (test helpers, generators) are their own: only the module's package.
		if filepath.Dir(path) != dir {
			return nil
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) == 1 {
				typ := fn.Recv.List[0].Type
				if star, ok := typ.(*ast.StarExpr); ok {
					typ = star.X
				}
				if idx, ok := typ.(*ast.IndexExpr); ok {
					typ = idx.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			defined[name] = true
			if asksPolicy(fn.Body) && !slices.Contains(asking, name) {
				asking = append(asking, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(asking)
	return defined, asking
}

// asksPolicy reports whether body calls one of policyCalls with an actions.X argument, or
// AllowedMany.
func asksPolicy(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		var name string
		switch fun := call.Fun.(type) {
		case *ast.Ident:
			name = fun.Name
		case *ast.SelectorExpr:
			name = fun.Sel.Name
		}
		if name == "AllowedMany" {
			found = true
			return false
		}
		if !slices.Contains(policyCalls, name) {
			return true
		}
		for _, arg := range call.Args {
			if sel, ok := arg.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "actions" {
					found = true
				}
			}
		}
		return true
	})
	return found
}
