package plugins

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func tarGz(t testing.TB, files map[string]string) []byte {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for name, body := range files {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		_, _ = tw.Write([]byte(body))
	}
	_ = tw.Close()
	_ = gz.Close()
	return buf.Bytes()
}

// FuzzUnpack: whatever the bundle, Unpack never panics and never writes outside its folder.
func FuzzUnpack(f *testing.F) {
	f.Add(tarGz(f, map[string]string{"module.yaml": "id: x\n", "policy/x.rego": "package its.authz\n"}))
	f.Add(tarGz(f, map[string]string{"../escape": "x"}))
	f.Add(tarGz(f, map[string]string{"/abs": "x"}))
	f.Add([]byte("not a bundle"))
	f.Fuzz(func(t *testing.T, bundle []byte) {
		root := t.TempDir()
		dir := filepath.Join(root, "in")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		_ = Unpack(bundle, dir)
		entries, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 1 {
			t.Fatalf("Unpack wrote beside its folder: %v", entries)
		}
	})
}

func TestUnpackRefusesEscapes(t *testing.T) {
	for _, name := range []string{"../escape", "/abs", "a/../../b"} {
		err := Unpack(tarGz(t, map[string]string{name: "x"}), t.TempDir())
		if err == nil || !strings.Contains(err.Error(), "stay inside") {
			t.Errorf("%s: %v", name, err)
		}
	}
	dir := t.TempDir()
	if err := Unpack(tarGz(t, map[string]string{"a/b.txt": "hi"}), dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a", "b.txt")); string(b) != "hi" {
		t.Fatalf("unpacked %q", b)
	}
}
