/**
 * The grid protocol's order of a view's rows, as the server sorts them (core/grid/query.go,
 * orderBy): each sort key in its direction with empty values (NULL) last in both directions, then
 * the id ascending, so that no two rows tie. Texts compare by code point, as the database's C
 * collation compares them (upper case before lower case, '' first); numbers by value; dates and
 * times in time order; false before true. A row another user added is placed by it among the rows
 * read by scrolling (PagedRows.seat). A source whose server orders otherwise tells its own order
 * (GridSource.order) with the same comparisons (keyOrder).
 */
import type { ColumnType, GridRow, SortKey } from '../types';

/** Compares two rows: negative when `a` comes first. */
export type RowCompare = (a: GridRow, b: GridRow) => number;

const isNull = (v: unknown): boolean => v === null || v === undefined;

/** Code point order (UTF-16 `<` differs for characters past U+FFFF). */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const x = Array.from(a);
  const y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

const sign = (d: number): number => (d < 0 ? -1 : d > 0 ? 1 : 0);

/** Two values of a column of `type`, neither empty, in ascending order. */
export function compareValues(a: unknown, b: unknown, type: ColumnType): number {
  switch (type) {
    case 'integer':
    case 'number':
      return sign(Number(a) - Number(b));
    case 'boolean':
      return sign(Number(a === true || a === 'true') - Number(b === true || b === 'true'));
    case 'datetime': {
      const x = Date.parse(String(a));
      const y = Date.parse(String(b));
      if (!Number.isNaN(x) && !Number.isNaN(y) && x !== y) return sign(x - y);
      return sign(compareText(String(a), String(b)));
    }
    case 'multiSelect':
      // Not sortable on the server: no key of a view.
      return 0;
    default:
      // Texts, lists (their stored canonical value) and dates (YYYY-MM-DD).
      return sign(compareText(String(a), String(b)));
  }
}

const integer = /^-?\d+$/;

/**
 * Two row ids in the server's order: whole numbers (a bigint id) by value, others (a uuid, as
 * lower-case text, or a text id) by code point.
 */
export function compareIds(a: string, b: string): number {
  if (integer.test(a) && integer.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return sign(compareText(a, b));
}

/**
 * One key of an order: a row's value (`value`, else its `field`) compared as `type`, empty
 * values (null) last in both directions.
 */
export interface OrderKey {
  field: string;
  dir?: 'asc' | 'desc';
  type: ColumnType;
  /** The value the server sorts by when it is not the cell of `field` (a lifted or derived one). */
  value?: (row: GridRow) => unknown;
}

/** The order of `keys`, then the id ascending, so that no two rows tie. */
export function keyOrder(keys: ReadonlyArray<OrderKey>): RowCompare {
  const ks = keys.map((k) => ({ get: k.value ?? ((r: GridRow) => r[k.field]), desc: k.dir === 'desc', type: k.type }));
  return (a, b) => {
    for (const k of ks) {
      const x = k.get(a);
      const y = k.get(b);
      const xn = isNull(x);
      const yn = isNull(y);
      if (xn || yn) {
        if (xn && yn) continue;
        // NULLS LAST in both directions.
        return xn ? 1 : -1;
      }
      const d = compareValues(x, y, k.type);
      if (d !== 0) return k.desc ? -d : d;
    }
    return compareIds(a.id, b.id);
  };
}

/**
 * The server's order of a view sorted by `sort` (empty: by id alone) over columns of the given
 * types; a field of no column compares as text.
 */
export function rowOrder(sort: ReadonlyArray<SortKey>, columns: ReadonlyArray<{ field: string; type: ColumnType }>): RowCompare {
  const types = new Map(columns.map((c) => [c.field, c.type]));
  return keyOrder(sort.map((s) => ({ field: s.field, dir: s.dir, type: types.get(s.field) ?? 'text' })));
}

/**
 * The order of a source that sorts as the grid protocol does (GridSource.order): the user's
 * sort, else `defaultSort`, then the id.
 */
export const protocolOrder =
  (defaultSort: ReadonlyArray<SortKey>): SourceOrder =>
  (sort, columns) =>
    rowOrder(sort.length ? sort : defaultSort, columns);

/**
 * How a source's server orders its view (GridSource.order) for the user's `sort` (empty: the
 * source's own order) over the grid's `columns`; null when the client cannot reproduce it.
 */
export type SourceOrder = (sort: ReadonlyArray<Required<SortKey>>, columns: ReadonlyArray<{ field: string; type: ColumnType }>) => RowCompare | null;
