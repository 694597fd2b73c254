package db_test

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/db/dbtest"
)

func txCount(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM tx_items`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestInTx: a nil error commits, an error rolls back and is returned, a panic rolls back and
// goes on; the options variant runs with its options (a read-only snapshot refuses a write).
func TestInTx(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `CREATE TABLE tx_items (id int PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	insert := func(id int) func(pgx.Tx) error {
		return func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO tx_items VALUES ($1)`, id)
			return err
		}
	}

	if err := db.InTx(ctx, pool, insert(1)); err != nil {
		t.Fatal(err)
	}
	if n := txCount(t, pool); n != 1 {
		t.Fatalf("after commit: %d rows, want 1", n)
	}

	failed := errors.New("failed")
	err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		if err := insert(2)(tx); err != nil {
			return err
		}
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("error: %v, want %v", err, failed)
	}
	if n := txCount(t, pool); n != 1 {
		t.Fatalf("after an error: %d rows, want 1 (rolled back)", n)
	}

	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Fatalf("recovered %v, want the panic to go on", r)
			}
		}()
		_ = db.InTx(ctx, pool, func(tx pgx.Tx) error {
			if err := insert(3)(tx); err != nil {
				return err
			}
			panic("boom")
		})
		t.Fatal("InTx returned after a panic")
	}()
	if n := txCount(t, pool); n != 1 {
		t.Fatalf("after a panic: %d rows, want 1 (rolled back)", n)
	}
	// The panicking transaction's connection went back to the pool clean: no open transaction.
	if err := db.InTx(ctx, pool, insert(4)); err != nil {
		t.Fatal(err)
	}
	if n := txCount(t, pool); n != 2 {
		t.Fatalf("after a later commit: %d rows, want 2", n)
	}

	if err := db.InTxWith(ctx, pool, db.Snapshot, insert(5)); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("write in a snapshot: %v, want a read-only error", err)
	}
	var iso string
	if err := db.InTxWith(ctx, pool, db.Snapshot, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SHOW transaction_isolation`).Scan(&iso)
	}); err != nil || iso != "repeatable read" {
		t.Fatalf("snapshot isolation: %q %v", iso, err)
	}
	if n := txCount(t, pool); n != 2 {
		t.Fatalf("after the snapshot: %d rows, want 2", n)
	}

	// InSnapshot reads in a snapshot and rolls back, also when fn answers nil after a failed
	// statement; a panic goes on.
	if err := db.InSnapshot(ctx, pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SHOW transaction_isolation`).Scan(&iso); err != nil {
			return err
		}
		_, _ = tx.Exec(ctx, `SELECT 1/0`)
		return nil
	}); err != nil || iso != "repeatable read" {
		t.Fatalf("InSnapshot: %q %v", iso, err)
	}
	if err := db.InSnapshot(ctx, pool, insert(6)); err == nil {
		t.Fatal("InSnapshot wrote")
	}
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Fatalf("recovered %v, want the panic to go on", r)
			}
		}()
		_ = db.InSnapshot(ctx, pool, func(pgx.Tx) error { panic("boom") })
	}()
	if n := txCount(t, pool); n != 2 {
		t.Fatalf("after InSnapshot: %d rows, want 2", n)
	}
}

// TestOneTransactionIdiom: outside this package no Go file opens a transaction itself
// (.Begin(ctx), .BeginTx(ctx, opts), pgx.BeginFunc, pgx.BeginTxFunc); they all go through
// db.InTx or db.InTxWith, so every transaction commits and rolls back the same way.
func TestOneTransactionIdiom(t *testing.T) {
	root := filepath.Join("..", "..")
	var found []string
	for _, dir := range []string{"core", "modules", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path == filepath.Join(root, "core", "db") || d.Name() == "node_modules" || d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				// Begin(ctx) and BeginTx(ctx, opts) open a transaction; other methods of those
				// names (a sign-in's Begin, a batch's BeginTx(opts)) take other arguments.
				name, args := sel.Sel.Name, len(call.Args)
				if (name == "Begin" && args == 1) || (name == "BeginTx" && args == 2) || name == "BeginFunc" || name == "BeginTxFunc" {
					found = append(found, fset.Position(call.Pos()).String()+": "+name)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(found) > 0 {
		t.Errorf("transactions opened outside db.InTx/db.InTxWith:\n%s", strings.Join(found, "\n"))
	}
}
