package main

import (
	"strings"
	"testing"
)

// FuzzSniff: any upload's first bytes name one type; a type the content model takes maps to a
// kind whose extension matches it.
func FuzzSniff(f *testing.F) {
	for _, seed := range []string{"%PDF-1.4\n", "\x89PNG\r\n\x1a\n", "\xff\xd8\xff\xe0", "\x1aE\xdf\xa3", "\x00\x00\x00\x18ftypmp42", "plain text", ""} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ct := sniff(b)
		if ct == "" || strings.Contains(ct, ";") {
			t.Fatalf("sniff(%q) = %q", b, ct)
		}
		if k, ok := kinds[ct]; ok && (k.kind == "" || !strings.HasPrefix(k.ext, ".")) {
			t.Fatalf("%s maps to %+v", ct, k)
		}
	})
}
