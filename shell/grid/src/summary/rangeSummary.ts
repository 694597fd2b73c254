/**
 * The selected range's summary for the status bar, as spreadsheets show it, computed in the
 * browser over the cells of the rows read: how many cells, how many empty and filled, how many
 * different values, and over the cells of number columns their sum, average, minimum and maximum.
 */
import type { CellValue } from '../types';

export interface RangeSummary {
  count: number;
  empty: number;
  filled: number;
  /** Different filled values (text ignoring case, numbers by value). */
  unique: number;
  /** Number cells (of number columns) with a value; the figures below are over these. */
  numbers: number;
  sum: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
}

/** One cell of the range: its value and whether its column is a number column. */
export interface SummaryCell {
  value: CellValue | undefined;
  numeric: boolean;
}

const isEmpty = (v: CellValue | undefined) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function asNumber(v: CellValue | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function key(v: CellValue): string {
  if (Array.isArray(v)) return JSON.stringify(v.map((x) => String(x).toLowerCase()));
  if (typeof v === 'string') return `s:${v.trim().toLowerCase()}`;
  return `${typeof v}:${String(v)}`;
}

export function summarize(cells: Iterable<SummaryCell>): RangeSummary {
  let count = 0;
  let empty = 0;
  let numbers = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  const seen = new Set<string>();
  for (const c of cells) {
    count++;
    if (isEmpty(c.value)) {
      empty++;
      continue;
    }
    const v = c.value as CellValue;
    const n = c.numeric ? asNumber(v) : null;
    seen.add(n !== null ? `n:${n}` : key(v));
    if (n === null) continue;
    numbers++;
    sum += n;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  const has = numbers > 0;
  return {
    count,
    empty,
    filled: count - empty,
    unique: seen.size,
    numbers,
    // Cents add up without binary noise (0.1 + 0.2).
    sum: has ? Math.round(sum * 1e6) / 1e6 : null,
    avg: has ? sum / numbers : null,
    min: has ? min : null,
    max: has ? max : null,
  };
}
