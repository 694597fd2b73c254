package modules_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/go-chi/chi/v5"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/authz"
	"its/core/identity"
	"its/core/registry"
	"its/modules"
	"its/modules/actions"
	"its/modules/users"
)

// brokenJSON is the body of every state-changing request of the matrix: the route's guard
// decides before the handler reads a byte of it, and a handler that reads it refuses it with a
// 400 and changes nothing. So an expected allow on a destructive route is proven by its 400 (the
// gate let it through) without the handler doing what the route is for.
const brokenJSON = `{"matrix":`

// sessionEnding are the actions whose route ends the caller's session: the matrix sends them on
// a session of their own so that the role's shared session lives on.
var sessionEnding = map[string]bool{actions.SessionLogout: true}

// TestRouteRoleMatrix sends every API route of every manifest (modules and core, walked from
// the registry at run time, so a new route or module is in it without a line here) as every
// demo role of modules/users/demo.yaml and as an anonymous caller, with the ids of real objects
// in its path, and checks the answer against the decision of the real policy: the demo
// account's own input, the route's action and the resource its guard builds from that very
// request. An expected no must answer 403 (401 for an anonymous caller); an expected yes must
// answer neither. A route whose action has no rule in the policies fails, as does any allow the
// policy did not grant.
//
// State-changing requests carry a broken JSON body (see brokenJSON): the guard answers before
// the handler, so a 400 is an allow that changed nothing. Routes that read no body (a delete by
// id, a lock, a cancel) may do their work for the roles allowed to; the matrix looks only at
// 401 and 403, and the object-level cases run first on objects of their own.
//
// Path parameters get real values from the matrix section of each module's manifest (params, by
// parameter name, naming the test's fixtures or the module's own); a route with a parameter its
// manifest does not give fails with the name to add. The decision expected is the one of every
// question the route's guard asks (registry.Route.Each): its action, then each second question
// the route declares (registry.Also, AlsoBy) for what the request names. The questions a
// module's code asks of what it loads are its manifest's objectRules, checked against the code
// by TestObjectRulesNamed; the object-level cases above run them.
func TestRouteRoleMatrix(t *testing.T) {
	var (
		reg *registry.Registry
		az  *authz.Engine
		ids *identity.Store
	)
	a := apptest.Start(t, fx.Options(modules.All, fx.Populate(&reg, &az, &ids)), "ITS_AUTH_SCIM=[{provider: matrix, token: "+matrixSCIMToken+"}]")
	ctx := context.Background()

	roles := users.DemoRoles()
	accounts := map[string]*identity.User{}
	clients := map[string]*apptest.Client{}
	for _, role := range roles {
		u, _, err := ids.ByEmail(ctx, role+"@example.com")
		if err != nil {
			t.Fatalf("demo account %s: %v", role, err)
		}
		accounts[role] = u
		c := a.Client()
		c.Login(role + "@example.com")
		clients[role] = c
	}
	fix := newFixtures(t, a, accounts, clients)

	t.Run("objects of another user", func(t *testing.T) { objectLevel(t, a, fix, clients) })
	t.Run("token routes", func(t *testing.T) { tokenRoutes(t, a, clients) })

	m := readMatrix(t, a, reg, fix.shared())

	// The routes as chi would serve them, to find which route answers a concrete path, with the
	// path's parameters as its guard sees them.
	type hit struct {
		route registry.Route
		req   *http.Request
	}
	mux := chi.NewRouter()
	routes := reg.Routes()
	for _, rt := range routes {
		mux.Method(rt.Method, rt.Path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// chi reuses its route context once the request is answered: keep a copy.
			rc := chi.NewRouteContext()
			rc.URLParams = chi.RouteParams{Keys: slices.Clone(chi.RouteContext(r.Context()).URLParams.Keys), Values: slices.Clone(chi.RouteContext(r.Context()).URLParams.Values)}
			*r.Context().Value(hitKey{}).(*hit) = hit{route: rt, req: r.WithContext(context.WithValue(r.Context(), chi.RouteCtxKey, rc))}
		}))
	}

	type call struct {
		route  registry.Route
		target string
		// req is the request as the route's guard sees it (its path parameters), without a caller.
		req *http.Request
	}
	var calls []call
	used := map[string]bool{}
	for _, rt := range routes {
		if !az.Known(rt.Action) {
			t.Errorf("%s %s: action %q has no decision in the policies", rt.Method, rt.Path, rt.Action)
			continue
		}
		key := rt.Method + " " + rt.Path
		used[key] = true
		paths, err := fillPath(rt, m.params)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, path := range paths {
			targets := []string{path.path}
			if qs := m.queries[key]; len(qs) > 0 {
				targets = nil
				for _, q := range qs {
					targets = append(targets, path.path+"?"+q)
				}
			}
			for _, target := range targets {
				var h hit
				req := httptest.NewRequest(rt.Method, target, nil)
				mux.ServeHTTP(httptest.NewRecorder(), req.WithContext(context.WithValue(req.Context(), hitKey{}, &h)))
				if h.route.Path != rt.Path || h.route.Method != rt.Method {
					t.Errorf("%s %s: %s is served by %s %s; give its parameters other values", rt.Method, rt.Path, target, h.route.Method, h.route.Path)
					continue
				}
				calls = append(calls, call{route: rt, target: target, req: h.req})
			}
		}
	}
	for key := range m.queries {
		if !used[key] {
			t.Errorf("matrix queries of %s: no such route", key)
		}
	}
	if len(calls) < 50 {
		t.Fatalf("only %d routes in the matrix: the registry walk is broken", len(calls))
	}

	callers := append([]string{""}, roles...) // "" is the anonymous caller
	var mu sync.Mutex
	allowed := map[string]int{}
	var wg sync.WaitGroup
	for _, role := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, c := range calls {
				var u *identity.User
				client := a.Client()
				if role != "" {
					u = accounts[role]
					if sessionEnding[c.route.Action] {
						client.Login(role + "@example.com")
					} else {
						client = clients[role]
					}
				}
				// The expected answer: the policy allows every question the route's guard asks
				// (its action on its resource, then each second question it declares); action
				// and resource are the refused one, or the route's own.
				want, action, resource, asked := true, c.route.Action, map[string]any(nil), 0
				err := c.route.Each(c.req.WithContext(identity.WithUser(c.req.Context(), u)), func(q authz.Check) (bool, error) {
					if !az.Known(q.Action) {
						return false, fmt.Errorf("action %q has no decision in the policies", q.Action)
					}
					ok, err := az.Allowed(ctx, u, q.Action, q.Resource)
					if asked++; asked == 1 || !ok {
						action, resource = q.Action, q.Resource
					}
					want = want && ok
					return ok, err
				})
				if err != nil {
					t.Errorf("%s %s: policy %s: %v", c.route.Method, c.target, action, err)
					return
				}
				var body any
				if c.route.Method != http.MethodGet && c.route.Method != http.MethodHead {
					body = brokenJSON
				}
				r := client.Do(c.route.Method, c.target, body)
				who := role
				if who == "" {
					who = "anonymous"
				}
				refused := r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden
				switch {
				case want && refused:
					t.Errorf("%s %s as %s: the policy allows %s %v, the server answered %d %s", c.route.Method, c.target, who, c.route.Action, resource, r.Status, short(r.Raw))
				case !want && role == "" && r.Status != http.StatusUnauthorized:
					t.Errorf("%s %s as anonymous: the policy refuses %s %v, want 401, got %d %s", c.route.Method, c.target, action, resource, r.Status, short(r.Raw))
				case !want && role != "" && r.Status != http.StatusForbidden:
					t.Errorf("%s %s as %s: the policy refuses %s %v, want 403, got %d %s", c.route.Method, c.target, who, action, resource, r.Status, short(r.Raw))
				case !want && c.route.Method == http.MethodHead:
					// A HEAD answer has no body to carry the envelope.
				case !want && r.Body["messageCode"] == nil:
					t.Errorf("%s %s as %s: a refusal without the error envelope: %s", c.route.Method, c.target, who, short(r.Raw))
				case !want && role != "" && fmt.Sprint(r.Body["details"]) != fmt.Sprint(map[string]any{"action": action}):
					t.Errorf("%s %s as %s: a refusal that does not name the action %s: %s", c.route.Method, c.target, who, action, short(r.Raw))
				case r.Status >= 500:
					t.Errorf("%s %s as %s: %d %s", c.route.Method, c.target, who, r.Status, short(r.Raw))
				}
				if want {
					mu.Lock()
					allowed[c.route.Method+" "+c.route.Path]++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	// A route no demo role may call is either dead or a role is missing from the demo data.
	for _, c := range calls {
		if allowed[c.route.Method+" "+c.route.Path] == 0 {
			t.Errorf("%s %s: no demo role and no anonymous caller may call it (action %s)", c.route.Method, c.route.Path, c.route.Action)
		}
	}
	var mods []string
	for _, c := range calls {
		if !slices.Contains(mods, c.route.Module) {
			mods = append(mods, c.route.Module)
		}
	}
	t.Logf("%d requests of %d routes × %d callers (modules %s)", len(calls), len(routes), len(callers), strings.Join(mods, ", "))
}

type hitKey struct{}

// matrixSCIMToken is the SCIM provider's bearer token of the matrix's server.
const matrixSCIMToken = "matrix-scim-token-0123456789abcdef0123"

// scimPathValues fill the {id} of a SCIM route: a resource type, a schema, or an id no
// resource has (a DELETE that got through answers 404 and removes nothing).
var scimPathValues = map[string]string{
	"/scim/v2/ResourceTypes/{id}": "User",
	"/scim/v2/Schemas/{id}":       "urn:ietf:params:scim:schemas:core:2.0:User",
}

// tokenRoutes checks the routes whose credential is a bearer token, not the session (SCIM,
// users.SCIMRoutes), for an anonymous caller and every demo role's session: without the token
// each answers 401 with the SCIM error and a WWW-Authenticate challenge, whatever the session
// may do; with it none refuses. State-changing requests carry brokenJSON, so nothing changes.
func tokenRoutes(t *testing.T, a *apptest.App, clients map[string]*apptest.Client) {
	callers := map[string]*apptest.Client{"anonymous": a.Client()}
	for role, c := range clients {
		callers[role] = c
	}
	for _, route := range users.SCIMRoutes {
		method, path, _ := strings.Cut(route, " ")
		target := strings.Replace(path, "{id}", "00000000-0000-4000-8000-0000000000aa", 1)
		if v, ok := scimPathValues[path]; ok {
			target = strings.Replace(path, "{id}", url.PathEscape(v), 1)
		}
		var body any
		if method != http.MethodGet && method != http.MethodDelete {
			body = brokenJSON
		}
		for who, c := range callers {
			r := c.Do(method, target, body)
			if r.Status != http.StatusUnauthorized || r.Header.Get("WWW-Authenticate") == "" ||
				!strings.Contains(string(r.Raw), "urn:ietf:params:scim:api:messages:2.0:Error") {
				t.Errorf("%s as %s without the token: want a SCIM 401, got %d %s", route, who, r.Status, short(r.Raw))
			}
			withToken := twin(t, a, c)
			withToken.Header.Set("Authorization", "Bearer "+matrixSCIMToken)
			r = withToken.Do(method, target, body)
			if r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden || r.Status >= 500 {
				t.Errorf("%s as %s with the token: %d %s", route, who, r.Status, short(r.Raw))
			}
		}
	}
}

// short keeps an answer readable in a failure message.
func short(raw []byte) string {
	if len(raw) > 300 {
		return string(raw[:300]) + "…"
	}
	return string(raw)
}

var paramRE = regexp.MustCompile(`\{([^}]+)\}`)

// filled is a route's path with real values for its parameters, and those values by name.
type filled struct {
	path   string
	params map[string]string
}

// fillPath answers the route's path with real values for its parameters, once for every
// combination of the values each parameter has.
func fillPath(rt registry.Route, values map[string][]string) ([]filled, error) {
	paths := []filled{{path: rt.Path, params: map[string]string{}}}
	var missing []string
	for _, m := range paramRE.FindAllStringSubmatch(rt.Path, -1) {
		vs := values[rt.Module+"/"+m[1]]
		if len(vs) == 0 {
			missing = append(missing, m[1])
			continue
		}
		var next []filled
		for _, p := range paths {
			for _, v := range vs {
				params := maps.Clone(p.params)
				params[m[1]] = v
				next = append(next, filled{path: strings.Replace(p.path, m[0], url.PathEscape(v), 1), params: params})
			}
		}
		paths = next
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s %s: no real value for %s: add it to matrix.params in the manifest of module %s", rt.Method, rt.Path, strings.Join(missing, ", "), rt.Module)
	}
	return paths, nil
}

// matrix is what the manifests' matrix sections give the test: the values of path parameters
// by module and parameter name and query strings by route.
type matrix struct {
	params  map[string][]string
	queries map[string][]string
}

var fixtureRE = regexp.MustCompile(`\$\{([a-zA-Z][a-zA-Z0-9]*)\}`)

// readMatrix reads the matrix section of every manifest in the registry: each module's fixtures
// are queried once, and ${name} in a value is the module's fixture or one of shared.
func readMatrix(t *testing.T, a *apptest.App, reg *registry.Registry, shared map[string]string) matrix {
	t.Helper()
	m := matrix{params: map[string][]string{}, queries: map[string][]string{}}
	for _, l := range reg.Modules {
		mx := l.Manifest.Matrix
		if mx == nil {
			continue
		}
		id := l.Manifest.ID
		fixtures := maps.Clone(shared)
		for name, q := range mx.Fixtures {
			var v string
			if err := a.DB.QueryRow(context.Background(), q).Scan(&v); err != nil {
				t.Fatalf("module %s: matrix fixture %s (%s): %v", id, name, q, err)
			}
			fixtures[name] = v
		}
		expand := func(vs []string) []string {
			out := make([]string, len(vs))
			for i, v := range vs {
				out[i] = fixtureRE.ReplaceAllStringFunc(v, func(ref string) string {
					name := fixtureRE.FindStringSubmatch(ref)[1]
					got, ok := fixtures[name]
					if !ok {
						t.Fatalf("module %s: matrix value %q names no fixture %s (the module's: %v; the test's: %v)", id, v, name, slices.Sorted(maps.Keys(mx.Fixtures)), slices.Sorted(maps.Keys(shared)))
					}
					return got
				})
			}
			return out
		}
		for p, vs := range mx.Params {
			m.params[id+"/"+p] = expand(vs)
		}
		for route, qs := range mx.Queries {
			m.queries[route] = expand(qs)
		}
	}
	return m
}

// fixtures are real objects of the demo data or made for the test, each owned by the editor,
// for the object-level checks; the manifests' matrix values name them as ${name} (shared).
type fixtures struct {
	assortment, collection, notification, notificationType string
	job, upload, product, uploadBucket, uploadKey          string
	// ownOrder is a real sample DRAFT of the editor's.
	ownOrder string
}

// shared are the fixtures the manifests' matrix values may name.
func (f fixtures) shared() map[string]string {
	return map[string]string{
		"assortment": f.assortment, "collection": f.collection, "notification": f.notification,
		"notificationType": f.notificationType, "job": f.job, "upload": f.upload, "product": f.product,
		// The live streams of the grids (core's live.yaml may not name a domain): the
		// assortment's rows, a library's manage grid, a sample library, a reference-data table,
		// the customers, the seasons, the sample order lists, the assortment lists, a channel's
		// internal assortment list, the product library and the coordinator assignments.
		"liveTopic": "assortment:" + f.assortment, "liveTopic2": "library:AdvertisingAsset",
		"liveTopic3": "samples:Production", "liveTopic4": "refdata:currencies", "liveTopic5": "customers:all",
		"liveTopic6": "seasons:all", "liveTopic7": "orders:SAMPLE", "liveTopic8": "assortments:all",
		"liveTopic9": "internalAssortments:Wholesale", "liveTopic10": "products:catalog",
		"liveTopic11": "coordinatorAssignments:all",
	}
}

func newFixtures(t *testing.T, a *apptest.App, accounts map[string]*identity.User, clients map[string]*apptest.Client) fixtures {
	t.Helper()
	ctx := context.Background()
	editor := clients["editor"]
	var f fixtures
	r := editor.Do("POST", "/api/assortments", map[string]any{"title": "Route matrix", "channel": "Retail"})
	f.assortment = idOf(t, r, "_id")
	r = editor.Do("POST", "/api/assets/AdvertisingAsset/report/xlsx", map[string]any{})
	f.job = idOf(t, r, "jobId")
	r = editor.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "matrix.png", "fileSize": 100, "usageType": "assortmentLogo", "attachTo": f.assortment})
	f.upload = idOf(t, r, "uploadId")
	f.uploadBucket, f.uploadKey = idOf(t, r, "bucket"), idOf(t, r, "key")
	one := func(dst *string, q string, args ...any) {
		if err := a.DB.QueryRow(ctx, q, args...).Scan(dst); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	one(&f.collection, `SELECT id::text FROM collections WHERE owner_id = $1 LIMIT 1`, accounts["editor"].ID)
	one(&f.notification, `SELECT id::text FROM notifications WHERE user_id = $1 ORDER BY created_at LIMIT 1`, accounts["editor"].ID)
	one(&f.notificationType, `SELECT type FROM notifications WHERE id::text = $1`, f.notification)
	one(&f.product, `SELECT id FROM products ORDER BY id LIMIT 1`)
	r = editor.Do("POST", "/api/orders/sample/active-orders", map[string]any{})
	f.ownOrder = idOf(t, r, "_id")
	return f
}

