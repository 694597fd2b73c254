/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import type { IRowNode } from 'ag-grid-community';
import { toast } from '@its/kit';
import { m, refusalText } from '../messages';
import { displayText, isCellEditable } from '../rules';
import type { CellValue, GridRow } from '../types';
import { isNew, type GridData } from '../state';
import type { GridController } from '../controller';
import { classifyFailure } from '../failure';

/** Rows being added: shown first, checked and sent together by Save new. */
export class NewRows {
  countNew(this: GridController): number {
    let n = 0;
    for (const r of this.rows.values()) if (isNew(r)) n++;
    return n;
  }

  addRow(this: GridController, defaults: Record<string, CellValue> = {}): string | null {
    const api = this.api;
    if (!api || !this.settings.canEdit || this.blockedBySiteUpdate()) return null;
    const id = `new-${++this.newSeq}`;
    const row: GridRow = { id, version: 0, __new: true, ...defaults };
    this.rows.set(id, row);
    api.applyTransaction({ add: [row], addIndex: 0 });
    this.patchUi({ newRows: this.countNew(), rowCount: this.shownCount() });
    this.refreshIndex();
    const first = this.columns.find((c) => this.canEditCell(row, this.column(c.getColId())));
    const node = api.getRowNode(id);
    if (first && node && node.rowIndex != null) {
      api.ensureIndexVisible(node.rowIndex);
      api.setFocusedCell(node.rowIndex, first.getColId());
      api.startEditingCell({ rowIndex: node.rowIndex, colKey: first.getColId() });
    }
    return id;
  }

  /** Checks and adds the rows being added; blank ones are dropped. Answers whether all were saved. */
  async saveNewRows(this: GridController): Promise<boolean> {
    if (this.blockedBySiteUpdate()) return false;
    this.api?.stopEditing();
    const schema = this.settings.schema;
    const fresh = [...this.rows.values()].filter(isNew);
    const blank = fresh.filter((r) => schema.columns.every((c) => r[c.field] === undefined || r[c.field] === null || r[c.field] === ''));
    if (blank.length) this.removeRows(blank.map((r) => r.id));
    const rows = fresh
      .filter((r) => !blank.includes(r))
      .map((r) => {
        const values: Record<string, CellValue> = {};
        for (const c of schema.columns) if (isCellEditable(c, { isNew: true, pending: this.settings.pending }) && r[c.field] !== undefined) values[c.field] = r[c.field] as CellValue;
        return { tempId: r.id, values };
      });
    if (rows.length === 0) return true;
    for (const k of [...this.cellErrors.keys()]) if (k.startsWith('new-')) this.cellErrors.delete(k);
    const errors: Array<{ tempId: string; field: string; message: string }> = [];
    if (!this.settings.validateNew) {
      // Without the page's own check, the required cells are checked here (the server says the same).
      for (const r of rows) {
        for (const c of schema.columns) {
          if (!c.required || !isCellEditable(c, { isNew: true })) continue;
          const v = r.values[c.field];
          if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) {
            errors.push({ tempId: r.tempId, field: c.field, message: refusalText(this.intl, schema, c, this.header(c), { ok: false, rule: 'required', messageKey: 'required', input: '' }) });
          }
        }
      }
    }
    if (errors.length === 0 && this.settings.validateNew) {
      try {
        errors.push(...(await this.settings.validateNew(rows)));
      } catch (e) {
        const f = classifyFailure(e);
        if (f.kind !== 'empty') toast.error(this.intl.formatMessage(m.saveFailedToast, { message: 'message' in f ? f.message : '' }));
        return false;
      }
    }
    if (errors.length === 0) {
      try {
        const added = await this.writer.add(rows);
        const api = this.api;
        const swapRemove: GridRow[] = [];
        const swapAdd: GridRow[] = [];
        for (const a of added) {
          const temp = this.rows.get(a.tempId);
          if (temp) swapRemove.push(temp);
          this.rows.delete(a.tempId);
          this.rows.set(a.row.id, a.row);
          swapAdd.push(a.row);
        }
        api?.applyTransaction({ remove: swapRemove, add: swapAdd, addIndex: 0 });
        this.patchUi({ newRows: this.countNew(), rowCount: this.shownCount() });
        this.regroup();
        return true;
      } catch (e) {
        const f = classifyFailure(e);
        if (f.kind === 'validation') {
          for (const d of f.details) if (d.tempId && d.field) errors.push({ tempId: d.tempId, field: d.field, message: d.message ?? f.message });
        } else {
          if (f.kind === 'conflict') this.userLock();
          else toast.error(this.intl.formatMessage(m.saveFailedToast, { message: 'message' in f ? f.message : '' }));
          return false;
        }
      }
    }
    for (const e of errors) this.cellErrors.set(`${e.tempId}\u0000${e.field}`, e.message);
    this.api?.refreshCells({ force: true, rowNodes: rows.map((r) => this.api?.getRowNode(r.tempId)).filter((n): n is IRowNode<GridData> => !!n) });
    this.report(
      errors.map((e) => {
        const c = this.column(e.field);
        const row = this.rows.get(e.tempId);
        return {
          row: this.intl.formatMessage(m.newRow),
          column: c ? this.header(c) : e.field,
          value: c && row ? displayText(c, row[e.field]) : '',
          reason: e.message,
        };
      }),
      0,
    );
    return false;
  }
}
