/**
 * The footer's figures of the whole filtered set, computed by the server (docs/grid.md §7.1,
 * the summary call): which figures a column offers, its default, and the request body built from
 * the export's (the same filters, query and columns the user sees).
 */
import type { ColumnType, GridColumn } from '../types';

export const COUNT_FIGURES = ['count', 'empty', 'filled', 'unique'] as const;
export const NUMBER_FIGURES = ['sum', 'avg', 'min', 'max'] as const;
export type Figure = (typeof COUNT_FIGURES)[number] | (typeof NUMBER_FIGURES)[number];

export interface ColumnFigures {
  count: number;
  empty: number;
  filled: number;
  unique?: number;
  sum?: number | null;
  avg?: number | null;
  min?: number | null;
  max?: number | null;
}

export interface GridSummary {
  totalCount: number;
  columns: Record<string, ColumnFigures>;
}

export const isNumberType = (t: ColumnType | undefined) => t === 'integer' || t === 'number';

/** The figures a column offers: every count, and for numbers their sum, average, min and max. */
export const figuresFor = (t: ColumnType | undefined): Figure[] => (isNumberType(t) ? [...COUNT_FIGURES, ...NUMBER_FIGURES] : [...COUNT_FIGURES]);

/** What a footer cell shows until the user picks: the sum of numbers, the filled cells of others. */
export const defaultFigure = (t: ColumnType | undefined): Figure => (isNumberType(t) ? 'sum' : 'filled');

/** The figure a column's footer starts on: its own (footerFigure), else its type's. */
export const firstFigure = (col: Pick<GridColumn, 'type' | 'footerFigure'>): Figure => col.footerFigure ?? defaultFigure(col.type);

/**
 * The summary call's body from the export's: its filters (and the page's own keys such as the
 * product query or a filter builder tree) kept, its columns as the fields, with for each the one
 * figure shown; sort, grouping and the file name dropped.
 */
export function summaryBody(exportBody: Record<string, unknown>, figures: Record<string, Figure>): Record<string, unknown> | null {
  const { columns, sort: _sort, groupBy: _groupBy, fileName: _fileName, ...rest } = exportBody;
  const fields = ((columns as Array<{ field: string }> | undefined) ?? []).map((c) => c.field).filter((f) => figures[f]);
  if (!fields.length) return null;
  const aggregates = Object.fromEntries(fields.map((f) => [f, [figures[f]]]));
  return { ...rest, fields, aggregates };
}

/** A figure's value in an answer (null when not there: an empty set has no sum). */
export function figureValue(c: ColumnFigures | undefined, f: Figure): number | null {
  if (!c) return null;
  const v = c[f];
  return typeof v === 'number' ? v : null;
}
