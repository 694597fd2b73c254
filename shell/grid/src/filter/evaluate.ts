/**
 * The filter builder's tree applied to loaded rows (a grid that holds every row, such as the
 * assortment detail), with the server's semantics (core/grid/where.go, query.go filterSQL):
 * text compares ignoring case, `contains` / `startsWith` are literal, numbers and dates compare
 * as their type, an empty cell (null, '' or []) matches only "is empty" and "is none of" / "≠",
 * a group of no conditions matches every row. The shared vectors (testdata/vectors/where.json)
 * hold both sides to it.
 */
import { dayOf } from '../columnFilter';
import type { GridColumn } from '../types';
import { isAnd, isGroup, itemsOf, normalizeWhere, type WhereCondition, type WhereNode } from './where';

const blankCell = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A cell or a value as a comparable number of its column type, or null. */
function scalarOf(col: GridColumn, v: unknown): number | null {
  switch (col.type) {
    case 'integer':
    case 'number': {
      if (typeof v === 'number') return Number.isFinite(v) ? v : null;
      const s = String(v).trim();
      if (s === '') return null;
      const n = Number(s);
      return Number.isFinite(n) ? n : null;
    }
    case 'date':
      return dayOf(v);
    case 'datetime': {
      if (typeof v !== 'string') return null;
      const t = Date.parse(v);
      return Number.isNaN(t) ? dayOf(v) : t;
    }
    default:
      return null;
  }
}

function textEquals(cell: unknown, v: string): boolean {
  return String(cell).toLowerCase() === v.toLowerCase();
}

function isIn(col: GridColumn, cell: unknown, values: string[]): boolean {
  if (blankCell(cell)) return false;
  if (Array.isArray(cell)) return cell.some((c) => values.some((v) => textEquals(c, v)));
  if (col.type === 'boolean') return values.some((v) => String(cell) === v.toLowerCase());
  const a = scalarOf(col, cell);
  if (a !== null) return values.some((v) => scalarOf(col, v) === a);
  return values.some((v) => textEquals(cell, v));
}

function compareTo(col: GridColumn, cell: unknown, v: string): number | null {
  const a = scalarOf(col, cell);
  const b = scalarOf(col, v);
  return a === null || b === null ? null : a - b;
}

/** Whether one cell meets one condition. */
export function cellMatches(col: GridColumn, cell: unknown, c: WhereCondition): boolean {
  const vals = c.values;
  switch (c.op) {
    case 'blank':
      return blankCell(cell);
    case 'notBlank':
      return !blankCell(cell);
    case 'in':
      return isIn(col, cell, vals);
    case 'notIn':
      return blankCell(cell) || !isIn(col, cell, vals);
    case 'contains':
    case 'startsWith': {
      if (blankCell(cell)) return false;
      const text = (Array.isArray(cell) ? `{${cell.join(',')}}` : String(cell)).toLowerCase();
      const v = (vals[0] ?? '').toLowerCase();
      return c.op === 'contains' ? text.includes(v) : text.startsWith(v);
    }
    case 'between': {
      const lo = compareTo(col, cell, vals[0] ?? '');
      const hi = compareTo(col, cell, vals[1] ?? '');
      return lo !== null && hi !== null && lo >= 0 && hi <= 0;
    }
    default: {
      const d = compareTo(col, cell, vals[0] ?? '');
      if (d === null) return false;
      return c.op === 'gt' ? d > 0 : c.op === 'gte' ? d >= 0 : c.op === 'lt' ? d < 0 : d <= 0;
    }
  }
}

/**
 * A predicate of rows for a tree (normalized first, as the server does). A condition on a column
 * the grid does not know matches nothing.
 */
export function wherePredicate(tree: WhereNode | null, columns: GridColumn[]): (row: Record<string, unknown>) => boolean {
  const norm = normalizeWhere(tree);
  if (!norm) return () => true;
  const byField = new Map(columns.map((c) => [c.field, c]));
  const build = (n: WhereNode): ((row: Record<string, unknown>) => boolean) => {
    if (isGroup(n)) {
      const parts = itemsOf(n).map(build);
      return isAnd(n) ? (r) => parts.every((p) => p(r)) : (r) => parts.some((p) => p(r));
    }
    const col = byField.get(n.field);
    if (!col) return () => false;
    return (r) => cellMatches(col, r[n.field], n);
  };
  return build(norm);
}
