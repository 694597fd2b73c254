// Package core_test holds the checks that keep the kernel free of domain code: core/ never
// names a module, a module's action or a domain word, and never imports a module.
package core_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// domainWords are the domain's nouns (singular and plural are both checked); module ids are
// added from modules/.
var domainWords = []string{
	"assortment", "season", "library", "libraries", "product", "orders", "dashboard", "microsite",
	"announcement", "conference", "sampleinventory",
}

// domainPairs are domain terms of two words, however they are joined (camelCase, _, space).
var domainPairs = [][2]string{{"sample", "inventory"}, {"line", "sheet"}}

// platformModules are modules whose id names what the core itself owns: accounts, the admin
// role and notifications (core/identity, core/authz, core/notify).
var platformModules = []string{"users", "admin", "notifications"}

// platformPairs are the two-word terms of the platform spec's permission model that contain a
// domain word: a permission is narrowed by channel, region and product type.
var platformPairs = [][2]string{{"product", "type"}, {"product", "types"}}

var (
	wordRE  = regexp.MustCompile(`[A-Za-z]+`)
	humpsRE = regexp.MustCompile(`[A-Z]+[a-z]*|[a-z]+`)
)

// words splits text into lower-case words, camelCase humps apart.
func words(text string) []string {
	var out []string
	for _, w := range wordRE.FindAllString(text, -1) {
		for _, h := range humpsRE.FindAllString(w, -1) {
			out = append(out, strings.ToLower(h))
		}
		if lw := strings.ToLower(w); !slices.Contains(out[len(out)-1:], lw) {
			out = append(out, lw) // the whole identifier too, e.g. sampleinventory
		}
	}
	return out
}

func forbidden(t *testing.T) map[string]bool {
	t.Helper()
	set := map[string]bool{}
	add := func(w string) {
		w = strings.ToLower(w)
		set[w] = true
		set[strings.TrimSuffix(w, "s")] = true
		if !strings.HasSuffix(w, "s") {
			set[w+"s"] = true
		}
	}
	for _, w := range domainWords {
		add(w)
	}
	dirs, err := os.ReadDir("../modules")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		// Only a directory with a manifest is a module (modules/actions holds generated names).
		b, err := os.ReadFile(filepath.Join("../modules", d.Name(), "module.yaml"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		var m struct{ ID string }
		if err := yaml.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if id := m.ID; !slices.Contains(platformModules, id) {
			add(id)
		}
	}
	// orders is forbidden, "order" (sort order, ORDER BY) is not; so is "import" (Go's keyword).
	delete(set, "order")
	// The documents module's id is also the kernel's plain word for an HTML, JSON or PDF
	// document (the PDF renderer prints documents, the JSON decoder reads one): not a domain word.
	delete(set, "document")
	delete(set, "documents")
	delete(set, "import")
	return set
}

// TestCoreNamesNoDomain reads every Go and YAML file under core/ (tests too) and fails on each
// line that names a module, a module's action or a domain word.
func TestCoreNamesNoDomain(t *testing.T) {
	bad := forbidden(t)
	if !bad["assortments"] || !bad["sampleinventory"] || bad["users"] {
		t.Fatalf("word list: %v", bad)
	}
	self, _ := filepath.Abs("boundary_test.go")
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "dist" || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		ext := filepath.Ext(path)
		if d.IsDir() || (ext != ".go" && ext != ".yaml" && ext != ".yml") {
			return nil
		}
		if abs, _ := filepath.Abs(path); abs == self {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range bytes.Split(src, []byte("\n")) {
			ws := words(string(line))
			for j := 0; j < len(ws); j++ {
				if j+1 < len(ws) && slices.Contains(platformPairs, [2]string{ws[j], ws[j+1]}) {
					j++
					continue
				}
				hit := bad[ws[j]]
				if j+1 < len(ws) && slices.Contains(domainPairs, [2]string{ws[j], strings.TrimSuffix(ws[j+1], "s")}) {
					hit = true
				}
				if hit {
					t.Errorf("core/%s:%d names the domain (%q): %s", filepath.ToSlash(path), i+1, ws[j], strings.TrimSpace(string(line)))
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWordsCatchesDomainSpellings guards the splitter the check above relies on.
func TestWordsCatchesDomainSpellings(t *testing.T) {
	bad := forbidden(t)
	for _, line := range []string{`action: assortments.edit`, `usageType: seasonCover`, `LibraryType string`, `its:productAssortments`, `[sampleInventory.view]`, `(orders.edit)`} {
		found := false
		for _, w := range words(line) {
			found = found || bad[w]
		}
		if !found {
			t.Errorf("not caught: %s", line)
		}
	}
	for _, line := range []string{`ORDER BY created_at`, `SeedOrder sorts seeders`, `users.Module`} {
		for _, w := range words(line) {
			if bad[w] {
				t.Errorf("caught %q in %s", w, line)
			}
		}
	}
}

// TestCoreImportsNoModule: no package of core/ depends on a module's package.
func TestCoreImportsNoModule(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "its/modules/") || pkg == "its/modules" {
			t.Errorf("core depends on %s", pkg)
		}
	}
}
