package plugins

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"

	"its/core/authz"
	"its/policies"
)

// PolicyFS is the plugin's policy files (not its tests), as the authorization engine's overlay.
func (f *Folder) PolicyFS() fs.FS {
	out := fstest.MapFS{}
	for name, b := range f.Policies {
		out[name] = &fstest.MapFile{Data: b}
	}
	return out
}

var parseOpts = ast.ParserOptions{RegoVersion: ast.RegoV1}

// checkPolicies holds a plugin's Rego to its own actions: its rules are allow rules whose body
// asks input.action == one of the plugin's actions, the actions catalogue, or helpers named
// <id>_...; compiled with the base policies they must add exactly the plugin's actions.
func (f *Folder) checkPolicies(own map[string]bool) error {
	id := f.ID()
	if len(f.Policies) == 0 && len(own) > 0 {
		return fmt.Errorf("policy/%s.rego: missing: a plugin's actions need rules", id)
	}
	mods := map[string]*ast.Module{}
	for name, src := range f.Policies {
		file := "policy/" + name
		m, err := ast.ParseModuleWithOpts(file, string(src), parseOpts)
		if err != nil {
			return err
		}
		if got := m.Package.Path.String(); got != "data.its.authz" {
			return fmt.Errorf("%s: package: a plugin's policy is package its.authz, got %s", file, strings.TrimPrefix(got, "data."))
		}
		for _, r := range m.Rules {
			name := r.Head.Ref().String()
			switch {
			case name == "allow":
				if !asksOwnAction(r, own) {
					return fmt.Errorf("%s:%d: an allow rule of a plugin starts with input.action == \"<one of its actions>\"", file, r.Location.Row)
				}
			case name == "actions", strings.HasPrefix(name, id+"_"):
			default:
				return fmt.Errorf("%s:%d: rule %s: a plugin's rules are allow, actions or helpers named %s_<name>", file, r.Location.Row, name, id)
			}
		}
		mods["plugins/"+id+"/"+name] = m
	}
	for name, src := range f.Tests {
		file := "policy/" + name
		m, err := ast.ParseModuleWithOpts(file, string(src), parseOpts)
		if err != nil {
			return err
		}
		if want := "data.its.tests." + id; m.Package.Path.String() != want {
			return fmt.Errorf("%s: package: a plugin's policy tests are package its.tests.%s", file, id)
		}
	}
	base, err := baseModules(false)
	if err != nil {
		return err
	}
	before, err := baseCatalogue()
	if err != nil {
		return err
	}
	for k, m := range mods {
		base[k] = m
	}
	after, err := catalogue(base)
	if err != nil {
		return fmt.Errorf("policy: %w", err)
	}
	added := map[string]bool{}
	for a := range after {
		if !before[a] {
			added[a] = true
		}
	}
	for a := range added {
		if !own[a] {
			return fmt.Errorf("policy: the actions catalogue gains %q, which the manifest does not declare", a)
		}
	}
	for a := range own {
		if !added[a] {
			return fmt.Errorf("module.yaml: action %q has no rule in the plugin's policy (add it to actions in policy/%s.rego)", a, id)
		}
	}
	return nil
}

// baseCatalogue is the embedded policies' actions, computed once (they never change in a run).
var baseCatalogue = sync.OnceValues(func() (map[string]bool, error) {
	base, err := baseModules(false)
	if err != nil {
		return nil, err
	}
	return catalogue(base)
})

func asksOwnAction(r *ast.Rule, own map[string]bool) bool {
	for _, e := range r.Body {
		if !e.IsEquality() && !e.IsCall() {
			continue
		}
		terms, ok := e.Terms.([]*ast.Term)
		if !ok || len(terms) != 3 {
			continue
		}
		op := terms[0].String()
		if op != "eq" && op != "equal" {
			continue
		}
		if terms[1].String() != "input.action" {
			continue
		}
		if s, ok := terms[2].Value.(ast.String); ok && own[string(s)] {
			return true
		}
	}
	return false
}

