package authz

import (
	"context"
	"io"
	"log/slog"
	"maps"
	"testing"
	"time"

	"its/core/config"
	"its/policies"
)

// A set is compiled once per change of its files: making the same files live again (a server
// starting on a database whose live version is the embedded set) keeps the compiled set; a
// changed file compiles a new one.
func TestSameFilesCompileOnce(t *testing.T) {
	cfg, err := config.LoadFrom(nil)
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Params{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first := e.live.Load()
	f, err := FilesOf(policies.FS)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := e.SetLive(ctx, 1, maps.Clone(f)); err != nil {
		t.Fatal(err)
	}
	t.Logf("the same files made live again in %v", time.Since(start))
	if e.live.Load() != first {
		t.Fatal("the same files were compiled again")
	}
	if v, _ := e.Live(); v != 1 {
		t.Fatalf("live version %d, want 1", v)
	}

	changed := maps.Clone(f)
	changed["extra.rego"] = "package its.extra\n\nx := 1\n"
	if err := e.SetLive(ctx, 2, changed); err != nil {
		t.Fatal(err)
	}
	second := e.live.Load()
	if second == first || second.src["extra.rego"] == "" {
		t.Fatal("a changed set was not compiled")
	}
	// Back to the first files: a change again, so compiled again (the engine keeps one set).
	if err := e.SetLive(ctx, 3, f); err != nil {
		t.Fatal(err)
	}
	if got := e.live.Load(); got == second || got.src["extra.rego"] != "" {
		t.Fatal("going back to the first files kept the changed set")
	}
}
