package policies_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"

	"its/core/registry"
	"its/modules/actions"
	"its/policies"
)

// planned are the actions whose policies are written ahead of their module: no manifest declares
// them yet. Every other action the policies know must be declared by a manifest, and the reverse.
var planned = []string{}

// manifestActions reads every manifest the generated names come from: action id to the resource
// attributes the manifest says its policy reads.
func manifestActions(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, file := range actions.Manifests {
		src, err := os.ReadFile(filepath.Join("..", file))
		if err != nil {
			t.Fatalf("reading the manifest: %v", err)
		}
		m, err := registry.ParseManifest(file, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range m.Actions {
			out[a.ID] = a.Resource
		}
	}
	return out
}

// catalogue is the action list the policies must implement: what the manifests declare plus the
// planned actions. data.its.authz.actions must equal it.
func catalogue(t *testing.T) []string {
	t.Helper()
	out := slices.Clone(planned)
	for a := range manifestActions(t) {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// Permission names (platform spec §3) and roles (§6) a grant may name.
var (
	knownDomains = []string{
		"its:advertisingAssets", "its:advertisingLogos", "its:globalRetailAssets", "its:globalRetailResources",
		"its:products", "its:productDocuments", "its:productAssortments", "its:internalAssortments",
		"its:sampleOrders", "its:promoOrders", "its:wholesaleOrders", "its:conference",
		"its:admin:users", "its:admin:divisionGroups", "its:admin:territories", "its:admin:customers",
		"its:admin:reports", "its:admin:orders", "its:stepTraining", "its:travelCalendar",
		"its:keyItemPrice", "its:spendingApproval", "its:upcLookup", "its:sampleInventory",
	}
	knownRoles = []string{
		"user", "editor", "seniorEditor", "admin", "adminEditor", "approver", "seniorApprover",
		"coordinator", "seniorCoordinator", "sampleCoordinator", "distributor", "manager",
		"DIS", "FR", "REP", "CSREP",
	}
	narrowable = []string{"channel", "region", "productType"}
)

// loadModules parses the embedded Rego files; withTests adds the _test.rego files.
func loadModules(t *testing.T, withTests bool) map[string]*ast.Module {
	t.Helper()
	modules := map[string]*ast.Module{}
	err := fs.WalkDir(policies.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rego") {
			return err
		}
		if !withTests && strings.HasSuffix(path, "_test.rego") {
			return nil
		}
		src, err := fs.ReadFile(policies.FS, path)
		if err != nil {
			return err
		}
		m, err := ast.ParseModuleWithOpts(path, string(src), ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			return err
		}
		modules[path] = m
		return nil
	})
	if err != nil {
		t.Fatalf("loading policies: %v", err)
	}
	if len(modules) == 0 {
		t.Fatal("no policy files embedded")
	}
	// The grants.json entries as rules, as the Go core compiles them at load.
	raw, err := policies.FS.ReadFile("grants.json")
	if err != nil {
		t.Fatalf("reading grants.json: %v", err)
	}
	src, err := policies.GrantRules(raw)
	if err != nil {
		t.Fatalf("compiling grants.json: %v", err)
	}
	if modules[policies.GrantRulesPath], err = ast.ParseModuleWithOpts(policies.GrantRulesPath, src, ast.ParserOptions{RegoVersion: ast.RegoV1}); err != nil {
		t.Fatalf("parsing the rules compiled from grants.json: %v", err)
	}
	return modules
}

func loadGrants(t *testing.T) map[string]any {
	t.Helper()
	raw, err := policies.FS.ReadFile("grants.json")
	if err != nil {
		t.Fatalf("reading grants.json: %v", err)
	}
	var grants map[string]any
	if err := json.Unmarshal(raw, &grants); err != nil {
		t.Fatalf("parsing grants.json: %v", err)
	}
	return grants
}

func newStore(t *testing.T) storage.Store {
	t.Helper()
	return inmem.NewFromObject(map[string]any{"grants": loadGrants(t)})
}

func compile(t *testing.T, modules map[string]*ast.Module) *ast.Compiler {
	t.Helper()
	c := ast.NewCompiler()
	if c.Compile(modules); c.Failed() {
		t.Fatalf("compiling policies: %v", c.Errors)
	}
	return c
}

// TestRego runs every test_ rule of the policies against the shipped grants.
func TestRego(t *testing.T) {
	ctx := context.Background()
	runner := tester.NewRunner().
		SetModules(loadModules(t, true)).
		SetStore(newStore(t)).
		RaiseBuiltinErrors(true)
	results, err := runner.RunTests(ctx, nil)
	if err != nil {
		t.Fatalf("running rego tests: %v", err)
	}
	ran := 0
	for r := range results {
		ran++
		switch {
		case r.Error != nil:
			t.Errorf("%s.%s (%s): error: %v", r.Package, r.Name, r.Location, r.Error)
		case r.Fail:
			t.Errorf("%s.%s (%s): failed", r.Package, r.Name, r.Location)
		case r.Skip:
			t.Errorf("%s.%s (%s): skipped (todo_ tests are not allowed)", r.Package, r.Name, r.Location)
		}
	}
	if ran == 0 {
		t.Fatal("no rego tests ran")
	}
	t.Logf("%d rego tests ran", ran)
}

func declaredActions(t *testing.T) []string {
	t.Helper()
	c := compile(t, loadModules(t, false))
	rs, err := rego.New(
		rego.Query("data.its.authz.actions"),
		rego.Compiler(c),
		rego.Store(newStore(t)),
	).Eval(context.Background())
	if err != nil {
		t.Fatalf("evaluating data.its.authz.actions: %v", err)
	}
	if len(rs) != 1 || len(rs[0].Expressions) != 1 {
		t.Fatalf("data.its.authz.actions is undefined")
	}
	var out []string
	for _, a := range rs[0].Expressions[0].Value.([]any) {
		out = append(out, a.(string))
	}
	sort.Strings(out)
	return out
}

// TestCatalogue keeps the declared actions, the grants and the agreed catalogue
// in step.
func TestCatalogue(t *testing.T) {
	declared := declaredActions(t)
	want := catalogue(t)
	for _, a := range want {
		if !slices.Contains(declared, a) {
			t.Errorf("catalogue action %q is not declared in data.its.authz.actions", a)
		}
	}
	for _, a := range declared {
		if !slices.Contains(want, a) {
			t.Errorf("declared action %q is neither in a manifest nor planned", a)
		}
	}
	for a := range loadGrants(t) {
		if !slices.Contains(declared, a) {
			t.Errorf("grants.json names action %q that no module declares", a)
		}
	}
}

// TestResourceKeys keeps each manifest's resource list in step with the attributes the action's
// grants read, so that the typed actions tell the frontend every key the policy looks at.
func TestResourceKeys(t *testing.T) {
	declared := manifestActions(t)
	for action, v := range loadGrants(t) {
		keys, ok := declared[action]
		if !ok {
			continue // a planned action: no manifest to keep in step yet
		}
		for _, e := range v.([]any) {
			entry, _ := e.(map[string]any)
			var read []string
			for _, a := range asList(entry["narrow"]) {
				read = append(read, a.(string))
			}
			if d, ok := entry["department"].(string); ok {
				read = append(read, d)
			}
			if m, ok := entry["match"].(map[string]any); ok {
				for k := range m {
					read = append(read, k)
				}
			}
			for _, k := range read {
				if !slices.Contains(keys, k) {
					t.Errorf("grants.json: %s reads resource %q, which its manifest's resource list %v leaves out", action, k, keys)
				}
			}
		}
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// TestEveryActionTested requires, for every action, a rego test named
// test_<action with dots as underscores>_allow... and one named ..._deny...
func TestEveryActionTested(t *testing.T) {
	var names []string
	for path, m := range loadModules(t, true) {
		if !strings.HasSuffix(path, "_test.rego") {
			continue
		}
		for _, r := range m.Rules {
			names = append(names, r.Head.Ref().String())
		}
	}
	actions := declaredActions(t)
	for a := range loadGrants(t) {
		if !slices.Contains(actions, a) {
			actions = append(actions, a)
		}
	}
	for _, a := range actions {
		base := "test_" + strings.ReplaceAll(a, ".", "_")
		for _, kind := range []string{"_allow", "_deny"} {
			prefix := base + kind
			if !slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, prefix) }) {
				t.Errorf("action %q has no rego test named %s...", a, prefix)
			}
		}
	}
}

