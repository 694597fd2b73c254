package modules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFunctionLines is the most lines a function of a module may take (its signature to its
// closing brace): past it, a function does several things that deserve names of their own.
const maxFunctionLines = 120

// TestNoLongFunctions: no function or method of a module's Go code (tests and generated files
// aside) is longer than maxFunctionLines.
func TestNoLongFunctions(t *testing.T) {
	files := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "_gen.go") {
			return err
		}
		f, err := parser.ParseFile(files, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			if n := files.Position(fn.End()).Line - files.Position(fn.Pos()).Line + 1; n > maxFunctionLines {
				t.Errorf("%s: %s is %d lines long (at most %d): give its steps functions of their own", files.Position(fn.Pos()), fn.Name.Name, n, maxFunctionLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
