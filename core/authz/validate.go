package authz

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/format"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"
)

// TestResult is one Rego test of a set.
type TestResult struct {
	Name    string `json:"name"` // package.rule, e.g. data.its.tests.x.test_x_view_allow_editor
	File    string `json:"file"`
	Row     int    `json:"row"`
	Passed  bool   `json:"passed"`
	Message string `json:"message,omitempty"` // the error or the failing expression
	// Took is how long the test ran.
	Took time.Duration `json:"took"`
}

// Report is what Validate found: the set goes live only when OK.
type Report struct {
	OK      bool          `json:"ok"`
	Errors  CompileErrors `json:"errors"`
	Tests   []TestResult  `json:"tests"`
	Failed  []string      `json:"failed"` // names of the failing tests
	Missing []string      `json:"missing,omitempty"`
}

// Validate compiles f, checks that it still knows every action the running modules declare
// (required) and runs every test of the set (its _test.rego files) with OPA's tester against the
// set's grants. c is the compiled set when it compiled.
func Validate(ctx context.Context, f Files, required []string) (*Report, *compiled) {
	rep := &Report{Errors: CompileErrors{}, Tests: []TestResult{}, Failed: []string{}}
	all, grants, rules, err := parse(f)
	if err != nil {
		rep.Errors = astErrors(err)
		return rep, nil
	}
	// The tests compile the set again with the test files: both compilations run at once.
	type testRun struct {
		results chan *tester.Result
		err     error
	}
	tests := make(chan testRun, 1)
	go func() {
		runner := tester.NewRunner().
			SetCompiler(NewCompiler()).
			SetModules(all).
			SetStore(inmem.NewFromObject(map[string]any{"grants": grants})).
			RaiseBuiltinErrors(true)
		results, err := runner.RunTests(ctx, nil)
		tests <- testRun{results, err}
	}()
	c, err := compileParsed(ctx, f, all, grants, rules)
	run := <-tests
	if err != nil {
		rep.Errors = astErrors(err)
		if run.err == nil {
			for range run.results {
			}
		}
		return rep, nil
	}
	for _, a := range required {
		if c.actions[a] == nil {
			rep.Missing = append(rep.Missing, a)
		}
	}
	for _, a := range rep.Missing {
		rep.Errors = append(rep.Errors, CompileError{Message: fmt.Sprintf("action %q is declared by a module but has no rule in data.its.authz.actions", a)})
	}
	results, err := run.results, run.err
	if err != nil {
		rep.Errors = append(rep.Errors, astErrors(err)...)
		return rep, nil
	}
	for r := range results {
		tr := TestResult{Name: r.Package + "." + r.Name, Passed: !r.Fail && r.Error == nil && !r.Skip, Took: r.Duration}
		if r.Location != nil {
			tr.File, tr.Row = r.Location.File, r.Location.Row
		}
		switch {
		case r.Error != nil:
			tr.Message = r.Error.Error()
		case r.Fail && r.FailedAt != nil:
			tr.Message = "failed at " + r.FailedAt.String()
			if r.FailedAt.Location != nil {
				tr.Message = fmt.Sprintf("failed at line %d: %s", r.FailedAt.Location.Row, r.FailedAt.String())
			}
		case r.Fail:
			tr.Message = "failed"
		case r.Skip:
			tr.Message = "skipped (todo_ tests are not allowed)"
		}
		rep.Tests = append(rep.Tests, tr)
		if !tr.Passed {
			rep.Failed = append(rep.Failed, tr.Name)
		}
	}
	sort.Slice(rep.Tests, func(i, j int) bool { return rep.Tests[i].Name < rep.Tests[j].Name })
	sort.Strings(rep.Failed)
	if len(rep.Tests) == 0 {
		rep.Errors = append(rep.Errors, CompileError{Message: "the set has no tests"})
	}
	rep.OK = len(rep.Errors) == 0 && len(rep.Failed) == 0
	if !rep.OK {
		return rep, nil
	}
	return rep, c
}

// Format is `opa fmt` of one Rego file: its canonical form, or the parse errors with lines.
func Format(path, src string) (string, error) {
	if !strings.HasSuffix(path, ".rego") {
		path += ".rego"
	}
	out, err := format.Source(path, []byte(src))
	if err != nil {
		return "", astErrors(err)
	}
	return string(out), nil
}
