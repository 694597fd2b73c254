package db

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// The stores build their statements with squirrel; these run one on a pool, a connection or a
// transaction, so a store does not spell out ToSql and the argument hand-over each time.

// Snapshot is a read-only transaction that sees one state of the database for all its
// statements: a read of several tables never sees an object in one and miss it in the next.
var Snapshot = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}

// Queryer runs a statement that answers rows.
type Queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// RowQueryer runs a statement that answers one row.
type RowQueryer interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Execer runs a statement for its effect.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Query runs b on q; a statement that does not build is the error.
func Query(ctx context.Context, q Queryer, b sq.Sqlizer) (pgx.Rows, error) {
	sql, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	return q.Query(ctx, sql, args...)
}

// QueryRow runs b on q; a statement that does not build is the row's Scan error.
func QueryRow(ctx context.Context, q RowQueryer, b sq.Sqlizer) pgx.Row {
	sql, args, err := b.ToSql()
	if err != nil {
		return errRow{err}
	}
	return q.QueryRow(ctx, sql, args...)
}

// Exec runs b on q for its effect.
func Exec(ctx context.Context, q Execer, b sq.Sqlizer) (pgconn.CommandTag, error) {
	sql, args, err := b.ToSql()
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	return q.Exec(ctx, sql, args...)
}

// Select runs b on q and collects every row with scan (pgx.RowToStructByName and the like).
func Select[T any](ctx context.Context, q Queryer, b sq.Sqlizer, scan pgx.RowToFunc[T]) ([]T, error) {
	rows, err := Query(ctx, q, b)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scan)
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }
