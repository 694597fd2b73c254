package admin

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/core/policyversions"
	"its/core/registry"
	"its/modules/actions"
	"its/policies"
)

// maxPolicyFiles and maxPolicyBytes bound a draft, checked before it is compiled.
const (
	maxPolicyFiles = 200
	maxPolicyBytes = 2 << 20
)

func (h *Handler) policyRoutes(r registry.Router, opts ...registry.RouteOption) {
	r.Handle("GET", "/api/admin/policies/versions", actions.AdminPolicies, h.versionList, opts...)
	r.Handle("POST", "/api/admin/policies/versions", actions.AdminPolicies, httpx.Body(h.versionSave), opts...)
	r.Handle("GET", "/api/admin/policies/versions/{version}", actions.AdminPolicies, h.versionGet, opts...)
	r.Handle("GET", "/api/admin/policies/versions/{version}/diff", actions.AdminPolicies, h.versionDiff, opts...)
	r.Handle("POST", "/api/admin/policies/versions/{version}/rollback", actions.AdminPolicies, httpx.Body(h.versionRollback), opts...)
	r.Handle("POST", "/api/admin/policies/validate", actions.AdminPolicies, h.policyValidate, opts...)
	r.Handle("POST", "/api/admin/policies/format", actions.AdminPolicies, httpx.Body(h.policyFormat), opts...)
	r.Handle("POST", "/api/admin/policies/simulate", actions.AdminPolicies, h.simulate, opts...)
	r.Handle("POST", "/api/admin/policies/who", actions.AdminPolicies, h.who, opts...)
	r.Handle("POST", "/api/admin/policies/what", actions.AdminPolicies, h.what, opts...)
	r.Handle("GET", "/api/admin/policies/catalog", actions.AdminPolicies, h.policyCatalog, opts...)
	r.Handle("POST", "/api/admin/policies/preview", actions.AdminPolicies, h.policyPreview, opts...)
}

// checkFiles refuses a draft that is empty, too large or names a file outside the policy set.
func checkFiles(files authz.Files) error {
	if len(files) == 0 {
		return httpx.Invalid(httpx.FieldError{Field: "files", Rule: "required", Message: "files are required"})
	}
	if len(files) > maxPolicyFiles {
		return httpx.Invalid(httpx.FieldError{Field: "files", Rule: "max", Message: "at most " + strconv.Itoa(maxPolicyFiles) + " files"})
	}
	size := 0
	for p, src := range files {
		size += len(p) + len(src)
		ok := p == authz.GrantsFile || (strings.HasSuffix(p, ".rego") && !strings.Contains(p, "..") && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "overlays/"))
		if !ok {
			return httpx.Invalid(httpx.FieldError{Field: "files", Rule: "path", Message: "A policy file is grants.json or a relative .rego path: " + p})
		}
	}
	if size > maxPolicyBytes {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Code: "ITS_ERR_TOO_LARGE", Message: "The policy files are larger than 2 MB"}
	}
	return nil
}

func versionParam(r *http.Request) (int64, error) {
	s := chi.URLParam(r, "version")
	if s == "live" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return 0, httpx.NotFound("Policy version")
	}
	return n, nil
}

func versionError(err error) error {
	var refused *policyversions.Refused
	switch {
	case errors.As(err, &refused):
		return refused.HTTPError()
	case errors.Is(err, policyversions.ErrNotFound):
		return httpx.NotFound("Policy version")
	case errors.Is(err, policyversions.ErrConflict):
		return httpx.Conflict(err.Error(), nil)
	}
	return err
}

func (h *Handler) versionList(w http.ResponseWriter, r *http.Request) error {
	list, err := h.versions.Store().List(r.Context())
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}

func (h *Handler) versionGet(w http.ResponseWriter, r *http.Request) error {
	n, err := versionParam(r)
	if err != nil {
		return err
	}
	v, err := h.versions.Store().Get(r.Context(), h.versions.DB(), n)
	if err != nil {
		return versionError(err)
	}
	httpx.Data(w, v)
	return nil
}

