// Package plugins hosts out-of-process modules: folders with a module.yaml (the manifest of an
// in-process module plus a plugin section naming the executable and its checksum), a Rego
// policy with its tests, migrations for a schema of their own, a built remote and the
// executable, which the core starts through hashicorp/go-plugin (contract: pluginapi). The core
// checks session, CSRF and the route's policy action, then streams the request to the plugin;
// a crashed plugin is restarted with back-off while its routes answer 503. Plugins are
// installed, upgraded, disabled and removed while ITS runs (its plugins ...), through a table
// every server of the installation follows.
package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"its/core/registry"
)

// Folder is a plugin as found on disk.
type Folder struct {
	Dir      string
	Manifest *registry.Manifest
	// Policies holds policy/*.rego by file name, Tests the policy/*_test.rego.
	Policies, Tests map[string][]byte
	// Migrations are migrations/NNNN_<what>.sql in order.
	Migrations []Migration
}

// Migration is one SQL file of a plugin.
type Migration struct {
	Version int64
	File    string
	SQL     string
}

// Executable is the path of the plugin's executable.
func (f *Folder) Executable() string { return filepath.Join(f.Dir, f.Manifest.Plugin.Executable) }

// ID is the plugin's id.
func (f *Folder) ID() string { return f.Manifest.ID }

var migrationName = regexp.MustCompile(`^([0-9]{4})_[a-z0-9_]+\.sql$`)

// maxPolicyFile and maxMigrationFile bound what is read of a plugin's text files.
const (
	maxPolicyFile    = 1 << 20
	maxMigrationFile = 4 << 20
)

// ReadFolder reads dir's module.yaml, policies and migrations; errors name the file and field.
func ReadFolder(dir string) (*Folder, error) {
	src, err := readLimited(filepath.Join(dir, "module.yaml"), maxPolicyFile)
	if err != nil {
		return nil, fmt.Errorf("module.yaml: %w", err)
	}
	man, err := registry.ParseManifest("module.yaml", src)
	if err != nil {
		return nil, err
	}
	if man.Plugin == nil {
		return nil, fmt.Errorf("module.yaml: field /plugin: a plugin's manifest needs the plugin section (version, executable, sha256)")
	}
	f := &Folder{Dir: dir, Manifest: man, Policies: map[string][]byte{}, Tests: map[string][]byte{}}
	entries, err := os.ReadDir(filepath.Join(dir, "policy"))
	if err != nil && !os.IsNotExist(err) {
		return nil, fmt.Errorf("policy: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".rego") {
			continue
		}
		b, err := readLimited(filepath.Join(dir, "policy", e.Name()), maxPolicyFile)
		if err != nil {
			return nil, fmt.Errorf("policy/%s: %w", e.Name(), err)
		}
		if strings.HasSuffix(e.Name(), "_test.rego") {
			f.Tests[e.Name()] = b
		} else {
			f.Policies[e.Name()] = b
		}
	}
	entries, err = os.ReadDir(filepath.Join(dir, "migrations"))
	if err != nil && !os.IsNotExist(err) {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	seen := map[int64]string{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migrations/%s: a migration is named NNNN_<what>.sql (lower case)", e.Name())
		}
		v, _ := strconv.ParseInt(m[1], 10, 64)
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations/%s: number %s is also used by %s", e.Name(), m[1], prev)
		}
		seen[v] = e.Name()
		b, err := readLimited(filepath.Join(dir, "migrations", e.Name()), maxMigrationFile)
		if err != nil {
			return nil, fmt.Errorf("migrations/%s: %w", e.Name(), err)
		}
		f.Migrations = append(f.Migrations, Migration{Version: v, File: "migrations/" + e.Name(), SQL: string(b)})
	}
	sort.Slice(f.Migrations, func(i, j int) bool { return f.Migrations[i].Version < f.Migrations[j].Version })
	return f, nil
}

func readLimited(path string, limit int64) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return b, nil
}

