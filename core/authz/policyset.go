package authz

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	"its/policies"
)

// GrantsFile is the file of a policy set that holds the role grants.
const GrantsFile = "grants.json"

// Files is a policy set: each file's path inside the policies folder ("<module>.rego",
// "lib/grants.rego", "<module>_test.rego", "grants.json") and its text. Files ending in
// _test.rego are the set's tests: they are run before a set goes live and are never part of the
// production query.
type Files map[string]string

// FilesOf reads every .rego file and grants.json of fsys.
func FilesOf(fsys fs.FS) (Files, error) {
	out := Files{}
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || (!strings.HasSuffix(path, ".rego") && path != GrantsFile) {
			return err
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		out[path] = string(b)
		return nil
	})
	return out, err
}

// IsTest reports whether path is a policy test file.
func IsTest(path string) bool { return strings.HasSuffix(path, "_test.rego") }

// Paths lists the files in order.
func (f Files) Paths() []string {
	out := slices.Collect(maps.Keys(f))
	sort.Strings(out)
	return out
}

// Hash is a digest of every path and text, equal for equal sets.
func (f Files) Hash() string {
	h := sha256.New()
	for _, p := range f.Paths() {
		fmt.Fprintf(h, "%d:%s%d:%s", len(p), p, len(f[p]), f[p])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// CompileError is one problem of a policy set, with its place when OPA knows it.
type CompileError struct {
	File    string `json:"file,omitempty"`
	Row     int    `json:"row,omitempty"`
	Col     int    `json:"col,omitempty"`
	Message string `json:"message"`
}

func (e CompileError) String() string {
	if e.File == "" {
		return e.Message
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Row, e.Col, e.Message)
}

// CompileErrors is the error of a set that does not compile.
type CompileErrors []CompileError

func (es CompileErrors) Error() string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = e.String()
	}
	return "policies: " + strings.Join(s, "; ")
}

func astErrors(err error) CompileErrors {
	var errs ast.Errors
	if errors.As(err, &errs) {
		out := make(CompileErrors, 0, len(errs))
		for _, e := range errs {
			ce := CompileError{Message: e.Message}
			if e.Location != nil {
				ce.File, ce.Row, ce.Col = e.Location.File, e.Location.Row, e.Location.Col
			}
			out = append(out, ce)
		}
		return out
	}
	var ce CompileErrors
	if errors.As(err, &ce) {
		return ce
	}
	return CompileErrors{{Message: err.Error()}}
}

// compiled is a policy set ready to decide: the prepared query, the action catalogue and what the
// simulator needs to explain a decision.
type compiled struct {
	pq       rego.PreparedEvalQuery
	actions  map[string]*ast.Term
	compiler *ast.Compiler
	store    storage.Store
	modules  map[string]*ast.Module // the parsed files, tests included
	grants   map[string]any
	src      map[string]string // every file's text, the rules compiled from grants.json included
}

var parseOpts = ast.ParserOptions{RegoVersion: ast.RegoV1}

// parse reads every .rego file of f and the rules compiled from its grants.json; the errors
// name the file and line of each mistake.
func parse(f Files) (map[string]*ast.Module, map[string]any, string, error) {
	var errs CompileErrors
	modules := map[string]*ast.Module{}
	for _, path := range f.Paths() {
		if !strings.HasSuffix(path, ".rego") {
			continue
		}
		m, err := ast.ParseModuleWithOpts(path, f[path], parseOpts)
		if err != nil {
			errs = append(errs, astErrors(err)...)
			continue
		}
		modules[path] = m
	}
	errs = append(errs, forbiddenCalls(modules)...)
	raw, ok := f[GrantsFile]
	if !ok {
		return nil, nil, "", append(errs, CompileError{File: GrantsFile, Message: "the set has no " + GrantsFile})
	}
	var grants map[string]any
	if err := json.Unmarshal([]byte(raw), &grants); err != nil {
		return nil, nil, "", append(errs, CompileError{File: GrantsFile, Message: err.Error()})
	}
	rules, err := policies.GrantRules([]byte(raw))
	if err != nil {
		return nil, nil, "", append(errs, CompileError{File: GrantsFile, Message: err.Error()})
	}
	m, err := ast.ParseModuleWithOpts(policies.GrantRulesPath, rules, parseOpts)
	if err != nil {
		return nil, nil, "", append(errs, astErrors(err)...)
	}
	modules[policies.GrantRulesPath] = m
	if len(errs) > 0 {
		return nil, nil, "", errs
	}
	return modules, grants, rules, nil
}

// compileSet compiles f's production files (tests left out) and prepares the decision.
func compileSet(ctx context.Context, f Files) (*compiled, error) {
	all, grants, rules, err := parse(f)
	if err != nil {
		return nil, err
	}
	return compileParsed(ctx, f, all, grants, rules)
}

// compileParsed is compileSet after parse.
func compileParsed(ctx context.Context, f Files, all map[string]*ast.Module, grants map[string]any, rules string) (*compiled, error) {
	prod := make(map[string]*ast.Module, len(all))
	for p, m := range all {
		if !IsTest(p) {
			prod[p] = m
		}
	}
	c := NewCompiler()
	if c.Compile(prod); c.Failed() {
		return nil, astErrors(c.Errors)
	}
	// AST values on read: the grants are converted once here, not on every evaluation.
	store := inmem.NewFromObjectWithOpts(map[string]any{"grants": grants}, inmem.OptReturnASTValuesOnRead(true))
	pq, err := rego.New(rego.Compiler(c), rego.Store(store), rego.Query(Query)).PrepareForEval(ctx)
	if err != nil {
		return nil, astErrors(err)
	}
	cat, err := rego.New(rego.Compiler(c), rego.Store(store), rego.Query("data.its.authz.actions")).Eval(ctx)
	if err != nil {
		return nil, fmt.Errorf("policies: action catalogue: %w", err)
	}
	actions := map[string]*ast.Term{}
	if len(cat) == 1 && len(cat[0].Expressions) == 1 {
		if list, ok := cat[0].Expressions[0].Value.([]any); ok {
			for _, a := range list {
				if s, ok := a.(string); ok {
					actions[s] = ast.StringTerm(s)
				}
			}
		}
	}
	src := maps.Clone(f)
	src[policies.GrantRulesPath] = rules
	return &compiled{pq: pq, actions: actions, compiler: c, store: store, modules: all, grants: grants, src: src}, nil
}
