/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { toast } from '@its/kit';
import { isGroupRow } from '../grouping';
import { m } from '../messages';
import type { Rect } from '../range';
import { buildEditEntries, commonValue, type EditValues } from '../editCells';
import type { GridColumn, GridRow } from '../types';
import type { RejectedCell } from '../state';
import type { GridController } from '../controller';

/** The Edit Cells dialog: the range's editable columns, their shared values, one write over the range. */
export class EditCells {
  /** The data rows of the range (or the focused cell), in display order, with their row numbers. */
  rectRows(this: GridController, r: Rect): Array<{ row: GridRow; label: string }> {
    const out: Array<{ row: GridRow; label: string }> = [];
    for (let i = r.top; i <= r.bottom; i++) {
      const d = this.dataNodes[i]?.data;
      if (d && !isGroupRow(d)) out.push({ row: this.rows.get(d.id) ?? d, label: String(i + 1) });
    }
    return out;
  }

  /** The range's columns that hold at least one editable cell (what the Edit Cells dialog offers). */
  editableColumns(this: GridController): GridColumn[] {
    const r = this.currentRect();
    if (!r || !this.settings.canEdit) return [];
    const rows = this.rectRows(r);
    const out: GridColumn[] = [];
    for (let i = r.left; i <= r.right; i++) {
      const c = this.column(this.columns[i]?.getColId() ?? '');
      if (c && rows.some((x) => this.canEditCell(x.row, c))) out.push(c);
    }
    return out;
  }

  /**
   * Opens the Edit Cells dialog over the range; says so when nothing in it can be edited. In a
   * view read by scrolling the range's rows not read yet are read first (their values decide what
   * the dialog offers and starts with, and the dialog writes into them).
   */
  openEditCells(this: GridController): Promise<void> {
    this.closeMenu();
    const r = this.currentRect();
    if (!r || !this.settings.canEdit || this.blockedBySiteUpdate()) return Promise.resolve();
    // Rows all read: the dialog opens at once (no wait for a read that has nothing to do).
    if (!this.rangeUnread()) {
      this.showEditCells(r);
      return Promise.resolve();
    }
    return this.readRows(r.top, r.bottom).then((ok) => {
      if (ok) this.showEditCells(r);
    });
  }

  showEditCells(this: GridController, r: Rect): void {
    const cols = this.editableColumns();
    if (cols.length === 0) {
      toast.info(this.intl.formatMessage(m.editNothing), { key: 'grid-edit-cells' });
      return;
    }
    const rows = this.rectRows(r).map((x) => x.row);
    // A field starts with the value its editable cells share (read-only rows do not count).
    const initial = Object.fromEntries(cols.map((c) => [c.field, commonValue(c, rows.filter((row) => this.canEditCell(row, c)))]));
    this.patchUi({ editCells: { fields: cols.map((c) => c.field), rows: rows.length, initial } });
  }

  closeEditCells(this: GridController): void {
    this.patchUi({ editCells: null });
  }

  /**
   * Writes the ticked fields of the dialog into every editable cell of the range, through the
   * same path as a paste: the column rules, refused cells reported, one undo step, one batch.
   */
  applyEditCells(this: GridController, values: EditValues): { changed: number; rejected: RejectedCell[] } {
    this.closeEditCells();
    const r = this.currentRect();
    if (!r) return { changed: 0, rejected: [] };
    const cols: GridColumn[] = [];
    for (let i = r.left; i <= r.right; i++) {
      const c = this.column(this.columns[i]?.getColId() ?? '');
      if (c) cols.push(c);
    }
    const entries = buildEditEntries(this.rectRows(r), cols, values, (row, col) => this.canEditCell(row, col));
    return this.setCells(entries, 'paste');
  }
}
