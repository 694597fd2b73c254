package admin_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/core/plugins"
	"its/core/plugins/plugintest"
)

func TestPluginsPage(t *testing.T) {
	a := start(t)
	admin := a.Client()
	admin.Login("admin@example.com")
	ed := a.Client()
	ed.Login("editor@example.com")

	for _, r := range []struct{ method, path string }{
		{"GET", "/api/admin/plugins"}, {"POST", "/api/admin/plugins"},
		{"PUT", "/api/admin/plugins/hello/enabled"}, {"DELETE", "/api/admin/plugins/hello"},
	} {
		if res := ed.Do(r.method, r.path, []byte("x")); res.Status != 403 {
			t.Fatalf("editor %s %s: %d", r.method, r.path, res.Status)
		}
	}

	// Refused bundles name the problem and install nothing.
	bad := plugintest.HelloBundle(t, func(dir string) {
		plugintest.Edit(t, dir+"/module.yaml", "  - {method: GET, path: /api/hello/stream, action: hello.view}\n", "")
	})
	for _, c := range []struct {
		body []byte
		want string
	}{
		{[]byte("not a bundle"), "not a tar.gz"},
		{bad, "/api/hello/stream"},
	} {
		r := admin.Do("POST", "/api/admin/plugins", c.body)
		if r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_PLUGIN_REFUSED" || !strings.Contains(r.Body["message"].(string), c.want) {
			t.Fatalf("refused bundle: %d %s", r.Status, r.Raw)
		}
	}
	if r := admin.Do("POST", "/api/admin/plugins?sha256="+strings.Repeat("0", 64), plugintest.HelloBundle(t, nil)); r.Status != 400 || !strings.Contains(r.Body["message"].(string), "checksum mismatch") {
		t.Fatalf("wrong published checksum: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM plugins`) + a.Count(`SELECT count(*) FROM audit_log WHERE action LIKE 'admin.plugins.%'`); n != 0 {
		t.Fatalf("refused bundles left %d rows", n)
	}

	bundle := plugintest.HelloBundle(t, nil)
	r := admin.Do("POST", "/api/admin/plugins?sha256="+plugins.SHA256(bundle), bundle)
	if r.Status != 201 || r.Body["data"].(map[string]any)["id"] != "hello" {
		t.Fatalf("install: %d %s", r.Status, r.Raw)
	}
	list := admin.Do("GET", "/api/admin/plugins", nil)
	if !bytes.Contains(list.Raw, []byte(`"id":"hello"`)) || !bytes.Contains(list.Raw, []byte(`"enabled":true`)) {
		t.Fatalf("list: %s", list.Raw)
	}
	if r := admin.Do("PUT", "/api/admin/plugins/hello/enabled", map[string]any{"enabled": false}); r.Status != 204 {
		t.Fatalf("disable: %d %s", r.Status, r.Raw)
	}
	if r := admin.Do("PUT", "/api/admin/plugins/hello/enabled", map[string]any{}); r.Status != 400 {
		t.Fatalf("no enabled value: %d", r.Status)
	}
	if r := admin.Do("DELETE", "/api/admin/plugins/hello", nil); r.Status != 204 {
		t.Fatalf("remove: %d %s", r.Status, r.Raw)
	}
	if r := admin.Do("DELETE", "/api/admin/plugins/hello", nil); r.Status != 404 {
		t.Fatalf("second remove: %d", r.Status)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action IN ('admin.plugins.install', 'admin.plugins.disable', 'admin.plugins.remove') AND model_type = 'Plugin' AND model_id = 'hello'`); n != 3 {
		t.Fatalf("audit entries: %d, want 3", n)
	}
}

// A plugin put into the plugins folder by hand is on the page with its source, version and the
// executable's checksum; the admin disables and enables it (audited), and cannot remove it.
func TestPluginsPageFolderPlugin(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "hello"), os.DirFS(plugintest.HelloFolder(t, nil))); err != nil {
		t.Fatal(err)
	}
	sum, err := plugins.FileSHA256(filepath.Join(dir, "hello", "hello"))
	if err != nil {
		t.Fatal(err)
	}
	// A folder that cannot serve is listed as failed, with the reason.
	if err := os.MkdirAll(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken", "module.yaml"), []byte("id: broken\ntitle: module.broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := apptest.Start(t, modulesUnderTest, "ITS_PLUGINS_DIR="+dir)
	admin := a.Client()
	admin.Login("admin@example.com")
	find := func(id string) map[string]any {
		t.Helper()
		r := admin.Do("GET", "/api/admin/plugins", nil)
		for _, p := range r.Body["data"].([]any) {
			if p := p.(map[string]any); p["id"] == id {
				return p
			}
		}
		t.Fatalf("%s is not listed: %d %s", id, r.Status, r.Raw)
		return nil
	}
	row := func() map[string]any { return find("hello") }
	if b := find("broken"); b["source"] != "folder" || b["enabled"] != true || !strings.Contains(b["error"].(string), "plugin section") {
		t.Fatalf("the broken folder is listed as %v", b)
	}
	p := row()
	if p["source"] != "folder" || p["version"] != "1.0.0" || p["checksum"] != sum || p["enabled"] != true || p["error"] != nil {
		t.Fatalf("listed as %v", p)
	}
	if r := admin.Do("PUT", "/api/admin/plugins/hello/enabled", map[string]any{"enabled": false}); r.Status != 204 {
		t.Fatalf("disable: %d %s", r.Status, r.Raw)
	}
	if p := row(); p["enabled"] != false {
		t.Fatalf("after disable: %v", p)
	}
	if r := admin.Do("DELETE", "/api/admin/plugins/hello", nil); r.Status != 409 || !strings.Contains(r.Body["message"].(string), "plugins folder") {
		t.Fatalf("remove a folder plugin: %d %s", r.Status, r.Raw)
	}
	if r := admin.Do("PUT", "/api/admin/plugins/hello/enabled", map[string]any{"enabled": true}); r.Status != 204 {
		t.Fatalf("enable: %d %s", r.Status, r.Raw)
	}
	if p := row(); p["enabled"] != true {
		t.Fatalf("after enable: %v", p)
	}
	if _, err := os.Stat(filepath.Join(dir, "hello", "module.yaml")); err != nil {
		t.Fatalf("the folder plugin's files: %v", err)
	}
	if n := a.Count(`SELECT count(*) FROM audit_log WHERE action IN ('admin.plugins.disable', 'admin.plugins.enable') AND model_type = 'Plugin' AND model_id = 'hello'`); n != 2 {
		t.Fatalf("audit entries: %d, want 2", n)
	}
}
