package assortments_test

import (
	"testing"
)

// TestShowroomSettings: uiSettings.digitalShowroomSettings (spec §3.2) are saved with the
// assortment and read back; malformed ones are refused with the field named and change nothing;
// a plain user may read the assortment the showroom presents but not change its settings.
func TestShowroomSettings(t *testing.T) {
	e := setup(t)
	ps := pairs(t, e.app, 4, `p.product_type = 'Footwear'`)
	a := create(t, e.editor, map[string]any{"title": "Showroom settings", "channel": "Wholesale", "products": ps})
	id := str(a["_id"])

	good := map[string]any{"groupSettings": map[string]any{"groupBy": "pillar"}, "digitalShowroomSettings": map[string]any{"assortmentStatusOnly": true, "categoryMode": "catalog"}}
	e.editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"uiSettings": good}).Data(t, 200)
	got := e.editor.Do("GET", "/api/assortments/"+id, nil).Data(t, 200)
	ds := obj(obj(got["uiSettings"])["digitalShowroomSettings"])
	if ds["assortmentStatusOnly"] != true || ds["categoryMode"] != "catalog" || obj(obj(got["uiSettings"])["groupSettings"])["groupBy"] != "pillar" {
		t.Fatalf("uiSettings read back %v", got["uiSettings"])
	}

	for name, tc := range map[string]struct {
		ui    any
		field string
	}{
		"not an object":        {ui: []any{1}, field: "uiSettings"},
		"settings not object":  {ui: map[string]any{"digitalShowroomSettings": "yes"}, field: "uiSettings.digitalShowroomSettings"},
		"status only a string": {ui: map[string]any{"digitalShowroomSettings": map[string]any{"assortmentStatusOnly": "yes"}}, field: "uiSettings.digitalShowroomSettings.assortmentStatusOnly"},
		"unknown mode":         {ui: map[string]any{"digitalShowroomSettings": map[string]any{"categoryMode": "film"}}, field: "uiSettings.digitalShowroomSettings.categoryMode"},
		"unknown key":          {ui: map[string]any{"digitalShowroomSettings": map[string]any{"autoplay": true}}, field: "uiSettings.digitalShowroomSettings.autoplay"},
	} {
		t.Run(name, func(t *testing.T) {
			r := e.editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"title": "Renamed", "uiSettings": tc.ui})
			if r.Status != 400 || !fieldNamed(r.Body, tc.field) {
				t.Fatalf("status %d, want 400 naming %s: %s", r.Status, tc.field, r.Raw)
			}
			now := e.editor.Do("GET", "/api/assortments/"+id, nil).Data(t, 200)
			if now["title"] != "Showroom settings" || obj(obj(now["uiSettings"])["digitalShowroomSettings"])["categoryMode"] != "catalog" {
				t.Fatalf("a refused patch changed the assortment: %v %v", now["title"], now["uiSettings"])
			}
		})
	}

	t.Run("a new assortment's settings are checked too", func(t *testing.T) {
		r := e.editor.Do("POST", "/api/assortments", map[string]any{"type": "item", "title": "Bad showroom", "uiSettings": map[string]any{"digitalShowroomSettings": map[string]any{"categoryMode": 3}}})
		if r.Status != 400 {
			t.Fatalf("created with bad showroom settings: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("a plain user may not change the settings", func(t *testing.T) {
		if r := e.user.Do("PATCH", "/api/assortments/"+id, map[string]any{"uiSettings": good}); r.Status != 403 && r.Status != 404 {
			t.Fatalf("plain user patched: %d", r.Status)
		}
	})
}

// fieldNamed: the validation envelope's details (one entry per field) name the field.
func fieldNamed(body map[string]any, field string) bool {
	for _, f := range arr(body["details"]) {
		if obj(f)["field"] == field {
			return true
		}
	}
	return false
}
