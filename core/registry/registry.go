// Package registry is ITS's declarative module registry: each module contributes its manifest
// (module.yaml) and its Go routes; the registry checks that the two agree, mounts every route
// behind its policy action, and answers GET /api/modules with what the current user may see.
package registry

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/core/session"
)

// Module is what a module contributes to the registry (provide it with AsModule).
type Module struct {
	// File names the manifest in error messages, e.g. modules/users/module.yaml.
	File string
	// Manifest is the module.yaml content.
	Manifest []byte
	// Routes registers the module's API routes; every one must be listed in the manifest.
	Routes func(r Router)
	// Seed loads the module's demo data into an empty database (optional).
	Seed func(ctx context.Context, tx pgx.Tx, env SeedEnv) error
	// SeedOrder sorts seeders (lower first; accounts come before what refers to them).
	SeedOrder int
}

// SeedEnv is what seeders get.
type SeedEnv struct {
	DemoPassword string
	Log          *slog.Logger
}

// AsModule annotates a constructor of Module for the registry's fx group.
func AsModule(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"modules"`)))
}

// Router is how a module registers routes; action is the policy action checked before h runs.
type Router interface {
	Handle(method, path, action string, h httpx.HandlerFunc, opts ...RouteOption)
}

// RouteOption adjusts one route.
type RouteOption func(*route)

// ResourceFunc builds the policy's resource attributes from the request (path and query values).
type ResourceFunc func(r *http.Request) map[string]any

// WithResource makes the route pass resource attributes to the policy. Without it, the route's
// URL parameters are the resource.
func WithResource(fn ResourceFunc) RouteOption { return func(rt *route) { rt.resource = fn } }

// NoResource keeps the route's URL parameters (ids, codes, file names) out of the policy's
// resource: the policy decides on the action alone and the service checks the object.
func NoResource() RouteOption {
	return WithResource(func(*http.Request) map[string]any { return nil })
}

// CrossSite mounts the route outside the session middleware: it is posted by another site (a
// provider's back-channel call, a form a provider's page posts) with its credential, a signed
// token, in the body, so it carries no session and no CSRF token. Its policy decides for an
// anonymous caller.
func CrossSite() RouteOption { return func(rt *route) { rt.crossSite = true } }

// AuditDenied records every logged-in request the route's policy refuses in the audit log
// (through the DenialRecorder the app provides).
func AuditDenied() RouteOption { return func(rt *route) { rt.auditDenied = true } }

// CheckFunc answers the second questions a route asks the policy for a request r (whose user is
// in r's context), from what the request names alone (its path, its query, its caller): none
// when this request asks none, else each must be allowed; an error (a 400 for a path value that
// names nothing) is the route's answer as is.
type CheckFunc func(r *http.Request) ([]authz.Check, error)

// Also makes the route ask the policy a second question before its handler runs: action on the
// route's own resource (see WithResource). A refusal answers as the route's own action does (401
// anonymous, else 403 naming action), so a handler keeps only the checks that need the objects
// it loads.
func Also(action string) RouteOption {
	return func(rt *route) {
		rt.also = append(rt.also, func(r *http.Request) ([]authz.Check, error) {
			return []authz.Check{{Action: action, Resource: rt.resourceOf(r)}}, nil
		})
	}
}

// AlsoBy is Also for second questions that depend on the request: fn names each action and its
// resource (or none) from the path, the query or the caller.
func AlsoBy(fn CheckFunc) RouteOption {
	return func(rt *route) { rt.also = append(rt.also, fn) }
}

// DenialRecorder keeps a refused request (the user, the route, its action) for the audit log.
type DenialRecorder interface {
	Denied(ctx context.Context, u *identity.User, method, path, action string)
}

type route struct {
	module      string
	method      string
	path        string
	action      string
	handler     httpx.HandlerFunc
	resource    ResourceFunc
	auditDenied bool
	crossSite   bool
	// also are the route's second questions (Also, AlsoBy), asked in order after its action.
	also []CheckFunc
}

type recorder struct {
	module string
	routes []*route
}

func (r *recorder) Handle(method, path, action string, h httpx.HandlerFunc, opts ...RouteOption) {
	rt := &route{module: r.module, method: method, path: path, action: action, handler: h}
	for _, o := range opts {
		o(rt)
	}
	r.routes = append(r.routes, rt)
}

// Loaded is a validated module.
type Loaded struct {
	Manifest *Manifest
	Module   Module
	routes   []*route
}

// Registry holds every loaded module.
type Registry struct {
	Modules []*Loaded
	Actions map[string]string // action id -> declaring module
	// routeModules maps "METHOD pattern" to the module that declared the route.
	routeModules map[string]string
	authz        *authz.Engine
	denials      DenialRecorder
	log          *slog.Logger
	// dynamic holds the modules added while ITS runs (plugins), set once at start-up.
	dynamic Dynamic
}

// Params wire the registry.
type Params struct {
	fx.In
	Modules []Module `group:"modules"`
	Authz   *authz.Engine
	Log     *slog.Logger
	Denials DenialRecorder `optional:"true"`
}

// New validates every manifest against the schema and against the module's Go routes; any
// disagreement stops start-up with the file and field named.
func New(p Params) (*Registry, error) {
	reg := &Registry{Actions: map[string]string{}, routeModules: map[string]string{}, authz: p.Authz, denials: p.Denials, log: p.Log}
	ids := map[string]string{}
	for _, m := range p.Modules {
		man, err := ParseManifest(m.File, m.Manifest)
		if err != nil {
			return nil, err
		}
		if prev, dup := ids[man.ID]; dup {
			return nil, fmt.Errorf("%s: field /id: module id %q is already used by %s", m.File, man.ID, prev)
		}
		ids[man.ID] = m.File
		for i, a := range man.Actions {
			if prev, dup := reg.Actions[a.ID]; dup {
				return nil, fmt.Errorf("%s: field /actions/%d/id: action %q is already declared by module %s", m.File, i, a.ID, prev)
			}
			if p.Authz != nil && !p.Authz.Known(a.ID) {
				return nil, fmt.Errorf("%s: field /actions/%d/id: action %q has no rule in policies/ (add it to the module's policy and grants.json)", m.File, i, a.ID)
			}
			reg.Actions[a.ID] = man.ID
		}
		rec := &recorder{module: man.ID}
		if m.Routes != nil {
			m.Routes(rec)
		}
		reg.Modules = append(reg.Modules, &Loaded{Manifest: man, Module: m, routes: rec.routes})
		for _, rt := range rec.routes {
			reg.routeModules[key(rt.method, rt.path)] = man.ID
		}
	}
	sort.Slice(reg.Modules, func(i, j int) bool { return reg.Modules[i].Manifest.ID < reg.Modules[j].Manifest.ID })
	if p.Authz != nil {
		// Every policy set that goes live later must still know these.
		p.Authz.Require(reg.DeclaredActions())
	}
	for _, l := range reg.Modules {
		if err := reg.check(l); err != nil {
			return nil, err
		}
	}
	return reg, nil
}

func key(method, path string) string { return method + " " + path }

func (reg *Registry) check(l *Loaded) error {
	file := l.Module.File
	declared := map[string]int{}
	for i, a := range l.Manifest.API {
		if _, ok := reg.Actions[a.Action]; !ok {
			return fmt.Errorf("%s: field /api/%d/action: action %q is not declared in any manifest's actions", file, i, a.Action)
		}
		k := key(a.Method, a.Path)
		if _, dup := declared[k]; dup {
			return fmt.Errorf("%s: field /api/%d: route %s is listed twice", file, i, k)
		}
		declared[k] = i
	}
	for i, n := range l.Manifest.Nav {
		if _, ok := reg.Actions[n.Action]; !ok {
			return fmt.Errorf("%s: field /nav/%d/action: action %q is not declared", file, i, n.Action)
		}
	}
	for i, u := range l.Manifest.UI {
		if _, ok := reg.Actions[u.Action]; !ok {
			return fmt.Errorf("%s: field /ui/%d/action: action %q is not declared", file, i, u.Action)
		}
		if l.Manifest.Remote == nil {
			return fmt.Errorf("%s: field /ui/%d: a UI route needs the module's remote", file, i)
		}
	}
	registered := map[string]bool{}
	for _, rt := range l.routes {
		k := key(rt.method, rt.path)
		i, ok := declared[k]
		if !ok {
			return fmt.Errorf("%s: field /api: route %s is registered in Go but not declared in the manifest", file, k)
		}
		if want := l.Manifest.API[i].Action; want != rt.action {
			return fmt.Errorf("%s: field /api/%d/action: manifest says %q, Go registers %q for %s", file, i, want, rt.action, k)
		}
		registered[k] = true
	}
	for i, a := range l.Manifest.API {
		if !registered[key(a.Method, a.Path)] {
			return fmt.Errorf("%s: field /api/%d: route %s %s is declared in the manifest but not registered in Go", file, i, a.Method, a.Path)
		}
	}
	return nil
}

// Mount adds every module route but the CrossSite ones to r, each behind its policy action.
func (reg *Registry) Mount(r chi.Router) { reg.mount(r, false) }

// MountCrossSite adds the CrossSite routes to r (a router without the session middleware).
func (reg *Registry) MountCrossSite(r chi.Router) { reg.mount(r, true) }

func (reg *Registry) mount(r chi.Router, crossSite bool) {
	for _, l := range reg.Modules {
		for _, rt := range l.routes {
			if rt.crossSite == crossSite {
				r.Method(rt.method, rt.path, reg.guard(rt))
			}
		}
	}
}

// guard checks the route's action before the handler: anonymous and refused answers 401 (or the
// session-expired 401), logged in and refused answers 403.
func (reg *Registry) guard(rt *route) http.Handler {
	return httpx.Wrap(reg.log, func(w http.ResponseWriter, r *http.Request) error {
		u := identity.FromContext(r.Context())
		err := rt.each(r, func(c authz.Check) (bool, error) {
			ok, err := reg.authz.Allowed(r.Context(), u, c.Action, c.Resource)
			if err != nil {
				return false, httpx.Internal(fmt.Errorf("authz %s: %w", c.Action, err))
			}
			if !ok {
				return false, reg.refuse(r, u, rt, c.Action)
			}
			return true, nil
		})
		if err != nil {
			return err
		}
		return rt.handler(w, r)
	})
}

// refuse is the answer to a request the policy refuses action of: 401 anonymous (or the
// session-expired 401), else 403 naming action.
func (reg *Registry) refuse(r *http.Request, u *identity.User, rt *route, action string) error {
	if u == nil {
		msg := "Please log in."
		if session.Expired(r.Context()) {
			msg = ""
		}
		return httpx.Unauthenticated(msg)
	}
	if rt.auditDenied && reg.denials != nil {
		reg.denials.Denied(r.Context(), u, r.Method, r.URL.Path, action)
	}
	return httpx.Forbidden(action)
}

// each asks fn the questions of r in order, the route's action on its resource first, then each
// second question the request asks, and stops at the first false or error (a second question is
// built only once the ones before it are allowed).
func (rt *route) each(r *http.Request, fn func(authz.Check) (bool, error)) error {
	if next, err := fn(authz.Check{Action: rt.action, Resource: rt.resourceOf(r)}); !next || err != nil {
		return err
	}
	for _, also := range rt.also {
		cs, err := also(r)
		if err != nil {
			return err
		}
		for _, c := range cs {
			if next, err := fn(c); !next || err != nil {
				return err
			}
		}
	}
	return nil
}

// resourceOf is the resource the guard passes to the policy for r.
func (rt *route) resourceOf(r *http.Request) map[string]any {
	if rt.resource != nil {
		return rt.resource(r)
	}
	rc := chi.RouteContext(r.Context())
	if rc == nil || len(rc.URLParams.Keys) == 0 {
		return nil
	}
	res := make(map[string]any, len(rc.URLParams.Keys))
	for i, k := range rc.URLParams.Keys {
		res[k] = rc.URLParams.Values[i]
	}
	return res
}

// Route is one mounted route as its guard sees it, for whatever walks every route (the route ×
// role test computes each expected decision from it).
type Route struct {
	Module, Method, Path, Action string
	rt                           *route
}

// Resource is the resource the guard passes to the policy for r, a request routed to this
// route (its URL parameters in chi's route context).
func (r Route) Resource(req *http.Request) map[string]any { return r.rt.resourceOf(req) }

// Each asks fn the questions the guard asks the policy for req, a request routed to this route
// (its URL parameters in chi's route context, its caller in identity's), in the guard's order:
// the route's action on its resource, then the second questions it declares (Also, AlsoBy). It
// stops where fn answers false, as the guard stops at the first refusal; the request is allowed
// when fn would allow each. An error is a second question's own answer (a 400).
func (r Route) Each(req *http.Request, fn func(authz.Check) (bool, error)) error {
	return r.rt.each(req, fn)
}

// Routes lists every module route in module order.
func (reg *Registry) Routes() []Route {
	var out []Route
	for _, l := range reg.Modules {
		for _, rt := range l.routes {
			out = append(out, Route{Module: rt.module, Method: rt.method, Path: rt.path, Action: rt.action, rt: rt})
		}
	}
	return out
}

// Require answers a check inside a handler (for resources known only after reading the body or
// the database): nil when allowed, else the 401/403 error to return.
func Require(ctx context.Context, e *authz.Engine, action string, resource map[string]any) error {
	u := identity.FromContext(ctx)
	ok, err := e.Allowed(ctx, u, action, resource)
	if err != nil {
		return httpx.Internal(err)
	}
	if !ok {
		if u == nil {
			return httpx.Unauthenticated("Please log in.")
		}
		return httpx.Forbidden(action)
	}
	return nil
}

// View is a module as GET /api/modules shows it to one user.
type View struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Titles word Title in each locale (the manifest's titles, as each nav entry's): the shell
	// shows a plugin's title from them, as it installs at run time with no change to the shell.
	Titles map[string]string `json:"titles,omitempty"`
	Remote *Remote           `json:"remote,omitempty"`
	Nav    []Nav             `json:"nav"`
	Routes []UIRoute         `json:"routes"`
}

// Visible lists the modules with frontend parts, keeping only the nav entries and UI routes the
// user's policy allows; a module left with nothing is left out.
func (reg *Registry) Visible(ctx context.Context, u *identity.User) ([]View, error) {
	out := []View{}
	manifests := make([]*Manifest, 0, len(reg.Modules))
	for _, l := range reg.Modules {
		manifests = append(manifests, l.Manifest)
	}
	if reg.dynamic != nil {
		manifests = append(manifests, reg.dynamic.Manifests()...)
	}
	for _, m := range manifests {
		if m.Remote == nil && len(m.Nav) == 0 {
			continue
		}
		v := View{ID: m.ID, Title: m.Title, Titles: m.Titles, Remote: m.Remote, Nav: []Nav{}, Routes: []UIRoute{}}
		for _, n := range m.Nav {
			ok, err := reg.authz.Allowed(ctx, u, n.Action, n.Resource)
			if err != nil {
				return nil, err
			}
			if ok {
				v.Nav = append(v.Nav, n)
			}
		}
		for _, r := range m.UI {
			ok, err := reg.authz.Allowed(ctx, u, r.Action, r.Resource)
			if err != nil {
				return nil, err
			}
			if ok {
				v.Routes = append(v.Routes, r)
			}
		}
		if len(v.Nav) > 0 || len(v.Routes) > 0 {
			out = append(out, v)
		}
	}
	return out, nil
}

// Seeders lists the modules' seed functions in module order.
func (reg *Registry) Seeders() []func(context.Context, pgx.Tx, SeedEnv) error {
	mods := append([]*Loaded(nil), reg.Modules...)
	sort.SliceStable(mods, func(i, j int) bool { return mods[i].Module.SeedOrder < mods[j].Module.SeedOrder })
	var out []func(context.Context, pgx.Tx, SeedEnv) error
	for _, l := range mods {
		if l.Module.Seed != nil {
			out = append(out, l.Module.Seed)
		}
	}
	return out
}

// DeclaredActions lists every declared action, sorted.
func (reg *Registry) DeclaredActions() []string {
	out := make([]string, 0, len(reg.Actions))
	for a := range reg.Actions {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// RouteModule names the module that declared the route method + pattern ("" for none), so
// request metrics can be grouped by module.
func (reg *Registry) RouteModule(method, pattern string) string {
	return reg.routeModules[key(method, pattern)]
}

// Describe is a one-line summary for the start-up log.
func (reg *Registry) Describe() string {
	var ids []string
	n := 0
	for _, l := range reg.Modules {
		ids = append(ids, l.Manifest.ID)
		n += len(l.routes)
	}
	return fmt.Sprintf("%d modules (%s), %d API routes, %d actions", len(ids), strings.Join(ids, ", "), n, len(reg.Actions))
}

// Module provides the registry.
var FxModule = fx.Module("registry", fx.Provide(New))
