package searches_test

import (
	"context"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/searches"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB) *apptest.App {
	return apptest.Start(t, fx.Options(users.Module, searches.Module))
}

func login(a *apptest.App, role string) *apptest.Client {
	c := a.Client()
	c.Login(role + "@example.com")
	return c
}

// TestSaveSearches: a user saves a library and a product search (query and queryPath), lists
// them per page, saves one again by name (replacing it) and deletes it; another user neither
// sees nor deletes them, and bad input is a 400 that saves nothing.
func TestSaveSearches(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	lib := map[string]any{"name": "Red shoes", "query": map[string]any{"q": "red", "filters": map[string]any{"division": []string{"Work"}}},
		"queryPath": "/product/libraries/advertising-assets?q=red"}
	r := user.Do("POST", "/api/searches", lib)
	if r.Status != 200 || r.Body["message"] != "Search Saved" {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}
	saved := r.Body["data"].(map[string]any)
	if saved["queryPath"] != lib["queryPath"] || saved["name"] != "Red shoes" {
		t.Fatalf("saved %v", saved)
	}
	prod := map[string]any{"name": "Kids", "query": map[string]any{"division": []string{"Kids"}}, "queryPath": "/product/libraries/products"}
	if r := user.Do("POST", "/api/searches", prod); r.Status != 200 {
		t.Fatalf("save products: %d %s", r.Status, r.Raw)
	}
	lib["query"] = map[string]any{"q": "crimson"}
	again := user.Do("POST", "/api/searches", lib)
	if again.Status != 200 || again.Body["data"].(map[string]any)["_id"] != saved["_id"] {
		t.Fatalf("save again: %d %s", again.Status, again.Raw)
	}
	all := user.Do("GET", "/api/searches", nil).Body["data"].([]any)
	if len(all) != 2 {
		t.Fatalf("list: %v", all)
	}
	one := user.Do("GET", "/api/searches?queryPath=/product/libraries/products", nil).Body["data"].([]any)
	if len(one) != 1 || one[0].(map[string]any)["name"] != "Kids" {
		t.Fatalf("list of one page: %v", one)
	}
	if got := all[0].(map[string]any)["query"].(map[string]any)["q"]; got != "crimson" {
		t.Fatalf("the saved query was not replaced: %v", got)
	}
	other := login(a, "editor")
	if l := other.Do("GET", "/api/searches", nil).Body["data"].([]any); len(l) != 0 {
		t.Fatalf("another user sees %v", l)
	}
	id := saved["_id"].(string)
	if r := other.Do("DELETE", "/api/searches/"+id, nil); r.Status != 404 {
		t.Fatalf("another user deletes: %d", r.Status)
	}
	for name, body := range map[string]map[string]any{
		"name":      {"name": " ", "query": map[string]any{}, "queryPath": "/x"},
		"query":     {"name": "x", "query": []int{1}, "queryPath": "/x"},
		"host":      {"name": "x", "query": map[string]any{}, "queryPath": "https://evil.example.com/x"},
		"protocol":  {"name": "x", "query": map[string]any{}, "queryPath": "//evil.example.com/x"},
		"backslash": {"name": "x", "query": map[string]any{}, "queryPath": "/\\evil.example.com"},
		"big":       {"name": "x", "query": map[string]any{"q": strings.Repeat("a", searches.MaxQueryBytes)}, "queryPath": "/x"},
	} {
		if r := user.Do("POST", "/api/searches", body); r.Status != 400 {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if r := user.Do("DELETE", "/api/searches/"+id, nil); r.Status != 200 || r.Body["message"] != "Search Deleted" {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("DELETE", "/api/searches/"+id, nil); r.Status != 404 {
		t.Fatalf("delete twice: %d", r.Status)
	}
	if n := a.Count(`SELECT count(*) FROM saved_searches`); n != 1 {
		t.Fatalf("%d saved searches left", n)
	}
	if r := a.Client().Do("GET", "/api/searches", nil); r.Status != 401 {
		t.Fatalf("anonymous: %d", r.Status)
	}
}

// TestShare: sharing a search and the app link mail the recipients (each bcc recipient apart)
// a link into this app with the body and the link's text; a link elsewhere, a bad address or
// a missing subject is a 400 that sends nothing.
func TestShare(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	body := map[string]any{"recipients": []string{"buyer@example.com"}, "bccRecipients": []string{"boss@example.com"},
		"subject": "Red shoes", "body": "Have a look", "textLink": "Red shoes in the library", "path": "/product/libraries/advertising-assets?q=red"}
	for _, path := range []string{"/api/searches/share", "/api/mail/applink"} {
		r := user.Do("POST", path, body)
		if r.Status != 200 || r.Body["message"] != "Thank you. Your message has been sent." {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
	var subject, text string
	if err := a.DB.QueryRow(context.Background(), `SELECT subject, body_text FROM mail_outbox WHERE recipients = '{buyer@example.com}' ORDER BY id DESC LIMIT 1`).
		Scan(&subject, &text); err != nil {
		t.Fatal(err)
	}
	if subject != "Red shoes" || !strings.Contains(text, "Have a look") || !strings.Contains(text, "Red shoes in the library:\n") ||
		!strings.Contains(text, "/product/libraries/advertising-assets?q=red\n") || !strings.HasPrefix(strings.Split(text, "Red shoes in the library:\n")[1], "http") {
		t.Fatalf("mail %q: %q", subject, text)
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE recipients = '{boss@example.com}'`); n != 2 {
		t.Fatalf("bcc mails: %d", n)
	}
	before := a.Count(`SELECT count(*) FROM mail_outbox`)
	for name, change := range map[string]map[string]any{
		"elsewhere": {"path": "https://evil.example.com/"},
		"protocol":  {"path": "//evil.example.com/"},
		"address":   {"recipients": []string{"not an address"}},
		"none":      {"recipients": []string{}},
		"subject":   {"subject": "  "},
		"header":    {"path": "/x\r\nBcc: a@b.c"},
	} {
		b := map[string]any{}
		for k, v := range body {
			b[k] = v
		}
		for k, v := range change {
			b[k] = v
		}
		if r := user.Do("POST", "/api/mail/applink", b); r.Status != 400 {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if after := a.Count(`SELECT count(*) FROM mail_outbox`); after != before {
		t.Fatalf("refused mails sent %d", after-before)
	}
}

// FuzzAppPath: whatever AppPath accepts is a path of this app: it starts with one slash, has no
// scheme or host once parsed again, and holds no control character or space.
func FuzzAppPath(f *testing.F) {
	for _, s := range []string{"/product/libraries/products?q=red#top", "//evil.com", "/\\evil.com", "https://x/y", "/a b", "/%2F%2Fx", "/x?next=//evil", "", "/\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got, err := searches.AppPath(p)
		if err != nil {
			return
		}
		if !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") || strings.HasPrefix(got, "/\\") || strings.ContainsAny(got, " \t\r\n\x00\\") {
			t.Fatalf("AppPath(%q) = %q", p, got)
		}
		again, err := searches.AppPath(got)
		if err != nil || again != got {
			t.Fatalf("AppPath(%q) = %q, then %q %v", p, got, again, err)
		}
	})
}
