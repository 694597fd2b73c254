package orders_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"
)

// TestTodayIsTheClocks: the orders service's today (here in an export's file name) is the
// injected clock's, so a test sets the day instead of depending on the wall clock.
func TestTodayIsTheClocks(t *testing.T) {
	// Ahead of the wall clock: the client's cookie jar drops cookies by the wall clock.
	clock := clockwork.NewFakeClockAt(time.Date(2031, 3, 4, 12, 0, 0, 0, time.UTC))
	a := start(t, fx.Replace(fx.Annotate(clock, fx.As(new(clockwork.Clock)))))
	senior := login(a, "seniorCoordinator")
	body := map[string]any{"columns": []map[string]string{{"field": "coordinatorCode", "headerName": "Coordinator"}}}
	senior.Exported(t, "/api/coordinatorAssignments/export/csv", "csv", regexp.MustCompile(`filename="CoordinatorAssignments_2031-03-04\.csv"`), body)
}
