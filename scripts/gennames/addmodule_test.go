package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The throw-away module of TestAddModuleInItsOwnFiles: every file of it is named after it.
var throwAway = map[string]string{
	"modules/zzdemo/module.yaml": `# A throw-away module: the test that a module needs no file but its own.
id: zzdemo
title: module.zzdemo
description: Items of a throw-away module.
titles: {en-US: Demo, de-DE: Demo, es-ES: Demostración, fr-FR: Démo, it-IT: Dimostrazione, ja-JP: デモ, pl-PL: Pokaz, pt-BR: Demonstração}
migrations: {from: 990, to: 999}
actions:
  - {id: zzdemo.view, description: See the items}
api:
  - {method: GET, path: "/api/zzdemo/items/{id}", action: zzdemo.view, description: One item}
matrix:
  fixtures: {item: SELECT id::text FROM zzdemo_items ORDER BY id LIMIT 1}
  params: {id: ["${item}"]}
`,
	"modules/zzdemo/zzdemo.go": `// Package zzdemo is a throw-away module: one route reading its own table.
package zzdemo

import (
	_ "embed"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

//go:embed module.yaml
var manifest []byte

// Module wires the module.
var Module = fx.Module("zzdemo",
	fx.Provide(func(db *pgxpool.Pool) *Handler { return &Handler{db: db} }),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/zzdemo/module.yaml", Manifest: manifest, Routes: h.Routes}
	}),
)

// Handler serves the items.
type Handler struct{ db *pgxpool.Pool }

// Routes registers the manifest's routes.
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/zzdemo/items/{id}", actions.ZzdemoView, h.item)
}

func (h *Handler) item(w http.ResponseWriter, r *http.Request) error {
	var name string
	if err := h.db.QueryRow(r.Context(), "SELECT name FROM zzdemo_items WHERE id::text = $1", chi.URLParam(r, "id")).Scan(&name); err != nil {
		return err
	}
	httpx.Data(w, map[string]string{"name": name})
	return nil
}
`,
	"migrations/0990_zzdemo_items.sql": `-- +goose Up
CREATE TABLE zzdemo_items (id bigint PRIMARY KEY, name text NOT NULL);
INSERT INTO zzdemo_items VALUES (1, 'first');

-- +goose Down
DROP TABLE zzdemo_items;
`,
	"policies/zzdemo.rego": `# The throw-away module: every logged-in user sees its items.
package its.authz

actions contains "zzdemo.view"

allow if {
	input.action == "zzdemo.view"
	user.id
}
`,
}

// copySkip are folders the copy leaves out: builds, installs and test output. The sources of the
// shell, the remotes and the browser tests stay, as the spec index names them.
var copySkip = []string{".git", "node_modules", "dist", "test-results", "playwright-report", "var", "bin"}

// TestAddModuleInItsOwnFiles adds a throw-away module to a copy of the repository with files
// named after it only (modules/zzdemo/, migrations/NNNN_zzdemo_*, policies/zzdemo*), runs the
// generator, and then compiles everything, runs the migration range test, the spec index's test and
// the titles test, and sends the module's route through the route × role matrix: nothing else
// had to be edited by hand.
func TestAddModuleInItsOwnFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a copy of the repository and runs the route matrix there (minutes)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := copyDir(t)
	if err := copyTree(root, dir); err != nil {
		t.Fatal(err)
	}
	// The binary embeds a web build.
	if err := os.MkdirAll(filepath.Join(dir, "core/web/dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "core/web/dist/.gitkeep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for rel, src := range throwAway {
		if !regexp.MustCompile(`^(modules/zzdemo/|policies/zzdemo|migrations/\d{4}_zzdemo_)`).MatchString(rel) {
			t.Fatalf("%s is not a file of the module's own", rel)
		}
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	files, err := Generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, files); err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct{ file, text string }{
		{ModulesGo, "zzdemo.Module,"},
		{RangesGo, `{990, 999, []string{"zzdemo"}}`},
		{ActionsGo, `ZzdemoView = "zzdemo.view"`},
		{GeneratedTS + "/titles.ts", `'module.zzdemo': 'Démo',`},
		{RoutesMD, "| GET | `/api/zzdemo/items/{id}` | `zzdemo.view` | One item |"},
	} {
		b, err := os.ReadFile(filepath.Join(dir, want.file))
		if err != nil || !strings.Contains(string(b), want.text) {
			t.Errorf("%s: want %s after generating (%v)", want.file, want.text, err)
		}
	}

	run := func(args ...string) string {
		t.Helper()
		started := time.Now()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		t.Logf("go %s: %s", args[0], time.Since(started).Round(time.Millisecond))
		return string(out)
	}
	// Every package compiles: go list -export compiles each one as go build does (and fails on
	// any error) without linking the repository's seven commands, which go build ./... linked
	// and threw away; the route matrix's test binary below links the app with the module.
	run("list", "-export", "-f", "{{.ImportPath}}", "./...")
	// The migration range tests, the spec index's test (it needs no row for the module: its
	// manifest describes its route), the titles test and the route matrix, in one go test so that
	// the three packages compile, link and run side by side.
	out := run("test", "-count=1", "-v", "-run", "^(TestEachModuleNumbersInItsRange|TestRangesShareOnlyWholeBlocks|TestSpecIndex|TestRouteRoleMatrix|TestManifestTitlesAreTranslated)$",
		"./migrations/", "./docs/", "./modules/")
	for _, pkg := range []string{"its/migrations", "its/docs", "its/modules"} {
		if !regexp.MustCompile(`(?m)^ok\s+` + regexp.QuoteMeta(pkg) + `\s`).MatchString(out) {
			t.Errorf("go test did not pass %s:\n%s", pkg, out)
		}
	}
	m := regexp.MustCompile(`\(modules ([^)]*)\)`).FindStringSubmatch(out)
	if m == nil || !slices.Contains(strings.Split(m[1], ", "), "zzdemo") {
		t.Errorf("the route matrix did not send the throw-away module's route:\n%s", out)
	}
}

// copyDir is an empty folder for the copy of the repository, held by this test until it ends. It
// is the same folder on every run for this checkout (in the user's cache folder, emptied first):
// the go command keys its build cache by a package's folder, so in a new folder each time every
// package of the copy compiled again; here a run compiles only what changed since the last one.
func copyDir(t *testing.T) string {
	t.Helper()
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return t.TempDir()
	}
	sum := sha256.Sum256([]byte(abs))
	dir := filepath.Join(base, "its-test", "addmodule-"+hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	// Two runs of this test on one checkout at once take turns.
	lock, err := os.OpenFile(dir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lock.Close() })
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// copyTree copies the files below src into dst, leaving out copySkip's folders.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if rel != "." && slices.Contains(copySkip, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || slices.Contains(copySkip, d.Name()) {
			return nil
		}
		return copyFile(p, filepath.Join(dst, rel))
	})
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
