package documents_test

import (
	"strings"
	"testing"

	"its/core/app/apptest"
)

// template is a template body: name, shared flag and the options of a document request.
func template(name string, shared bool, options map[string]any) map[string]any {
	if options == nil {
		options = map[string]any{
			"documentType": map[string]any{"type": "Pricesheet", "subType": "Expanded"},
			"settings": map[string]any{"columns": []string{"division", "suggestedRetail"}, "coverPage": false, "pageNumbers": true,
				"author": "House of Style", "priceDisclaimer": "Prices in USD, subject to change"},
		}
	}
	return map[string]any{"name": name, "shared": shared, "options": options}
}

// templateNames lists the names a caller sees, with "*" after their own.
func templateNames(t *testing.T, c *apptest.Client) []string {
	t.Helper()
	r := c.Do("GET", "/api/document-templates", nil)
	if r.Status != 200 {
		t.Fatalf("list: %d %s", r.Status, r.Raw)
	}
	var names []string
	for _, x := range r.Body["data"].([]any) {
		m := x.(map[string]any)
		n := m["name"].(string)
		if m["mine"] == true {
			n += "*"
		}
		names = append(names, n)
	}
	return names
}

// TestTemplates: an editor's named templates (the options of a document, for any assortment):
// private ones only its owner sees, shared ones every colleague who may export sees and no one
// else may change; names are unique per owner (409), bad options and over-long names or
// disclaimers are 400s that change nothing; a manager may delete a colleague's shared template.
func TestTemplates(t *testing.T) {
	a := start(t)
	editor, senior, user, manager := login(a, "editor"), login(a, "seniorEditor"), login(a, "user"), login(a, "manager")

	house := editor.Do("POST", "/api/document-templates", template("House style", true, nil)).Data(t, 200)
	private := editor.Do("POST", "/api/document-templates", template("Just mine", false, nil)).Data(t, 200)
	if house["_id"] == "" || house["shared"] != true || house["mine"] != true {
		t.Fatalf("created: %v", house)
	}
	opts := house["options"].(map[string]any)
	if dt := opts["documentType"].(map[string]any); dt["type"] != "Pricesheet" || dt["subType"] != "Expanded" {
		t.Errorf("options kept: %v", opts)
	}
	if s := opts["settings"].(map[string]any); s["priceDisclaimer"] != "Prices in USD, subject to change" || s["coverPage"] != false {
		t.Errorf("settings kept: %v", s)
	}

	// Visibility: the owner sees both, a colleague and a plain user only the shared one.
	if got := strings.Join(templateNames(t, editor), ","); got != "House style*,Just mine*" {
		t.Errorf("the editor sees %s", got)
	}
	for who, c := range map[string]*apptest.Client{"seniorEditor": senior, "user": user} {
		if got := strings.Join(templateNames(t, c), ","); got != "House style" {
			t.Errorf("%s sees %s", who, got)
		}
	}
	shared := editor.Do("GET", "/api/document-templates", nil).Body["data"].([]any)[0].(map[string]any)
	if shared["ownerName"] != "Eddie Editor" {
		t.Errorf("owner's name: %v", shared["ownerName"])
	}

	// Refusals change nothing.
	count := func() int { return a.Count(`SELECT count(*) FROM document_templates`) }
	before := count()
	r := editor.Do("POST", "/api/document-templates", template("house STYLE", false, nil))
	if r.Status != 409 || r.Body["messageCode"] != "ITS_ERR_CONFLICT" || !strings.Contains(r.Body["message"].(string), "already have a template") {
		t.Errorf("duplicate name: %d %s", r.Status, r.Raw)
	}
	for name, body := range map[string]map[string]any{
		"unknown column": template("A", false, map[string]any{"documentType": map[string]any{"type": "Linesheet"}, "settings": map[string]any{"columns": []string{"popCategory"}}}),
		"subType":        template("B", false, map[string]any{"documentType": map[string]any{"type": "Tearsheet", "subType": "Expanded"}}),
		"type":           template("C", false, map[string]any{"documentType": map[string]any{"type": "Brochure"}}),
		"disclaimer":     template("D", false, map[string]any{"settings": map[string]any{"priceDisclaimer": strings.Repeat("x", 2001)}}),
		"empty name":     template("  ", false, nil),
		"long name":      template(strings.Repeat("n", 101), false, nil),
		"productType":    template("E", false, map[string]any{"productType": "Footwear"}),
	} {
		r := editor.Do("POST", "/api/document-templates", body)
		if r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_VALIDATION" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if r := user.Do("POST", "/api/document-templates", template("Mine too", true, nil)); r.Status != 403 {
		t.Errorf("a user without an editing role saved a template: %d", r.Status)
	}
	// Another owner may use the same name.
	senior.Do("POST", "/api/document-templates", template("House style", false, nil)).Data(t, 200)
	before++

	// Another editor can neither change nor delete the shared template, nor see the private one.
	id, privateID := house["_id"].(string), private["_id"].(string)
	if r := senior.Do("DELETE", "/api/document-templates/"+id, nil); r.Status != 403 {
		t.Errorf("another editor deleted a shared template: %d %s", r.Status, r.Raw)
	}
	if r := senior.Do("PATCH", "/api/document-templates/"+id, map[string]any{"name": "Taken"}); r.Status != 403 {
		t.Errorf("another editor renamed a shared template: %d %s", r.Status, r.Raw)
	}
	for _, m := range []string{"DELETE", "PATCH"} {
		if r := senior.Do(m, "/api/document-templates/"+privateID, map[string]any{"name": "Taken"}); r.Status != 404 {
			t.Errorf("%s another editor's private template: %d %s", m, r.Status, r.Raw)
		}
		if r := manager.Do(m, "/api/document-templates/"+privateID, map[string]any{"name": "Taken"}); r.Status != 404 {
			t.Errorf("%s as manager on another's private template: %d %s", m, r.Status, r.Raw)
		}
	}
	// Renaming to a name one already has is the same 409; bad options on an update a 400.
	if r := editor.Do("PATCH", "/api/document-templates/"+privateID, map[string]any{"name": "House Style"}); r.Status != 409 {
		t.Errorf("rename onto a taken name: %d %s", r.Status, r.Raw)
	}
	if r := editor.Do("PATCH", "/api/document-templates/"+privateID, map[string]any{"options": map[string]any{"documentType": map[string]any{"type": "Brochure"}}}); r.Status != 400 {
		t.Errorf("update with bad options: %d %s", r.Status, r.Raw)
	}
	if n := count(); n != before || a.Count(`SELECT count(*) FROM document_templates WHERE name IN ('House style', 'Just mine')`) != 3 {
		t.Errorf("refused requests changed the templates: %d, want %d", n, before)
	}
	if n := a.Count(`SELECT count(*) FROM document_templates WHERE options->'documentType'->>'type' = 'Brochure'`); n != 0 {
		t.Errorf("a refused update was kept")
	}

	// The owner renames and un-shares; the colleague no longer sees it.
	upd := editor.Do("PATCH", "/api/document-templates/"+privateID, map[string]any{"name": "Spring buyers", "shared": true}).Data(t, 200)
	if upd["name"] != "Spring buyers" || upd["shared"] != true {
		t.Errorf("updated: %v", upd)
	}
	editor.Do("PATCH", "/api/document-templates/"+privateID, map[string]any{"shared": false}).Data(t, 200)
	if got := strings.Join(templateNames(t, senior), ","); got != "House style*,House style" {
		t.Errorf("after un-sharing the senior editor sees %s", got)
	}

	// A manager may remove a colleague's shared template; the owner their own.
	manager.Do("DELETE", "/api/document-templates/"+id, nil).Data(t, 200)
	editor.Do("DELETE", "/api/document-templates/"+privateID, nil).Data(t, 200)
	if got := templateNames(t, editor); len(got) != 0 {
		t.Errorf("after deleting the editor sees %v", got)
	}
	if r := editor.Do("DELETE", "/api/document-templates/not-an-id", nil); r.Status != 404 {
		t.Errorf("no such template: %d", r.Status)
	}
}
