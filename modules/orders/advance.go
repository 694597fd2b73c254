package orders

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
)

// stepKind is what a batch asks of an order's workflow.
type stepKind int

const (
	// stepEdit: the batch changed lines or line statuses.
	stepEdit stepKind = iota + 1
	// stepSubmit: the batch submits the order (or passes a promo order on in its review).
	stepSubmit
	// stepComplete: the batch marks the order complete.
	stepComplete
)

// stepFacts is what a step depends on besides the order: its lines by status, a wholesale
// order's first line without a price, who acts and when.
type stepFacts struct {
	counts   map[string]int
	unpriced *unpricedLine
	actor    *identity.User
	now      time.Time
}

// advance is an order's workflow (product spec §4.3) as a pure function: from the order as
// stored, the step asked and its facts to the order after the step and the notes it sends,
// or the refusal. The policy's say (may this caller submit or complete this order) is asked
// before, by the service, which also loads the facts; advance_test.go holds every transition.
//
//   - edit: a coordinator's first change to a submitted sample order starts working on it.
//   - submit: an order with lines is submitted (a wholesale order only with every line priced);
//     a promo order goes to its approver, from the approver to the senior approver, and then
//     to review complete, each step telling the next person and the last one the requester;
//     nobody approves an order they requested.
//   - complete: a sample or wholesale order is COMPLETED, a reviewed promo order moves on to
//     PROCESSED and then FINALIZED; a completed sample order tells its requester.
func advance(o Order, kind stepKind, f stepFacts) (Order, []note, error) {
	switch kind {
	case stepEdit:
		if o.Type == TypeSample && o.Status == StatusSubmitted {
			o.Status = StatusInProgress
		}
		return o, nil, nil
	case stepSubmit:
		return submitStep(o, f)
	case stepComplete:
		return completeStep(o, f.now)
	}
	return o, nil, fmt.Errorf("orders: unknown workflow step %d", kind)
}

func submitStep(o Order, f stepFacts) (Order, []note, error) {
	total := 0
	for _, n := range f.counts {
		total += n
	}
	if total == 0 {
		return o, nil, grid.EmptyRequest()
	}
	if err := checkDuties(&o, f.actor); err != nil {
		return o, nil, err
	}
	if o.Type == TypeWholesale && f.unpriced != nil {
		l := f.unpriced
		return o, nil, httpx.Invalid(httpx.FieldError{Field: "products", Rule: "noPrice",
			Message: msgf(MsgNoPrice, "line", strconv.Itoa(l.N), "style", l.Style, "color", l.Color)})
	}
	now := f.now
	label := fmt.Sprintf("Order %d", o.OrderNumber)
	number := strconv.FormatInt(o.OrderNumber, 10)
	switch {
	case o.Type == TypePromo && o.Status == StatusDraft:
		var bad []httpx.FieldError
		if o.ApproverCode == "" {
			bad = append(bad, httpx.FieldError{Field: "approverCode", Rule: "required", Message: "A promo order needs an approver"})
		}
		if o.SeniorApproverCode == "" {
			bad = append(bad, httpx.FieldError{Field: "seniorApproverCode", Rule: "required", Message: "A promo order needs a senior approver"})
		}
		if len(bad) > 0 {
			return o, nil, httpx.Invalid(bad...)
		}
		o.Status, o.OrderApprovalStatus, o.SubmittedDate = StatusRequiresApprover, StatusRequiresApprover, &now
		return o, []note{{o.ApproverCode, notifyPromo, label + " needs your review", fmt.Sprintf("%s submitted promo order %d for your approval.", o.RequesterName, o.OrderNumber),
			msgPromoSubmitted, map[string]any{"orderNumber": number, "requester": o.RequesterName}}}, nil
	case o.Type == TypePromo && o.Status == StatusRequiresApprover:
		o.Status, o.OrderApprovalStatus = StatusRequiresSenior, StatusRequiresSenior
		return o, []note{{o.SeniorApproverCode, notifyPromo, label + " needs your review", fmt.Sprintf("%s reviewed promo order %d; it now needs your approval.", o.ApproverName, o.OrderNumber),
			msgPromoApproved, map[string]any{"orderNumber": number, "approver": o.ApproverName}}}, nil
	case o.Type == TypePromo && o.Status == StatusRequiresSenior:
		o.Status, o.OrderApprovalStatus = StatusReviewComplete, StatusReviewComplete
		return o, []note{{o.RequesterCode, notifyPromo, label + " was reviewed",
			fmt.Sprintf("Promo order %d: %d line(s) approved, %d denied.", o.OrderNumber, f.counts[StatusApproved], f.counts[StatusDenied]),
			msgPromoReviewed, map[string]any{"orderNumber": number, "approved": f.counts[StatusApproved], "denied": f.counts[StatusDenied]}}}, nil
	case o.Type == TypeSample:
		o.Status, o.SubmittedDate = StatusSubmitted, &now
		if o.CoordinatorCode == "" {
			return o, nil, nil
		}
		return o, []note{{o.CoordinatorCode, notifySample, label + " was submitted", fmt.Sprintf("%s submitted sample order %d.", o.RequesterName, o.OrderNumber),
			msgSampleSubmitted, map[string]any{"orderNumber": number, "requester": o.RequesterName}}}, nil
	default:
		o.Status, o.SubmittedDate = StatusSubmitted, &now
		return o, nil, nil
	}
}

// checkDuties holds the separation of duties of a promo order (whatever the client sent and
// whatever is stored): the requester is neither its approver nor its senior approver, and nobody
// reviews an order they requested.
func checkDuties(o *Order, actor *identity.User) error {
	if o.Type != TypePromo {
		return nil
	}
	var bad []httpx.FieldError
	for _, a := range []struct{ field, code string }{{"approverCode", o.ApproverCode}, {"seniorApproverCode", o.SeniorApproverCode}} {
		if a.code != "" && a.code == o.RequesterCode {
			bad = append(bad, httpx.FieldError{Field: a.field, Rule: "selfApprover", Message: MsgSelfApprover})
		}
	}
	if len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	if actor != nil && o.Status != StatusDraft && actor.UserCode != "" && actor.UserCode == o.RequesterCode {
		return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_FORBIDDEN", Message: MsgOwnReview}
	}
	return nil
}

func completeStep(o Order, now time.Time) (Order, []note, error) {
	switch {
	case o.Type == TypePromo && o.Status == StatusReviewComplete:
		o.Status, o.OrderApprovalStatus = StatusProcessed, StatusProcessed
	case o.Type == TypePromo:
		o.Status, o.OrderApprovalStatus, o.CompletedDate = StatusFinalized, StatusFinalized, &now
	default:
		o.Status, o.CompletedDate = StatusCompleted, &now
		if o.Type == TypeSample {
			return o, []note{{o.RequesterCode, notifySample, fmt.Sprintf("Order %d is complete", o.OrderNumber), fmt.Sprintf("Sample order %d was marked complete.", o.OrderNumber),
				msgSampleCompleted, map[string]any{"orderNumber": strconv.FormatInt(o.OrderNumber, 10)}}}, nil
		}
	}
	return o, nil, nil
}
