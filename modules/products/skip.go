package products

import (
	"container/list"
	"context"
	"fmt"
	"strings"
	"sync"

	sq "github.com/Masterminds/squirrel"
	"golang.org/x/sync/singleflight"
)

// skipEvery is how many rows apart a position index records a row's sort key: a deep block seeks
// to the key recorded at or before it and skips fewer than this many rows, so its cost no longer
// grows with its offset (an OFFSET of 900,000 walked 900,000 index entries).
const skipEvery = 1000

// skipViews is how many position indexes one server keeps (the most recently used): each holds
// one key per skipEvery rows, about a thousand small keys for a million products.
const skipViews = 32

// A view is one ordered list the library reads deep blocks of: the rows of from (FROM and WHERE,
// its matches), in order. keys are the sort's columns, the first one in the view's direction
// (desc) and the others ascending; together they are unique, so a key places a row exactly.
type view struct {
	from  sq.SelectBuilder
	keys  []string
	desc  bool
	order []string
}

// A skipTable is a view's position index: keys[m-1] is the sort key of the row at position
// m*skipEvery (from 0), total the view's exact number of rows, both as of the catalog's version.
type skipTable struct {
	version int64
	keys    [][]any
	total   int
}

// skipTables keeps the position indexes of the views read deeply on this server. A table is
// only used when the statement that reads a block through it finds the catalog at the table's
// version, read in that statement's own snapshot: products_catalog_version advances in the
// transaction of every change of products or product_locations (on any server), so a table can
// be stale only between a change and its commit, when no reader sees the change either. A stale
// table is built again (once per view, whoever asks) and the block read anew.
type skipTables struct {
	mu     sync.Mutex
	order  *list.List // of *skipEntry, most recently used first
	byKey  map[string]*list.Element
	builds singleflight.Group
}

type skipEntry struct {
	key   string
	table *skipTable
}

func newSkipTables() *skipTables {
	return &skipTables{order: list.New(), byKey: map[string]*list.Element{}}
}

func (t *skipTables) get(key string) *skipTable {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.byKey[key]; ok {
		t.order.MoveToFront(e)
		return e.Value.(*skipEntry).table
	}
	return nil
}

func (t *skipTables) put(key string, table *skipTable) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.byKey[key]; ok {
		e.Value.(*skipEntry).table = table
		t.order.MoveToFront(e)
		return
	}
	t.byKey[key] = t.order.PushFront(&skipEntry{key: key, table: table})
	for t.order.Len() > skipViews {
		last := t.order.Back()
		t.order.Remove(last)
		delete(t.byKey, last.Value.(*skipEntry).key)
	}
}

// len answers how many views have a table.
func (t *skipTables) len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.order.Len()
}

// key identifies v (its statement and its values) among the tables; ok is false for a view whose
// rows depend on a table the catalog's version does not follow (availability).
func (v view) key() (string, bool, error) {
	sql, args, err := v.from.Columns(v.keys...).OrderBy(v.order...).ToSql()
	if err != nil || strings.Contains(sql, "product_availability") {
		return "", false, err
	}
	return fmt.Sprintf("%s\x00%#v", sql, args), true, nil
}

