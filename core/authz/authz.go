// Package authz answers "may this user do this action on this resource?" with ITS's OPA policies,
// evaluated in process with a query prepared once at start-up. Routes, the registry and the UI's
// batch decisions all ask the same Engine.
package authz

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/metrics"
	"github.com/open-policy-agent/opa/v1/rego"
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
//
// The policies in effect are one set of files (Files): the live version's files (SetLive; at
// construction the set embedded in the binary, policies.FS) plus named overlays (SetOverlay),
// each overlay's files added under "overlays/<name>/" and its grants.json entries merged into the
// live grants (an action granted twice is an error). Any change rebuilds the whole effective set
// (compile, catalogue) under a mutex and then swaps it in with one atomic store: decisions never
// take that mutex or touch the database, and requests in flight finish on the set they started
// with. Each swap also drops the memoised user terms. A change that does not compile, or that
// loses an action a running module declares (Require), leaves the set in effect unchanged.
type Engine struct {
	live     atomic.Pointer[compiled]
	users    userCache
	grantAll bool
	log      *slog.Logger
	metrics  *itsmetrics.Metrics
	// deadline bounds every decision (it fails closed past it); budget bounds the slowest
	// decision of a set being saved (CheckBudget).
	deadline, budget time.Duration
	recorder         DeadlineRecorder
	probes           []*identity.User // guarded by mu

	mu       sync.Mutex // serialises rebuilds; never taken by a decision
	base     Files
	version  int64
	overlays map[string]Files
	// effective is the files the set in effect was compiled from (base and overlays merged).
	effective Files
	gen       int64 // counts overlay changes
	required  []string
}

// Params wire the engine.
type Params struct {
	fx.In
	Config   *config.Config
	Log      *slog.Logger
	Metrics  *itsmetrics.Metrics `optional:"true"`
	Recorder DeadlineRecorder    `optional:"true"`
}

// DeadlineRecorder keeps a record of each decision refused for running past its deadline (the
// audit log).
type DeadlineRecorder interface {
	DecisionTimedOut(ctx context.Context, u *identity.User, action string, after time.Duration)
}

// ErrDeadline is a decision that ran past its deadline: the check is refused.
var ErrDeadline = errors.New("authz: the policy decision ran past its deadline")

// New compiles the embedded policies and prepares the query.
func New(p Params) (*Engine, error) {
	e := &Engine{grantAll: p.Config.Authz.GrantAll && !p.Config.Production(), log: p.Log, metrics: p.Metrics,
		deadline: p.Config.Authz.DecisionDeadline.Duration, budget: p.Config.Authz.DecisionBudget.Duration, recorder: p.Recorder}
	if e.deadline <= 0 {
		return nil, fmt.Errorf("authz.decision_deadline must be positive")
	}
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

// Load (re)prepares the query from the .rego files and grants.json in fsys as the live set
// (version 0: not from the database); test files are left out of the query. grants.json is
// compiled into Rego rules (policies.GrantRules) and also loaded as data.grants.
func (e *Engine) Load(ctx context.Context, fsys fs.FS) error {
	f, err := FilesOf(fsys)
	if err != nil {
		return err
	}
	return e.SetLive(ctx, 0, f)
}

// SetLive makes f, policy version v, the base of the effective set.
func (e *Engine) SetLive(ctx context.Context, v int64, f Files) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.rebuild(ctx, f, e.overlays); err != nil {
		return err
	}
	e.base, e.version = f, v
	return nil
}

// Live is the version and files of the live set, without overlays (version 0: the embedded set).
func (e *Engine) Live() (int64, Files) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.version, e.base
}

// Require names actions the effective set must always know (the registry's declared actions): a
// set without one of them never goes live.
func (e *Engine) Require(actions []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.required = append([]string(nil), actions...)
}

// Required lists the actions Require named.
func (e *Engine) Required() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.required...)
}

// SetOverlay adds (or replaces) the overlay name: its .rego files and grants.json join every
// effective set from now on, whatever version is live.
func (e *Engine) SetOverlay(ctx context.Context, name string, fsys fs.FS) error {
	f, err := FilesOf(fsys)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	next := maps.Clone(e.overlays)
	if next == nil {
		next = map[string]Files{}
	}
	next[name] = f
	if err := e.rebuild(ctx, e.base, next); err != nil {
		return err
	}
	e.overlays = next
	e.gen++
	return nil
}

