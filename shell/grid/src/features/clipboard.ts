/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { isCancelled, toast } from '@its/kit';
import { isGroupRow } from '../grouping';
import { m } from '../messages';
import { cellsOf, planPaste, type Rect } from '../range';
import { displayText } from '../rules';
import { parseTsv, toTsv } from '../tsv';
import type { GridColumn } from '../types';
import { isPlaceholder } from '../blocks/pagedRows';
import { MAX_READ_ROWS, type RejectedCell } from '../state';
import type { GridController } from '../controller';

/** Copy, cut, paste and clear over the range, reading the rows of a view read by scrolling first. */
export class Clipboard {
  /**
   * Whether the range (or the focused cell) covers rows of a view read by scrolling that were not
   * read yet: a copy or the Edit Cells dialog reads their blocks first (readRows).
   */
  rangeUnread(this: GridController): boolean {
    const r = this.currentRect();
    return !!r && this.unreadIn(r.top, r.bottom);
  }

  /** Whether a grid row from `top` to `bottom` is a placeholder of a view read by scrolling. */
  unreadIn(this: GridController, top: number, bottom: number): boolean {
    if (!this.isPaged()) return false;
    for (let row = top; row <= bottom; row++) if (isPlaceholder(this.dataNodes[row]?.data)) return true;
    return false;
  }

  /**
   * Reads the blocks of the grid rows `top` to `bottom` not read yet (rows the user never
   * scrolled to) and resolves true when they are shown; false when the read failed (said so in
   * a toast) or was cancelled. Rows all read: true at once. At most MAX_READ_ROWS rows are read
   * this way: a larger range with rows to read is refused with a message pointing to the export,
   * and nothing is read.
   */
  async readRows(this: GridController, top: number, bottom: number): Promise<boolean> {
    if (!this.unreadIn(top, bottom)) return true;
    if (bottom - top + 1 > MAX_READ_ROWS) {
      toast.warning(this.intl.formatMessage(m.readTooMany, { n: MAX_READ_ROWS }), { key: 'grid-read-too-many' });
      return false;
    }
    try {
      await this.paged.load(top, bottom);
    } catch (e) {
      if (!isCancelled(e)) toast.error(this.intl.formatMessage(m.loadFailed));
      return false;
    }
    this.refreshIndex();
    return true;
  }

  /** The range as TSV (copyText) after its unread rows were read; null when nothing can be copied. */
  async copyTextRead(this: GridController): Promise<string | null> {
    const r = this.currentRect();
    if (!r || !(await this.readRows(r.top, r.bottom))) return null;
    return this.copyText();
  }

  /** The range as TSV, as the cells show (dates MM/DD/YYYY, lists joined). */
  copyText(this: GridController): string | null {
    const r = this.currentRect();
    if (!r) return null;
    const out: string[][] = [];
    for (let row = r.top; row <= r.bottom; row++) {
      const d = this.dataNodes[row]?.data;
      if (!d || isGroupRow(d)) continue;
      const line: string[] = [];
      for (let col = r.left; col <= r.right; col++) {
        const c = this.column(this.columns[col]?.getColId() ?? '');
        line.push(c ? this.cellText(c, d[c.field]) : '');
      }
      out.push(line);
    }
    return toTsv(out);
  }

  cellText(this: GridController, col: GridColumn, v: unknown): string {
    if (col.type === 'datetime' && typeof v === 'string' && v) {
      const d = new Date(v);
      return Number.isNaN(d.valueOf()) ? v : this.intl.formatDate(d, { dateStyle: 'short', timeStyle: 'short' } as Intl.DateTimeFormatOptions);
    }
    return displayText(col, v);
  }

  /**
   * Pastes a TSV block over the range (or from the focused cell), as one undo step. In a view
   * read by scrolling the blocks of the rows it covers are read first (rows never scrolled to).
   */
  async paste(this: GridController, text: string): Promise<{ changed: number; rejected: number }> {
    const r = this.currentRect();
    if (!r) return { changed: 0, rejected: 0 };
    if (!(await this.readRows(r.top, Math.max(r.bottom, r.top + parseTsv(text).length - 1)))) return { changed: 0, rejected: 0 };
    return this.pasteNow(text, r);
  }

  pasteNow(this: GridController, text: string, r: Rect): { changed: number; rejected: number } {
    const block = parseTsv(text);
    const plan = planPaste(block, r, { cols: this.columns.length });
    const entries: Array<{ rowId: string; field: string; raw: unknown; rowLabel?: string }> = [];
    const outside: RejectedCell[] = [];
    let rowsOutside = 0;
    for (const c of plan.cells) {
      const node = this.dataNodes[r.top + c.dr];
      const col = this.columns[r.left + c.dc];
      if (!node?.data || isGroupRow(node.data)) {
        if (c.dc === 0) rowsOutside++;
        continue;
      }
      if (!col) continue;
      entries.push({ rowId: node.data.id, field: col.getColId(), raw: c.text, rowLabel: String(r.top + c.dr + 1) });
    }
    if (plan.clippedCols > 0) {
      outside.push({ row: '', column: this.intl.formatMessage(m.pasteOutside), value: String(plan.clippedCols), reason: this.intl.formatMessage(m.pasteOutside) });
    }
    const res = this.setCells(entries, 'paste');
    const rejected = [...res.rejected, ...outside];
    if (rowsOutside > 0) toast.warning(this.intl.formatMessage(m.pasteRowsOutside, { n: rowsOutside }), { key: 'grid-paste-outside' });
    if (outside.length && res.rejected.length === 0) this.report(rejected, res.changed);
    // The pasted block becomes the range, as in a spreadsheet.
    const lastRow = Math.min(r.top + plan.rows, this.dataNodes.length) - 1;
    if (plan.cells.length && lastRow >= r.top) this.setRange({ anchor: { row: r.top, col: r.left }, focus: { row: lastRow, col: r.left + Math.max(plan.cols, 1) - 1 } });
    return { changed: res.changed, rejected: rejected.length };
  }

  /** Delete on a range: empties its editable cells (as one undo step); refused ones are reported. */
  clearRange(this: GridController): void {
    const r = this.currentRect();
    if (!r) return;
    const entries: Array<{ rowId: string; field: string; raw: unknown }> = [];
    for (const p of cellsOf(r)) {
      const d = this.dataNodes[p.row]?.data;
      const c = this.column(this.columns[p.col]?.getColId() ?? '');
      if (!d || isGroupRow(d) || !c || !this.canEditCell(d, c)) continue;
      entries.push({ rowId: d.id, field: c.field, raw: '' });
    }
    if (entries.length === 1) this.setCells(entries, 'edit');
    else this.setCells(entries, 'clear');
  }
}
