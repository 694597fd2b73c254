package db_test

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5/stdlib"

	"its/core/db"
	"its/core/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// TestMigrationsOutOfOrder ships a module's migration numbered below one already applied, as
// happens when one module adds a migration after another module's later-numbered one landed.
func TestMigrationsOutOfOrder(t *testing.T) {
	ctx := context.Background()
	pool := dbtest.New(t)
	sqlDB := stdlib.OpenDBFromPool(pool)
	defer sqlDB.Close()
	up := func(sql string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("-- +goose Up\n" + sql + "\n-- +goose Down\nSELECT 1;\n")}
	}
	first := fstest.MapFS{
		"9100_alpha_things.sql": up("CREATE TABLE alpha_things (id int);"),
		"9400_beta_things.sql":  up("CREATE TABLE beta_things (id int);"),
	}
	if err := db.MigrateFS(ctx, sqlDB, first); err != nil {
		t.Fatalf("first set: %v", err)
	}
	second := fstest.MapFS{
		"9100_alpha_things.sql": first["9100_alpha_things.sql"],
		"9101_alpha_more.sql":   up("ALTER TABLE alpha_things ADD COLUMN name text;"),
		"9400_beta_things.sql":  first["9400_beta_things.sql"],
	}
	if err := db.MigrateFS(ctx, sqlDB, second); err != nil {
		t.Fatalf("a migration below the newest applied one must apply: %v", err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.columns WHERE table_name = 'alpha_things' AND column_name = 'name'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("9101 not applied: n=%d err=%v", n, err)
	}
	if err := db.MigrateFS(ctx, sqlDB, second); err != nil {
		t.Fatalf("applying twice changes nothing: %v", err)
	}
}