// TestGrantsFile checks the shape of every grant entry, so that a typo cannot
// silently widen or void a grant.
func TestGrantsFile(t *testing.T) {
	for action, v := range loadGrants(t) {
		entries, ok := v.([]any)
		if !ok || len(entries) == 0 {
			t.Errorf("%s: want a non-empty list of entries", action)
			continue
		}
		for i, e := range entries {
			entry, ok := e.(map[string]any)
			if !ok {
				t.Errorf("%s[%d]: want an object", action, i)
				continue
			}
			checkEntry(t, action, i, entry)
		}
	}
}

func checkEntry(t *testing.T, action string, i int, entry map[string]any) {
	t.Helper()
	kinds := 0
	for _, k := range []string{"public", "authenticated", "flag", "domain"} {
		if _, ok := entry[k]; ok {
			kinds++
		}
	}
	if kinds != 1 {
		t.Errorf("%s[%d]: want exactly one of public, authenticated, flag, domain", action, i)
	}
	for k, v := range entry {
		switch k {
		case "public", "authenticated":
			if v != true {
				t.Errorf("%s[%d]: %s must be true", action, i, k)
			}
			if len(entry) != 1 {
				t.Errorf("%s[%d]: %s takes no other keys", action, i, k)
			}
		case "flag":
			if s, _ := v.(string); s == "" || len(entry) != 1 {
				t.Errorf("%s[%d]: flag names a user access flag and takes no other keys", action, i)
			}
		case "domain":
			if s, _ := v.(string); !slices.Contains(knownDomains, s) {
				t.Errorf("%s[%d]: unknown permission %v", action, i, v)
			}
		case "roles":
			roles, ok := v.([]any)
			if !ok || len(roles) == 0 {
				t.Errorf("%s[%d]: roles must be a non-empty list (omit it for any role)", action, i)
			}
			for _, r := range roles {
				if s, _ := r.(string); !slices.Contains(knownRoles, s) {
					t.Errorf("%s[%d]: unknown role %v", action, i, r)
				}
			}
		case "narrow":
			attrs, ok := v.([]any)
			if !ok || len(attrs) == 0 {
				t.Errorf("%s[%d]: narrow must be a non-empty list", action, i)
			}
			for _, a := range attrs {
				if s, _ := a.(string); !slices.Contains(narrowable, s) {
					t.Errorf("%s[%d]: cannot narrow by %v", action, i, a)
				}
			}
		case "match":
			m, ok := v.(map[string]any)
			if !ok || len(m) == 0 {
				t.Errorf("%s[%d]: match must be a non-empty object", action, i)
			}
			for attr, want := range m {
				if _, ok := want.(string); !ok {
					t.Errorf("%s[%d]: match.%s must be a string", action, i, attr)
				}
			}
		case "department":
			if s, _ := v.(string); s == "" {
				t.Errorf("%s[%d]: department must name a resource attribute", action, i)
			}
		default:
			t.Errorf("%s[%d]: unknown key %q", action, i, k)
		}
	}
}

