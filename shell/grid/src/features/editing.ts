/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { toast } from '@its/kit';
import type { CellChange, ChangeKind, HistoryStep } from '../history';
import { isGroupRow } from '../grouping';
import { m, refusalText } from '../messages';
import { applyRules, displayText, isCellEditable, sameValue } from '../rules';
import type { CellValue, GridColumn, GridRow } from '../types';
import type { PendingChange } from '../writer';
import { REJECTED_SHOWN, isNew, isFolder, type RejectedCell, type ProposedChange, type GridData } from '../state';
import type { GridController } from '../controller';

/** Cell writes as typed or pasted: the column rules, the page's confirmation, refusals, undo and redo. */
export class Editing {
  canEditCell(this: GridController, data: GridData | undefined, col: GridColumn | undefined): boolean {
    if (!data || !col || isGroupRow(data) || !this.settings.canEdit) return false;
    return isCellEditable(col, { isNew: isNew(data), pending: this.settings.pending, folder: isFolder(this.settings.schema, data) });
  }

  cellError(this: GridController, rowId: string, field: string): string | undefined {
    return this.cellErrors.get(`${rowId}\u0000${field}`);
  }

  blockedBySiteUpdate(this: GridController): boolean {
    if (!this.settings.siteUpdating) return false;
    toast.info(this.intl.formatMessage(m.siteUpdating), { key: 'grid-site-updating' });
    return true;
  }

  /**
   * Writes cell values as typed or pasted: each goes through the column's rules; accepted ones
   * change the grid at once and are queued for the server (through the history when undoable);
   * refused ones are reported.
   */
  setCells(this: GridController, entries: Array<{ rowId: string; field: string; raw: unknown; rowLabel?: string }>, kind: ChangeKind): { changed: number; rejected: RejectedCell[] } {
    const rejected: RejectedCell[] = [];
    if (entries.length === 0 || this.blockedBySiteUpdate()) return { changed: 0, rejected };
    const schema = this.settings.schema;
    const updated = new Map<string, GridRow>();
    const changes: CellChange[] = [];
    const newRowChanges: CellChange[] = [];
    let cleared: string | null = null;
    for (const e of entries) {
      const row = updated.get(e.rowId) ?? this.rows.get(e.rowId);
      const col = this.column(e.field);
      if (!row || !col) continue;
      const header = this.header(col);
      const label = e.rowLabel ?? String((this.ordinal.get(e.rowId) ?? 0) + 1);
      const rawText = typeof e.raw === 'string' ? e.raw : displayText(col, e.raw);
      if (!this.canEditCell(row, col)) {
        const key = isFolder(schema, row) ? 'folder' : 'notEditable';
        rejected.push({ row: label, column: header, value: rawText, reason: refusalText(this.intl, schema, col, header, { ok: false, rule: key, messageKey: key, input: rawText }) });
        continue;
      }
      // A row being added may have empty cells until it is saved (required cells are checked then).
      const r = applyRules(col, e.raw, { pending: this.settings.pending || isNew(row) });
      let value: CellValue;
      if (!r.ok) {
        const reason = refusalText(this.intl, schema, col, header, r);
        if (!r.clear) {
          rejected.push({ row: label, column: header, value: rawText, reason });
          continue;
        }
        cleared = reason; // discount: the cell is cleared and the toast says why
        value = null;
      } else value = r.value;
      // A value the cell already holds leaves its mark: it is refused still (a Save new that found a
      // required cell empty, then the open editor's commit of that same empty value).
      if (sameValue(row[col.field], value)) continue;
      this.cellErrors.delete(`${row.id}\u0000${col.field}`);
      const change = { rowId: row.id, field: col.field, before: (row[col.field] ?? null) as CellValue, after: value };
      (isNew(row) ? newRowChanges : changes).push(change);
      updated.set(row.id, { ...row, [col.field]: value });
    }
    const ask = this.settings.confirmChanges;
    if (ask && changes.length) {
      // The page is asked first: the cells show their old values meanwhile; a no drops the edit.
      if (newRowChanges.length) this.takeChanges(newRowChanges, kind);
      const proposed: ProposedChange[] = changes.map((c) => ({ ...c, row: this.rows.get(c.rowId)! }));
      ask(proposed, kind).then(
        (ok) => {
          if (ok && !this.blockedBySiteUpdate()) this.takeChanges(changes, kind);
        },
        (e: unknown) => console.error('Grid confirmChanges failed', e),
      );
    } else if (changes.length || newRowChanges.length) this.takeChanges([...changes, ...newRowChanges], kind);
    if (cleared) toast.error(cleared, { key: 'grid-cleared' });
    this.report(rejected, changes.length + newRowChanges.length, entries.length === 1);
    return { changed: changes.length + newRowChanges.length, rejected };
  }

