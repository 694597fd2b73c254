package db_test

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"its/core/db"
	"its/core/db/dbtest"
	"its/migrations"
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
	if err := db.MigrateFS(ctx, sqlDB, first, nil); err != nil {
		t.Fatalf("first set: %v", err)
	}
	second := fstest.MapFS{
		"9100_alpha_things.sql": first["9100_alpha_things.sql"],
		"9101_alpha_more.sql":   up("ALTER TABLE alpha_things ADD COLUMN name text;"),
		"9400_beta_things.sql":  first["9400_beta_things.sql"],
	}
	if err := db.MigrateFS(ctx, sqlDB, second, nil); err != nil {
		t.Fatalf("a migration below the newest applied one must apply: %v", err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.columns WHERE table_name = 'alpha_things' AND column_name = 'name'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("9101 not applied: n=%d err=%v", n, err)
	}
	if err := db.MigrateFS(ctx, sqlDB, second, nil); err != nil {
		t.Fatalf("applying twice changes nothing: %v", err)
	}
}

// emptyDB is a database with no migration applied, dropped after the test.
func emptyDB(t *testing.T) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	pool, err := db.Open(ctx, dbtest.NewEmptyDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// versions lists the applied migration numbers.
func versions(t *testing.T, pool *pgxpool.Pool) []int64 {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT version_id FROM goose_db_version WHERE version_id > 0 ORDER BY version_id`)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestRenumberedMigration: a migration applied under a former number is not applied again
// under its new one; without the renumbering map it would be (and fail).
func TestRenumberedMigration(t *testing.T) {
	ctx := context.Background()
	up := func(sql string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("-- +goose Up\n" + sql + "\n-- +goose Down\nSELECT 1;\n")}
	}
	before := fstest.MapFS{
		"9100_alpha_things.sql": up("CREATE TABLE alpha_things (id int);"),
		"9110_beta_things.sql":  up("CREATE TABLE beta_things (id int);"),
	}
	after := fstest.MapFS{
		"9100_alpha_things.sql": before["9100_alpha_things.sql"],
		"9150_beta_things.sql":  before["9110_beta_things.sql"],
		"9151_beta_more.sql":    up("ALTER TABLE beta_things ADD COLUMN name text;"),
	}
	for _, renumbered := range []map[int64]int64{nil, {9110: 9150}} {
		pool := emptyDB(t)
		sqlDB := stdlib.OpenDBFromPool(pool)
		if err := db.MigrateFS(ctx, sqlDB, before, nil); err != nil {
			t.Fatal(err)
		}
		err := db.MigrateFS(ctx, sqlDB, after, renumbered)
		if renumbered == nil {
			if err == nil {
				t.Fatal("without the map the renumbered migration applied again and did not fail")
			}
			sqlDB.Close()
			continue
		}
		if err != nil {
			t.Fatalf("upgrade with the map: %v", err)
		}
		if got := versions(t, pool); !slices.Equal(got, []int64{9100, 9150, 9151}) {
			t.Fatalf("versions %v", got)
		}
		if err := db.MigrateFS(ctx, sqlDB, after, renumbered); err != nil {
			t.Fatalf("again: %v", err)
		}
		sqlDB.Close()
	}
}

// TestUpgradeFromFormerNumbers applies ITS's own migrations as a database that was migrated
// before the renumbering saw them (the renumbered files under their former numbers), then the
// migrations as they are: every migration ends up applied once, under its current number.
func TestUpgradeFromFormerNumbers(t *testing.T) {
	ctx := context.Background()
	current, former := fstest.MapFS{}, fstest.MapFS{}
	back := map[int64]int64{}
	for from, to := range migrations.Renumbered {
		back[to] = from
	}
	files, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	var want []int64
	for _, f := range files {
		b, err := fs.ReadFile(migrations.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.ParseInt(f[:4], 10, 64)
		want = append(want, n)
		current[f] = &fstest.MapFile{Data: b}
		switch old, ok := back[n]; {
		case ok:
			former[fmt.Sprintf("%04d%s", old, f[4:])] = &fstest.MapFile{Data: b}
		case n > 200 && n < 300:
			// Added to the range the two modules shared after the renumbering: a database of the
			// former numbering gets it only with the upgrade.
		default:
			former[f] = &fstest.MapFile{Data: b}
		}
	}
	pool := emptyDB(t)
	sqlDB := stdlib.OpenDBFromPool(pool)
	defer sqlDB.Close()
	if err := db.MigrateFS(ctx, sqlDB, former, nil); err != nil {
		t.Fatalf("former numbering: %v", err)
	}
	if err := db.MigrateFS(ctx, sqlDB, current, migrations.Renumbered); err != nil {
		t.Fatalf("upgrade: %v", err)
	}
	slices.Sort(want)
	if got := versions(t, pool); !slices.Equal(got, want) {
		t.Fatalf("applied %v, want %v", got, want)
	}
}