// TestProductionQuery prepares the decision without the test files, as the
// Go core does, and checks it is always a boolean.
func TestProductionQuery(t *testing.T) {
	ctx := context.Background()
	pq, err := rego.New(
		rego.Query("data.its.authz.allow"),
		rego.Compiler(compile(t, loadModules(t, false))),
		rego.Store(newStore(t)),
	).PrepareForEval(ctx)
	if err != nil {
		t.Fatalf("preparing: %v", err)
	}
	cases := []struct {
		input map[string]any
		want  bool
	}{
		{map[string]any{"action": actions.SessionLogin, "user": nil}, true},
		{map[string]any{"action": actions.SessionPing, "user": nil}, false},
		{map[string]any{"action": "no.such.action", "user": map[string]any{"id": "u"}}, false},
		{map[string]any{}, false},
		{map[string]any{"action": actions.AdminUsers, "user": nil, "env": map[string]any{"grantAll": true}}, true},
	}
	for _, c := range cases {
		rs, err := pq.Eval(ctx, rego.EvalInput(c.input))
		if err != nil {
			t.Fatalf("eval %v: %v", c.input, err)
		}
		if len(rs) != 1 || rs[0].Expressions[0].Value != c.want {
			t.Errorf("input %v: got %v, want %v", c.input, rs, c.want)
		}
	}
}

// TestFormatted keeps every policy file in the canonical Rego format.
func TestFormatted(t *testing.T) {
	err := fs.WalkDir(policies.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rego") {
			return err
		}
		src, err := fs.ReadFile(policies.FS, path)
		if err != nil {
			return err
		}
		formatted, err := format.Source(path, src)
		if err != nil {
			return err
		}
		if string(formatted) != string(src) {
			t.Errorf("%s is not in canonical Rego format", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
