/**
 * A user's layout of a grid (docs/grid.md §9.2): the columns in their order with hidden, width
 * and pinned, and the row height; kept on the server per user and grid (`/api/gridLayouts/{grid}`).
 */
import type { ColumnState } from 'ag-grid-community';
import { constants, enums } from '@its/kit';

export type RowHeight = (typeof enums.searches.rowHeights)[number];

export const ROW_HEIGHTS: Record<RowHeight, number> = { compact: 28, normal: 34, tall: 44 };

export interface LayoutColumn {
  field: string;
  hide?: boolean;
  width?: number;
  pinned?: 'left' | 'right';
}

export interface GridLayout {
  columns: LayoutColumn[];
  rowHeight?: RowHeight;
}

/** Columns the kit adds itself (row selection): never part of a layout. */
const isOwn = (colId: string) => colId.startsWith('ag-Grid');

/** The layout of the grid's column state (display order). */
export function layoutFromState(state: ColumnState[], rowHeight?: RowHeight): GridLayout {
  const columns = state
    .filter((s) => !isOwn(s.colId))
    .map((s) => {
      const c: LayoutColumn = { field: s.colId };
      if (s.hide) c.hide = true;
      if (s.width) c.width = Math.min(constants.searches.maxColumnWidth, Math.max(constants.searches.minColumnWidth, Math.round(s.width)));
      if (s.pinned === 'left' || s.pinned === 'right') c.pinned = s.pinned;
      return c;
    });
  return rowHeight && rowHeight !== 'normal' ? { columns, rowHeight } : { columns };
}

/**
 * The column state that shows a layout over the grid's columns: the layout's columns first in
 * its order (the kit's own columns stay in front), then the others where they were; a field the
 * grid no longer has is skipped.
 */
export function stateFromLayout(layout: GridLayout, current: ColumnState[]): ColumnState[] {
  const known = new Set(current.map((s) => s.colId));
  const named = new Set<string>();
  const out: ColumnState[] = current.filter((s) => isOwn(s.colId)).map((s) => ({ colId: s.colId }));
  for (const c of layout.columns) {
    if (!known.has(c.field) || named.has(c.field) || isOwn(c.field)) continue;
    named.add(c.field);
    out.push({ colId: c.field, hide: !!c.hide, pinned: c.pinned ?? null, ...(c.width ? { width: c.width } : {}) });
  }
  for (const s of current) if (!isOwn(s.colId) && !named.has(s.colId)) out.push({ colId: s.colId });
  return out;
}

/** Moves the column at index `from` of a layout's columns by `by` places (keyboard reorder). */
export function moveColumn(columns: LayoutColumn[], from: number, by: number): LayoutColumn[] {
  const to = from + by;
  if (from < 0 || from >= columns.length || to < 0 || to >= columns.length) return columns;
  const out = columns.slice();
  const [c] = out.splice(from, 1);
  out.splice(to, 0, c!);
  return out;
}
