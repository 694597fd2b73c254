// Package authz answers "may this user do this action on this resource?" with ITS's OPA policies,
// evaluated in process with a query prepared once at start-up. Routes, the registry and the UI's
// batch decisions all ask the same Engine.
package authz

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"
	"sync/atomic"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/identity"
	"its/policies"
)

// Query is the one decision every check evaluates.
const Query = "data.its.authz.allow"

// Engine evaluates the prepared policy query.
type Engine struct {
	prepared atomic.Pointer[rego.PreparedEvalQuery]
	actions  atomic.Pointer[map[string]bool]
	grantAll bool
	log      *slog.Logger
}

// Params wire the engine.
type Params struct {
	fx.In
	Config *config.Config
	Log    *slog.Logger
}

// New compiles the embedded policies and prepares the query.
func New(p Params) (*Engine, error) {
	e := &Engine{grantAll: p.Config.Authz.GrantAll && !p.Config.Production(), log: p.Log}
	if p.Config.Authz.GrantAll && p.Config.Production() {
		return nil, fmt.Errorf("authz.grant_all is not allowed in production")
	}
	if err := e.Load(context.Background(), policies.FS); err != nil {
		return nil, err
	}
	if e.grantAll {
		p.Log.Warn("authz.grant_all is on: every logged-in user may do everything (development only)")
	}
	return e, nil
}

// Load (re)prepares the query from the .rego files and grants.json in fsys; test files are left
// out. Requests in flight keep the query they started with.
func (e *Engine) Load(ctx context.Context, fsys fs.FS) error {
	var opts []func(*rego.Rego)
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rego") || strings.HasSuffix(path, "_test.rego") {
			return err
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		opts = append(opts, rego.Module("policies/"+path, string(b)))
		return nil
	})
	if err != nil {
		return err
	}
	raw, err := fs.ReadFile(fsys, "grants.json")
	if err != nil {
		return fmt.Errorf("policies/grants.json: %w", err)
	}
	var grants map[string]any
	if err := json.Unmarshal(raw, &grants); err != nil {
		return fmt.Errorf("policies/grants.json: %w", err)
	}
	// AST values on read: the grants are converted once here, not on every evaluation.
	store := inmem.NewFromObjectWithOpts(map[string]any{"grants": grants}, inmem.OptReturnASTValuesOnRead(true))
	opts = append(opts, rego.Query(Query), rego.Store(store))
	pq, err := rego.New(opts...).PrepareForEval(ctx)
	if err != nil {
		return fmt.Errorf("policies: %w", err)
	}
	cat, err := rego.New(append(opts[:len(opts)-2:len(opts)-2], rego.Query("data.its.authz.actions"), rego.Store(store))...).Eval(ctx)
	if err != nil {
		return fmt.Errorf("policies: action catalogue: %w", err)
	}
	actions := map[string]bool{}
	if len(cat) == 1 && len(cat[0].Expressions) == 1 {
		if list, ok := cat[0].Expressions[0].Value.([]any); ok {
			for _, a := range list {
				if s, ok := a.(string); ok {
					actions[s] = true
				}
			}
		}
	}
	e.prepared.Store(&pq)
	e.actions.Store(&actions)
	return nil
}

// Known reports whether the policies' catalogue (data.its.authz.actions) has action; the
// registry refuses to start with a route, nav entry or UI route naming an unknown one.
func (e *Engine) Known(action string) bool {
	m := e.actions.Load()
	return m != nil && (*m)[action]
}

// Check is one question: an action on a resource.
type Check struct {
	Action   string         `json:"action"`
	Resource map[string]any `json:"resource,omitempty"`
}

// Allowed answers one check for u (nil = anonymous). An undefined decision is a no.
func (e *Engine) Allowed(ctx context.Context, u *identity.User, action string, resource map[string]any) (bool, error) {
	return e.eval(ctx, userValue(u), action, resource)
}

