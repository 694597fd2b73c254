package authz

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/topdown"

	"its/core/identity"
)

// Sim asks questions of one policy set outside the request path: the live set or a draft that
// was never saved. It is for the admins' simulator; decisions of requests never go through it.
type Sim struct {
	e *Engine
	c *compiled
}

// Simulate gives a Sim of draft with the overlays in effect, or of the live set when draft is nil.
// A draft that does not compile is a CompileErrors.
func (e *Engine) Simulate(ctx context.Context, draft Files) (*Sim, error) {
	if draft == nil {
		return &Sim{e: e, c: e.live.Load()}, nil
	}
	f, err := e.Effective(draft)
	if err != nil {
		return nil, err
	}
	c, err := compileSet(ctx, f)
	if err != nil {
		return nil, err
	}
	return &Sim{e: e, c: c}, nil
}

// Allowed is the set's decision for u (nil: anonymous).
func (s *Sim) Allowed(ctx context.Context, u *identity.User, action string, resource map[string]any) (bool, error) {
	return s.e.evalIn(ctx, s.c, userTerm(u), action, resource)
}

// Known reports whether the set's catalogue has action.
func (s *Sim) Known(action string) bool { return s.c.actions[action] != nil }

// Actions lists the set's catalogue.
func (s *Sim) Actions() []string {
	out := make([]string, 0, len(s.c.actions))
	for a := range s.c.actions {
		out = append(out, a)
	}
	return out
}

func userTerm(u *identity.User) *ast.Term {
	if u == nil {
		return nullUser
	}
	return ast.NewTerm(userValue(u))
}

// RuleTrace is one allow rule the decision evaluated: where it is, its source, and whether it
// held; for one that did not, the condition that failed first.
type RuleTrace struct {
	File     string `json:"file"`
	Row      int    `json:"row"`
	Source   string `json:"source"`
	Matched  bool   `json:"matched"`
	FailedAt string `json:"failedAt,omitempty"`
	FailRow  int    `json:"failRow,omitempty"`
}

// Explanation is a decision with its reason, from OPA's trace of the evaluation.
type Explanation struct {
	Allowed bool `json:"allowed"`
	// Took is how long the decision took, as a request's would (untraced), in microseconds;
	// TimedOut says it ran past the deadline (a request would be refused).
	TookMicros float64     `json:"tookMicros"`
	TimedOut   bool        `json:"timedOut,omitempty"`
	Matched    []RuleTrace `json:"matched"` // the allow rules that held
	Failed     []RuleTrace `json:"failed"`  // the allow rules tried for this action that did not
}

// Explain decides like Allowed and traces it: the rules of data.its.authz.allow that were
// entered, which of them held, and for the others the first condition that failed.
func (s *Sim) Explain(ctx context.Context, u *identity.User, action string, resource map[string]any) (*Explanation, error) {
	input, err := s.e.input(s.c, userTerm(u), action, resource)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	_, err = s.e.evalIn(ctx, s.c, userTerm(u), action, resource)
	out := &Explanation{Matched: []RuleTrace{}, Failed: []RuleTrace{}, TookMicros: float64(time.Since(start).Nanoseconds()) / 1e3}
	if errors.Is(err, ErrDeadline) {
		out.TimedOut = true // the trace of a decision past its deadline would take as long
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	buf := topdown.NewBufferTracer()
	rs, err := rego.New(rego.Compiler(s.c.compiler), rego.Store(s.c.store), rego.Query(Query),
		rego.ParsedInput(input), rego.QueryTracer(buf)).Eval(ctx)
	if err != nil {
		return nil, err
	}
	if len(rs) == 1 && len(rs[0].Expressions) == 1 {
		out.Allowed, _ = rs[0].Expressions[0].Value.(bool)
	}
	allow := ast.MustParseRef("data.its.authz.allow")
	type state struct {
		rt   *RuleTrace
		done bool
	}
	byQuery := map[uint64]*state{} // the query id of each entered rule's body
	var order []*state
	for _, ev := range *buf {
		switch n := ev.Node.(type) {
		case *ast.Rule:
			if !n.Ref().GroundPrefix().Equal(allow) {
				continue
			}
			if n.Default {
				continue
			}
			switch ev.Op {
			case topdown.EnterOp:
				if _, seen := byQuery[ev.QueryID]; seen {
					continue
				}
				st := &state{rt: &RuleTrace{Source: ruleSource(n)}}
				if n.Location != nil {
					st.rt.File, st.rt.Row = n.Location.File, n.Location.Row
				}
				byQuery[ev.QueryID] = st
				order = append(order, st)
			case topdown.ExitOp:
				if st := byQuery[ev.QueryID]; st != nil {
					st.rt.Matched = true
				}
			}
		case *ast.Expr:
			if ev.Op != topdown.FailOp {
				continue
			}
			if st := byQuery[ev.QueryID]; st != nil && !st.done {
				st.rt.FailedAt = n.String()
				if n.Location != nil {
					st.rt.FailRow = n.Location.Row
				}
				st.done = true
			}
		}
	}
	for _, st := range order {
		if line := sourceLine(s.c.src[st.rt.File], st.rt.FailRow); line != "" {
			st.rt.FailedAt = line
		}
		if st.rt.Matched {
			st.rt.FailedAt, st.rt.FailRow = "", 0
			out.Matched = append(out.Matched, *st.rt)
		} else {
			out.Failed = append(out.Failed, *st.rt)
		}
	}
	return out, nil
}

// ruleSource is the rule as written (at most 12 lines).
func ruleSource(r *ast.Rule) string {
	if r.Location == nil {
		return r.String()
	}
	lines := strings.Split(string(r.Location.Text), "\n")
	if len(lines) > 12 {
		lines = append(lines[:12], "...")
	}
	return strings.Join(lines, "\n")
}

// sourceLine is line row (1-based) of src, trimmed; "" when there is none.
func sourceLine(src string, row int) string {
	if row < 1 {
		return ""
	}
	lines := strings.Split(src, "\n")
	if row > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[row-1])
}

// Value is the value of query (a reference into the set's data, like data.its.x.y) for input,
// nil when undefined. A policy set can so keep data that is not a decision (a mapping, say) as
// versioned, tested and simulated as the decisions.
func (s *Sim) Value(ctx context.Context, query string, input any) (any, error) {
	ctx, cancel := context.WithTimeout(ctx, s.e.deadline)
	defer cancel()
	rs, err := rego.New(rego.Compiler(s.c.compiler), rego.Store(s.c.store), rego.Query(query), rego.Input(input)).Eval(ctx)
	if err != nil {
		return nil, err
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return nil, nil
	}
	return rs[0].Expressions[0].Value, nil
}

// Value is Sim.Value on the live set.
func (e *Engine) Value(ctx context.Context, query string, input any) (any, error) {
	return (&Sim{e: e, c: e.live.Load()}).Value(ctx, query, input)
}