// RemoveOverlay drops the overlay name (nothing when there is none).
func (e *Engine) RemoveOverlay(ctx context.Context, name string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, ok := e.overlays[name]; !ok {
		return nil
	}
	next := maps.Clone(e.overlays)
	delete(next, name)
	if err := e.rebuild(ctx, e.base, next); err != nil {
		return err
	}
	e.overlays = next
	e.gen++
	return nil
}

// Prepared is a set that compiled and passed its tests with the overlays in effect at Check.
type Prepared struct {
	base  Files
	files Files // base with the overlays (what c was compiled from)
	c     *compiled
	gen   int64
}

// Check validates base as it would go live: with the overlays in effect, against the actions the
// modules declare, running the set's tests (Validate). The Prepared is nil unless the report is OK.
func (e *Engine) Check(ctx context.Context, base Files) (*Report, *Prepared, error) {
	e.mu.Lock()
	f, err := effective(base, e.overlays)
	gen, required := e.gen, e.required
	e.mu.Unlock()
	if err != nil {
		return nil, nil, err
	}
	rep, c := Validate(ctx, f, required)
	if c == nil {
		return rep, nil, nil
	}
	// A test runs a few decisions: one that takes several deadlines holds a slow branch.
	for _, t := range rep.Tests {
		if t.Took > slowTest*e.deadline {
			rep.Errors = append(rep.Errors, CompileError{File: t.File, Row: t.Row, Message: fmt.Sprintf("test %s took %v: a decision may take at most %v", t.Name, t.Took.Round(time.Millisecond), e.deadline)})
		}
	}
	if slow := e.overBudget(ctx, c); len(slow) > 0 || len(rep.Errors) > 0 {
		rep.Errors = append(rep.Errors, slow...)
		rep.OK = false
		return rep, nil, nil
	}
	return rep, &Prepared{base: base, files: f, c: c, gen: gen}, nil
}

// slowTest is how many decision deadlines a test of a set may take.
const slowTest = 4

// SetProbes names the users whose decisions a set must make within the budget before it may be
// saved (each role's demo user); nobody (an anonymous call) is always one.
func (e *Engine) SetProbes(users []*identity.User) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.probes = users
}

// overBudget decides every action of c for each probe and names each decision slower than the
// budget (or past the deadline), with the user and the time. A slow decision is timed once more
// before it counts, so one pause of a busy machine does not refuse a set.
func (e *Engine) overBudget(ctx context.Context, c *compiled) CompileErrors {
	e.mu.Lock()
	probes := append([]*identity.User{nil}, e.probes...)
	e.mu.Unlock()
	var errs CompileErrors
	for _, action := range slices.Sorted(maps.Keys(c.actions)) {
		for _, u := range probes {
			took, err := e.timeDecision(ctx, c, u, action)
			if err == nil && took > e.budget {
				took, err = e.timeDecision(ctx, c, u, action)
			}
			if err != nil && !errors.Is(err, ErrDeadline) {
				return append(errs, CompileError{Message: fmt.Sprintf("action %q: %v", action, err)})
			}
			if took > e.budget || err != nil {
				who := "an anonymous caller"
				if u != nil {
					who = u.Email
				}
				errs = append(errs, CompileError{Message: fmt.Sprintf("action %q for %s took %v, over the %v a decision may take: make the rule cheaper before saving", action, who, took.Round(time.Microsecond), e.budget)})
			}
		}
	}
	return errs
}

func (e *Engine) timeDecision(ctx context.Context, c *compiled, u *identity.User, action string) (time.Duration, error) {
	start := time.Now()
	_, err := e.evalIn(ctx, c, userTerm(u), action, nil)
	return time.Since(start), err
}

// Activate makes p live as version v (recompiling when an overlay changed since Check).
func (e *Engine) Activate(ctx context.Context, v int64, p *Prepared) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if p.gen != e.gen {
		if err := e.rebuild(ctx, p.base, e.overlays); err != nil {
			return err
		}
	} else {
		e.install(p.c)
		e.effective = p.files
	}
	e.base, e.version = p.base, v
	return nil
}

