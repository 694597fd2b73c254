// Package plugintest builds the hello test plugin (core/plugins/testdata/hello) into a folder or
// a bundle, for the tests of the plugin host and of the pages that install plugins.
package plugintest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"its/core/plugins"
)

// testdata is core/plugins/testdata, found from this file.
func testdata() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// helloBinary builds the test plugin (testdata/hello/cmd) once per test binary.
func helloBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "its-hello-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "hello")
		out, err := exec.Command("go", "build", "-o", binPath, filepath.Join(testdata(), "hello", "cmd")).CombinedOutput()
		if err != nil {
			buildErr = err
			binPath = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("building the test plugin: %v\n%s", buildErr, binPath)
	}
	return binPath
}

// HelloFolder lays out the hello plugin (its executable's checksum in the manifest); change
// may alter it before it is packed.
func HelloFolder(t testing.TB, change func(dir string)) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(testdata(), "hello")
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if rel == "cmd" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(helloBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "hello"), bin, 0o755); err != nil {
		t.Fatal(err)
	}
	sum, err := plugins.FileSHA256(filepath.Join(dir, "hello"))
	if err != nil {
		t.Fatal(err)
	}
	Edit(t, filepath.Join(dir, "module.yaml"), "SHA256", sum)
	if change != nil {
		change(dir)
	}
	return dir
}

// HelloBundle is the hello plugin packed as a bundle (change as in HelloFolder).
func HelloBundle(t testing.TB, change func(dir string)) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := plugins.Pack(HelloFolder(t, change), &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Edit replaces the first old in file with new, failing when old is missing.
func Edit(t testing.TB, file, old, new string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", file, old)
	}
	if err := os.WriteFile(file, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}
