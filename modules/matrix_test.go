package modules_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/go-chi/chi/v5"
	"go.uber.org/fx"

	"its/core/app"
	"its/core/app/apptest"
	"its/core/authz"
	"its/core/identity"
	"its/core/registry"
	"its/modules"
	"its/modules/actions"
	"its/modules/libraries"
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
// Path parameters get real values from pathValues, by module and parameter name; a route with
// a parameter it does not know fails with the name to add. A handler that asks the policy a
// second question for what the request selects is listed in handlerChecks.
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

	values := pathValues(fix, accounts)
	// The libraries' browse routes take the library from the query: each library in turn, so
	// the policy's per-library rules are what decides.
	var libraryQueries []string
	for _, lt := range libraries.LibraryTypes {
		libraryQueries = append(libraryQueries, "libraryType="+lt)
	}
	queries := map[string][]string{
		"GET /api/assets":         libraryQueries,
		"GET /api/assets/filters": libraryQueries,
		"GET /api/assets/landing": libraryQueries,
	}

	// handlerChecks are the second questions a handler asks the policy once the gate let the
	// request in, for what the request selects: the expected answer needs both decisions.
	handlerChecks := map[string]func(target string) (action string, resource map[string]any){
		"GET /api/options/data/{key}": func(target string) (string, map[string]any) {
			if strings.HasSuffix(target, "/loggedIn") {
				return app.ActionOptionsLoggedIn, nil
			}
			return "", nil
		},
		// A grid's saved views: only for who may open the grid (the matrix's grid is the catalog).
		"GET /api/gridViews/{grid}": func(string) (string, map[string]any) { return actions.ProductsView, nil },
		// Another requester's year: only for the type's sample coordinators.
		"GET /api/orders/{orderType}/{subtype}/year/{requesterCode}/{productType}": func(target string) (string, map[string]any) {
			typ, status := "SAMPLE", "SUBMITTED"
			switch strings.Split(target, "/")[3] {
			case "promo":
				typ, status = "PROMO", "REVIEW COMPLETE"
			case "wholesale":
				typ = "WHOLESALE"
			}
			return actions.OrdersRead, map[string]any{"orderType": typ, "status": status, "requesterCode": ""}
		},
	}

	// The routes as chi would serve them, to find which route answers a concrete path and the
	// resource its guard builds.
	type hit struct {
		route    registry.Route
		resource map[string]any
	}
	mux := chi.NewRouter()
	routes := reg.Routes()
	for _, rt := range routes {
		mux.Method(rt.Method, rt.Path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			*r.Context().Value(hitKey{}).(*hit) = hit{route: rt, resource: rt.Resource(r)}
		}))
	}

	type call struct {
		route    registry.Route
		target   string
		resource map[string]any
		// then and thenResource are the handler's own check, if it makes one.
		then         string
		thenResource map[string]any
	}
	var calls []call
	for _, rt := range routes {
		if !az.Known(rt.Action) {
			t.Errorf("%s %s: action %q has no decision in the policies", rt.Method, rt.Path, rt.Action)
			continue
		}
		paths, err := fillPath(rt, values)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, path := range paths {
			targets := []string{path}
			if qs := queries[rt.Method+" "+rt.Path]; len(qs) > 0 {
				targets = nil
				for _, q := range qs {
					targets = append(targets, path+"?"+q)
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
				c := call{route: rt, target: target, resource: h.resource}
				if check := handlerChecks[rt.Method+" "+rt.Path]; check != nil {
					c.then, c.thenResource = check(target)
				}
				calls = append(calls, c)
			}
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
				action := c.route.Action
				want, err := az.Allowed(ctx, u, action, c.resource)
				if err == nil && want && c.then != "" {
					action = c.then
					want, err = az.Allowed(ctx, u, action, c.thenResource)
				}
				if err != nil {
					t.Errorf("policy %s: %v", action, err)
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
					t.Errorf("%s %s as %s: the policy allows %s %v, the server answered %d %s", c.route.Method, c.target, who, c.route.Action, c.resource, r.Status, short(r.Raw))
				case !want && role == "" && r.Status != http.StatusUnauthorized:
					t.Errorf("%s %s as anonymous: the policy refuses %s %v, want 401, got %d %s", c.route.Method, c.target, action, c.resource, r.Status, short(r.Raw))
				case !want && role != "" && r.Status != http.StatusForbidden:
					t.Errorf("%s %s as %s: the policy refuses %s %v, want 403, got %d %s", c.route.Method, c.target, who, action, c.resource, r.Status, short(r.Raw))
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
	t.Logf("%d requests of %d routes × %d callers", len(calls), len(routes), len(callers))
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

// fillPath answers the route's path with real values for its parameters, once for every
// combination of the values each parameter has.
func fillPath(rt registry.Route, values map[string][]string) ([]string, error) {
	paths := []string{rt.Path}
	var missing []string
	for _, m := range paramRE.FindAllStringSubmatch(rt.Path, -1) {
		vs := values[rt.Module+"/"+m[1]]
		if len(vs) == 0 {
			missing = append(missing, rt.Module+"/"+m[1])
			continue
		}
		var next []string
		for _, p := range paths {
			for _, v := range vs {
				next = append(next, strings.Replace(p, m[0], url.PathEscape(v), 1))
			}
		}
		paths = next
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s %s: no real value for %s: add one to pathValues in modules/matrix_test.go", rt.Method, rt.Path, strings.Join(missing, ", "))
	}
	return paths, nil
}

// fixtures are real objects of the demo data or made for the test, each owned by the editor.
type fixtures struct {
	assortment, collection, notification, notificationType string
	job, upload, announcement, sample, libraryFile         string
	product, uploadBucket, uploadKey                       string
	// order is an id no order has: the gate (the route's order type) is what the matrix
	// checks; who may read or change which order is the orders module's own test. assignment
	// is a real coordinator assignment. ownOrder is a real sample DRAFT of the editor's, for the
	// object-level check.
	order, assignment, ownOrder string
	// season is a demo season and seasonSet one of its sets.
	season, seasonSet string
	// internal is a demo internal assortment of the Wholesale channel (the admin editor's).
	internal string
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
	one(&f.announcement, `SELECT id::text FROM announcements ORDER BY created_at LIMIT 1`)
	one(&f.sample, `SELECT id::text FROM sample_inventory WHERE library = 'Production' LIMIT 1`)
	one(&f.libraryFile, `SELECT f.id::text FROM library_files f JOIN library_assets a ON a.id = f.asset_id
		WHERE a.library_type = 'AdvertisingAsset' AND a.status = 'Published' LIMIT 1`)
	one(&f.product, `SELECT id FROM products ORDER BY id LIMIT 1`)
	one(&f.order, `SELECT gen_random_uuid()::text`)
	one(&f.assignment, `SELECT id::text FROM coordinator_assignments ORDER BY coordinator_code LIMIT 1`)
	r = editor.Do("POST", "/api/orders/sample/active-orders", map[string]any{})
	f.ownOrder = idOf(t, r, "_id")
	one(&f.season, `SELECT id::text FROM assortment_seasons WHERE year = 2027 ORDER BY season, channel LIMIT 1`)
	one(&f.internal, `SELECT id::text FROM assortments WHERE org_type = 'internal' AND channel = 'Wholesale' ORDER BY title LIMIT 1`)
	one(&f.seasonSet, `SELECT id::text FROM assortment_season_sets WHERE season_id::text = $1 ORDER BY position LIMIT 1`, f.season)
	return f
}

// pathValues are the real values of path parameters, keyed by module and parameter name; a
// parameter whose value decides the policy (a library, a collection type) has each of its values.
func pathValues(f fixtures, accounts map[string]*identity.User) map[string][]string {
	one := func(v string) []string { return []string{v} }
	sampleLibraries := []string{"Production", "Sales"}
	return map[string][]string{
		"core/key":                    {"public", "loggedIn"},
		"admin/id":                    one(accounts["user"].ID),
		"admin/version":               one("1"),
		"admin/plugin":                one("notinstalled"),
		"assortments/id":              one(f.assortment),
		"assortments/action":          one("release"),
		"assortments/view":            one("all"),
		"assortments/reportRoute":     one("seasons"),
		"assortments/collectionType":  one("AssortmentCollection"),
		"assortments/collectionId":    one(f.collection),
		"dashboard/_id":               one(f.announcement),
		"libraries/libraryType":       libraries.LibraryTypes,
		"libraries/manageType":        libraries.LibraryTypes,
		"libraries/fileId":            one(f.libraryFile),
		"libraries/collectionType":    {"advertisingAsset", "advertisingLogo", "globalRetail", "productDocument"},
		"notifications/type":          {f.notificationType, "all"},
		"notifications/id":            one(f.notification),
		"products/text":               one("1"),
		"users/provider":              one("corp"),
		"products/popColors":          one("true"),
		"products/id":                 one(f.product),
		"products/file":               one("thumbnail.png"),
		"sampleinventory/subtype":     sampleLibraries,
		"sampleinventory/manageType":  sampleLibraries,
		"sampleinventory/library":     sampleLibraries,
		"sampleinventory/id":          one(f.sample),
		"sampleinventory/property":    one("style"),
		"sampleinventory/value":       one("1"),
		"orders/orderType":            {"sample", "promo", "wholesale"},
		"orders/subtype":              one("active"),
		"orders/id":                   {f.order, f.assignment},
		"orders/originalOrderId":      one(f.order),
		"orders/requesterCode":        one("ZZZ999"),
		"orders/productType":          one("All"),
		"orders/value":                one("A100100"),
		"orders/role":                 {"approver", "seniorApprover"},
		"orders/region":               one("Europe"),
		"orders/origin":               one("UK"),
		"orders/customer":             one("C2003"),
		"orders/style":                one("1"),
		"orders/currency":             one("GBP"),
		"orders/zip":                  one("10001"),
		"jobs/id":                     one(f.job),
		"uploads/uploadId":            one(f.upload),
		"seasons/channel":             {"Wholesale", "Retail", f.season},
		"seasons/subRoute":            {"live", "2026"},
		"seasons/id":                  one(f.season),
		"seasons/seasonId":            one(f.season),
		"seasons/seasonSetId":         one(f.seasonSet),
		"internalassortments/id":      one(f.internal),
		"internalassortments/action":  one("release"),
		"internalassortments/channel": {"Wholesale", "Retail"},
		"documents/fileType":          {"pdf", "xlsx"},
		"documents/small":             one("true"),
		"documents/heroOnly":          one("false"),
		"documents/id":                one("00000000-0000-4000-8000-000000000001"),
		"documents/fileId":            one("00000000-0000-4000-8000-000000000002"),
		"documents/documentId":        one("00000000-0000-4000-8000-000000000003"),
		"documents/accessCode":        one("bm90LWEtcmVhbC1jb2RlLWJ1dC1sb25nLWVub3VnaC1hYmM"),
		"documents/timeStamp":         one("1764072000.bm90LWEtcmVhbC1jb2RlLWJ1dC1sb25nLWVub3VnaA"),
		"documents/filename":          one("Line_Sheet.pdf"),
		// A style the catalog does not hold: the gate decides, the handler answers 404.
		"documents/productType":  one("Footwear"),
		"documents/style":        one("NOSTYLE"),
		"documents/color":        one("NOCOLOR"),
		"documents/locationCode": one("US"),
		"searches/id":            one("00000000-0000-4000-8000-000000000004"),
		"searches/grid":          one("products.catalog"),
		"imports/id":             one(f.assortment),
		"imports/library":        sampleLibraries,
	}
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
