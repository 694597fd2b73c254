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
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/metrics"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/topdown"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/identity"
	itsmetrics "its/core/metrics"
	"its/policies"
)

// Query is the one decision every check evaluates.
const Query = "data.its.authz.allow"

// Engine evaluates the prepared policy query.
type Engine struct {
	prepared atomic.Pointer[rego.PreparedEvalQuery]
	actions  atomic.Pointer[map[string]*ast.Term] // the catalogue, each action with its input term
	users    userCache
	grantAll bool
	log      *slog.Logger
	metrics  *itsmetrics.Metrics
}

// Params wire the engine.
type Params struct {
	fx.In
	Config  *config.Config
	Log     *slog.Logger
	Metrics *itsmetrics.Metrics `optional:"true"`
}

// New compiles the embedded policies and prepares the query.
func New(p Params) (*Engine, error) {
	e := &Engine{grantAll: p.Config.Authz.GrantAll && !p.Config.Production(), log: p.Log, metrics: p.Metrics}
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
// out. grants.json is compiled into Rego rules (policies.GrantRules) and also loaded as
// data.grants. Requests in flight keep the query they started with.
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
	rules, err := policies.GrantRules(raw)
	if err != nil {
		return fmt.Errorf("policies/%w", err)
	}
	opts = append(opts, rego.Module("policies/"+policies.GrantRulesPath, rules))
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
	e.prepared.Store(&pq)
	e.actions.Store(&actions)
	return nil
}

// Known reports whether the policies' catalogue (data.its.authz.actions) has action; the
// registry refuses to start with a route, nav entry or UI route naming an unknown one.
func (e *Engine) Known(action string) bool {
	m := e.actions.Load()
	return m != nil && (*m)[action] != nil
}

// Check is one question: an action on a resource.
type Check struct {
	Action   string         `json:"action"`
	Resource map[string]any `json:"resource,omitempty"`
}

// Allowed answers one check for u (nil = anonymous). An undefined decision is a no.
func (e *Engine) Allowed(ctx context.Context, u *identity.User, action string, resource map[string]any) (bool, error) {
	start := time.Now()
	ok, err := e.eval(ctx, e.users.value(u), action, resource)
	e.metrics.Authz(ok, err, time.Since(start))
	return ok, err
}

// AllowedMany answers several checks for one user, converting the user once.
func (e *Engine) AllowedMany(ctx context.Context, u *identity.User, checks []Check) ([]bool, error) {
	uv := e.users.value(u)
	out := make([]bool, len(checks))
	for i, c := range checks {
		start := time.Now()
		ok, err := e.eval(ctx, uv, c.Action, c.Resource)
		e.metrics.Authz(ok, err, time.Since(start))
		if err != nil {
			return nil, err
		}
		out[i] = ok
	}
	return out, nil
}

// Per-evaluation options that never change: no metrics are collected, and no goroutine is
// started to watch the context (an evaluation takes microseconds and makes no calls out; the
// context is checked before it starts).
var (
	noMetrics  = rego.EvalMetrics(metrics.NoOp())
	noWatching = rego.EvalExternalCancel(topdown.NewCancel())
)

// Terms of the input that never change: its keys, the two env objects and the resource
// attributes of the policies' contract (policies/README.md).
var (
	keyAction, keyResource = ast.StringTerm("action"), ast.StringTerm("resource")
	keyUser, keyEnv        = ast.StringTerm("user"), ast.StringTerm("env")
	envOff                 = ast.ObjectTerm(ast.Item(ast.StringTerm("grantAll"), ast.BooleanTerm(false)))
	envOn                  = ast.ObjectTerm(ast.Item(ast.StringTerm("grantAll"), ast.BooleanTerm(true)))
	resourceKeys           = stringTerms("channel", "region", "productType", "libraryType", "library", "orderType",
		"status", "newStatus", "approverCode", "seniorApproverCode", "requesterCode", "event", "domain", "ownerId")
)

func stringTerms(ss ...string) map[string]*ast.Term {
	m := make(map[string]*ast.Term, len(ss))
	for _, s := range ss {
		m[s] = ast.StringTerm(s)
	}
	return m
}

func (e *Engine) eval(ctx context.Context, user *ast.Term, action string, resource map[string]any) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	res := ast.NewObjectWithCapacity(len(resource))
	for k, v := range resource {
		var tv *ast.Term
		if s, ok := v.(string); ok {
			tv = ast.StringTerm(s)
		} else {
			val, err := ast.InterfaceToValue(v)
			if err != nil {
				return false, fmt.Errorf("resource %s: %w", k, err)
			}
			tv = ast.NewTerm(val)
		}
		kt := resourceKeys[k]
		if kt == nil {
			kt = ast.StringTerm(k)
		}
		res.Insert(kt, tv)
	}
	at := (*e.actions.Load())[action]
	if at == nil {
		at = ast.StringTerm(action)
	}
	env := envOff
	// The development bypass covers logged-in users only; anonymous calls stay public-only.
	if e.grantAll && user != nullUser {
		env = envOn
	}
	input := ast.NewObject(
		ast.Item(keyAction, at),
		ast.Item(keyResource, ast.NewTerm(res)),
		ast.Item(keyUser, user),
		ast.Item(keyEnv, env),
	)
	cache := getEvalCache()
	defer cache.release()
	rs, err := e.prepared.Load().Eval(ctx, rego.EvalParsedInput(input), rego.EvalVirtualCache(cache), noMetrics, noWatching)
	if err != nil {
		return false, err
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return false, nil
	}
	b, _ := rs[0].Expressions[0].Value.(bool)
	return b, nil
}

// Module provides the engine.
var Module = fx.Module("authz", fx.Provide(New))
