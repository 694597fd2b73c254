package searches_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"its/core/httpx"
	"its/modules/searches"
)

// TestGridLayouts: a user keeps a layout of a grid (order, hidden, widths, pinning, row height),
// reads it back in another session, replaces and resets it; another user's layout of the same
// grid is their own; bad layouts are 400s that keep the one saved.
func TestGridLayouts(t *testing.T) {
	a := start(t)
	user, editor := login(a, "user"), login(a, "editor")
	if r := user.Do("GET", "/api/gridLayouts/products.catalog", nil); r.Status != 200 || r.Body["data"] != nil {
		t.Fatalf("no layout yet: %d %s", r.Status, r.Raw)
	}
	layout := map[string]any{"columns": []any{
		map[string]any{"field": "style", "pinned": "left", "width": 120},
		map[string]any{"field": "name"},
		map[string]any{"field": "colorDescription", "hide": true},
		map[string]any{"field": "channel", "hide": true},
	}, "rowHeight": "compact"}
	if r := user.Do("PUT", "/api/gridLayouts/products.catalog", layout); r.Status != 200 {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}
	again := login(a, "user")
	got := again.Do("GET", "/api/gridLayouts/products.catalog", nil).Body["data"]
	want := map[string]any{}
	b, _ := json.Marshal(layout)
	_ = json.Unmarshal(b, &want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %v, want %v", got, want)
	}
	if r := editor.Do("GET", "/api/gridLayouts/products.catalog", nil); r.Body["data"] != nil {
		t.Fatalf("editor sees user's layout: %s", r.Raw)
	}
	for _, bad := range []any{
		map[string]any{"columns": []any{map[string]any{"field": "style"}, map[string]any{"field": "style"}}},
		map[string]any{"columns": []any{map[string]any{"field": "style", "width": 5}}},
		map[string]any{"columns": []any{map[string]any{"field": "a b"}}},
		map[string]any{"columns": []any{map[string]any{"field": "style", "pinned": "middle"}}},
		map[string]any{"columns": []any{}, "rowHeight": "huge"},
		map[string]any{"columns": []any{}, "extra": 1},
		"[]",
	} {
		if r := user.Do("PUT", "/api/gridLayouts/products.catalog", bad); r.Status != 400 {
			t.Errorf("%v: %d", bad, r.Status)
		}
	}
	if got2 := user.Do("GET", "/api/gridLayouts/products.catalog", nil).Body["data"]; !reflect.DeepEqual(got2, want) {
		t.Fatalf("a refused layout changed the saved one: %v", got2)
	}
	if r := user.Do("PUT", "/api/gridLayouts/bad%20name", layout); r.Status != 404 {
		t.Fatalf("bad grid name: %d", r.Status)
	}
	if r := user.Do("DELETE", "/api/gridLayouts/products.catalog", nil); r.Status != 200 {
		t.Fatalf("reset: %d", r.Status)
	}
	if r := user.Do("GET", "/api/gridLayouts/products.catalog", nil); r.Body["data"] != nil {
		t.Fatalf("after reset: %s", r.Raw)
	}
	if r := a.Client().Do("GET", "/api/gridLayouts/products.catalog", nil); r.Status != 401 {
		t.Fatalf("anonymous: %d", r.Status)
	}
}

// FuzzParseLayout holds the layout parser to its contract: whatever the bytes, it answers a
// layout within the limits or a 400, never a panic; a layout it accepts reads back the same.
func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{
		`{"columns":[{"field":"style","pinned":"left","width":120},{"field":"name","hide":true}],"rowHeight":"tall"}`,
		`{"columns":[]}`, `{}`, `[]`, `null`, `{"columns":[{"field":"a"},{"field":"a"}]}`,
		`{"columns":[{"field":"x","width":-1}]}`, `{"columns":[{"field":"x"}]}{}`, `{"rowHeight":"compact"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		l, err := searches.ParseLayout(raw)
		if err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != 400 {
				t.Fatalf("%q: not a 400: %v", raw, err)
			}
			return
		}
		if len(l.Columns) > 300 {
			t.Fatalf("%q: %d columns", raw, len(l.Columns))
		}
		seen := map[string]bool{}
		for _, c := range l.Columns {
			if seen[c.Field] || c.Field == "" || (c.Width != 0 && (c.Width < 20 || c.Width > 2000)) {
				t.Fatalf("%q: bad column %+v", raw, c)
			}
			seen[c.Field] = true
		}
		b, _ := json.Marshal(l)
		l2, err := searches.ParseLayout(b)
		if err != nil || !reflect.DeepEqual(l, l2) {
			t.Fatalf("%q: does not read back: %v", raw, err)
		}
	})
}
