package registry

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-chi/chi/v5"

	"its/core/authz"
	"its/core/config"
	"its/core/httpx"
	"its/core/identity"
)

// gatePolicy lets any logged-in user open a door and only the user "keeper" through it, and
// names the door's room in the resource it is given.
const gatePolicy = `package its.authz

actions contains action if some action in {"door.open", "door.pass"}

allow if {
	input.action == "door.open"
	is_string(input.user.id)
}

allow if {
	input.action == "door.pass"
	input.user.id == "keeper"
	input.resource.room == "hall"
}
`

const doors = `
id: doors
title: module.doors
actions:
  - {id: door.open}
  - {id: door.pass}
api:
  - {method: GET, path: "/api/doors/{room}", action: door.open}
  - {method: GET, path: "/api/doors/{room}/by", action: door.open}
`

// TestAlsoRefusesBeforeTheHandler: a route that declares a second check (Also, AlsoBy) answers
// a caller the policy refuses it with the route's refusal naming the second action, and its
// handler never runs; a caller allowed both reaches the handler; a second question's own error
// (an unknown path value) is the answer as is.
func TestAlsoRefusesBeforeTheHandler(t *testing.T) {
	cfg, err := config.LoadFrom([]string{"ITS_AUTHZ_DECISION_DEADLINE=5s", "ITS_AUTHZ_DECISION_BUDGET=1s"})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	az, err := authz.New(authz.Params{Config: cfg, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	if err := az.SetOverlay(context.Background(), "doors", fstest.MapFS{"doors.rego": {Data: []byte(gatePolicy)}}); err != nil {
		t.Fatal(err)
	}
	calls := 0
	handler := func(w http.ResponseWriter, r *http.Request) error {
		calls++
		httpx.Data(w, "through")
		return nil
	}
	byRoom := AlsoBy(func(r *http.Request) ([]authz.Check, error) {
		switch room := chi.URLParam(r, "room"); room {
		case "yard":
			return nil, nil // no second question
		case "hall", "cellar":
			return []authz.Check{{Action: "door.pass", Resource: map[string]any{"room": room}}}, nil
		case "both":
			// Two questions: the second is refused to everyone.
			return []authz.Check{{Action: "door.pass", Resource: map[string]any{"room": "hall"}}, {Action: "door.pass", Resource: map[string]any{"room": "cellar"}}}, nil
		}
		return nil, httpx.Invalid(httpx.FieldError{Field: "room", Rule: "room", Message: "No such room"})
	})
	reg, err := New(Params{Authz: az, Log: log, Modules: []Module{{File: "modules/doors/module.yaml", Manifest: []byte(doors), Routes: func(r Router) {
		r.Handle("GET", "/api/doors/{room}", "door.open", handler, Also("door.pass"))
		r.Handle("GET", "/api/doors/{room}/by", "door.open", handler, byRoom)
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	mux := chi.NewRouter()
	reg.Mount(mux)
	for _, tc := range []struct {
		user, path string
		status     int
		body       string
		handled    bool
	}{
		{"", "/api/doors/hall", 401, "", false},
		{"guest", "/api/doors/hall", 403, `"action":"door.pass"`, false},
		{"keeper", "/api/doors/cellar", 403, `"action":"door.pass"`, false},
		{"keeper", "/api/doors/hall", 200, "through", true},
		{"guest", "/api/doors/hall/by", 403, `"action":"door.pass"`, false},
		{"keeper", "/api/doors/hall/by", 200, "through", true},
		{"guest", "/api/doors/yard/by", 200, "through", true},
		{"keeper", "/api/doors/both/by", 403, `"action":"door.pass"`, false},
		{"", "/api/doors/attic/by", 401, "", false},
		{"guest", "/api/doors/attic/by", 400, "No such room", false},
	} {
		req := httptest.NewRequest("GET", tc.path, nil)
		if tc.user != "" {
			req = req.WithContext(identity.WithUser(req.Context(), &identity.User{ID: tc.user}))
		}
		w := httptest.NewRecorder()
		before := calls
		mux.ServeHTTP(w, req)
		if w.Code != tc.status || !strings.Contains(w.Body.String(), tc.body) {
			t.Errorf("%s as %q: %d %s, want %d with %s", tc.path, tc.user, w.Code, w.Body, tc.status, tc.body)
		}
		if handled := calls > before; handled != tc.handled {
			t.Errorf("%s as %q: handler ran %v, want %v", tc.path, tc.user, handled, tc.handled)
		}
	}

	// The route walk asks the same questions the guard asks.
	for _, rt := range reg.Routes() {
		if rt.Path != "/api/doors/{room}" {
			continue
		}
		req := httptest.NewRequest("GET", "/api/doors/hall", nil)
		rc := chi.NewRouteContext()
		rc.URLParams.Add("room", "hall")
		req = req.WithContext(context.WithValue(req.Context(), chi.RouteCtxKey, rc))
		var asked []string
		if err := rt.Each(req, func(c authz.Check) (bool, error) {
			asked = append(asked, c.Action+" "+c.Resource["room"].(string))
			return true, nil
		}); err != nil {
			t.Fatal(err)
		}
		if strings.Join(asked, ", ") != "door.open hall, door.pass hall" {
			t.Errorf("Route.Each asked %v", asked)
		}
	}
}