// FileSHA256 is the hex SHA-256 of the file at path.
func FileSHA256(path string) (string, error) {
	fh, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer fh.Close()
	h := sha256.New()
	if _, err := io.Copy(h, fh); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// roleChange finds SQL that would leave the plugin's database role.
var roleChange = regexp.MustCompile(`(?i)\b(set\s+(local\s+|session\s+)?role|reset\s+role|session\s+authorization|reset\s+all|set_config\s*\(\s*'role'|set\s+(local\s+|session\s+)?search_path)`)

// CheckStatic checks what needs no database: the manifest against the compiled-in modules, the
// executable's checksum, the policy files' shape and compilation with the base policies, and
// the migrations' text. Every error names the file (and field) at fault.
func (f *Folder) CheckStatic(reg *registry.Registry) error {
	m := f.Manifest
	id := m.ID
	if reg != nil && reg.StaticModule(id) {
		return fmt.Errorf("module.yaml: field /id: %q is the id of a compiled-in module", id)
	}
	own := map[string]bool{}
	for i, a := range m.Actions {
		if !strings.HasPrefix(a.ID, id+".") {
			return fmt.Errorf("module.yaml: field /actions/%d/id: a plugin's action starts with its id (%q), got %q", i, id+".", a.ID)
		}
		if reg != nil && reg.ActionModule(a.ID) != "" {
			return fmt.Errorf("module.yaml: field /actions/%d/id: action %q is declared by module %s", i, a.ID, reg.ActionModule(a.ID))
		}
		own[a.ID] = true
	}
	seen := map[string]bool{}
	for i, r := range m.API {
		if r.Path != "/api/"+id && !strings.HasPrefix(r.Path, "/api/"+id+"/") {
			return fmt.Errorf("module.yaml: field /api/%d/path: a plugin's routes live under /api/%s/, got %s", i, id, r.Path)
		}
		if !own[r.Action] {
			return fmt.Errorf("module.yaml: field /api/%d/action: action %q is not declared in the plugin's actions", i, r.Action)
		}
		k := r.Method + " " + r.Path
		if seen[k] {
			return fmt.Errorf("module.yaml: field /api/%d: route %s is listed twice", i, k)
		}
		seen[k] = true
	}
	for i, n := range m.Nav {
		if !own[n.Action] {
			return fmt.Errorf("module.yaml: field /nav/%d/action: action %q is not declared in the plugin's actions", i, n.Action)
		}
	}
	for i, u := range m.UI {
		if !own[u.Action] {
			return fmt.Errorf("module.yaml: field /ui/%d/action: action %q is not declared in the plugin's actions", i, u.Action)
		}
		if m.Remote == nil {
			return fmt.Errorf("module.yaml: field /ui/%d: a UI route needs the module's remote", i)
		}
	}
	if m.Remote != nil && !strings.HasPrefix(m.Remote.Entry, AssetsPrefix+id+"/") {
		return fmt.Errorf("module.yaml: field /remote/entry: a plugin's remote is served under %s%s/, got %s", AssetsPrefix, id, m.Remote.Entry)
	}
	if _, err := f.ExecutableSHA256(); err != nil {
		return err
	}
	if err := f.checkPolicies(own); err != nil {
		return err
	}
	for _, mg := range f.Migrations {
		if roleChange.MatchString(mg.SQL) {
			return fmt.Errorf("%s: a plugin's migration may not change the database role or search_path", mg.File)
		}
	}
	return nil
}

// ExecutableSHA256 is the SHA-256 of the executable, with an error naming the manifest's field
// when it cannot be read or is not the checksum the manifest gives.
func (f *Folder) ExecutableSHA256() (string, error) {
	m := f.Manifest
	sum, err := FileSHA256(f.Executable())
	if err != nil {
		return "", fmt.Errorf("module.yaml: field /plugin/executable: %w", err)
	}
	if sum != m.Plugin.SHA256 {
		return sum, fmt.Errorf("module.yaml: field /plugin/sha256: checksum mismatch: the executable %s has SHA-256 %s, the manifest says %s", m.Plugin.Executable, sum, m.Plugin.SHA256)
	}
	return sum, nil
}

// checkPlace checks that the plugin's id is the name of its folder.
func (f *Folder) checkPlace() error {
	if f.ID() != filepath.Base(f.Dir) {
		return fmt.Errorf("module.yaml: field /id: %q lives in folder %q", f.ID(), filepath.Base(f.Dir))
	}
	return nil
}

// handPlaced reports whether dir/name is a plugin folder put there by hand: a visible folder
// holding a module.yaml and not the marker of a bundle unpacked from the plugins table. A name
// that is no plain folder name (a path, "..") is none.
func handPlaced(dir, name string) bool {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") {
		return false
	}
	folder := filepath.Join(dir, name)
	if fi, err := os.Stat(folder); err != nil || !fi.IsDir() {
		return false
	}
	if _, err := os.Stat(filepath.Join(folder, marker)); err == nil {
		return false
	}
	_, err := os.Stat(filepath.Join(folder, "module.yaml"))
	return err == nil
}

// AssetsPrefix is the URL path under which the core serves each plugin's remote/ folder.
const AssetsPrefix = "/plugins/"