// build reads v once along its order and keeps every skipEvery-th key and the total, with the
// catalog's version of the same snapshot.
func (v view) build(ctx context.Context, q Querier) (*skipTable, error) {
	w := "ORDER BY " + strings.Join(v.order, ", ")
	cols := make([]string, 0, len(v.keys)+2)
	outer := make([]string, 0, len(v.keys))
	for i, k := range v.keys {
		cols = append(cols, fmt.Sprintf("%s AS k%d", k, i))
		outer = append(outer, fmt.Sprintf("x.k%d", i))
	}
	cols = append(cols, "row_number() OVER ("+w+") AS n", "lead(1) OVER ("+w+") IS NULL AS last")
	inner, args, err := v.from.Columns(cols...).ToSql()
	if err != nil {
		return nil, err
	}
	sql := fmt.Sprintf(`SELECT (SELECT version FROM products_catalog_version), x.n, %s FROM (%s) x
		WHERE x.n %% %d = 1 OR x.last ORDER BY x.n`, strings.Join(outer, ", "), inner, skipEvery)
	rows, err := q.Query(ctx, sql, withMode(args)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t := &skipTable{version: -1}
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, err
		}
		n := int(vals[1].(int64))
		t.version, t.total = vals[0].(int64), n
		if n > 1 && n%skipEvery == 1 {
			t.keys = append(t.keys, vals[2:])
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if t.version < 0 { // no rows: the version on its own
		if err := q.QueryRow(ctx, `SELECT version FROM products_catalog_version`).Scan(&t.version); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// seek answers the recorded key at or before position skip (nil for none: the list's start) and
// how many rows after it the block at skip starts.
func (t *skipTable) seek(skip int) ([]any, int) {
	if m := min(skip/skipEvery, len(t.keys)); m > 0 {
		return t.keys[m-1], skip - m*skipEvery
	}
	return nil, skip
}

// after is the condition that a row of v comes at or after the row with key k, in v's order.
func (v view) after(k []any) sq.Sqlizer {
	first, strict := " >= ?", " > ?"
	if v.desc {
		first, strict = " <= ?", " < ?"
	}
	rest := make([]string, len(v.keys)-1)
	for i := range rest {
		rest[i] = "?"
	}
	return sq.And{
		sq.Expr(v.keys[0]+first, k[0]),
		sq.Or{
			sq.Expr(v.keys[0]+strict, k[0]),
			sq.Expr("("+strings.Join(v.keys[1:], ", ")+") >= ("+strings.Join(rest, ", ")+")", k[1:]...),
		},
	}
}

// blockSQL is the statement that reads the ids of v's block of limit rows that starts off rows
// after the row with key k (from its first row without k), with the catalog's version of the
// same snapshot.
func (v view) blockSQL(k []any, off, limit int) (string, []any, error) {
	b := v.from.Columns("p.id").OrderBy(v.order...).Limit(uint64(limit)).Offset(uint64(off))
	if k != nil {
		b = b.Where(v.after(k))
	}
	inner, args, err := b.ToSql()
	if err != nil {
		return "", nil, err
	}
	return `SELECT (SELECT version FROM products_catalog_version), ARRAY(` + inner + `)`, args, nil
}

// block reads the ids of v's block of limit rows at skip through v's position index (built now
// when there is none or it is stale). ok is false when the catalog kept changing while it was
// read (the caller reads the block without the index).
func (s *Store) block(ctx context.Context, q Querier, v view, limit, skip int) (ids []string, ok bool, err error) {
	if s.skips == nil { // switched off (tests comparing the reads with and without)
		return nil, false, nil
	}
	key, cacheable, err := v.key()
	if err != nil || !cacheable {
		return nil, false, err
	}
	t := s.skips.get(key)
	for try := 0; try < 2; try++ {
		if t == nil {
			t, err = s.buildSkip(ctx, q, key, v)
			if err != nil {
				return nil, false, err
			}
		}
		k, off := t.seek(skip)
		if skip >= t.total {
			limit = 0 // past the end; the statement still reads the version
		}
		sql, args, err := v.blockSQL(k, off, limit)
		if err != nil {
			return nil, false, err
		}
		var version int64
		if err := q.QueryRow(ctx, sql, withMode(args)...).Scan(&version, &ids); err != nil {
			return nil, false, err
		}
		if version == t.version {
			return ids, true, nil
		}
		t = nil
	}
	return nil, false, nil
}

// buildSkip builds v's position index, one build per view at a time on this server.
func (s *Store) buildSkip(ctx context.Context, q Querier, key string, v view) (*skipTable, error) {
	r, err, _ := s.skips.builds.Do(key, func() (any, error) {
		t, err := v.build(ctx, q)
		if err != nil {
			return nil, err
		}
		s.skips.put(key, t)
		return t, nil
	})
	if err != nil {
		return nil, err
	}
	return r.(*skipTable), nil
}

// styleView is q's list in style order (q.indexOrdered): its matches along products_sort_idx or
// products_sort_desc_idx.
func (q *Query) styleView() view {
	order, _ := q.orderBy()
	return view{from: psql.Select().From("products p").Where(q.where()), keys: []string{"p.style_numeric", "p.color"},
		desc: len(q.Sort) > 0 && q.Sort[0].Order < 0, order: order}
}

// pricedView is the list of q's priced products sorted by a location's value (q.priced), along
// the location's index of that value.
func (q *Query) pricedView() view {
	order, _ := q.orderBy()
	col := sortKeys[q.Sort[0].Key]
	dir := " ASC"
	if q.Sort[0].Order < 0 {
		dir = " DESC"
	}
	return view{from: q.pricedSelect(), keys: []string{col, "p.style_numeric", "p.color"},
		desc: q.Sort[0].Order < 0, order: append([]string{col + dir}, order[1:]...)}
}

// deep reports whether a block at skip is read through a position index.
func deep(skip int) bool { return skip >= skipEvery }
