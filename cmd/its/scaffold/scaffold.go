// Package scaffold writes a new plugin (`its plugins new <kind> <id>`): a Go executable on the
// plugin SDK with a test, its module.yaml, a Rego policy with allow and deny tests, a migration
// of its own schema, a remote built with the shared remote configuration, and a Makefile that
// builds all of it into an installable bundle (<id>.tar.gz and its .sha256).
package scaffold

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"
)

//go:embed all:template
var files embed.FS

// Kinds are the plugins New can create: a module (a page at /<id>) or a microsite of the
// global event sites (landing at /global/conference/<id>, a dashboard behind the three event
// group flags).
var Kinds = []string{"module", "microsite"}

var idPattern = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

type data struct {
	ID        string
	Kind      string
	Microsite bool
	Path      string
}

// New writes the plugin kind id into dir, which must not exist yet.
func New(kind, id, dir string) error {
	ok := false
	for _, k := range Kinds {
		ok = ok || k == kind
	}
	if !ok {
		return fmt.Errorf("kind %q: one of %s", kind, strings.Join(Kinds, ", "))
	}
	if !idPattern.MatchString(id) {
		return fmt.Errorf("id %q: lower-case letters and digits, starting with a letter", id)
	}
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s already exists", dir)
	}
	d := data{ID: id, Kind: kind, Microsite: kind == "microsite", Path: "/" + id}
	if d.Microsite {
		d.Path = "/global/conference/" + id
	}
	return fs.WalkDir(files, "template", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		src, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, "template/")
		rel = strings.TrimSuffix(strings.ReplaceAll(rel, "ID", id), ".tmpl")
		t, err := template.New(rel).Delims("[[", "]]").Parse(string(src))
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		var out bytes.Buffer
		if err := t.Execute(&out, d); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		target := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, out.Bytes(), 0o644)
	})
}
