package policies_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"its/core/authz"
	"its/core/config"
	"its/core/identity"
	"its/core/metrics"
	"its/modules/actions"
)

// An admin's policy may not call out, read the server's state or depend on time or chance: a
// set using such a builtin, in a rule or in a test, is refused naming the file and line, before
// anything of it runs (a local listener is never called).
func TestPoliciesCannotCallOut(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	ctx := context.Background()
	calls := map[string]string{
		"http.send":          fmt.Sprintf(`http.send({"method": "GET", "url": %q}).status_code == 200`, srv.URL),
		"net.lookup_ip_addr": `count(net.lookup_ip_addr("localhost")) > 0`,
		"opa.runtime":        `opa.runtime().env.ITS_DEMO_PASSWORD != ""`,
		"time.now_ns":        `time.now_ns() > 0`,
		"rand.intn":          `rand.intn("x", 10) >= 0`,
	}
	for name, call := range calls {
		f := shipped(t)
		f["assortments.rego"] += "\nallow if {\n\tinput.action == \"x.y\"\n\t" + call + "\n}\n"
		f["zz_callout_test.rego"] = "package its.zz_callout_test\n\ntest_calls_out if {\n\t" + call + "\n}\n"
		rep, c := authz.Validate(ctx, f, nil)
		if rep.OK || c != nil {
			t.Fatalf("%s: a set calling it validated", name)
		}
		files := map[string]bool{}
		for _, e := range rep.Errors {
			if strings.Contains(e.Message, name) && e.Row > 0 {
				files[e.File] = true
			}
		}
		if !files["assortments.rego"] || !files["zz_callout_test.rego"] {
			t.Fatalf("%s: the errors do not name both uses with their lines: %+v", name, rep.Errors)
		}
		if err := engine(t).SetLive(ctx, 7, f); err == nil || !strings.Contains(err.Error(), name) {
			t.Fatalf("%s: went live: %v", name, err)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the listener was called %d times", n)
	}
}

type timeouts struct {
	mu      sync.Mutex
	actions []string
}

func (r *timeouts) DecisionTimedOut(_ context.Context, u *identity.User, action string, _ time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.actions = append(r.actions, u.ID+" "+action)
}

// A slow branch, limited to one user, stalls no request: the decision is refused at its
// deadline (it would allow if it finished), audited and counted; saving such a set is refused
// when a probe user reaches the branch; the simulator shows a decision's time.
func TestSlowDecisionFailsClosed(t *testing.T) {
	cfg, err := config.LoadFrom([]string{"ITS_AUTHZ_DECISION_DEADLINE=20ms", "ITS_AUTHZ_DECISION_BUDGET=5ms"})
	if err != nil {
		t.Fatal(err)
	}
	rec := &timeouts{}
	m := metrics.New()
	e, err := authz.New(authz.Params{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Metrics: m, Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	slow := shipped(t)
	slow["assortments.rego"] += fmt.Sprintf(`
allow if {
	input.action == %q
	input.user.id == "slow-user"
	count([x | some i in numbers.range(1, 3000); some j in numbers.range(1, 3000); x := i * j]) > 0
}
`, actions.AssortmentsView)
	// A set already saved (or loaded at start) goes live without the budget's check.
	if err := e.SetLive(ctx, 5, slow); err != nil {
		t.Fatal(err)
	}
	slowUser := &identity.User{ID: "slow-user", Email: "slow@example.com"}
	ok, err := e.Allowed(ctx, slowUser, actions.AssortmentsView, nil)
	if ok || err != nil {
		t.Fatalf("slow decision: allowed=%v err=%v, want a refusal", ok, err)
	}
	if len(rec.actions) != 1 || rec.actions[0] != "slow-user "+actions.AssortmentsView {
		t.Fatalf("audited %v", rec.actions)
	}
	rec2 := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec2, httptest.NewRequest("GET", "/metrics", nil))
	if !strings.Contains(rec2.Body.String(), `its_authz_decisions_total{decision="deadline"} 1`) {
		t.Fatal("the refusal past the deadline was not counted")
	}
	// Everybody else is decided as before.
	if ok, err := e.Allowed(ctx, seniorEditor, actions.AssortmentsEdit, map[string]any{"channel": "Retail"}); !ok || err != nil {
		t.Fatalf("senior editor: %v %v", ok, err)
	}
	// The simulator times a decision and says when one ran past the deadline.
	sim, err := e.Simulate(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ex, err := sim.Explain(ctx, seniorEditor, actions.AssortmentsEdit, map[string]any{"channel": "Retail"}); err != nil || !ex.Allowed || ex.TookMicros <= 0 || ex.TimedOut {
		t.Fatalf("explain: %+v %v", ex, err)
	}
	if ex, err := sim.Explain(ctx, slowUser, actions.AssortmentsView, nil); err != nil || ex.Allowed || !ex.TimedOut {
		t.Fatalf("explain of the slow decision: %+v %v", ex, err)
	}
	// Saving: a probe user reaching the slow branch refuses the set, naming action and user.
	e.SetProbes([]*identity.User{slowUser})
	rep, prep, err := e.Check(ctx, slow)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK || prep != nil {
		t.Fatal("a set with a slow decision may be saved")
	}
	named := false
	for _, ce := range rep.Errors {
		named = named || (strings.Contains(ce.Message, actions.AssortmentsView) && strings.Contains(ce.Message, "slow@example.com"))
	}
	if !named {
		t.Fatalf("errors %+v", rep.Errors)
	}
	if rep, prep, err := e.Check(ctx, shipped(t)); err != nil || !rep.OK || prep == nil {
		t.Fatalf("the shipped set: %+v %v", rep.Errors, err)
	}
}
