// Package vectors reads the shared test cases of testdata/vectors: rules that run both on the
// server and in the browser are tested against one set of cases, which the Go tests read
// through Load and the Vitest tests import, so neither side can drift from the other.
package vectors

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir is the folder of the vector files.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "vectors")
}

// Load decodes the vector file name into v, failing the test when it cannot. Numbers decode as
// float64, as JSON bodies do.
func Load(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// Same reports whether got and want write the same JSON once read back (so int64(7) is 7,
// []string is a list and map keys are sorted).
func Same(got, want any) bool { return normal(got) == normal(want) }

func normal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "!" + err.Error()
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return "!" + err.Error()
	}
	b, _ = json.Marshal(x)
	return string(b)
}

// Keep checks that the vector file name holds exactly got, a file the server's data writes
// (served schemas, the order of real rows): with update it is rewritten first; otherwise a
// difference fails the test, naming what it is not (what) and how to rewrite it (rerun).
func Keep(t testing.TB, name string, got []byte, update bool, what, rerun string) {
	t.Helper()
	path := filepath.Join(Dir(), name)
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(old, got) {
		t.Fatalf("%s is not %s (%v): %s -update", path, what, err, rerun)
	}
}