func idOf(t *testing.T, r *apptest.Response, key string) string {
	t.Helper()
	d, _ := r.Body["data"].(map[string]any)
	if (r.Status != http.StatusOK && r.Status != http.StatusCreated) || d == nil {
		t.Fatalf("fixture: %d %s", r.Status, r.Raw)
	}
	switch v := d[key].(type) {
	case string:
		return v
	case float64:
		return fmt.Sprint(int64(v))
	}
	t.Fatalf("fixture: no %s in %s", key, r.Raw)
	return ""
}

// objectLevel checks that a user allowed the action in general still cannot read or change
// another user's object: the editor owns each object, the senior editor (who holds every action
// the editor holds) asks for it, and the API answers 404 as docs/api.md says, changing nothing.
func objectLevel(t *testing.T, a *apptest.App, f fixtures, clients map[string]*apptest.Client) {
	other := clients["seniorEditor"]
	notFound := func(method, path string, body any) {
		t.Helper()
		if r := other.Do(method, path, body); r.Status != http.StatusNotFound {
			t.Errorf("%s %s on another user's object: %d %s, want 404", method, path, r.Status, r.Raw)
		}
	}
	style, color, _ := strings.Cut(f.product, "_")
	pair := []any{map[string]any{"style": style, "color": color}}
	notFound("GET", "/api/assortments/"+f.assortment, nil)
	notFound("PATCH", "/api/assortments/"+f.assortment, map[string]any{"title": "Taken"})
	notFound("PATCH", "/api/assortments/batch/"+f.assortment, map[string]any{"addProducts": pair})
	notFound("POST", "/api/assortments/edit/lock/"+f.assortment+"/request", nil)
	notFound("GET", "/api/imports/assortment/"+f.assortment+"/template", nil)
	notFound("GET", "/api/imports/assortment/"+f.assortment+"/template/columns", nil)
	notFound("DELETE", "/api/assortments/"+f.assortment, nil)
	if n := a.Count(`SELECT count(*) FROM assortments WHERE id::text = $1 AND title = 'Route matrix'`, f.assortment); n != 1 {
		t.Errorf("another user changed or deleted the assortment")
	}
	if n := a.Count(`SELECT count(*) FROM assortment_products WHERE assortment_id::text = $1`, f.assortment); n != 0 {
		t.Errorf("another user added %d rows to the assortment", n)
	}

	for _, r := range []*apptest.Response{
		other.Do("GET", "/api/collections/AssortmentCollection", nil),
		other.Do("POST", "/api/collections/AssortmentCollection/query", map[string]any{}),
	} {
		if r.Status != http.StatusOK || strings.Contains(string(r.Raw), f.collection) {
			t.Errorf("another user's collection list: %d %s", r.Status, short(r.Raw))
		}
	}
	rows := a.Count(`SELECT count(*) FROM collection_products WHERE collection_id::text = $1`, f.collection)
	notFound("POST", "/api/collections/AssortmentCollection/batch/"+f.collection, map[string]any{"addProducts": pair})
	if n := a.Count(`SELECT count(*) FROM collection_products WHERE collection_id::text = $1`, f.collection); n != rows {
		t.Errorf("another user changed the collection")
	}

	notFound("GET", "/api/notifications/"+f.notificationType+"/"+f.notification, nil)
	before := a.Count(`SELECT count(*) FROM notifications WHERE state = 'New'`)
	state := map[string]any{"ids": []string{f.notification}, "state": "Read"}
	if r := other.Do("POST", "/api/notifications/"+f.notificationType+"/batch/many", state); r.Status != http.StatusNotFound && r.Status != http.StatusOK {
		t.Errorf("marking another user's notification: %d %s", r.Status, r.Raw)
	}
	if after := a.Count(`SELECT count(*) FROM notifications WHERE state = 'New'`); after != before {
		t.Errorf("another user marked the notification read")
	}

	notFound("GET", "/api/jobs/"+f.job, nil)
	notFound("POST", "/api/jobs/"+f.job+"/cancel", nil)
	if r := other.Do("GET", "/api/jobs", nil); strings.Contains(string(r.Raw), `"id":"`+f.job+`"`) || strings.Contains(string(r.Raw), `"id":`+f.job+`,`) {
		t.Errorf("another user's job is in the list: %s", r.Raw)
	}

	notFound("GET", "/api/upload/aws/s3/"+f.upload+"/parts", nil)
	notFound("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": f.uploadBucket, "key": f.uploadKey, "uploadId": f.upload, "etags": []string{"x"}})
	notFound("POST", "/api/upload/aws/s3/abort", map[string]any{"uploadId": f.upload})
	if n := a.Count(`SELECT count(*) FROM uploads WHERE id::text = $1 AND state = 'uploading'`, f.upload); n != 1 {
		t.Errorf("another user aborted the upload")
	}

	// Orders: the plain user holds the sample order gate the senior editor lacks.
	orderOf := func(method, path string, body any) {
		t.Helper()
		if r := clients["user"].Do(method, path, body); r.Status != http.StatusNotFound {
			t.Errorf("%s %s on another user's order: %d %s, want 404", method, path, r.Status, r.Raw)
		}
	}
	orderVersion := a.Count(`SELECT version FROM orders WHERE id::text = $1`, f.ownOrder)
	orderCount := a.Count(`SELECT count(*) FROM orders`)
	orderOf("POST", "/api/orders/sample/order/query", map[string]any{"orderId": f.ownOrder})
	orderOf("PATCH", "/api/orders/sample/active-orders/batch/"+f.ownOrder, map[string]any{"version": orderVersion, "submit": true})
	orderOf("POST", "/api/orders/sample/active-orders/comment/"+f.ownOrder, map[string]any{"comment": "Taken"})
	orderOf("POST", "/api/orders/sample/active-orders/duplicate/"+f.ownOrder, nil)
	orderOf("DELETE", "/api/orders/sample/active-orders/"+f.ownOrder, nil)
	if n := a.Count(`SELECT count(*) FROM orders WHERE id::text = $1 AND status = 'DRAFT' AND coalesce(comment, '') = '' AND version = $2`, f.ownOrder, orderVersion); n != 1 {
		t.Errorf("another user changed or deleted the order")
	}
	if n := a.Count(`SELECT count(*) FROM orders`); n != orderCount {
		t.Errorf("another user's duplicate made a copy of the order")
	}
}
