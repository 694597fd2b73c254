package imports

import (
	"encoding/json"
	"reflect"
	"testing"
)

// A row keeps the file's values as origdata while its values are canonicalised, and a row sent
// back by the grid keeps the origdata it came with.
func TestRowOrigData(t *testing.T) {
	cols := []Column{{Field: "style"}, {Field: "storeType", Options: []string{"Outlet", "Inline"}}, {Field: "cost", Type: "number"}}
	r := fromCells(2, []string{" ab1 ", "outlet", "", "4.5"}, Mapping{"style": 0, "storeType": 1, "cost": 3})
	checkCells(&r, cols)
	r.set("netCost", "4.05")
	r.asInFile("netCost")
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	wantValues := map[string]any{"style": "ab1", "storeType": "Outlet", "cost": "4.5", "netCost": "4.05"}
	wantOrig := map[string]any{"style": "ab1", "storeType": "outlet", "cost": "4.5", "netCost": "4.05"}
	if !reflect.DeepEqual(got["values"], wantValues) || !reflect.DeepEqual(got["origdata"], wantOrig) {
		t.Fatalf("values %v origdata %v, want %v and %v", got["values"], got["origdata"], wantValues, wantOrig)
	}

	// The grid sends the row back with the store type cleared and the cost edited.
	var back Row
	if err := json.Unmarshal([]byte(`{"index":2,"values":{"style":"ab1","cost":"5"},"origdata":{"style":"ab1","storeType":"outlet","cost":"4.5"}}`), &back); err != nil {
		t.Fatal(err)
	}
	normalise(&back, cols)
	if !back.Changed || back.Orig("storeType") != "outlet" || back.Orig("cost") != "4.5" || back.Values.Get("cost") != "5" {
		t.Fatalf("after the grid's edit: %+v (orig %v)", back, back.OrigData())
	}
	if _, ok := back.Values.Lookup("storeType"); ok {
		t.Fatalf("a cleared value is kept: %v", back.Values)
	}
	back.Values.Set("cost", "4.5")
	back.Values.Set("storeType", "outlet")
	normalise(&back, cols)
	if back.Changed {
		t.Fatalf("a row back at the file's values is marked changed: %+v", back)
	}
	var empty Row
	if b, _ := json.Marshal(empty); string(b) != `{"index":0,"values":{},"origdata":{},"error":null,"changed":false}` {
		t.Fatalf("empty row: %s", b)
	}
}
