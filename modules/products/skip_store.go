package products

import (
	"container/list"
	"context"
	"fmt"
	"sort"
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
// (desc) and the others ascending; together they are unique (a style number and a colour name one
// product), so a key places a row exactly, as they make the OFFSET's order a total one.
// groups is set for a list sorted by a location's value, whose index holds the value but not the
// ties' order: its position index records values (where each group of equal values starts)
// rather than whole keys, counted along that index (see buildGroups).
type view struct {
	from   sq.SelectBuilder
	keys   []string
	desc   bool
	order  []string
	groups *sq.SelectBuilder
}

// A skipTable is a view's position index: pos[i] is the position (from 0) of the first row at or
// after keys[i] (a whole key, or a group's value), one about every skipEvery rows, as of the
// catalog's version.
type skipTable struct {
	version int64
	keys    [][]any
	pos     []int
}

// skipTables keeps the position indexes of the lists read deeply on this server (the store owns
// them; each server has its own). A table is used only when the statement that reads a block
// through it reads, in its own snapshot, the catalog version the table was built at:
// products_catalog_version advances in the transaction of every statement that changes products
// or product_locations, on any server, so an equal version means the block's snapshot holds the
// very rows the table was built from, and there is no window in which a write on this or another
// server makes a table return wrong rows (no notification needs to arrive first). Lists whose
// filter reads availability, which the version does not follow, get no table. A stale table is
// built again (once per view at a time, whoever asks) and the block read anew; a table found
// stale twice in a row (a catalog being written to as it is read) leaves the block to the OFFSET
// read. Every change of the catalog makes every table stale: the next deep block of each list
// pays one build.
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

// build reads v's position index, with the catalog's version of the same snapshot.
func (v view) build(ctx context.Context, q Querier) (*skipTable, error) {
	if v.groups == nil {
		return v.buildWalk(ctx, q)
	}
	return v.buildGroups(ctx, q)
}

// buildWalk walks v along its index from key to key, skipEvery rows at a time (each step an
// index seek and a short OFFSET), and records every key it lands on.
func (v view) buildWalk(ctx context.Context, q Querier) (*skipTable, error) {
	cols := make([]string, len(v.keys))
	prev := make([]string, len(v.keys))
	for i, k := range v.keys {
		cols[i] = fmt.Sprintf("%s AS k%d", k, i)
		prev[i] = fmt.Sprintf("s.k%d", i)
	}
	from := v.from.PlaceholderFormat(sq.Question)
	first, fargs, err := from.Columns(cols...).OrderBy(v.order...).Offset(skipEvery).Limit(1).ToSql()
	if err != nil {
		return nil, err
	}
	step, sargs, err := from.Columns(cols...).Where(v.afterSQL(prev, true)).OrderBy(v.order...).
		Offset(skipEvery - 1).Limit(1).ToSql()
	if err != nil {
		return nil, err
	}
	sql, err := sq.Dollar.ReplacePlaceholders(fmt.Sprintf(`WITH RECURSIVE s AS (
		(SELECT %d::bigint AS n, f.* FROM (%s) f)
		UNION ALL
		(SELECT s.n + %d, x.* FROM s CROSS JOIN LATERAL (%s) x))
		SELECT (SELECT version FROM products_catalog_version), s.* FROM s ORDER BY s.n`, skipEvery, first, skipEvery, step))
	if err != nil {
		return nil, err
	}
	return readTable(ctx, q, sql, append(fargs, sargs...))
}

// buildGroups counts v's rows per value along the value's index (index-only, no sort of the
// ties) and records the values of the groups that hold a multiple of skipEvery.
func (v view) buildGroups(ctx context.Context, q Querier) (*skipTable, error) {
	dir := " ASC"
	if v.desc {
		dir = " DESC"
	}
	inner, args, err := v.groups.Columns(v.keys[0]+" AS v", "count(*) AS c").GroupBy(v.keys[0]).ToSql()
	if err != nil {
		return nil, err
	}
	sql := fmt.Sprintf(`SELECT (SELECT version FROM products_catalog_version), g.before, g.v FROM (
		SELECT x.v, x.c, (sum(x.c) OVER (ORDER BY x.v%s) - x.c)::bigint AS before FROM (%s) x) g
		WHERE g.before = 0 OR (g.before + g.c - 1) / %d > (g.before - 1) / %d ORDER BY g.before`, dir, inner, skipEvery, skipEvery)
	return readTable(ctx, q, sql, args)
}

// readTable reads a position index: rows of the version, the position and the key's columns.
func readTable(ctx context.Context, q Querier, sql string, args []any) (*skipTable, error) {
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
		t.version = vals[0].(int64)
		t.pos = append(t.pos, int(vals[1].(int64)))
		t.keys = append(t.keys, vals[2:])
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

// seek answers the last recorded key at or before position skip (nil for none: the list's
// start) and how many rows after the first row at that key the block at skip starts.
func (t *skipTable) seek(skip int) ([]any, int) {
	i := sort.Search(len(t.pos), func(i int) bool { return t.pos[i] > skip }) - 1
	if i < 0 {
		return nil, skip
	}
	return t.keys[i], skip - t.pos[i]
}

// afterSQL is the condition that a row of v comes after the row whose key's columns are the
// expressions k (a group's value alone, or a whole key), or at it unless strict, in v's order.
func (v view) afterSQL(k []string, strict bool) string {
	ge, gt := " >= ", " > "
	if v.desc {
		ge, gt = " <= ", " < "
	}
	if len(k) == 1 {
		if strict {
			return v.keys[0] + gt + k[0]
		}
		return v.keys[0] + ge + k[0]
	}
	rest := " >= "
	if strict {
		rest = " > "
	}
	return v.keys[0] + ge + k[0] + " AND (" + v.keys[0] + gt + k[0] + " OR (" + strings.Join(v.keys[1:], ", ") + ")" +
		rest + "(" + strings.Join(k[1:], ", ") + "))"
}

// after is afterSQL (not strict) for the values k.
func (v view) after(k []any) sq.Sqlizer {
	marks := make([]string, len(k))
	for i := range marks {
		marks[i] = "?"
	}
	if len(k) == 1 {
		return sq.Expr(v.afterSQL(marks, false), k...)
	}
	// The first value is compared twice (see afterSQL).
	return sq.Expr(v.afterSQL(marks, false), append([]any{k[0]}, k...)...)
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
			var shared bool
			t, shared, err = s.buildSkip(ctx, q, key, v)
			if err != nil && shared && ctx.Err() == nil {
				// Another request's build failed (its request ended): read the block without.
				return nil, false, nil
			}
			if err != nil {
				return nil, false, err
			}
		}
		k, off := t.seek(skip)
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
// The build runs in the transaction of the request that started it; shared reports that other
// requests waited for it.
func (s *Store) buildSkip(ctx context.Context, q Querier, key string, v view) (*skipTable, bool, error) {
	r, err, shared := s.skips.builds.Do(key, func() (any, error) {
		t, err := v.build(ctx, q)
		if err != nil {
			return nil, err
		}
		s.skips.put(key, t)
		return t, nil
	})
	if err != nil {
		return nil, shared, err
	}
	return r.(*skipTable), shared, nil
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
	groups := psql.Select().From("product_locations pl").Where(sq.Expr("pl.code = ?", q.Location())).Where(col + " IS NOT NULL")
	if len(q.where()) > 0 {
		groups = groups.Where(q.matching())
	}
	return view{from: q.pricedSelect(), keys: []string{col, "p.style_numeric", "p.color"},
		desc: q.Sort[0].Order < 0, order: append([]string{col + dir}, order[1:]...), groups: &groups}
}

// deep reports whether a block at skip is read through a position index.
func deep(skip int) bool { return skip >= skipEvery }
