package pdf

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

func TestAssembleWritesAConsistentCrossReference(t *testing.T) {
	b := Assemble([]string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"})
	if !bytes.HasPrefix(b, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(b, []byte("%%EOF\n")) {
		t.Fatalf("header or trailer missing: %q", b)
	}
	s := string(b)
	tail := s[strings.LastIndex(s, "startxref\n")+len("startxref\n"):]
	at, err := strconv.Atoi(strings.SplitN(tail, "\n", 2)[0])
	if err != nil || !strings.HasPrefix(s[at:], "xref\n0 3\n") {
		t.Fatalf("startxref %d does not point at the table (%v)", at, err)
	}
	for i, obj := range []string{"1 0 obj", "2 0 obj"} {
		entry := strings.Split(s[at:], "\n")[3+i]
		off, _ := strconv.Atoi(entry[:10])
		if !strings.HasPrefix(s[off:], obj) {
			t.Fatalf("entry %d points at %q", i+1, s[off:off+10])
		}
	}
}
