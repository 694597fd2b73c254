package orders

import (
	"errors"
	"slices"
	"testing"
	"time"

	"its/core/httpx"
	"its/core/identity"
)

// TestAdvance holds the order workflow of product spec §4.3 as a table: every type and status
// through every step, with the facts that decide it, to the next status, whom it tells, or the
// refusal (its code and, for a refused field, the rule). The HTTP walk of the same machine as
// every demo role is TestStateMachine.
func TestAdvance(t *testing.T) {
	now := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	lines := map[string]int{StatusPending: 2}
	reviewed := map[string]int{StatusApproved: 3, StatusDenied: 1}
	user := &identity.User{UserCode: "USR001"}
	approver := &identity.User{UserCode: "APR001"}
	senior := &identity.User{UserCode: "SAP001"}
	coord := &identity.User{UserCode: "CRD001"}
	promo := func(status string) Order {
		return Order{Type: TypePromo, Status: status, OrderNumber: 7, RequesterCode: "USR001", RequesterName: "Uma User",
			ApproverCode: "APR001", ApproverName: "Al Approver", SeniorApproverCode: "SAP001"}
	}
	sample := func(status, coordinator string) Order {
		return Order{Type: TypeSample, Status: status, OrderNumber: 8, RequesterCode: "USR001", CoordinatorCode: coordinator}
	}
	wholesale := func(status string) Order {
		return Order{Type: TypeWholesale, Status: status, OrderNumber: 9, RequesterCode: "EDT001"}
	}
	noApprover := promo(StatusDraft)
	noApprover.ApproverCode, noApprover.SeniorApproverCode = "", ""
	selfApprover := promo(StatusDraft)
	selfApprover.ApproverCode = "USR001"

	cases := []struct {
		name       string
		order      Order
		kind       stepKind
		facts      stepFacts
		status     string // the status after the step ("" when refused)
		approval   string // the promo approval status after the step
		submitted  bool   // the submitted date set to now
		completed  bool   // the completed date set to now
		tell       string // the one note's recipient ("" for none)
		code, rule string // the refusal
	}{
		{name: "an edit starts work on a submitted sample order", order: sample(StatusSubmitted, "CRD001"), kind: stepEdit, facts: stepFacts{actor: coord}, status: StatusInProgress},
		{name: "an edit of a draft changes no status", order: sample(StatusDraft, ""), kind: stepEdit, facts: stepFacts{actor: user}, status: StatusDraft},
		{name: "an edit of a submitted promo order changes no status", order: promo(StatusRequiresApprover), kind: stepEdit, facts: stepFacts{actor: approver}, status: StatusRequiresApprover, approval: ""},

		{name: "a sample order is submitted and its coordinator told", order: sample(StatusDraft, "CRD001"), kind: stepSubmit, facts: stepFacts{counts: lines, actor: user}, status: StatusSubmitted, submitted: true, tell: "CRD001"},
		{name: "a sample order without a coordinator tells nobody", order: sample(StatusDraft, ""), kind: stepSubmit, facts: stepFacts{counts: lines, actor: user}, status: StatusSubmitted, submitted: true},
		{name: "an order without lines is not submitted", order: sample(StatusDraft, ""), kind: stepSubmit, facts: stepFacts{counts: map[string]int{}, actor: user}, code: "ITS_ERR_EMPTY_REQUEST"},
		{name: "a promo draft goes to its approver", order: promo(StatusDraft), kind: stepSubmit, facts: stepFacts{counts: lines, actor: user}, status: StatusRequiresApprover, approval: StatusRequiresApprover, submitted: true, tell: "APR001"},
		{name: "a promo draft needs both approvers", order: noApprover, kind: stepSubmit, facts: stepFacts{counts: lines, actor: user}, code: "ITS_ERR_VALIDATION", rule: "required"},
		{name: "a requester is not their own approver", order: selfApprover, kind: stepSubmit, facts: stepFacts{counts: lines, actor: user}, code: "ITS_ERR_VALIDATION", rule: "selfApprover"},
		{name: "the approver passes it to the senior approver", order: promo(StatusRequiresApprover), kind: stepSubmit, facts: stepFacts{counts: reviewed, actor: approver}, status: StatusRequiresSenior, approval: StatusRequiresSenior, tell: "SAP001"},
		{name: "the senior approver completes the review and tells the requester", order: promo(StatusRequiresSenior), kind: stepSubmit, facts: stepFacts{counts: reviewed, actor: senior}, status: StatusReviewComplete, approval: StatusReviewComplete, tell: "USR001"},
		{name: "the requester cannot pass their own order under review", order: promo(StatusRequiresApprover), kind: stepSubmit, facts: stepFacts{counts: reviewed, actor: user}, code: "ITS_ERR_FORBIDDEN"},
		{name: "the requester cannot complete the senior review either", order: promo(StatusRequiresSenior), kind: stepSubmit, facts: stepFacts{counts: reviewed, actor: user}, code: "ITS_ERR_FORBIDDEN"},
		{name: "a priced wholesale order is submitted", order: wholesale(StatusPending), kind: stepSubmit, facts: stepFacts{counts: lines, actor: &identity.User{UserCode: "EDT001"}}, status: StatusSubmitted, submitted: true},
		{name: "a wholesale order with an unpriced line is not", order: wholesale(StatusPending), kind: stepSubmit, facts: stepFacts{counts: lines, unpriced: &unpricedLine{N: 2, Style: "S1", Color: "001"}, actor: &identity.User{UserCode: "EDT001"}}, code: "ITS_ERR_VALIDATION", rule: "noPrice"},

		{name: "a sample order is completed and its requester told", order: sample(StatusInProgress, "CRD001"), kind: stepComplete, facts: stepFacts{actor: coord}, status: StatusCompleted, completed: true, tell: "USR001"},
		{name: "a wholesale order is completed", order: wholesale(StatusSubmitted), kind: stepComplete, facts: stepFacts{actor: &identity.User{UserCode: "EDT001"}}, status: StatusCompleted, completed: true},
		{name: "a reviewed promo order is processed", order: promo(StatusReviewComplete), kind: stepComplete, facts: stepFacts{actor: coord}, status: StatusProcessed, approval: StatusProcessed},
		{name: "a processed promo order is finalized", order: promo(StatusProcessed), kind: stepComplete, facts: stepFacts{actor: coord}, status: StatusFinalized, approval: StatusFinalized, completed: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.facts.now = now
			next, notes, err := advance(c.order, c.kind, c.facts)
			if c.code != "" {
				var he *httpx.Error
				if !errors.As(err, &he) || he.Code != c.code {
					t.Fatalf("want refusal %s, got %v", c.code, err)
				}
				if c.rule != "" {
					fields, _ := he.Details.([]httpx.FieldError)
					if !slices.ContainsFunc(fields, func(f httpx.FieldError) bool { return f.Rule == c.rule }) {
						t.Fatalf("want rule %s, got %+v", c.rule, he.Details)
					}
				}
				if notes != nil {
					t.Fatalf("a refusal sends nothing, got %+v", notes)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected refusal: %v", err)
			}
			if next.Status != c.status || next.OrderApprovalStatus != c.approval {
				t.Fatalf("status %q/%q, want %q/%q", next.Status, next.OrderApprovalStatus, c.status, c.approval)
			}
			if got := next.SubmittedDate != nil && next.SubmittedDate.Equal(now); got != c.submitted {
				t.Fatalf("submitted date set %v, want %v", got, c.submitted)
			}
			if got := next.CompletedDate != nil && next.CompletedDate.Equal(now); got != c.completed {
				t.Fatalf("completed date set %v, want %v", got, c.completed)
			}
			var to []string
			for _, n := range notes {
				to = append(to, n.to)
			}
			if want := []string{c.tell}; (c.tell == "" && len(to) != 0) || (c.tell != "" && !slices.Equal(to, want)) {
				t.Fatalf("told %v, want %q", to, c.tell)
			}
		})
	}
	if _, _, err := advance(promo(StatusDraft), stepKind(99), stepFacts{}); err == nil {
		t.Fatal("an unknown step must be refused")
	}
}
