package documents_test

import (
	"fmt"
	"testing"
)

// Two saved documents of one user never share a name: a second "Buyer pack" is saved as
// "Buyer pack (2)", a third as "Buyer pack (3)"; a document saved again under its own name
// keeps it, and a renamed one takes the next free name.
func TestSavedNamesAreUnique(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	id := assortment(t, a, editor, 3)
	save := func(extra map[string]any) map[string]any {
		return editor.Do("POST", "/api/assortment-documents", request(id, extra)).Data(t, 200)
	}
	first := save(map[string]any{"displayName": "Buyer pack"})
	second := save(map[string]any{"displayName": "Buyer pack"})
	third := save(map[string]any{"displayName": " Buyer pack "})
	got := []any{first["displayName"], second["displayName"], third["displayName"]}
	if fmt.Sprint(got) != "[Buyer pack Buyer pack (2) Buyer pack (3)]" {
		t.Fatalf("names %v", got)
	}
	again := save(map[string]any{"_id": first["_id"], "displayName": "Buyer pack"})
	if again["displayName"] != "Buyer pack" {
		t.Fatalf("saved again under its own name: %v", again["displayName"])
	}
	renamed := save(map[string]any{"_id": third["_id"], "displayName": "Buyer pack (2)"})
	if renamed["displayName"] != "Buyer pack (3)" {
		t.Fatalf("renamed onto another's name: %v", renamed["displayName"])
	}
	if n := a.Count(`SELECT count(*) FROM (SELECT display_name FROM assortment_documents GROUP BY owner_id, display_name HAVING count(*) > 1) d`); n != 0 {
		t.Fatalf("%d names are shared", n)
	}
}
