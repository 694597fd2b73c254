package modules_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/libraries"
	"its/modules/users"
)

// blobs lists the files of an app's data directory, by path relative to it.
func blobs(t *testing.T, a *apptest.App) map[string]bool {
	t.Helper()
	files := map[string]bool{}
	err := filepath.WalkDir(a.Config.DataDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(a.Config.DataDir, p)
			files[rel] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Tests starting the same modules share the first start's demo data, each on its own copy: the
// later start loads nothing again, and what one test changes no other test sees.
func TestStartsShareTheFirstStart(t *testing.T) {
	mods := fx.Options(users.Module, libraries.Module)
	ctx := context.Background()
	created := func(a *apptest.App) (at time.Time) {
		if err := a.DB.QueryRow(ctx, `SELECT created_at FROM users WHERE email = 'admin@example.com'`).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	a := apptest.Start(t, mods)
	first, files := created(a), blobs(t, a)
	if len(files) == 0 || a.Count(`SELECT count(*) FROM library_assets`) == 0 {
		t.Fatalf("the first start has no demo assets: %d files", len(files))
	}
	if _, err := a.DB.Exec(ctx, `DELETE FROM library_assets`); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(a.Config.DataDir, "only-a"), []byte("a"), 0o600); err != nil {
		t.Fatal(err)
	}

	b := apptest.Start(t, mods)
	if b.Config.DatabaseURL == a.Config.DatabaseURL || b.Config.DataDir == a.Config.DataDir {
		t.Fatal("the second start shares the first one's database or data directory")
	}
	if got := created(b); !got.Equal(first) {
		t.Fatalf("the second start loaded the demo data again: accounts made %v, first %v", got, first)
	}
	if b.Count(`SELECT count(*) FROM library_assets`) == 0 {
		t.Fatal("the second start sees the first test's deletion")
	}
	got := blobs(t, b)
	if got["only-a"] || len(got) != len(files) {
		t.Fatalf("the second start's blobs: %d files (the first had %d), only-a %v", len(got), len(files), got["only-a"])
	}
	// A user's login on the copy works as on the first start: the sessions are the copy's own.
	if r := b.Client().Login("admin@example.com"); r.Status != 200 {
		t.Fatalf("login on the copy: %d %s", r.Status, r.Raw)
	}
}
