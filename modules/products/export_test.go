package products

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// Statement is one SQL statement with its arguments.
type Statement struct {
	SQL  string
	Args []any
}

// PageSQL is the statements that find the ids of q's block (limit rows after skip), as the
// product library's query runs them: along the order's index, or along the location's index of
// the sorted value for a sort by it (the priced products' part), where a
// deep block first seeks its value (read from db to make the second statement; a block past the
// priced products has that statement alone).
func PageSQL(ctx context.Context, db Querier, q *Query, limit, skip int) ([]Statement, error) {
	q.Skip = skip
	if b, ok := q.plainPage(limit); ok {
		sql, args, err := b.ToSql()
		return []Statement{{sql, args}}, err
	}
	if !q.seeks(skip) {
		sql, args, err := q.pricedPage(limit, skip).ToSql()
		return []Statement{{sql, args}}, err
	}
	bsql, bargs, err := q.pricedBoundary(skip).ToSql()
	if err != nil {
		return nil, err
	}
	var v any
	var before int
	switch err := db.QueryRow(ctx, bsql, bargs...).Scan(&v, &before); {
	case errors.Is(err, pgx.ErrNoRows):
		return []Statement{{bsql, bargs}}, nil // the block is past the priced products
	case err != nil:
		return nil, err
	}
	sql, args, err := q.pricedFrom(v, skip-before, limit).ToSql()
	return []Statement{{bsql, bargs}, {sql, args}}, err
}

// FiguresComputed counts the summaries and group counts s computed rather than kept.
func FiguresComputed(s *Service) int64 { return s.figures.computed.Load() }

// PositionIndexes counts the lists s's store keeps a position index of.
func PositionIndexes(s *Service) int { return s.store.skips.len() }

// UsePositionIndexes switches s's position indexes on (afresh, none built) or off.
func UsePositionIndexes(s *Service, on bool) {
	s.store.skips = nil
	if on {
		s.store.skips = newSkipTables()
	}
}

// PositionBlockSQL is the statement that reads q's block of limit at skip through its list's
// position index (built now): in style order when q's order is the sort index's, otherwise by a
// location's value.
func PositionBlockSQL(ctx context.Context, db Querier, q *Query, limit, skip int) (Statement, error) {
	v := q.styleView()
	if !q.indexOrdered() {
		v = q.pricedView()
	}
	t, err := v.build(ctx, db)
	if err != nil {
		return Statement{}, err
	}
	k, off := t.seek(skip)
	sql, args, err := v.blockSQL(k, off, limit)
	return Statement{sql, args}, err
}
