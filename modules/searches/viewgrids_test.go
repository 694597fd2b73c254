package searches

import "testing"

// TestViewGridsAreTheEnumeration holds the decisions of views.go to the manifest's viewGrid
// enumeration, which the browser reads to show the Views menu: one grid in one and not the
// other would offer a menu the server refuses, or hide one it keeps.
func TestViewGridsAreTheEnumeration(t *testing.T) {
	if len(viewGrids) != len(ViewGrids) {
		t.Fatalf("viewGrids has %d grids, the enumeration %d", len(viewGrids), len(ViewGrids))
	}
	for _, g := range ViewGrids {
		if _, ok := viewGrids[g]; !ok {
			t.Errorf("the enumeration names %q, views.go has no decision for it", g)
		}
	}
}
