package registry

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParseManifest holds the manifest loader to its contract: any input gives a manifest or
// an error naming the file, never a panic, and an accepted manifest written back out (as JSON,
// which is YAML) loads again to the same manifest.
func FuzzParseManifest(f *testing.F) {
	const file = "modules/fuzz/module.yaml"
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := ParseManifest(file, src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), file+": ") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		if m.ID == "" || m.Title == "" {
			t.Fatalf("accepted a manifest without id or title: %q", src)
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("an accepted manifest does not encode: %v", err)
		}
		again, err := ParseManifest(file, out)
		if err != nil {
			t.Fatalf("an accepted manifest written out is refused: %v\n%s", err, out)
		}
		// Compared as JSON: an empty list and a missing one mean the same.
		if back, _ := json.Marshal(again); !bytes.Equal(out, back) {
			t.Fatalf("round trip changed the manifest:\n%s\n%s", out, back)
		}
	})
}
