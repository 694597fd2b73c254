/**
 * "Filter by this column" (the column menu): one condition per column, a top condition of the
 * grid's filter tree (filter/where.ts, docs/grid.md §9.1), with the operators of the column menu.
 * Values follow the spec's search rules: empty values are dropped, duplicates ignored (ignoring
 * case), several values only for `in`.
 */
import { serverOps } from './filter/where';
import type { ColumnType, FilterOp, GridColumn } from './types';

export interface ColumnFilter {
  field: string;
  op: FilterOp;
  /** The values, as typed: several for `in`, one otherwise, none for `blank`. */
  values: string[];
}

/** Where the column filters are applied. */
export type FilterMode = 'server' | 'client';

const NUMERIC: ColumnType[] = ['integer', 'number'];
const DATES: ColumnType[] = ['date', 'datetime'];

/** The operators the kit offers by column type, in menu order. */
export function defaultOps(type: ColumnType): FilterOp[] {
  if (NUMERIC.includes(type) || DATES.includes(type)) return ['in', 'gt', 'gte', 'lt', 'lte', 'blank'];
  if (type === 'text' || type === 'list') return ['contains', 'in', 'startsWith', 'blank'];
  return ['in', 'blank'];
}

/**
 * The operators of a column: the schema's `filterOps` (the server's whitelist) in the kit's
 * order, else the kit's defaults for its type. None when the column does not filter: on the
 * server a column must say `filterable`; on loaded rows every column filters unless it says not.
 */
export function columnOps(col: GridColumn, mode: FilterMode): FilterOp[] {
  if (col.filterable === false) return [];
  if (mode === 'server' && !col.filterable) return [];
  // A condition travels in the filter builder's tree: only the operators its type takes there.
  const typeOps = new Set<string>(serverOps(col.type));
  const base = defaultOps(col.type).filter((op) => typeOps.has(op));
  if (!col.filterOps?.length) return base;
  const allowed = new Set(col.filterOps);
  return [...base.filter((op) => allowed.has(op)), ...col.filterOps.filter((op) => !base.includes(op) && op !== 'blank' && typeOps.has(op))];
}

/** Splits the typed text into values: commas separate values of `in`; trimmed, empty dropped, duplicates ignored. */
export function filterValues(op: FilterOp, raw: string): string[] {
  if (op === 'blank') return [];
  const parts = op === 'in' ? raw.split(',') : [raw];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const v = p.trim();
    const key = v.toLowerCase();
    if (!v || seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

/** A date cell or filter value as a comparable day number (MM/DD/YYYY, M/D/YYYY or YYYY-MM-DD), or null. */
export function dayOf(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  let y: number, mo: number, d: number;
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s))) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return y * 10000 + mo * 100 + d;
}

/** Whether a typed value is a value of the column's type (numbers and dates must parse). */
export function validValue(col: GridColumn, op: FilterOp, v: string): boolean {
  if (op === 'contains' || op === 'startsWith') return true;
  if (NUMERIC.includes(col.type)) return v !== '' && Number.isFinite(Number(v)) && (col.type !== 'integer' || Number.isInteger(Number(v)));
  if (DATES.includes(col.type)) return dayOf(v) !== null;
  if (col.type === 'boolean') return ['true', 'false'].includes(v.toLowerCase());
  return true;
}

export type FilterProblem = 'empty' | 'value';

/** The condition the user typed, or why it cannot be one. */
export function makeColumnFilter(col: GridColumn, op: FilterOp, raw: string): { filter: ColumnFilter } | { problem: FilterProblem; value?: string } {
  if (op === 'blank') return { filter: { field: col.field, op, values: [] } };
  const values = filterValues(op, raw);
  if (!values.length) return { problem: 'empty' };
  const bad = values.find((v) => !validValue(col, op, v));
  if (bad !== undefined) return { problem: 'value', value: bad };
  return { filter: { field: col.field, op, values } };
}