// baseModules parses the embedded policies (with or without their tests) and the rules
// compiled from grants.json.
func baseModules(withTests bool) (map[string]*ast.Module, error) {
	mods := map[string]*ast.Module{}
	err := fs.WalkDir(policies.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rego") || (!withTests && strings.HasSuffix(path, "_test.rego")) {
			return err
		}
		b, err := fs.ReadFile(policies.FS, path)
		if err != nil {
			return err
		}
		m, err := ast.ParseModuleWithOpts("policies/"+path, string(b), parseOpts)
		if err != nil {
			return err
		}
		mods["policies/"+path] = m
		return nil
	})
	if err != nil {
		return nil, err
	}
	raw, err := policies.FS.ReadFile("grants.json")
	if err != nil {
		return nil, err
	}
	src, err := policies.GrantRules(raw)
	if err != nil {
		return nil, err
	}
	m, err := ast.ParseModuleWithOpts(policies.GrantRulesPath, src, parseOpts)
	if err != nil {
		return nil, err
	}
	mods[policies.GrantRulesPath] = m
	return mods, nil
}

func grantsStore() (storage.Store, error) {
	raw, err := policies.FS.ReadFile("grants.json")
	if err != nil {
		return nil, err
	}
	var grants map[string]any
	if err := json.Unmarshal(raw, &grants); err != nil {
		return nil, err
	}
	return inmem.NewFromObject(map[string]any{"grants": grants}), nil
}

func catalogue(mods map[string]*ast.Module) (map[string]bool, error) {
	c := authz.NewCompiler()
	if c.Compile(mods); c.Failed() {
		return nil, c.Errors
	}
	store, err := grantsStore()
	if err != nil {
		return nil, err
	}
	rs, err := rego.New(rego.Query("data.its.authz.actions"), rego.Compiler(c), rego.Store(store)).Eval(context.Background())
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	if len(rs) == 1 && len(rs[0].Expressions) == 1 {
		if list, ok := rs[0].Expressions[0].Value.([]any); ok {
			for _, a := range list {
				if s, ok := a.(string); ok {
					out[s] = true
				}
			}
		}
	}
	return out, nil
}

// RunPolicyTests runs the plugin's Rego tests against the base policies plus its own; a
// plugin without tests, or with a failing one, is refused with the tests named.
func (f *Folder) RunPolicyTests(ctx context.Context) error {
	id := f.ID()
	if len(f.Tests) == 0 {
		return fmt.Errorf("policy/%s_test.rego: missing: a plugin's policy needs allow and deny tests", id)
	}
	mods, err := baseModules(true)
	if err != nil {
		return err
	}
	for name, src := range f.Policies {
		if mods["plugins/"+id+"/"+name], err = ast.ParseModuleWithOpts("policy/"+name, string(src), parseOpts); err != nil {
			return err
		}
	}
	for name, src := range f.Tests {
		if mods["plugins/"+id+"/"+name], err = ast.ParseModuleWithOpts("policy/"+name, string(src), parseOpts); err != nil {
			return err
		}
	}
	// A plugin's policy, its tests included, may not call out either: checked before they run.
	if err := authz.CheckBuiltins(mods); err != nil {
		return fmt.Errorf("policy: %w", err)
	}
	store, err := grantsStore()
	if err != nil {
		return err
	}
	results, err := tester.NewRunner().SetCompiler(authz.NewCompiler()).SetModules(mods).SetStore(store).RaiseBuiltinErrors(true).
		Filter(`^data\.its\.tests\.`+regexp.QuoteMeta(id)+`\.`).RunTests(ctx, nil)
	if err != nil {
		return fmt.Errorf("policy tests: %w", err)
	}
	ran := 0
	var failed []string
	for r := range results {
		ran++
		switch {
		case r.Error != nil:
			failed = append(failed, fmt.Sprintf("%s (error: %v)", r.Name, r.Error))
		case r.Fail:
			failed = append(failed, r.Name)
		}
	}
	if len(failed) > 0 {
		sort.Strings(failed)
		return fmt.Errorf("policy tests failed: %s", strings.Join(failed, ", "))
	}
	if ran == 0 {
		return fmt.Errorf("policy/%s_test.rego: no test_ rules ran", id)
	}
	return nil
}