  /**
   * Shows accepted cell changes and queues those of stored rows (through the history). Values
   * are laid over the rows as they are now (a confirmation may have taken a while).
   */
  takeChanges(this: GridController, changes: CellChange[], kind: ChangeKind): void {
    const updated = new Map<string, GridRow>();
    const stored: CellChange[] = [];
    for (const c of changes) {
      const row = updated.get(c.rowId) ?? this.rows.get(c.rowId);
      if (!row) continue;
      const before = (row[c.field] ?? null) as CellValue;
      if (sameValue(before, c.after)) continue;
      updated.set(row.id, { ...row, [c.field]: c.after });
      if (!isNew(row)) stored.push({ ...c, before });
    }
    if (updated.size === 0) return;
    this.applyRows([...updated.values()]);
    this.announceChanges(changes.filter((c) => updated.has(c.rowId)));
    if (stored.length) {
      if (kind === 'edit') this.history.record(stored, 'edit');
      else this.history.commit(stored, kind);
    }
    this.settings.afterCells?.([...updated.keys()], kind);
  }

  /** Announces changed cells: one as its column, row and new value; more as a count. */
  announceChanges(this: GridController, changes: Array<{ rowId: string; field: string; after: CellValue }>): void {
    if (changes.length === 0) return;
    if (changes.length > 1) {
      this.announce(this.intl.formatMessage(m.announceCells, { n: changes.length }));
      return;
    }
    const c = changes[0]!;
    const col = this.column(c.field);
    if (!col) return;
    const value = displayText(col, c.after);
    const row = (this.ordinal.get(c.rowId) ?? 0) + 1;
    this.announce(this.intl.formatMessage(value === '' ? m.announceCellEmpty : m.announceCell, { column: this.header(col), row, value }));
  }

  /** Shows refused cells: one typed edit as a toast, more in the panel below the grid. */
  report(this: GridController, rejected: RejectedCell[], changed: number, single = false): void {
    if (rejected.length === 0) return;
    if (single && rejected.length === 1) {
      toast.error(rejected[0]!.reason, { key: 'grid-rejected' });
      this.announce(rejected[0]!.reason);
      return;
    }
    this.patchUi({ rejected: rejected.slice(0, REJECTED_SHOWN), rejectedTotal: rejected.length });
    const text = this.intl.formatMessage(changed > 0 ? m.rejectedToast : m.refusedToast, { changed, rejected: rejected.length });
    toast.warning(text, { key: 'grid-rejected' });
    this.announce(text);
  }

  dismissRejected(this: GridController): void {
    this.patchUi({ rejected: [], rejectedTotal: 0 });
  }

  /** Puts new row objects into the grid (and regroups when a group value moved). */
  applyRows(this: GridController, rows: GridRow[]): void {
    const api = this.api;
    const regroup = !!this.groupField && rows.some((r) => !sameValue(this.rows.get(r.id)?.[this.groupField!], r[this.groupField!]));
    const update: GridRow[] = [];
    for (const r of rows) {
      if (!this.rows.has(r.id)) continue;
      this.rows.set(r.id, r);
      update.push(r);
    }
    if (api && update.length) api.applyTransaction({ update });
    if (regroup) this.regroup();
    this.refreshSelectionCounts();
  }

  sendStep(this: GridController, step: HistoryStep, now: boolean): void {
    const changes: PendingChange[] = step.changes.map((c) => ({ rowId: c.rowId, field: c.field, value: c.after, stepId: step.id, kind: step.kind }));
    this.writer.update(changes, now);
  }

  undo(this: GridController): void {
    if (this.blockedBySiteUpdate()) return;
    const step = this.history.undo();
    if (step) this.replay(step);
  }

  redo(this: GridController): void {
    if (this.blockedBySiteUpdate()) return;
    const step = this.history.redo();
    if (step) this.replay(step);
  }

  replay(this: GridController, step: HistoryStep) {
    const rows = new Map<string, GridRow>();
    for (const c of step.changes) {
      const row = rows.get(c.rowId) ?? this.rows.get(c.rowId);
      if (row) rows.set(c.rowId, { ...row, [c.field]: c.after });
    }
    this.applyRows([...rows.values()]);
    this.announceChanges(step.changes);
    this.writer.update(
      step.changes.map((c) => ({ rowId: c.rowId, field: c.field, value: c.after })),
      true,
    );
    if (rows.size) this.settings.afterCells?.([...rows.keys()], step.kind);
  }
}
