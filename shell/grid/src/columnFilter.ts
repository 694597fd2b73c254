/**
 * "Filter by this column" (the column menu): one condition per column, in the grid protocol's
 * filter shape (docs/grid.md §3.3). A grid on the protocol, or a source that says it filters on
 * the server, sends them with its query; a source that loads every row has them applied to the
 * loaded rows here. Values follow the spec's search rules: empty values are dropped, duplicates
 * ignored (ignoring case), several values only for `in`.
 */
import type { ColumnType, FilterOp, Filters, FilterValue, GridColumn } from './types';

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
  const base = defaultOps(col.type);
  if (!col.filterOps?.length) return base;
  const allowed = new Set(col.filterOps);
  return [...base.filter((op) => allowed.has(op)), ...col.filterOps.filter((op) => !base.includes(op) && op !== 'blank')];
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

/** Puts a column's condition in the list (replacing its old one); null takes it out. */
export function setColumnFilter(list: ColumnFilter[], field: string, f: ColumnFilter | null): ColumnFilter[] {
  const rest = list.filter((x) => x.field !== field);
  return f ? [...rest, f] : rest;
}

function typed(col: GridColumn | undefined, v: string): string | number | boolean {
  if (!col) return v;
  if (NUMERIC.includes(col.type)) return Number(v);
  if (col.type === 'boolean') return v.toLowerCase() === 'true';
  return v;
}

/** The conditions in the protocol's filter shape (`{field: {op: value}}`). */
export function toProtocolFilters(list: ColumnFilter[], columns: GridColumn[]): Filters {
  const out: Filters = {};
  for (const f of list) {
    const col = columns.find((c) => c.field === f.field);
    let v: unknown;
    if (f.op === 'blank') v = true;
    else if (f.op === 'in') v = f.values.map((x) => typed(col, x)) as Array<string | number>;
    else v = typed(col, f.values[0] ?? '');
    out[f.field] = { [f.op]: v } as FilterValue;
  }
  return out;
}

function asOps(v: FilterValue): Partial<Record<FilterOp, unknown>> {
  if (Array.isArray(v)) return { in: v };
  if (v !== null && typeof v === 'object') return { ...v };
  return { in: [v] };
}

const isEmptyFilter = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The page's filters AND the column filters, in one protocol filter object: a field both filter
 * gets the operators of both; two `in` lists keep the values common to both (ignoring case).
 * Null when no row can match (no common value).
 */
export function mergeFilters(page: Filters, columns: Filters): Filters | null {
  const out: Filters = { ...page };
  for (const [field, v] of Object.entries(columns)) {
    if (isEmptyFilter(v)) continue;
    const had = out[field];
    if (isEmptyFilter(had)) {
      out[field] = v;
      continue;
    }
    const a = asOps(had as FilterValue);
    const b = asOps(v as FilterValue);
    const merged: Partial<Record<FilterOp, unknown>> = { ...a, ...b };
    if (a.in !== undefined && b.in !== undefined) {
      const left = (Array.isArray(a.in) ? a.in : [a.in]) as Array<string | number>;
      const right = new Set(((Array.isArray(b.in) ? b.in : [b.in]) as Array<string | number>).map((x) => String(x).toLowerCase()));
      const common = left.filter((x) => right.has(String(x).toLowerCase()));
      if (!common.length) return null;
      merged.in = common;
    }
    out[field] = merged as FilterValue;
  }
  return out;
}

const blankCell = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function compare(col: GridColumn, cell: unknown, value: string): number | null {
  if (NUMERIC.includes(col.type)) {
    const a = typeof cell === 'number' ? cell : Number(cell);
    const b = Number(value);
    return Number.isFinite(a) && Number.isFinite(b) ? a - b : null;
  }
  if (DATES.includes(col.type)) {
    const a = dayOf(cell);
    const b = dayOf(value);
    return a !== null && b !== null ? a - b : null;
  }
  const a = String(cell).toLowerCase();
  const b = value.toLowerCase();
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a loaded row's cell passes a condition (as the server would answer it). */
export function cellPasses(col: GridColumn, cell: unknown, f: ColumnFilter): boolean {
  if (f.op === 'blank') return blankCell(cell);
  if (blankCell(cell)) return false;
  const cells = Array.isArray(cell) ? cell : [cell];
  return cells.some((c) => {
    const text = String(c).toLowerCase();
    switch (f.op) {
      case 'in':
        return f.values.some((v) => compare(col, c, v) === 0);
      case 'contains':
        return text.includes((f.values[0] ?? '').toLowerCase());
      case 'startsWith':
        return text.startsWith((f.values[0] ?? '').toLowerCase());
      default: {
        const d = compare(col, c, f.values[0] ?? '');
        if (d === null) return false;
        return f.op === 'gt' ? d > 0 : f.op === 'gte' ? d >= 0 : f.op === 'lt' ? d < 0 : d <= 0;
      }
    }
  });
}

/** Whether a loaded row passes every condition. */
export function rowPasses(row: Record<string, unknown>, list: ColumnFilter[], columns: GridColumn[]): boolean {
  for (const f of list) {
    const col = columns.find((c) => c.field === f.field);
    if (col && !cellPasses(col, row[f.field], f)) return false;
  }
  return true;
}
