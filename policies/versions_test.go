package policies_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"its/core/authz"
	"its/core/identity"
	"its/modules/actions"
	"its/policies"
)

func shipped(t testing.TB) authz.Files {
	t.Helper()
	f, err := authz.FilesOf(policies.FS)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

var seniorEditor = &identity.User{ID: "u1", Permissions: []identity.Permission{
	{Domain: "its:productAssortments", Role: "seniorEditor", Channel: "All", Region: "All", ProductType: "All"}}}

// withoutSeniorEditor takes assortments.edit away from seniorEditor in f's grants, and turns the
// test that asserted the grant around.
func withoutSeniorEditor(t testing.TB, f authz.Files) authz.Files {
	t.Helper()
	out := authz.Files{}
	for k, v := range f {
		out[k] = v
	}
	g := out[authz.GrantsFile]
	i := strings.Index(g, `"`+actions.AssortmentsEdit+`"`)
	j := i + strings.Index(g[i:], `]`)
	if i < 0 || !strings.Contains(g[i:j], `"seniorEditor", `) {
		t.Fatal("grants.json changed shape: assortments.edit roles not found")
	}
	out[authz.GrantsFile] = g[:i] + strings.Replace(g[i:j], `"seniorEditor", `, "", 1) + g[j:]
	tests := out["assortments_test.rego"]
	old := `test_assortments_edit_allow_seniorEditor if t.allowed(`
	if !strings.Contains(tests, old) {
		t.Fatal("assortments_test.rego changed shape")
	}
	out["assortments_test.rego"] = strings.Replace(tests, old, `test_assortments_edit_deny_seniorEditor if not t.allowed(`, 1)
	return out
}

func TestValidateShippedSet(t *testing.T) {
	rep, c := authz.Validate(context.Background(), shipped(t), []string{actions.AssortmentsEdit})
	if !rep.OK || c == nil || len(rep.Tests) < 100 || len(rep.Failed) != 0 {
		t.Fatalf("shipped set: ok=%v errors=%v failed=%v tests=%d", rep.OK, rep.Errors, rep.Failed, len(rep.Tests))
	}
}

func TestValidateNamesTheFailingTest(t *testing.T) {
	f := shipped(t)
	// The grant goes, the test that asserts it stays: the set is refused naming the test.
	g := withoutSeniorEditor(t, f)
	g["assortments_test.rego"] = f["assortments_test.rego"]
	rep, c := authz.Validate(context.Background(), g, nil)
	if rep.OK || c != nil {
		t.Fatal("a set failing a test validated")
	}
	if !slices.Contains(rep.Failed, "data.its.authz_test.test_assortments_edit_allow_seniorEditor") && !slices.ContainsFunc(rep.Failed, func(s string) bool {
		return strings.HasSuffix(s, ".test_assortments_edit_allow_seniorEditor")
	}) {
		t.Fatalf("failing test not named: %v", rep.Failed)
	}
	// With the test turned around it passes.
	if rep, _ := authz.Validate(context.Background(), withoutSeniorEditor(t, f), nil); !rep.OK {
		t.Fatalf("edited set refused: %v %v", rep.Errors, rep.Failed)
	}
}

func TestValidateCompileErrorsHaveLines(t *testing.T) {
	f := shipped(t)
	f["assortments.rego"] += "\nallow if {\n\tinput.action == \"x\"\n\tundefined_thing.y\n}\n"
	rep, _ := authz.Validate(context.Background(), f, nil)
	if rep.OK || len(rep.Errors) == 0 {
		t.Fatal("unsafe rule compiled")
	}
	e := rep.Errors[0]
	if e.File != "assortments.rego" || e.Row < 2 {
		t.Fatalf("error without its place: %+v", e)
	}
	f = shipped(t)
	f["lib/grants.rego"] = "package its.lib\n\nthis is not rego"
	if rep, _ := authz.Validate(context.Background(), f, nil); rep.OK || rep.Errors[0].File != "lib/grants.rego" || rep.Errors[0].Row != 3 {
		t.Fatalf("parse error: %+v", rep.Errors)
	}
	// A set losing a required action is refused.
	f = shipped(t)
	if rep, _ := authz.Validate(context.Background(), f, []string{"no.such.action"}); rep.OK || len(rep.Missing) != 1 {
		t.Fatalf("missing action accepted: %+v", rep)
	}
}

func TestSetLiveSwapsDecisions(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	res := map[string]any{"channel": "Retail"}
	if ok, _ := e.Allowed(ctx, seniorEditor, actions.AssortmentsEdit, res); !ok {
		t.Fatal("shipped set refuses the senior editor")
	}
	if err := e.SetLive(ctx, 2, withoutSeniorEditor(t, shipped(t))); err != nil {
		t.Fatal(err)
	}
	if ok, _ := e.Allowed(ctx, seniorEditor, actions.AssortmentsEdit, res); ok {
		t.Fatal("new set not in effect")
	}
	if v, _ := e.Live(); v != 2 {
		t.Fatalf("live version %d", v)
	}
	// A broken set changes nothing.
	e.Require([]string{actions.AssortmentsEdit})
	bad := shipped(t)
	delete(bad, "assortments.rego")
	if err := e.SetLive(ctx, 3, bad); err == nil {
		t.Fatal("a set without a required action went live")
	}
	if v, _ := e.Live(); v != 2 {
		t.Fatalf("live version %d after a refused set", v)
	}
}

func TestOverlays(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	overlay := fstest.MapFS{
		"demo.rego":   {Data: []byte("package its.authz\n\nactions contains \"demo.view\"\n")},
		"grants.json": {Data: []byte(`{"demo.view": [{"authenticated": true}]}`)},
	}
	if err := e.SetOverlay(ctx, "demo", overlay); err != nil {
		t.Fatal(err)
	}
	if !e.Known("demo.view") {
		t.Fatal("overlay action unknown")
	}
	if ok, _ := e.Allowed(ctx, seniorEditor, "demo.view", nil); !ok {
		t.Fatal("overlay grant not in effect")
	}
	// The overlay survives a new live version.
	if err := e.SetLive(ctx, 2, shipped(t)); err != nil || !e.Known("demo.view") {
		t.Fatalf("overlay lost on a new version: %v", err)
	}
	// An overlay granting an action the set grants is refused.
	clash := fstest.MapFS{"grants.json": {Data: []byte(`{"` + actions.AssortmentsEdit + `": [{"authenticated": true}]}`)}}
	if err := e.SetOverlay(ctx, "clash", clash); err == nil {
		t.Fatal("overlay widened a live grant")
	}
	if err := e.RemoveOverlay(ctx, "demo"); err != nil || e.Known("demo.view") {
		t.Fatalf("overlay not removed: %v", err)
	}
}

func TestFormat(t *testing.T) {
	out, err := authz.Format("x.rego", "package x\nallow if {  input.a == 1 }")
	if err != nil || !strings.Contains(out, "allow if input.a == 1") {
		t.Fatalf("format: %q %v", out, err)
	}
	if _, err := authz.Format("x.rego", "package x\nallow if {"); err == nil || !strings.Contains(err.Error(), "x.rego:2") {
		t.Fatalf("format error without line: %v", err)
	}
}

func TestExplain(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	live, err := e.Simulate(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := map[string]any{"channel": "Retail"}
	ex, err := live.Explain(ctx, seniorEditor, actions.AssortmentsEdit, res)
	if err != nil {
		t.Fatal(err)
	}
	if !ex.Allowed || len(ex.Matched) == 0 || ex.Matched[0].File != "grants.json.rego" || !strings.Contains(ex.Matched[0].Source, `"seniorEditor"`) {
		t.Fatalf("allow not explained: %+v", ex)
	}
	draft, err := e.Simulate(ctx, withoutSeniorEditor(t, shipped(t)))
	if err != nil {
		t.Fatal(err)
	}
	ex, err = draft.Explain(ctx, seniorEditor, actions.AssortmentsEdit, res)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Allowed || len(ex.Matched) != 0 || len(ex.Failed) == 0 {
		t.Fatalf("deny not explained: %+v", ex)
	}
	failedOnRole := false
	for _, f := range ex.Failed {
		failedOnRole = failedOnRole || strings.Contains(f.FailedAt, "p.role")
	}
	if !failedOnRole {
		t.Fatalf("the deny does not name the role condition: %+v", ex.Failed)
	}
	// The draft leaves the live set alone.
	if ok, _ := e.Allowed(ctx, seniorEditor, actions.AssortmentsEdit, res); !ok {
		t.Fatal("simulating a draft changed the live decision")
	}
}

// TestFlagGrant: a {"flag": f} entry admits a logged-in user holding the access flag, and no one else.
func TestFlagGrant(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	f := shipped(t)
	old := `"` + actions.AssortmentsReporting + `": [`
	i := strings.Index(f[authz.GrantsFile], old)
	if i < 0 {
		t.Fatal("grants.json changed shape")
	}
	f[authz.GrantsFile] = f[authz.GrantsFile][:i+len(old)] + "\n    {\"flag\": \"wof\"}," + f[authz.GrantsFile][i+len(old):]
	draft, err := e.Simulate(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		u    *identity.User
		want bool
	}{
		{&identity.User{ID: "u2", Flags: []string{"wof"}}, true},
		{&identity.User{ID: "u3", Flags: []string{"conferenceDomestic"}}, false},
		{nil, false},
	} {
		if ok, err := draft.Allowed(ctx, c.u, actions.AssortmentsReporting, nil); err != nil || ok != c.want {
			t.Errorf("%+v: allowed %v, want %v (%v)", c.u, ok, c.want, err)
		}
	}
}
