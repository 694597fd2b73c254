package admin_test

import (
	"bytes"
	"strings"
	"testing"

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
