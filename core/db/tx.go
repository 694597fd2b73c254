package db

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Beginner starts a transaction: a pool, a connection, or a transaction (then a savepoint).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// OptionsBeginner starts a transaction with options: a pool or a connection.
type OptionsBeginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// InTx runs fn in a transaction on b: a nil error commits it, an error or a panic rolls it back
// (the panic goes on). It is the one way ITS opens a transaction, so each one ends the same way;
// a failed commit is the error.
func InTx(ctx context.Context, b Beginner, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, b, fn)
}

// InTxWith is InTx with the transaction's options (an isolation level, read-only: Snapshot).
func InTxWith(ctx context.Context, b OptionsBeginner, opts pgx.TxOptions, fn func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, b, opts, fn)
}

// InSnapshot runs fn in a Snapshot transaction and rolls it back whatever fn answers: a read has
// nothing to commit, and fn may have answered nil after a failed statement (a stream that
// reported its error in the body already).
func InSnapshot(ctx context.Context, b OptionsBeginner, fn func(pgx.Tx) error) error {
	tx, err := b.BeginTx(ctx, Snapshot)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	return fn(tx)
}