// Effective is base with overlays: what the engine decides with when base is live.
func (e *Engine) Effective(base Files) (Files, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return effective(base, e.overlays)
}

func effective(base Files, overlays map[string]Files) (Files, error) {
	if len(overlays) == 0 {
		return base, nil
	}
	out := maps.Clone(base)
	var grants map[string]json.RawMessage
	if raw, ok := base[GrantsFile]; ok {
		if err := json.Unmarshal([]byte(raw), &grants); err != nil {
			return nil, fmt.Errorf("policies/%s: %w", GrantsFile, err)
		}
	}
	if grants == nil {
		grants = map[string]json.RawMessage{}
	}
	names := slices.Sorted(maps.Keys(overlays))
	for _, name := range names {
		for path, src := range overlays[name] {
			if path != GrantsFile {
				out["overlays/"+name+"/"+path] = src
				continue
			}
			var add map[string]json.RawMessage
			if err := json.Unmarshal([]byte(src), &add); err != nil {
				return nil, fmt.Errorf("overlay %s: %s: %w", name, GrantsFile, err)
			}
			for a, v := range add {
				if _, dup := grants[a]; dup {
					return nil, fmt.Errorf("overlay %s: %s grants %q, which is already granted", name, GrantsFile, a)
				}
				grants[a] = v
			}
		}
	}
	raw, err := json.Marshal(grants)
	if err != nil {
		return nil, err
	}
	out[GrantsFile] = string(raw)
	return out, nil
}

// rebuild compiles base with overlays and swaps it in; e.mu is held.
func (e *Engine) rebuild(ctx context.Context, base Files, overlays map[string]Files) error {
	f, err := effective(base, overlays)
	if err != nil {
		return err
	}
	c := e.live.Load()
	// The same files compile to the same set: a server starting on a database whose live
	// version is the embedded set does not compile it a second time.
	if c == nil || !maps.Equal(f, e.effective) {
		if c, err = compileSet(ctx, f); err != nil {
			return err
		}
	}
	for _, a := range e.required {
		if c.actions[a] == nil {
			return fmt.Errorf("policies: action %q is declared by a module but has no rule", a)
		}
	}
	if c != e.live.Load() {
		e.install(c)
	}
	e.effective = f
	return nil
}

// install swaps c in and drops the memoised user terms.
func (e *Engine) install(c *compiled) {
	e.live.Store(c)
	e.users.reset()
}

// Known reports whether the policies' catalogue (data.its.authz.actions) has action; the
// registry refuses to start with a route, nav entry or UI route naming an unknown one.
func (e *Engine) Known(action string) bool {
	c := e.live.Load()
	return c != nil && c.actions[action] != nil
}

// Check is one question: an action on a resource.
type Check struct {
	Action   string         `json:"action"`
	Resource map[string]any `json:"resource,omitempty"`
}

// Allowed answers one check for u (nil = anonymous). An undefined decision is a no, and so is
// one that runs past the deadline (recorded and counted).
func (e *Engine) Allowed(ctx context.Context, u *identity.User, action string, resource map[string]any) (bool, error) {
	start := time.Now()
	ok, err := e.eval(ctx, e.users.value(u), action, resource)
	return e.decided(ctx, u, action, ok, err, time.Since(start))
}

// decided records a decision; one past its deadline is a refusal, audited and logged.
func (e *Engine) decided(ctx context.Context, u *identity.User, action string, ok bool, err error, took time.Duration) (bool, error) {
	if errors.Is(err, ErrDeadline) {
		e.metrics.AuthzDeadline(took)
		who := ""
		if u != nil {
			who = u.ID
		}
		e.log.WarnContext(ctx, "policy decision ran past its deadline: refused", "action", action, "user", who, "took", took)
		if e.recorder != nil {
			e.recorder.DecisionTimedOut(ctx, u, action, took)
		}
		return false, nil
	}
	e.metrics.Authz(ok, err, took)
	return ok, err
}

// AllowedMany answers several checks for one user, converting the user once.
func (e *Engine) AllowedMany(ctx context.Context, u *identity.User, checks []Check) ([]bool, error) {
	uv := e.users.value(u)
	out := make([]bool, len(checks))
	for i, c := range checks {
		start := time.Now()
		ok, err := e.eval(ctx, uv, c.Action, c.Resource)
		ok, err = e.decided(ctx, u, c.Action, ok, err, time.Since(start))
		if err != nil {
			return nil, err
		}
		out[i] = ok
	}
	return out, nil
}

// No metrics are collected per evaluation. No goroutine watches the request's context either
// (an evaluation takes microseconds and makes no calls out; the context is checked before it
// starts): the deadline's timer cancels it instead.
var noMetrics = rego.EvalMetrics(metrics.NoOp())

// Terms of the input that never change: its keys, the two env objects and the resource
// attributes of the policies' contract (policies/README.md).
var (
	keyAction, keyResource = ast.StringTerm("action"), ast.StringTerm("resource")
	keyUser, keyEnv        = ast.StringTerm("user"), ast.StringTerm("env")
	envOff                 = ast.ObjectTerm(ast.Item(ast.StringTerm("grantAll"), ast.BooleanTerm(false)))
	envOn                  = ast.ObjectTerm(ast.Item(ast.StringTerm("grantAll"), ast.BooleanTerm(true)))
	resourceKeys           = stringTerms("channel", "region", "productType", "status", "newStatus", "domain", "ownerId")
)

func stringTerms(ss ...string) map[string]*ast.Term {
	m := make(map[string]*ast.Term, len(ss))
	for _, s := range ss {
		m[s] = ast.StringTerm(s)
	}
	return m
}

func (e *Engine) eval(ctx context.Context, user *ast.Term, action string, resource map[string]any) (bool, error) {
	return e.evalIn(ctx, e.live.Load(), user, action, resource)
}

// input is the decision's input for user asking action on resource under the set c.
func (e *Engine) input(c *compiled, user *ast.Term, action string, resource map[string]any) (ast.Value, error) {
	res := ast.NewObjectWithCapacity(len(resource))
	for k, v := range resource {
		var tv *ast.Term
		if s, ok := v.(string); ok {
			tv = ast.StringTerm(s)
		} else {
			val, err := ast.InterfaceToValue(v)
			if err != nil {
				return nil, fmt.Errorf("resource %s: %w", k, err)
			}
			tv = ast.NewTerm(val)
		}
		kt := resourceKeys[k]
		if kt == nil {
			kt = ast.StringTerm(k)
		}
		res.Insert(kt, tv)
	}
	at := c.actions[action]
	if at == nil {
		at = ast.StringTerm(action)
	}
	env := envOff
	// The development bypass covers logged-in users only; anonymous calls stay public-only.
	if e.grantAll && user != nullUser {
		env = envOn
	}
	return ast.NewObject(
		ast.Item(keyAction, at),
		ast.Item(keyResource, ast.NewTerm(res)),
		ast.Item(keyUser, user),
		ast.Item(keyEnv, env),
	), nil
}

func (e *Engine) evalIn(ctx context.Context, c *compiled, user *ast.Term, action string, resource map[string]any) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	input, err := e.input(c, user, action, resource)
	if err != nil {
		return false, err
	}
	cache := getEvalCache()
	defer cache.release()
	dl := armDeadline(e.deadline)
	rs, err := c.pq.Eval(ctx, rego.EvalParsedInput(input), rego.EvalVirtualCache(cache), noMetrics, rego.EvalExternalCancel(dl.cancel))
	if dl.passed() || topdown.IsCancel(err) {
		return false, ErrDeadline
	}
	if err != nil {
		return false, err
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return false, nil
	}
	b, _ := rs[0].Expressions[0].Value.(bool)
	return b, nil
}

// deadline cancels one evaluation when its time is up: a timer, not a goroutine per decision.
type deadline struct {
	cancel topdown.Cancel
	timer  *time.Timer
}

func armDeadline(d time.Duration) deadline {
	c := topdown.NewCancel()
	return deadline{cancel: c, timer: time.AfterFunc(d, c.Cancel)}
}

// passed disarms the deadline and reports whether it had already fired.
func (d deadline) passed() bool { return !d.timer.Stop() }

// Module provides the engine.
var Module = fx.Module("authz", fx.Provide(New))
