package dashboard_test

import (
	"bytes"
	"os/exec"
	"regexp"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/dashboard"
	"its/modules/libraries"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB) *apptest.App {
	return apptest.Start(t, fx.Options(users.Module, dashboard.Module, libraries.Module))
}

func titles(r *apptest.Response) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, x := range r.Body["data"].([]any) {
		a := x.(map[string]any)
		out[a["title"].(string)] = a
	}
	return out
}

var pageRe = regexp.MustCompile(`/Type\s*/Page[^s]`)

func TestAnnouncementLifecycle(t *testing.T) {
	a := start(t)
	editor := a.Client()
	editor.Login("editor@example.com")

	// Editors see drafts too.
	r := editor.Do("GET", "/api/charts?published=false", nil)
	if r.Status != 200 || titles(r)["Draft: Fall 26 kickoff"] == nil {
		t.Fatalf("editor's list: %d %s", r.Status, r.Raw)
	}

	r = editor.Do("POST", "/api/assets/AdvertisingAsset/announcement", map[string]any{
		"title": "Holiday '26 window kits", "body": "Window kits for the Holiday '26 trail and court stories ship on October 1.",
		"link": "/advertising/libraries", "startDate": "2026-01-01",
	})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	created := r.Body["data"].(map[string]any)
	id := created["_id"].(string)
	if created["published"] != false || created["startDate"] != "2026-01-01T00:00:00Z" {
		t.Fatalf("created: %v", created)
	}

	// Edit: a stale modifiedDate loses, the current one wins.
	r = editor.Do("PATCH", "/api/charts/"+id, map[string]any{"body": "Stale", "modifiedDate": "2020-01-01T00:00:00Z"})
	if r.Status != 409 || r.Body["details"].(map[string]any)["errorType"] != "userLock" {
		t.Fatalf("stale edit: %d %s", r.Status, r.Raw)
	}
	r = editor.Do("PATCH", "/api/charts/"+id, map[string]any{"title": "Holiday '26 window kits are here", "modifiedDate": created["modifiedDate"], "endDate": nil})
	if r.Status != 200 || r.Body["data"].(map[string]any)["title"] != "Holiday '26 window kits are here" {
		t.Fatalf("edit: %d %s", r.Status, r.Raw)
	}
	// Not published yet: nobody sees it on the dashboard.
	if titles(editor.Do("GET", "/api/charts", nil))["Holiday '26 window kits are here"] != nil {
		t.Fatal("a draft is on the dashboard")
	}
	if r := editor.Do("PATCH", "/api/charts/"+id, map[string]any{"published": true}); r.Status != 200 {
		t.Fatalf("publish: %d %s", r.Status, r.Raw)
	}
	user := a.Client()
	user.Login("user@example.com")
	if got := titles(user.Do("GET", "/api/charts?published=true", nil)); got["Holiday '26 window kits are here"] == nil || got["Draft: Fall 26 kickoff"] != nil {
		t.Fatalf("user's dashboard: %v", got)
	}

	// The one-page PDF.
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Log("no Chromium binary found: the PDF download is not checked")
	} else {
		r = editor.Do("POST", "/api/assets/AdvertisingAsset/announcement/download/pdf", map[string]any{"_id": id})
		if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf: %d %s", r.Status, r.Raw[:min(len(r.Raw), 300)])
		}
		if !bytes.HasPrefix(r.Raw, []byte("%PDF-")) || len(pageRe.FindAll(r.Raw, -1)) != 1 {
			t.Fatalf("not a one-page PDF: %q...", r.Raw[:min(len(r.Raw), 16)])
		}
		if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="Holiday_26_window_kits_are_here.pdf"` {
			t.Fatalf("disposition %q", cd)
		}
	}

	if r := editor.Do("DELETE", "/api/charts/"+id, nil); r.Status != 200 {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if a.Count(`SELECT count(*) FROM announcements WHERE id = $1`, id) != 0 {
		t.Fatal("deleted announcement remains")
	}
	if r := editor.Do("DELETE", "/api/charts/"+id, nil); r.Status != 404 {
		t.Fatalf("delete twice: %d", r.Status)
	}
	if r := editor.Do("POST", "/api/assets/AdvertisingAsset/announcement/download/pdf", map[string]any{"_id": id}); r.Status != 404 {
		t.Fatalf("pdf of a deleted announcement: %d", r.Status)
	}
}

func TestAnnouncementFromAsset(t *testing.T) {
	a := start(t)
	editor := a.Client()
	editor.Login("seniorEditor@example.com")
	var assetID, name string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text, name FROM library_assets WHERE library_type = 'AdvertisingAsset' ORDER BY name LIMIT 1`).Scan(&assetID, &name); err != nil {
		t.Fatal(err)
	}
	r := editor.Do("POST", "/api/assets/AdvertisingAsset/announcement", map[string]any{"assetId": assetID, "published": true})
	if r.Status != 201 {
		t.Fatalf("create from asset: %d %s", r.Status, r.Raw)
	}
	d := r.Body["data"].(map[string]any)
	if d["title"] != name || d["assetId"] != assetID || d["link"] != "/advertising/libraries?asset="+assetID {
		t.Fatalf("from asset: %v", d)
	}
	var logoID string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM library_assets WHERE library_type = 'AdvertisingLogo' LIMIT 1`).Scan(&logoID); err != nil {
		t.Fatal(err)
	}
	before := a.Count(`SELECT count(*) FROM announcements`)
	if r := editor.Do("POST", "/api/assets/AdvertisingAsset/announcement", map[string]any{"assetId": logoID}); r.Status != 400 {
		t.Fatalf("from a logo: %d %s", r.Status, r.Raw)
	}
	if a.Count(`SELECT count(*) FROM announcements`) != before {
		t.Fatal("a refused create wrote a row")
	}
}

func TestAnnouncementValidation(t *testing.T) {
	a := start(t)
	editor := a.Client()
	editor.Login("editor@example.com")
	var id string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM announcements WHERE NOT published`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	before := a.Count(`SELECT count(*) FROM announcements`)
	for name, tc := range map[string]struct {
		body  map[string]any
		field string
	}{
		"no title":        {map[string]any{"body": "x"}, "title"},
		"blank title":     {map[string]any{"title": "   "}, "title"},
		"javascript link": {map[string]any{"title": "x", "link": "javascript:alert(1)"}, "link"},
		// Browsers read both as another host: //host and /\host.
		"protocol-relative link": {map[string]any{"title": "x", "link": "//evil.example/login"}, "link"},
		"backslash link":         {map[string]any{"title": "x", "link": "/\\evil.example/login"}, "link"},
		"hostless URL":           {map[string]any{"title": "x", "link": "https:/evil"}, "link"},
		"end before start":       {map[string]any{"title": "x", "startDate": "2026-05-01", "endDate": "2026-04-01"}, "endDate"},
		"unknown asset":          {map[string]any{"assetId": "00000000-0000-0000-0000-000000000000"}, "assetId"},
		"server-set field":       {map[string]any{"title": "x", "modifiedDate": "2026-01-01T00:00:00Z"}, "modifiedDate"},
	} {
		r := editor.Do("POST", "/api/assets/AdvertisingAsset/announcement", tc.body)
		if r.Status != 400 || r.Body["details"].([]any)[0].(map[string]any)["field"] != tc.field {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	for name, body := range map[string]map[string]any{
		"bad date":      {"title": "x", "startDate": "next week"},
		"unknown field": {"title": "x", "colour": "red"},
	} {
		if r := editor.Do("POST", "/api/assets/AdvertisingAsset/announcement", body); r.Status != 400 {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if a.Count(`SELECT count(*) FROM announcements`) != before {
		t.Fatal("refused creates wrote rows")
	}
	if r := editor.Do("PATCH", "/api/charts/"+id, map[string]any{"title": "", "published": true}); r.Status != 400 {
		t.Fatalf("blank title edit: %d", r.Status)
	}
	if a.Count(`SELECT count(*) FROM announcements WHERE id = $1 AND NOT published AND title = 'Draft: Fall 26 kickoff'`, id) != 1 {
		t.Fatal("a refused edit changed the announcement")
	}
	if r := editor.Do("PATCH", "/api/charts/not-an-id", map[string]any{"title": "x"}); r.Status != 404 {
		t.Fatalf("unknown id: %d", r.Status)
	}
	if r := editor.Do("GET", "/api/charts?published=maybe", nil); r.Status != 400 {
		t.Fatalf("published=maybe: %d", r.Status)
	}
	if r := editor.Do("POST", "/api/assets/AdvertisingAsset/announcement/download/pdf", map[string]any{}); r.Status != 400 {
		t.Fatalf("pdf without _id: %d", r.Status)
	}
}

func TestAnnouncementsPlainUser(t *testing.T) {
	a := start(t)
	user := a.Client()
	user.Login("user@example.com")
	var id string
	if err := a.DB.QueryRow(t.Context(), `SELECT id::text FROM announcements WHERE published LIMIT 1`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	r := user.Do("GET", "/api/charts", nil)
	if r.Status != 200 || len(r.Body["data"].([]any)) != 4 {
		t.Fatalf("user's list: %d %s", r.Status, r.Raw)
	}
	for _, x := range r.Body["data"].([]any) {
		if x.(map[string]any)["published"] != true {
			t.Fatalf("user sees a draft: %v", x)
		}
	}
	before := a.Count(`SELECT count(*) FROM announcements`)
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/charts?published=false", nil},
		{"PATCH", "/api/charts/" + id, map[string]any{"published": false}},
		{"DELETE", "/api/charts/" + id, nil},
		{"POST", "/api/assets/AdvertisingAsset/announcement", map[string]any{"title": "Mine"}},
		{"POST", "/api/assets/AdvertisingAsset/announcement/download/pdf", map[string]any{"_id": id}},
	} {
		if r := user.Do(c.method, c.path, c.body); r.Status != 403 {
			t.Errorf("%s %s: %d %s", c.method, c.path, r.Status, r.Raw)
		}
	}
	if a.Count(`SELECT count(*) FROM announcements`) != before || a.Count(`SELECT count(*) FROM announcements WHERE id = $1 AND published`, id) != 1 {
		t.Fatal("a refused write changed announcements")
	}
}
