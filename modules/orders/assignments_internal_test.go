package orders

import (
	"reflect"
	"testing"
	"time"
)

// TestAssignmentRowHasEveryColumn: the row a save compares for its live event, made from the
// assignment, carries the id, the version and a value for every column of the grid, so a
// column added to the grid is compared too.
func TestAssignmentRowHasEveryColumn(t *testing.T) {
	a := &Assignment{ID: "a1", CoordinatorCode: "CRD1", Name: "Ada", LastName: "Lane", Email: "ada@example.com", CreatedDate: time.Unix(1, 0), Version: 3}
	r := assignmentRow(a)
	if r.ID() != "a1" || r.Version() != 3 {
		t.Fatalf("id %q version %d", r.ID(), r.Version())
	}
	for _, c := range assignmentGrid.Columns {
		if v := r.Get(c.Field); v == nil || reflect.ValueOf(v).IsZero() {
			t.Errorf("no value for %s", c.Field)
		}
	}
	if assignmentRow(nil) != nil {
		t.Error("no assignment has a row")
	}
}
