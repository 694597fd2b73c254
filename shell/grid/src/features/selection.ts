/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { isGroupRow } from '../grouping';
import { extend, inRect, rectCells, single, toRect, type CellRange, type Direction, type Rect } from '../range';
import type { CellValue, GridRow } from '../types';
import { isPlaceholder } from '../blocks/pagedRows';
import { summarize, type SummaryCell } from '../summary/rangeSummary';
import { isFolder, type GridData } from '../state';
import type { GridController } from '../controller';

/** The range of cells (mouse, Shift+arrows, select all), the focused row and the selected rows' counts. */
export class Selection {
  getRange(this: GridController): CellRange | null {
    return this.range;
  }

  getRect(this: GridController): Rect | null {
    return this.rect;
  }

  setRange(this: GridController, range: CellRange | null): void {
    const before = this.rect;
    this.range = range;
    this.rect = range ? toRect(range) : null;
    const after = this.rect;
    if (before && after && before.top === after.top && before.bottom === after.bottom && before.left === after.left && before.right === after.right) return;
    this.api?.refreshCells({ suppressFlash: true });
    this.refreshSelectionCounts();
  }

  /** Class rules of a cell: in the range, and on which edge of it. */
  rangeClass(this: GridController, rowId: string | undefined, colId: string | undefined, edge?: 'top' | 'bottom' | 'left' | 'right'): boolean {
    const r = this.rect;
    if (!r || rectCells(r) < 2 || !rowId || !colId) return false;
    const row = this.ordinal.get(rowId);
    const col = this.colIndex.get(colId);
    if (row === undefined || col === undefined || !inRect(r, row, col)) return false;
    switch (edge) {
      case 'top':
        return row === r.top;
      case 'bottom':
        return row === r.bottom;
      case 'left':
        return col === r.left;
      case 'right':
        return col === r.right;
      default:
        return true;
    }
  }

  refreshSelectionCounts(this: GridController): void {
    const api = this.api;
    const r = this.rect;
    let editable = 0;
    const cells = r ? rectCells(r) : 0;
    if (r && cells > 1) {
      for (let row = r.top; row <= r.bottom; row++) {
        const d = this.dataNodes[row]?.data;
        for (let col = r.left; col <= r.right; col++) if (this.canEditCell(d, this.column(this.columns[col]?.getColId() ?? ''))) editable++;
      }
    }
    const selected = (api?.getSelectedRows() ?? []).filter((d) => !isGroupRow(d)) as GridRow[];
    const folders = selected.filter((d) => isFolder(this.settings.schema, d)).length;
    const rangeSummary = r && cells > 1 ? summarize(this.rangeSummaryCells(r)) : null;
    this.patchUi({ rangeCells: cells, rangeSummary, editableCells: cells > 1 ? editable : 0, selectedRows: selected.length - folders, selectedFolders: folders });
  }

  /** The range's cells of rows read (not group rows, not placeholders), with their column's type. */
  *rangeSummaryCells(this: GridController, r: Rect): Generator<SummaryCell> {
    const cols: Array<{ field: string; numeric: boolean }> = [];
    for (let col = r.left; col <= r.right; col++) {
      const c = this.column(this.columns[col]?.getColId() ?? '');
      if (c) cols.push({ field: c.field, numeric: c.type === 'integer' || c.type === 'number' });
    }
    for (let row = r.top; row <= r.bottom; row++) {
      const d = this.dataNodes[row]?.data;
      if (!d || isGroupRow(d) || isPlaceholder(d)) continue;
      for (const c of cols) yield { value: d[c.field] as CellValue | undefined, numeric: c.numeric };
    }
  }

  onSelectionChanged(this: GridController): void {
    this.refreshSelectionCounts();
    const rows = ((this.api?.getSelectedRows() ?? []) as GridData[]).filter((d): d is GridRow => !isGroupRow(d));
    this.settings.onSelectionChange?.(rows);
  }

  onCellFocused(this: GridController, rowIndex: number | null, colId: string | undefined, extending: boolean): void {
    const node = rowIndex == null ? undefined : this.api?.getDisplayedRowAtIndex(rowIndex);
    const d = node?.data;
    const rowId = d && !isGroupRow(d) ? d.id : null;
    if (rowId !== this.focusedRowId) {
      this.focusedRowId = rowId;
      this.settings.onFocusRow?.(rowId ? (this.rows.get(rowId) ?? null) : null);
    }
    this.settings.onFocusCell?.(rowId, rowId ? (colId ?? null) : null);
    if (extending || this.dragging) return;
    const pos = this.posOf(rowId ?? undefined, colId);
    this.setRange(pos ? single(pos) : null);
  }

  focusedRow(this: GridController): GridRow | null {
    return this.focusedRowId ? (this.rows.get(this.focusedRowId) ?? null) : null;
  }

  /** Mouse down on a cell: start a range, or extend it with Shift. */
  pointerDown(this: GridController, rowId: string | undefined, colId: string | undefined, shift: boolean): void {
    const pos = this.posOf(rowId, colId);
    if (!pos) return;
    if (shift && this.range) this.setRange({ anchor: this.range.anchor, focus: pos });
    else this.setRange(single(pos));
    this.dragging = true;
  }

  pointerOver(this: GridController, rowId: string | undefined, colId: string | undefined): void {
    if (!this.dragging || !this.range) return;
    const pos = this.posOf(rowId, colId);
    if (pos) this.setRange({ anchor: this.range.anchor, focus: pos });
  }

  pointerUp(this: GridController): void {
    this.dragging = false;
  }

  /** Shift+arrow (Ctrl too: to the edge): grows or shrinks the range from its anchor. */
  extendRange(this: GridController, dir: Direction, jump: boolean): void {
    const api = this.api;
    const base = this.range ?? this.focusedRange();
    if (!base || !api) return;
    const next = extend(base, dir, this.bounds(), jump);
    this.setRange(next);
    const node = this.dataNodes[next.focus.row];
    const col = this.columns[next.focus.col];
    if (node?.rowIndex != null) api.ensureIndexVisible(node.rowIndex);
    if (col) api.ensureColumnVisible(col);
  }

  selectAllCells(this: GridController): void {
    const b = this.bounds();
    if (b.rows && b.cols) this.setRange({ anchor: { row: 0, col: 0 }, focus: { row: b.rows - 1, col: b.cols - 1 } });
  }

  focusedRange(this: GridController): CellRange | null {
    const f = this.api?.getFocusedCell();
    if (!f) return null;
    const node = this.api?.getDisplayedRowAtIndex(f.rowIndex);
    const d = node?.data;
    const pos = this.posOf(d && !isGroupRow(d) ? d.id : undefined, f.column.getColId());
    return pos ? single(pos) : null;
  }

  /** The range, or the focused cell as a one-cell range. */
  currentRect(this: GridController): Rect | null {
    if (this.rect) return this.rect;
    const r = this.focusedRange();
    return r ? toRect(r) : null;
  }
}
