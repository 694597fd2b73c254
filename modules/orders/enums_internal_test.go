package orders

import (
	"slices"
	"testing"
)

// Every status the service gives an order or a line is a value of the manifest's enumerations,
// which the remote's catalogs word in every language (the i18n check holds them to it): a status
// added here without its enumeration value would be shown untranslated.
func TestStatusesAreEnumerated(t *testing.T) {
	for _, c := range []struct {
		name   string
		used   []string
		listed []string
	}{
		{"order", []string{StatusDraft, StatusPending, StatusSubmitted, StatusInProgress, StatusUnapproved, StatusCanceled, StatusCompleted,
			StatusArchived, StatusInactive, StatusRequiresApprover, StatusRequiresSenior, StatusReviewComplete, StatusProcessed, StatusFinalized}, OrderStatuses},
		{"promo review", []string{StatusPending, StatusRequiresApprover, StatusRequiresSenior, StatusReviewComplete, StatusProcessed, StatusFinalized}, ApprovalStatuses},
		{"line", []string{StatusDraft, StatusPending, StatusApproved, StatusDenied}, LineStatuses},
	} {
		for _, s := range c.used {
			if !slices.Contains(c.listed, s) {
				t.Errorf("%s status %q is not in the manifest's enumeration", c.name, s)
			}
		}
	}
}
