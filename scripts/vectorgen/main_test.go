package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"its/core/vectors"
)

// The committed file is what the generator writes: nobody edited it by hand or forgot to
// regenerate it after changing a rule here.
func TestGeneratedFileIsCurrent(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(vectors.Dir(), "generated.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, Generate()) {
		t.Fatal("testdata/vectors/generated.json is stale: go run ./scripts/vectorgen > testdata/vectors/generated.json")
	}
}
