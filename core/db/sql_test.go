package db_test

import (
	"context"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/db/dbtest"
)

// TestSquirrelHelpers runs built statements on a real PostgreSQL: Exec writes, Query and Select
// read the rows, QueryRow one row; a statement that does not build is the error and runs nothing.
func TestSquirrelHelpers(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	if _, err := pool.Exec(ctx, `CREATE TABLE helper_items (id int PRIMARY KEY, name text NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	tag, err := db.Exec(ctx, pool, psql.Insert("helper_items").Columns("id", "name").Values(1, "one").Values(2, "two").Values(3, "three"))
	if err != nil || tag.RowsAffected() != 3 {
		t.Fatalf("exec: %v %v", tag, err)
	}
	rows, err := db.Query(ctx, pool, psql.Select("name").From("helper_items").Where(sq.Gt{"id": 1}).OrderBy("id"))
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(names) != 2 || names[0] != "two" || names[1] != "three" {
		t.Fatalf("query: %v %v", names, err)
	}
	type item struct {
		ID   int    `db:"id"`
		Name string `db:"name"`
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	items, err := db.Select(ctx, tx, psql.Select("id", "name").From("helper_items").Where(sq.Eq{"id": []int{1, 3}}).OrderBy("id DESC"), pgx.RowToStructByName[item])
	if err != nil || len(items) != 2 || items[0] != (item{3, "three"}) || items[1] != (item{1, "one"}) {
		t.Fatalf("select: %v %v", items, err)
	}
	var n int
	if err := db.QueryRow(ctx, tx, psql.Select("count(*)").From("helper_items")).Scan(&n); err != nil || n != 3 {
		t.Fatalf("query row: %d %v", n, err)
	}
	// A statement that does not build (an update without a table) never reaches the database.
	bad := psql.Update("").Set("name", "x")
	if _, err := db.Exec(ctx, pool, bad); err == nil {
		t.Fatal("exec of a bad statement")
	}
	if _, err := db.Query(ctx, pool, bad); err == nil {
		t.Fatal("query of a bad statement")
	}
	if err := db.QueryRow(ctx, pool, bad).Scan(&n); err == nil {
		t.Fatal("query row of a bad statement")
	}
	if _, err := db.Select(ctx, pool, bad, pgx.RowTo[string]); err == nil {
		t.Fatal("select of a bad statement")
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM helper_items WHERE name = 'x'`).Scan(&left); err != nil || left != 0 {
		t.Fatalf("a bad statement wrote: %d %v", left, err)
	}
}