// versionDiff is the diff of a version against ?against= (default: the version before it).
func (h *Handler) versionDiff(w http.ResponseWriter, r *http.Request) error {
	n, err := versionParam(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	v, err := h.versions.Store().Get(ctx, h.versions.DB(), n)
	if err != nil {
		return versionError(err)
	}
	against := v.Version - 1
	if s := r.URL.Query().Get("against"); s != "" {
		if against, err = strconv.ParseInt(s, 10, 64); err != nil || against < 1 {
			return httpx.Invalid(httpx.FieldError{Field: "against", Rule: "integer", Message: "against must be a version number"})
		}
	}
	prev := authz.Files{}
	if against > 0 {
		p, err := h.versions.Store().Get(ctx, h.versions.DB(), against)
		if err != nil {
			return versionError(err)
		}
		prev = p.Files
	}
	httpx.Data(w, map[string]any{"version": v.Version, "against": against, "diff": policyversions.Diff(prev, v.Files)})
	return nil
}

type saveBody struct {
	Base    int64       `json:"base"`
	Comment string      `json:"comment"`
	Files   authz.Files `json:"files"`
}

func (h *Handler) versionSave(r *http.Request, b saveBody) (httpx.Answer, error) {
	if err := checkFiles(b.Files); err != nil {
		return httpx.Answer{}, err
	}
	if strings.TrimSpace(b.Comment) == "" {
		return httpx.Answer{}, httpx.Invalid(httpx.FieldError{Field: "comment", Rule: "required", Message: "Say what the change is for"})
	}
	return created(h.versions.Save(r.Context(), identity.FromContext(r.Context()), b.Base, strings.TrimSpace(b.Comment), b.Files, nil))
}

// created answers a new version (201, without its files) or the save's error.
func created(v *policyversions.Version, err error) (httpx.Answer, error) {
	if err != nil {
		return httpx.Answer{}, versionError(err)
	}
	v.Files = nil
	return httpx.Answer{Status: http.StatusCreated, Data: v}, nil
}

type rollbackBody struct {
	Comment string `json:"comment"`
}

func (h *Handler) versionRollback(r *http.Request, b rollbackBody) (httpx.Answer, error) {
	n, err := versionParam(r)
	if err != nil || n == 0 {
		return httpx.Answer{}, httpx.NotFound("Policy version")
	}
	return created(h.versions.Rollback(r.Context(), identity.FromContext(r.Context()), n, strings.TrimSpace(b.Comment)))
}

// draftFiles reads a body {files} and checks the files' limits.
func draftFiles(r *http.Request) (authz.Files, error) {
	var b struct {
		Files authz.Files `json:"files"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return nil, err
	}
	return b.Files, checkFiles(b.Files)
}

func (h *Handler) policyValidate(w http.ResponseWriter, r *http.Request) error {
	files, err := draftFiles(r)
	if err != nil {
		return err
	}
	rep, err := h.versions.Validate(r.Context(), files)
	if err != nil {
		return httpx.Invalid(httpx.FieldError{Field: "files", Rule: "overlay", Message: err.Error()})
	}
	httpx.Data(w, rep)
	return nil
}

func (h *Handler) policyFormat(_ *http.Request, b formatBody) (map[string]string, error) {
	if len(b.Source) > maxPolicyBytes {
		return nil, &httpx.Error{Status: http.StatusRequestEntityTooLarge, Code: "ITS_ERR_TOO_LARGE", Message: "The file is larger than 2 MB"}
	}
	out, err := authz.Format(b.Path, b.Source)
	var ce authz.CompileErrors
	if errors.As(err, &ce) {
		return nil, &httpx.Error{Status: http.StatusUnprocessableEntity, Code: "ITS_ERR_POLICY_REFUSED", Message: ce.Error(), Details: map[string]any{"errors": ce}}
	}
	if err != nil {
		return nil, err
	}
	return map[string]string{"source": out}, nil
}

type formatBody struct {
	Path   string `json:"path"`
	Source string `json:"source"`
}

// simIdentity is a made-up user for the simulator.
type simIdentity struct {
	Permissions      []identity.Permission `json:"permissions"`
	Flags            []string              `json:"flags"`
	DepartmentAccess []string              `json:"departmentAccess"`
	UserTBEs         []identity.TBE        `json:"userTBEs"`
}

type simBody struct {
	Draft    authz.Files  `json:"draft"`
	UserID   string       `json:"userId"`
	Identity *simIdentity `json:"identity"`
	// SignIn is a company sign-in to simulate: the user the set's group mapping makes of a
	// provider's groups.
	SignIn   *simSignIn     `json:"signIn"`
	Action   string         `json:"action"`
	Resource map[string]any `json:"resource"`
	Method   string         `json:"method"`
	Path     string         `json:"path"`
}

type simSignIn struct {
	Provider string   `json:"provider"`
	Groups   []string `json:"groups"`
}

// simRequest reads a simulator request and gives its policy set.
func (h *Handler) simRequest(r *http.Request) (*simBody, *authz.Sim, error) {
	var b simBody
	if err := httpx.Decode(r, &b); err != nil {
		return nil, nil, err
	}
	s, err := h.sim(r.Context(), b.Draft)
	return &b, s, err
}

// sim gives the simulator's policy set: the draft when one is sent, else the live set.
func (h *Handler) sim(ctx context.Context, draft authz.Files) (*authz.Sim, error) {
	if draft != nil {
		if err := checkFiles(draft); err != nil {
			return nil, err
		}
	}
	s, err := h.engine.Simulate(ctx, draft)
	var ce authz.CompileErrors
	if errors.As(err, &ce) {
		return nil, &httpx.Error{Status: http.StatusUnprocessableEntity, Code: "ITS_ERR_POLICY_REFUSED", Message: ce.Error(), Details: map[string]any{"errors": ce}}
	}
	return s, err
}

// subject is the simulated user: an account by id, or a made-up identity.
func (h *Handler) subject(ctx context.Context, b *simBody, s *authz.Sim) (*identity.User, error) {
	switch {
	case b.SignIn != nil:
		v, err := s.Value(ctx, policies.SignInMappingQuery, policies.SignInMappingInput(b.SignIn.Provider, b.SignIn.Groups))
		if err != nil {
			return nil, err
		}
		m, err := policies.DecodeSignInMapping(v)
		if err != nil {
			return nil, err
		}
		return &identity.User{ID: "00000000-0000-0000-0000-000000000000", Email: "simulated@example.com", Status: "active",
			Permissions: m.Permissions, Flags: m.Flags, UserTBEs: m.Territories}, nil
	case b.UserID != "":
		u, err := h.users.ByID(ctx, b.UserID)
		if errors.Is(err, identity.ErrNotFound) {
			return nil, httpx.NotFound("User")
		}
		return u, err
	case b.Identity != nil:
		p := Patch{Permissions: &b.Identity.Permissions, Flags: &b.Identity.Flags, DepartmentAccess: &b.Identity.DepartmentAccess, UserTBEs: &b.Identity.UserTBEs}
		if err := p.validate(); err != nil {
			return nil, err
		}
		return &identity.User{ID: "00000000-0000-0000-0000-000000000000", Email: "simulated@example.com", Status: "active",
			Permissions: b.Identity.Permissions, Flags: b.Identity.Flags, DepartmentAccess: b.Identity.DepartmentAccess, UserTBEs: b.Identity.UserTBEs}, nil
	}
	return nil, nil // anonymous
}

// routeOf finds the module route a method and concrete path reach, and the request its guard
// would see (the route's URL parameters in chi's route context).
func (h *Handler) routeOf(ctx context.Context, method, target string) (*registry.Route, *http.Request, error) {
	u, err := url.Parse(target)
	if err != nil || !strings.HasPrefix(u.Path, "/api/") {
		return nil, nil, httpx.Invalid(httpx.FieldError{Field: "path", Rule: "format", Message: "path must be an API path such as /api/assortments/1"})
	}
	method = strings.ToUpper(method)
	for _, rt := range h.versions.Routes() {
		if rt.Method != method {
			continue
		}
		mux := chi.NewRouter()
		mux.MethodFunc(rt.Method, rt.Path, func(http.ResponseWriter, *http.Request) {})
		rctx := chi.NewRouteContext()
		if !mux.Match(rctx, method, u.Path) {
			continue
		}
		req, err := http.NewRequestWithContext(context.WithValue(ctx, chi.RouteCtxKey, rctx), method, u.String(), nil)
		if err != nil {
			return nil, nil, err
		}
		return &rt, req, nil
	}
	return nil, nil, httpx.NotFound("API route " + method + " " + u.Path)
}

// checked is one question the simulated request's guard asks, with its explained answer.
type checked struct {
	Action   string         `json:"action"`
	Resource map[string]any `json:"resource"`
	*authz.Explanation
}

// routeChecks asks, as the route's guard would for u, the route's action and then each second
// question it declares (registry.Also, AlsoBy), stopping at the first refusal as the guard does.
func (h *Handler) routeChecks(ctx context.Context, s *authz.Sim, u *identity.User, rt *registry.Route, req *http.Request) ([]checked, error) {
	var out []checked
	err := rt.Each(req.WithContext(identity.WithUser(req.Context(), u)), func(q authz.Check) (bool, error) {
		if !s.Known(q.Action) {
			return false, httpx.Invalid(httpx.FieldError{Field: "action", Rule: "enum", Message: "Unknown action " + q.Action})
		}
		ex, err := s.Explain(ctx, u, q.Action, q.Resource)
		if err != nil {
			return false, err
		}
		out = append(out, checked{Action: q.Action, Resource: q.Resource, Explanation: ex})
		return ex.Allowed, nil
	})
	return out, err
}

func (h *Handler) simulate(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	b, s, err := h.simRequest(r)
	if err != nil {
		return err
	}
	u, err := h.subject(ctx, b, s)
	if err != nil {
		return err
	}
	out := map[string]any{}
	if b.SignIn != nil {
		// What the mapping made of the groups, beside the decision it leads to.
		out["identity"] = map[string]any{"permissions": u.Permissions, "flags": u.Flags, "userTBEs": u.UserTBEs}
	}
	if b.Path != "" {
		rt, req, err := h.routeOf(ctx, b.Method, b.Path)
		if err != nil {
			return err
		}
		checks, err := h.routeChecks(ctx, s, u, rt, req)
		if err != nil {
			return err
		}
		// The route's own action first; the second questions it asked after it, if it got
		// that far, with the request allowed only when every one is.
		first := checks[0]
		out["route"] = map[string]string{"module": rt.Module, "method": rt.Method, "path": rt.Path}
		out["action"], out["resource"], out["matched"], out["failed"] = first.Action, first.Resource, first.Matched, first.Failed
		out["tookMicros"], out["timedOut"] = first.TookMicros, first.TimedOut
		out["also"], out["allowed"] = checks[1:], checks[len(checks)-1].Allowed
		httpx.Data(w, out)
		return nil
	}
	if b.Action == "" {
		return httpx.Invalid(httpx.FieldError{Field: "action", Rule: "required", Message: "Name an action or a route"})
	}
	if !s.Known(b.Action) {
		return httpx.Invalid(httpx.FieldError{Field: "action", Rule: "enum", Message: "Unknown action " + b.Action})
	}
	ex, err := s.Explain(ctx, u, b.Action, b.Resource)
	if err != nil {
		return err
	}
	out["action"], out["resource"], out["allowed"], out["matched"], out["failed"] = b.Action, b.Resource, ex.Allowed, ex.Matched, ex.Failed
	out["tookMicros"], out["timedOut"] = ex.TookMicros, ex.TimedOut
	httpx.Data(w, out)
	return nil
}

// Person is an account as the simulator lists it.
type Person struct {
	ID    string `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
}

func person(u *identity.User) Person {
	return Person{ID: u.ID, Email: u.Email, Name: strings.TrimSpace(u.Name + " " + u.LastName)}
}

// who lists the active users and the roles (a single permission, not narrowed) the set allows
// the action on the resource.
func (h *Handler) who(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	b, s, err := h.simRequest(r)
	if err != nil {
		return err
	}
	if !s.Known(b.Action) {
		return httpx.Invalid(httpx.FieldError{Field: "action", Rule: "enum", Message: "Unknown action " + b.Action})
	}
	users, err := h.store.Active(ctx)
	if err != nil {
		return err
	}
	people := []Person{}
	for _, u := range users {
		ok, err := s.Allowed(ctx, u, b.Action, b.Resource)
		if err != nil {
			return err
		}
		if ok {
			people = append(people, person(u))
		}
	}
	type role struct {
		Domain string `json:"domain"`
		Role   string `json:"role"`
	}
	roles := []role{}
	for _, d := range PermissionNames {
		for _, ro := range Roles {
			u := &identity.User{ID: "00000000-0000-0000-0000-000000000000", Permissions: []identity.Permission{{Domain: d, Role: ro, Channel: "All", Region: "All", ProductType: "All"}}}
			ok, err := s.Allowed(ctx, u, b.Action, b.Resource)
			if err != nil {
				return err
			}
			if ok {
				roles = append(roles, role{d, ro})
			}
		}
	}
	httpx.Data(w, map[string]any{"action": b.Action, "users": people, "roles": roles})
	return nil
}

// what is the user's decision at every module route's gate (the route's own resource left out).
func (h *Handler) what(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	b, s, err := h.simRequest(r)
	if err != nil {
		return err
	}
	u, err := h.subject(ctx, b, s)
	if err != nil {
		return err
	}
	type row struct {
		Module  string `json:"module"`
		Method  string `json:"method"`
		Path    string `json:"path"`
		Action  string `json:"action"`
		Allowed bool   `json:"allowed"`
	}
	out := []row{}
	for _, rt := range h.versions.Routes() {
		ok, err := s.Allowed(ctx, u, rt.Action, nil)
		if err != nil {
			return err
		}
		out = append(out, row{rt.Module, rt.Method, rt.Path, rt.Action, ok})
	}
	httpx.Data(w, out)
	return nil
}
