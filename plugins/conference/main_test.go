package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db/dbtest"
	"its/core/plugins"
	"its/core/plugins/pluginapi"
	"its/core/plugins/sdk"
	"its/core/storage"
)

// The handlers' tests seed their own content: no demo content is generated behind them.
func TestMain(m *testing.M) {
	_ = os.Setenv("ITS_DEMO", "false")
	dbtest.Main(m)
}

// folder is the plugin as the core reads it (the manifest without the build's checksum).
func folder(t *testing.T) *plugins.Folder {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"policy", "migrations"} {
		entries, err := os.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(d, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, d, e.Name()), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	man, err := os.ReadFile("module.yaml.in")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "module.yaml"), bytes.ReplaceAll(man, []byte("@SHA256@"), []byte(strings.Repeat("0", 64))), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := plugins.ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestPolicyTestsPass(t *testing.T) {
	if err := folder(t).RunPolicyTests(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestManifestRoutesAreServed(t *testing.T) {
	f := folder(t)
	var want, got []string
	for _, r := range f.Manifest.API {
		want = append(want, r.Method+" "+r.Path)
	}
	for _, r := range routes(nil).Routes() {
		got = append(got, r.Method+" "+r.Path)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		t.Fatalf("manifest %v, handler %v", want, got)
	}
	for _, u := range f.Manifest.UI {
		if u.Layout != "conference" && u.Name != "conference--manage" {
			t.Errorf("%s: layout %q, want the conference app shell", u.Path, u.Layout)
		}
	}
}

func TestCatalogueHasTheSpecsEvents(t *testing.T) {
	var ids []string
	for _, e := range catalogue.Events {
		ids = append(ids, e.ID)
	}
	slices.Sort(ids)
	if want := []string{"fall23", "fall24", "fall25", "spring23", "spring24", "spring25", "spring26"}; !slices.Equal(ids, want) {
		t.Fatalf("events %v, want %v", ids, want)
	}
	if catalogue.Current != "spring26" || catalogue.Previous != "fall25" {
		t.Fatalf("current %s previous %s", catalogue.Current, catalogue.Previous)
	}
	if !slices.Equal(catalogue.Categories, []string{"Womens", "Mens", "Kids", "Unisex"}) {
		t.Fatalf("categories %v", catalogue.Categories)
	}
	for id, th := range catalogue.Themes {
		if th.DisplayMode != modeVideo || th.Background == "" || len(th.Nav) == 0 {
			t.Errorf("theme %s: %+v", id, th)
		}
	}
	s23, _ := catalogue.event("spring23")
	if s23.Gated || !slices.Equal(s23.Pages, []string{"welcome", "advertising", "categories", "retail", "marketing", "dtc-catalog"}) {
		t.Fatalf("spring23: %+v", s23)
	}
	allowed := []string{"Marketing", "Womens", "Mens", "Kids", "Unisex", "Work", "BTS", "International", "Performance", "Social", "Radio", "Apparel"}
	for _, e := range catalogue.Events {
		if e.ID != "spring23" && !e.Gated {
			t.Errorf("%s is not gated", e.ID)
		}
		for _, a := range e.Ads {
			if !slices.Contains(allowed, a) {
				t.Errorf("%s: ad navigation %q is not in the spec", e.ID, a)
			}
		}
	}
	if _, err := loadCatalogue([]byte(`{"current":"x","previous":"x","themes":{},"events":[]}`)); err == nil {
		t.Fatal("a catalogue naming an undeclared theme is accepted")
	}
}

func TestCheckPlace(t *testing.T) {
	cases := []struct{ event, section, tab, field string }{
		{"spring26", "categories", "Womens", ""},
		{"spring26", "ads", "BTS", ""},
		{"spring26", "sessions", "", ""},
		{"spring23", "welcome", "", ""},
		{"spring23", "catalogs", "", ""},
		{"fall26", "sessions", "", "event"},
		{"fall23", "marketing", "", "section"},
		{"spring26", "ads", "Radio", "tab"},
		{"spring26", "categories", "", "tab"},
		{"spring26", "sessions", "Womens", "tab"},
	}
	for _, c := range cases {
		if field, _ := catalogue.checkPlace(c.event, c.section, c.tab); field != c.field {
			t.Errorf("%s/%s/%s: field %q, want %q", c.event, c.section, c.tab, field, c.field)
		}
	}
}

// pluginHost is the core's host services for the tests: SQL on the plugin's own pool (logged in
// as its role, in its schema) of a real database, blobs in a real local store.
type pluginHost struct {
	db    *pgxpool.Pool
	store *storage.Local
}

func (h *pluginHost) DBQuery(ctx context.Context, sql string, args ...any) (*pluginapi.Rows, error) {
	out := &pluginapi.Rows{}
	rows, err := h.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := rows.Values()
		if err != nil {
			return nil, err
		}
		out.Rows = append(out.Rows, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// The values travel as JSON between a plugin and the core.
	b, _ := json.Marshal(out)
	var back pluginapi.Rows
	return &back, json.Unmarshal(b, &back)
}

func (h *pluginHost) DBExec(ctx context.Context, sql string, args ...any) (int64, error) {
	rows, err := h.db.Query(ctx, sql, args...)
	if err != nil {
		return 0, err
	}
	rows.Close()
	return rows.CommandTag().RowsAffected(), rows.Err()
}

// migrate gives the plugin its role and schema in pool's database, and answers the plugin's own
// pool.
func migrate(t *testing.T, pool *pgxpool.Pool) *pgxpool.Pool {
	t.Helper()
	role, err := plugins.Migrate(context.Background(), pool, folder(t))
	if err != nil {
		t.Fatal(err)
	}
	db, err := role.Pool(pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

func (h *pluginHost) StoragePut(ctx context.Context, o *pluginapi.StorageObject) error {
	return h.store.Put(ctx, "plugins/conference/"+o.Key, bytes.NewReader(o.Data), int64(len(o.Data)), o.ContentType)
}

func (h *pluginHost) StorageDelete(ctx context.Context, key string) error {
	return h.store.Delete(ctx, "plugins/conference/"+key)
}

func (h *pluginHost) StorageSignedURL(ctx context.Context, r *pluginapi.SignedURLRequest) (string, error) {
	return h.store.SignedGetURL(ctx, "plugins/conference/"+r.Key, r.Filename, time.Hour)
}

// newApp migrates the plugin's schema into a fresh database and serves its routes.
func newApp(t *testing.T) (http.Handler, *pluginHost) {
	t.Helper()
	db := migrate(t, dbtest.New(t))
	store, err := storage.NewLocal(t.TempDir(), []byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	h := &pluginHost{db: db, store: store}
	m := routes(func(*http.Request) host { return h })
	return m, h
}

var uma = &sdk.User{ID: "u-uma", FullName: "Uma User", Flags: []string{"conferenceDomestic"}}

func call(t *testing.T, h http.Handler, method, target string, body io.Reader, ct string) (int, map[string]any) {
	t.Helper()
	req := sdk.WithUser(httptest.NewRequest(method, target, body), uma)
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	if rec.Body.Len() > 0 {
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s %s: %d %q", method, target, rec.Code, rec.Body)
		}
	}
	return rec.Code, out
}

func TestContentLifeCycle(t *testing.T) {
	app, h := newApp(t)
	ctx := context.Background()
	jpg := poster(parseHex("#0e3b43"), parseHex("#f4b942"), "ADS", "Social teaser", "Fall '24", 320, 180)

	code, body := call(t, app, "POST", "/api/conference/items?event=fall24&section=ads&tab=Social&title=Social+teaser", bytes.NewReader(jpg), "image/png")
	if code != http.StatusCreated {
		t.Fatalf("upload: %d %v", code, body)
	}
	item := body["data"].(map[string]any)
	if item["kind"] != "image" || item["contentType"] != "image/jpeg" || !strings.Contains(item["url"].(string), "/") {
		t.Fatalf("upload stored %v (the sniffed type wins over the claimed one)", item)
	}
	id := int64(item["id"].(float64))

	for _, c := range []struct{ query, field string }{
		{"event=fall26&section=ads&tab=Social&title=x", "event"},
		{"event=fall24&section=retail&title=x", "section"},
		{"event=fall24&section=ads&tab=Radio&title=x", "tab"},
		{"event=fall24&section=ads&tab=Social&title=", "title"},
	} {
		code, body := call(t, app, "POST", "/api/conference/items?"+c.query, bytes.NewReader(jpg), "image/jpeg")
		fields, _ := body["details"].(map[string]any)["fields"].([]any)
		if code != http.StatusBadRequest || len(fields) != 1 || fields[0].(map[string]any)["field"] != c.field {
			t.Errorf("%s: %d %v, want 400 naming %s", c.query, code, body, c.field)
		}
	}
	if code, body := call(t, app, "POST", "/api/conference/items?event=fall24&section=ads&tab=Social&title=x", strings.NewReader("just text"), "video/mp4"); code != http.StatusBadRequest || !strings.Contains(body["message"].(string), "text/plain") {
		t.Errorf("a text file claimed as video: %d %v", code, body)
	}
	rows, err := h.DBQuery(ctx, `SELECT count(*) FROM items`)
	if err != nil || num(rows.Rows[0][0]) != 1 {
		t.Fatalf("refused uploads left rows: %v %v", rows, err)
	}

	// Editing needs the version the editor saw.
	target := fmt.Sprintf("/api/conference/items/%d", id)
	if code, body := call(t, app, "PATCH", target, strings.NewReader(`{"version":1,"title":"Social teaser (final)","tab":"BTS","sort":5}`), "application/json"); code != http.StatusOK || body["data"].(map[string]any)["version"].(float64) != 2 {
		t.Fatalf("patch: %d %v", code, body)
	}
	if code, _ := call(t, app, "PATCH", target, strings.NewReader(`{"version":1,"title":"stale"}`), "application/json"); code != http.StatusConflict {
		t.Fatalf("stale patch: %d, want 409", code)
	}
	if code, _ := call(t, app, "PATCH", target, strings.NewReader(`{"version":2,"tab":"Radio"}`), "application/json"); code != http.StatusBadRequest {
		t.Fatalf("patch to an ad navigation fall24 lacks: %d, want 400", code)
	}

	// The event's site shows the item with a signed URL.
	code, body = call(t, app, "GET", "/api/conference/events/fall24", nil, "")
	items := body["data"].(map[string]any)["items"].([]any)
	if code != http.StatusOK || len(items) != 1 || items[0].(map[string]any)["title"] != "Social teaser (final)" {
		t.Fatalf("event: %d %v", code, body)
	}
	if code, _ := call(t, app, "GET", "/api/conference/events/fall26", nil, ""); code != http.StatusNotFound {
		t.Fatalf("unknown event: %d", code)
	}

	if code, _ := call(t, app, "DELETE", target, nil, ""); code != http.StatusNoContent {
		t.Fatalf("delete: %d", code)
	}
	if _, _, err := h.store.Get(ctx, "plugins/conference/"+fmt.Sprintf("items/%d/file.jpg", id)); err == nil {
		t.Fatal("the deleted item's file is still stored")
	}
	if code, _ := call(t, app, "DELETE", target, nil, ""); code != http.StatusNotFound {
		t.Fatalf("second delete: %d", code)
	}
}

func TestThemeStateIsTheUsers(t *testing.T) {
	app, _ := newApp(t)
	_, body := call(t, app, "GET", "/api/conference/events/spring26", nil, "")
	theme := body["data"].(map[string]any)["theme"].(map[string]any)
	if theme["role"] != "current" || theme["state"].(map[string]any)["displayMode"] != "video" || theme["state"].(map[string]any)["introPlayed"] != false {
		t.Fatalf("a new user's theme: %v", theme)
	}
	if code, body := call(t, app, "PUT", "/api/conference/events/spring26/state", strings.NewReader(`{"introPlayed":true,"displayMode":"catalog"}`), "application/json"); code != http.StatusOK {
		t.Fatalf("state: %d %v", code, body)
	}
	_, body = call(t, app, "GET", "/api/conference/events/spring26", nil, "")
	if st := body["data"].(map[string]any)["theme"].(map[string]any)["state"].(map[string]any); st["displayMode"] != "catalog" || st["introPlayed"] != true {
		t.Fatalf("state kept: %v", st)
	}
	_, body = call(t, app, "GET", "/api/conference/events/fall25", nil, "")
	if theme := body["data"].(map[string]any)["theme"].(map[string]any); theme["role"] != "previous" || theme["state"].(map[string]any)["introPlayed"] != false {
		t.Fatalf("fall25 theme: %v", theme)
	}
	if code, _ := call(t, app, "PUT", "/api/conference/events/spring26/state", strings.NewReader(`{"displayMode":"slides"}`), "application/json"); code != http.StatusBadRequest {
		t.Fatalf("unknown display mode: %d", code)
	}
	if code, _ := call(t, app, "PUT", "/api/conference/events/fall24/state", strings.NewReader(`{"introPlayed":true}`), "application/json"); code != http.StatusNotFound {
		t.Fatalf("an event without a landing theme: %d", code)
	}
}

func TestMigrationStaysInItsSchema(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	migrate(t, pool)
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_schema = 'plugin_conference' AND table_name <> 'its_migrations'`).Scan(&n); err != nil || n != 3 {
		t.Fatalf("tables in the plugin's schema: %d %v", n, err)
	}
}

func TestDemoMedia(t *testing.T) {
	img, err := jpeg.Decode(bytes.NewReader(poster(parseHex("#22333b"), parseHex("#c6ac8f"), "KICKER", "A long title that wraps over two lines", "Spring '23", 480, 270)))
	if err != nil || img.Bounds().Dx() != 480 {
		t.Fatalf("poster: %v", err)
	}
	pdf := demoPDF("Spring '23 · DTC catalog (kids)", `Back\slash`, "#c6ac8f")
	if sniff(pdf) != "application/pdf" || !bytes.HasSuffix(pdf, []byte("%%EOF\n")) {
		t.Fatalf("pdf: %q", pdf[:20])
	}
	for _, e := range catalogue.Events {
		items := demoItems(catalogue, &e)
		have := map[string]bool{}
		for _, it := range items {
			have[it.section] = true
			if field, problem := catalogue.checkPlace(it.event, it.section, it.tab); problem != "" {
				t.Errorf("%s: demo item %q: %s %s", e.ID, it.title, field, problem)
			}
		}
		for _, s := range e.sections() {
			if !have[s] {
				t.Errorf("%s: no demo content for %s", e.ID, s)
			}
		}
	}
}
