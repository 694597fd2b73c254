package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"its/core/registry"
)

const root = "../.."

func TestCamel(t *testing.T) {
	for id, want := range map[string]string{
		"widgets.edit":             "WidgetsEdit",
		"sampleWidgets.view":       "SampleWidgetsView",
		"ping":                     "Ping",
		"orders.sample.view-all_x": "OrdersSampleViewAllX",
	} {
		if got := Camel(id); got != want {
			t.Errorf("Camel(%q) = %q, want %q", id, got, want)
		}
	}
	if got := lowerCamel("sampleWidgets.view"); got != "sampleWidgetsView" {
		t.Errorf("lowerCamel = %q", got)
	}
}

// TestGeneratedUpToDate fails when a manifest changed without `make gen`.
func TestGeneratedUpToDate(t *testing.T) {
	files, err := Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(root, f.Path))
		if err != nil {
			t.Errorf("%s: %v (run make gen)", f.Path, err)
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("%s differs from what the manifests generate (run make gen)", f.Path)
		}
	}
}

// skipDirs hold no source of ours: dependencies, build output, test reports.
var skipDirs = []string{".git", "node_modules", "dist", "bin", "var", "test-results", "playwright-report"}

// TestNoBareActionStrings keeps every action id in its manifest (and the policies): Go and
// TypeScript name actions through the generated constants, so a renamed or removed action fails
// to compile instead of being silently refused at run time.
func TestNoBareActionStrings(t *testing.T) {
	srcs, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	generated := map[string]bool{}
	for _, f := range files {
		generated[f.Path] = true
	}
	var quoted []string
	for _, s := range srcs {
		for _, a := range s.Manifest.Actions {
			for _, q := range []string{`"`, `'`, "`"} {
				quoted = append(quoted, q+a.ID+q)
			}
		}
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if slices.Contains(skipDirs, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(path)
		if ext != ".go" && ext != ".ts" && ext != ".tsx" {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if generated[rel] || strings.HasSuffix(rel, ".d.ts") && strings.Contains(rel, "/generated/") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		for i, line := range strings.Split(string(src), "\n") {
			for _, q := range quoted {
				if strings.Contains(line, q) {
					t.Errorf("%s:%d: bare action %s; use the generated name (its/modules/actions, the core package's Action..., or actions from @its/kit)", rel, i+1, q)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no source files found")
	}
}

// TestPackageNames generates a module's enumerations, constants and catalog texts into its Go
// package and the frontend kit, and refuses a message its remote's catalog lacks.
func TestPackageNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "remotes/widgets/src/i18n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "remotes/widgets/src/i18n/en-US.json"), []byte(`{"widgets.toast.saved": "Widget \"Saved\""}`), 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := func(msg string) Source {
		src := `id: widgets
title: module.widgets
remote: {name: widgets, entry: /remotes/widgets/mf-manifest.json}
enums:
  - {id: size, description: Widget sizes, values: [Small, extra-large, Shop in Shop]}
constants:
  - {id: lockTTL, duration: 90s}
  - {id: maxRows, number: 5000}
messages:
  - {id: ` + msg + `, go: MsgSaved}
`
		m, err := registry.ParseManifest("modules/widgets/module.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return Source{File: "modules/widgets/module.yaml", Manifest: m}
	}
	f, ok, err := packageGo(dir, manifest("widgets.toast.saved"))
	if err != nil || !ok {
		t.Fatalf("packageGo: %v %v", ok, err)
	}
	if f.Path != "modules/widgets/names_gen.go" {
		t.Errorf("path %s", f.Path)
	}
	for _, want := range []string{
		"package widgets", `SizeSmall      = "Small"`, `SizeExtraLarge = "extra-large"`, `SizeShopInShop = "Shop in Shop"`,
		"var Sizes = []string{SizeSmall, SizeExtraLarge, SizeShopInShop}",
		"LockTTL = 90 * time.Second", "MaxRows = 5000", `MsgSaved = "Widget \"Saved\""`,
	} {
		if !strings.Contains(string(f.Data), want) {
			t.Errorf("Go lacks %q:\n%s", want, f.Data)
		}
	}
	ts := string(enumsTS([]Source{manifest("widgets.toast.saved")}).Data)
	for _, want := range []string{"sizes: ['Small', 'extra-large', 'Shop in Shop'],", "lockTTLMs: 90000,", "maxRows: 5000,"} {
		if !strings.Contains(ts, want) {
			t.Errorf("TypeScript lacks %q:\n%s", want, ts)
		}
	}
	if _, _, err := packageGo(dir, manifest("widgets.toast.gone")); err == nil || !strings.Contains(err.Error(), `message "widgets.toast.gone" is not in remotes/widgets/src/i18n/en-US.json`) {
		t.Errorf("a message missing from the catalog: %v", err)
	}
}

// TestMigrationRangesFromManifests: each module's manifest block is in the generated ranges, and
// a block that overlaps another module's without being the same one is refused by name.
func TestMigrationRangesFromManifests(t *testing.T) {
	mod := func(id string, from, to int64) Source {
		return Source{File: "modules/" + id + "/module.yaml", Manifest: &registry.Manifest{ID: id, Migrations: &registry.MigrationRange{From: from, To: to}}}
	}
	f, err := rangesGo([]Source{mod("alpha", 100, 199), mod("beta", 100, 199), mod("gamma", 200, 249)})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{100, 199, []string{"alpha"}}`, `{100, 199, []string{"beta"}}`, `{200, 249, []string{"gamma"}}`} {
		if !strings.Contains(string(f.Data), want) {
			t.Errorf("%s lacks %s:\n%s", f.Path, want, f.Data)
		}
	}
	for name, srcs := range map[string][]Source{
		"overlap":  {mod("alpha", 100, 199), mod("beta", 150, 249)},
		"inverted": {mod("alpha", 199, 100)},
	} {
		if _, err := rangesGo(srcs); err == nil || !strings.Contains(err.Error(), "modules/") {
			t.Errorf("%s: want an error naming the manifest, got %v", name, err)
		}
	}
}

// TestModuleListFromFolders: every module folder with a manifest is in the generated module
// list, and a manifest whose id is not its folder's name is refused.
func TestModuleListFromFolders(t *testing.T) {
	srcs, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	f, err := moduleListGo(srcs)
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "modules", "*", "module.yaml"))
	if len(dirs) < 14 {
		t.Fatalf("%d module manifests", len(dirs))
	}
	for _, d := range dirs {
		id := filepath.Base(filepath.Dir(d))
		if !strings.Contains(string(f.Data), "\t"+id+".Module,\n") || !strings.Contains(string(f.Data), `"its/modules/`+id+`"`) {
			t.Errorf("%s: module %s is not in the generated list", f.Path, id)
		}
	}
	bad := []Source{{File: "modules/alpha/module.yaml", Manifest: &registry.Manifest{ID: "beta"}}}
	if _, err := moduleListGo(bad); err == nil || !strings.Contains(err.Error(), "modules/alpha/module.yaml") {
		t.Errorf("a manifest id unlike its folder: %v", err)
	}
}
