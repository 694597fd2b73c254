package scaffold

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"its/core/plugins"
)

// Each kind's plugin has a manifest the registry accepts and a policy whose tests pass.
func TestNewWritesAValidPlugin(t *testing.T) {
	for _, kind := range Kinds {
		t.Run(kind, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "p")
			if err := New(kind, "zz9", dir); err != nil {
				t.Fatal(err)
			}
			in, err := os.ReadFile(filepath.Join(dir, "module.yaml.in"))
			if err != nil {
				t.Fatal(err)
			}
			man := strings.ReplaceAll(string(in), "@SHA256@", strings.Repeat("a", 64))
			if err := os.WriteFile(filepath.Join(dir, "module.yaml"), []byte(man), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := plugins.ReadFolder(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Migrations) != 1 || len(f.Policies) != 1 || len(f.Tests) != 1 {
				t.Fatalf("migrations %d, policies %d, tests %d", len(f.Migrations), len(f.Policies), len(f.Tests))
			}
			if err := f.RunPolicyTests(context.Background()); err != nil {
				t.Fatal(err)
			}
			for _, file := range []string{"main.go", "main_test.go", "Makefile", "web/rspack.config.mjs", "web/src/Landing.tsx", "web/src/i18n/ja-JP.json"} {
				b, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil || strings.Contains(string(b), "[[") {
					t.Fatalf("%s: %v %q", file, err, b)
				}
			}
		})
	}
	if err := New("blog", "zz9", filepath.Join(t.TempDir(), "x")); err == nil {
		t.Fatal("an unknown kind was accepted")
	}
	if err := New("module", "Bad-Id", filepath.Join(t.TempDir(), "x")); err == nil {
		t.Fatal("a bad id was accepted")
	}
}
