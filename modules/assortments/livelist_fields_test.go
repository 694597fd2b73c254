package assortments

import (
	"slices"
	"testing"
)

// Every list field whose change a patch names is a column of the list grid that a patch sets,
// and each of those columns the patch sets names its field when its value changes.
func TestPatchedListFieldsAreTheListGrids(t *testing.T) {
	var fields []string
	for _, c := range listGrid.Columns {
		if _, ok := listBefore[c.Field]; !ok {
			continue
		}
		if patchColumn(c) == "" {
			t.Errorf("list column %s: no column a patch sets", c.Field)
		}
		fields = append(fields, c.Field)
	}
	for f := range listBefore {
		if !slices.Contains(fields, f) {
			t.Errorf("listBefore names %s, which is not a list column", f)
		}
	}
	a := &Assortment{Title: "Old", Channel: "Wholesale"}
	got := patchedListFields(a, map[string]any{"title": "New", "channel": "Wholesale", "labels": `[{"name":"Hot"}]`})
	if want := []string{"modifiedDate", "title", "labelText"}; !slices.Equal(got, want) {
		t.Errorf("patched fields %v, want %v", got, want)
	}
}
