package grid_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"

	"its/core/grid"
)

// FuzzWhere sends filter-builder trees to a grid over a real table: every answer is a page or a
// 400 envelope, never a 5xx; normalizing is idempotent; and an accepted tree, decoded and encoded
// again, asks for the same page.
func FuzzWhere(f *testing.F) {
	for _, s := range []string{
		`{"and":[{"field":"division","op":"in","values":["Footwear","POP"]},{"or":[{"field":"cost","op":"gt","values":[50]},{"field":"color","op":"startsWith","values":["nvy"]}]}]}`,
		`{"field":"quantity","op":"notIn","values":[1,2,"3"]}`,
		`{"field":"cost","op":"between","values":[20,"30.5"]}`,
		`{"field":"availableDate","op":"lte","value":"03/15/2026"}`,
		`{"or":[{"field":"availableDate","op":"blank"},{"field":"quantity","op":"notBlank"}]}`,
		`{"field":"color","op":"contains","values":["k%26w"]}`,
		`{"field":"features","op":"in","values":["vegan"]}`,
		`{"and":[{"field":"division","op":"in","values":["","apparel","Apparel"]}]}`,
		`{"field":"style","op":"like","values":["1%"]}`,
		`{"or":[]}`,
		`{"and":[{"and":[{"and":[{"and":[{"and":[{"and":[{"field":"style","op":"blank"}]}]}]}]}]}]}`,
	} {
		f.Add([]byte(s))
	}
	fx := setup(f, 30)
	f.Fuzz(func(t *testing.T, tree []byte) {
		var w grid.Where
		if json.Unmarshal(tree, &w) == nil {
			n := w.Normalize()
			if !reflect.DeepEqual(n.Normalize(), n) {
				t.Fatalf("Normalize is not idempotent: %+v then %+v", n, n.Normalize())
			}
		}
		body := append(append([]byte(`{"where":`), tree...), '}')
		a := fx.do(t, http.MethodPost, "/items/query", string(body))
		checkPage(t, a, "POST "+string(body))
		if a.status != http.StatusOK {
			return
		}
		if err := json.Unmarshal(tree, &w); err != nil {
			t.Fatalf("the server accepted a tree that does not decode: %v", err)
		}
		again, err := json.Marshal(map[string]any{"where": w})
		if err != nil {
			t.Fatalf("an accepted tree does not encode: %v", err)
		}
		b := fx.do(t, http.MethodPost, "/items/query", string(again))
		if b.status != a.status || !reflect.DeepEqual(b.body, a.body) {
			t.Fatalf("the re-encoded tree %s answers %d %.300s, the original %s answered %d %.300s", again, b.status, b.raw, tree, a.status, a.raw)
		}
	})
}