// AllowedMany answers several checks for one user, converting the user once.
func (e *Engine) AllowedMany(ctx context.Context, u *identity.User, checks []Check) ([]bool, error) {
	uv := userValue(u)
	out := make([]bool, len(checks))
	for i, c := range checks {
		ok, err := e.eval(ctx, uv, c.Action, c.Resource)
		if err != nil {
			return nil, err
		}
		out[i] = ok
	}
	return out, nil
}

func (e *Engine) eval(ctx context.Context, user ast.Value, action string, resource map[string]any) (bool, error) {
	res := ast.NewObject()
	for k, v := range resource {
		tv, err := ast.InterfaceToValue(v)
		if err != nil {
			return false, fmt.Errorf("resource %s: %w", k, err)
		}
		res.Insert(ast.StringTerm(k), ast.NewTerm(tv))
	}
	input := ast.NewObject(
		ast.Item(ast.StringTerm("action"), ast.StringTerm(action)),
		ast.Item(ast.StringTerm("resource"), ast.NewTerm(res)),
		ast.Item(ast.StringTerm("user"), ast.NewTerm(user)),
		// The development bypass covers logged-in users only; anonymous calls stay public-only.
		ast.Item(ast.StringTerm("env"), ast.ObjectTerm(ast.Item(ast.StringTerm("grantAll"), ast.BooleanTerm(e.grantAll && user != ast.Null{})))),
	)
	rs, err := e.prepared.Load().Eval(ctx, rego.EvalParsedInput(input))
	if err != nil {
		return false, err
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return false, nil
	}
	b, _ := rs[0].Expressions[0].Value.(bool)
	return b, nil
}

// userValue builds the input.user object of the policies' contract.
func userValue(u *identity.User) ast.Value {
	if u == nil {
		return ast.Null{}
	}
	perms := make([]*ast.Term, 0, len(u.Permissions))
	for _, p := range u.Permissions {
		perms = append(perms, ast.ObjectTerm(
			ast.Item(ast.StringTerm("domain"), ast.StringTerm(p.Domain)),
			ast.Item(ast.StringTerm("role"), ast.StringTerm(p.Role)),
			ast.Item(ast.StringTerm("channel"), ast.StringTerm(p.Channel)),
			ast.Item(ast.StringTerm("region"), ast.StringTerm(p.Region)),
			ast.Item(ast.StringTerm("productType"), ast.StringTerm(p.ProductType)),
		))
	}
	tbes := make([]*ast.Term, 0, len(u.UserTBEs))
	for _, t := range u.UserTBEs {
		locs := make([]*ast.Term, 0, len(t.Locations))
		for _, l := range t.Locations {
			locs = append(locs, ast.ObjectTerm(ast.Item(ast.StringTerm("key"), ast.StringTerm(l.Key))))
		}
		tbes = append(tbes, ast.ObjectTerm(
			ast.Item(ast.StringTerm("territory"), ast.StringTerm(t.Territory)),
			ast.Item(ast.StringTerm("businessEntity"), ast.StringTerm(t.BusinessEntity)),
			ast.Item(ast.StringTerm("locations"), ast.ArrayTerm(locs...)),
		))
	}
	return ast.NewObject(
		ast.Item(ast.StringTerm("id"), ast.StringTerm(u.ID)),
		ast.Item(ast.StringTerm("email"), ast.StringTerm(u.Email)),
		ast.Item(ast.StringTerm("userCode"), ast.StringTerm(u.UserCode)),
		ast.Item(ast.StringTerm("permissions"), ast.ArrayTerm(perms...)),
		ast.Item(ast.StringTerm("departmentAccess"), strings2(u.DepartmentAccess)),
		ast.Item(ast.StringTerm("flags"), strings2(u.Flags)),
		ast.Item(ast.StringTerm("userTBEs"), ast.ArrayTerm(tbes...)),
	)
}

func strings2(ss []string) *ast.Term {
	ts := make([]*ast.Term, len(ss))
	for i, s := range ss {
		ts[i] = ast.StringTerm(s)
	}
	return ast.ArrayTerm(ts...)
}

// Module provides the engine.
var Module = fx.Module("authz", fx.Provide(New))
