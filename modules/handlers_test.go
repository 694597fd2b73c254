package modules_test

import (
	"go/ast"
	"strings"
	"testing"
)

// handWrittenAllowed names the handlers that decode a body and answer data themselves, each
// with why httpx.Body does not fit.
var handWrittenAllowed = map[string]string{
	// Signing in sets the session cookie on the answer between the call and the data.
	"users/handler.go:login": "writes the session cookie",
}

// TestBodyHandlersUseHttpx: no module handler hand-writes the decode, call, answer steps
// (httpx.Decode, then httpx.Data, in one function body); httpx.Body and its kin do them once,
// with the same refusals and answers everywhere.
func TestBodyHandlersUseHttpx(t *testing.T) {
	var found []string
	seen := map[string]bool{}
	for _, gf := range moduleFiles(t) {
		check := func(name string, body *ast.BlockStmt) {
			if body == nil {
				return
			}
			key := gf.rel + ":" + name
			if handWritesBody(body) {
				seen[key] = true
				if _, ok := handWrittenAllowed[key]; !ok {
					found = append(found, key)
				}
			}
		}
		for _, decl := range gf.file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			check(fn.Name.Name, fn.Body)
			ast.Inspect(fn, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok {
					check(fn.Name.Name+".func", lit.Body)
				}
				return true
			})
		}
	}
	if len(found) > 0 {
		t.Errorf("handlers that decode a body and answer data by hand (use httpx.Body, httpx.MaybeBody or httpx.Get):\n%s", strings.Join(found, "\n"))
	}
	for key := range handWrittenAllowed {
		if !seen[key] {
			t.Errorf("%s is allowed to write its answer by hand but no longer does: drop it from the list", key)
		}
	}
}

// handWritesBody reports whether body (not the function literals in it) calls httpx.Decode and
// after it httpx.Data.
func handWritesBody(body *ast.BlockStmt) bool {
	decoded, answered := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "httpx" {
			switch sel.Sel.Name {
			case "Decode":
				decoded = true
			case "Data":
				answered = answered || decoded
			}
		}
		return true
	})
	return answered
}
