package assortments

import (
	"bytes"
	"encoding/json"
	"slices"

	"its/core/httpx"
)

// The showroom's settings of an assortment (spec §3.2 uiSettings.digitalShowroomSettings): the
// showroom itself reads the assortment, its group sort and its rows through the existing calls,
// so what the server owns here is that the settings it keeps are well formed.

// ShowroomCategoryModes are the category detail viewer's modes (spec §2.6), the first the default.
var ShowroomCategoryModes = []string{"video", "catalog"}

// checkUISettings refuses uiSettings that are not a JSON object, or whose
// digitalShowroomSettings are not {assortmentStatusOnly: bool, categoryMode: video|catalog}
// (either key may be left out).
func checkUISettings(raw json.RawMessage, bad *[]httpx.FieldError) {
	if len(raw) == 0 {
		return
	}
	var ui map[string]json.RawMessage
	if err := json.Unmarshal(raw, &ui); err != nil || ui == nil {
		*bad = append(*bad, httpx.FieldError{Field: "uiSettings", Rule: "object", Message: "uiSettings must be an object"})
		return
	}
	ds, ok := ui["digitalShowroomSettings"]
	if !ok || bytes.Equal(bytes.TrimSpace(ds), []byte("null")) {
		return
	}
	var s map[string]json.RawMessage
	if err := json.Unmarshal(ds, &s); err != nil || s == nil {
		*bad = append(*bad, httpx.FieldError{Field: "uiSettings.digitalShowroomSettings", Rule: "object", Message: "digitalShowroomSettings must be an object"})
		return
	}
	for k, v := range s {
		switch k {
		case "assortmentStatusOnly":
			var b bool
			if json.Unmarshal(v, &b) != nil {
				*bad = append(*bad, httpx.FieldError{Field: "uiSettings.digitalShowroomSettings.assortmentStatusOnly", Rule: "boolean", Message: "assortmentStatusOnly must be true or false"})
			}
		case "categoryMode":
			var m string
			if json.Unmarshal(v, &m) != nil || !slices.Contains(ShowroomCategoryModes, m) {
				*bad = append(*bad, httpx.FieldError{Field: "uiSettings.digitalShowroomSettings.categoryMode", Rule: "oneOf", Message: "categoryMode must be video or catalog"})
			}
		default:
			*bad = append(*bad, httpx.FieldError{Field: "uiSettings.digitalShowroomSettings." + k, Rule: "unknown", Message: "unknown showroom setting " + k})
		}
	}
}
