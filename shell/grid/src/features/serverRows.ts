/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { api, toast } from '@its/kit';
import { isGroupRow } from '../grouping';
import { m } from '../messages';
import { displayText } from '../rules';
import type { BatchInfo, BatchRequest, BatchResult, CellValue, GridRow } from '../types';
import type { PendingChange, WriteFailure } from '../writer';
import { USER_LOCK_TOAST_MS, isNew, type GridData } from '../state';
import type { GridController } from '../controller';
import { classifyFailure } from '../failure';

/** Rows as the server answers them: batches sent, rows confirmed, refused or gone, deletes with their undo. */
export class ServerRows {
  async send(this: GridController, req: BatchRequest, info?: BatchInfo): Promise<BatchResult> {
    const custom = this.settings.source?.send;
    if (custom) return custom(req, info);
    const path = this.settings.endpoints.batch;
    if (!path) throw new Error('This grid has no batch endpoint');
    return api.patch<BatchResult>(path, req, { silent: true });
  }

  /** Shows rows as given (display only: what the server confirmed stays the base of writes). */
  showRows(this: GridController, rows: GridRow[]): void {
    this.applyRows(rows.filter((r) => this.rows.has(r.id)));
  }

  /** Rows the server answered outside a batch (e.g. a star toggled): confirmed, then shown with queued changes on top. */
  acceptRows(this: GridController, rows: GridRow[]): void {
    this.history.flush(); // edits still gathered go to the queue, so they stay on top
    this.writer.track(rows);
    this.showRows(rows.map((r) => this.overlayPending(r)));
  }

  /** Takes rows out of the grid that the server no longer has (a hard delete done elsewhere). */
  dropRows(this: GridController, ids: string[]): void {
    this.writer.forget(ids);
    this.removeRows(ids);
  }

  /** Rows confirmed by the server replace the shown ones (with changes still queued on top). */
  onServerRows(this: GridController, rows: GridRow[], origin: 'update' | 'add' | 'delete'): void {
    if (origin === 'add') return; // the caller swaps the new rows itself
    const soft = this.settings.schema.softDelete;
    if (origin === 'delete' && !soft) {
      // A hard delete: the rows are gone on the server.
      this.dropRows(rows.map((r) => r.id));
      return;
    }
    const showsDeleted = !!soft && this.settings.filters[soft.field] != null;
    const update: GridRow[] = [];
    const remove: GridRow[] = [];
    for (const r of rows) {
      if (!this.rows.has(r.id)) continue;
      if (soft && r[soft.field] === soft.value && !showsDeleted) {
        remove.push(this.rows.get(r.id)!);
        continue;
      }
      const shown = this.overlayPending(r);
      update.push(shown);
    }
    if (update.length) this.applyRows(update);
    if (remove.length) this.removeRows(remove.map((r) => r.id));
  }

  removeRows(this: GridController, ids: string[]): void {
    for (const id of ids) this.pendingDeletes.delete(id);
    const remove: GridData[] = [];
    for (const id of ids) {
      const r = this.rows.get(id);
      if (!r) continue;
      this.rows.delete(id);
      remove.push(r);
    }
    if (remove.length && this.api) this.api.applyTransaction({ remove });
    if (this.isPaged()) {
      const gone = this.paged.drop(remove.map((r) => r.id));
      if (gone) this.patchUi({ total: Math.max(0, this.ui.get().total - gone) });
    }
    this.patchUi({ rowCount: this.shownCount(), loaded: this.rows.size, newRows: this.countNew() });
    if (this.groupField) this.regroup();
    this.refreshSelectionCounts();
  }

  onRejected(this: GridController, changes: PendingChange[], failure: WriteFailure): void {
    // Nothing of the batch was written: show the confirmed values again and forget its steps.
    const steps = new Set<number>();
    const revert = new Map<string, GridRow>();
    for (const c of changes) {
      if (c.stepId !== undefined) steps.add(c.stepId);
      const base = this.writer.confirmedRow(c.rowId);
      const shown = revert.get(c.rowId) ?? this.rows.get(c.rowId);
      if (!base || !shown || this.writer.pendingValue(c.rowId, c.field)) continue;
      revert.set(c.rowId, { ...shown, [c.field]: (base[c.field] ?? null) as CellValue });
    }
    for (const s of steps) this.history.drop(s);
    this.applyRows([...revert.values()]);
    const intl = this.intl;
    switch (failure.kind) {
      case 'conflict':
        this.userLock();
        break;
      case 'notFound':
        toast.warning(intl.formatMessage(m.notFound), { key: 'grid-not-found' });
        this.writer.forget(failure.ids);
        this.removeRows(failure.ids);
        break;
      case 'validation': {
        const rejected = failure.details.map((d) => {
          const col = d.field ? this.column(d.field) : undefined;
          const id = d.id ?? '';
          const value = col ? displayText(col, changes.find((c) => c.rowId === id && c.field === d.field)?.value ?? null) : '';
          return {
            row: String((this.ordinal.get(id) ?? -1) + 1 || ''),
            column: col ? this.header(col) : (d.field ?? ''),
            value,
            reason: d.message ?? failure.message,
          };
        });
        this.report(rejected, 0);
        break;
      }
      case 'empty':
        break;
      default:
        toast.error(intl.formatMessage(m.saveFailedToast, { message: failure.message }), { key: 'grid-save-failed' });
    }
  }

  /** The stale-write answer (409 userLock): say so for 5 s, offer a page reload, reload the rows. */
  userLock(this: GridController): void {
    toast.error(this.intl.formatMessage(m.userLock), {
      key: 'grid-user-lock',
      timeout: USER_LOCK_TOAST_MS,
      action: { label: this.intl.formatMessage(m.reload), onClick: () => window.location.reload() },
    });
    void this.load();
  }

  /** The rows a delete applies to: the selected ones, else the row of the focused cell. */
  targetRowIds(this: GridController, rowId?: string | null): string[] {
    const selected = (this.api?.getSelectedRows() ?? []).filter((r): r is GridRow => !isGroupRow(r)).map((r) => r.id);
    if (rowId && !selected.includes(rowId)) return [rowId];
    if (selected.length) return selected;
    return rowId ? [rowId] : this.focusedRowId ? [this.focusedRowId] : [];
  }

  /** Deletes rows (status Deleted in soft-delete grids); a toast offers to undo it. */
  async deleteRows(this: GridController, ids: string[]): Promise<void> {
    if (ids.length === 0 || !this.settings.canEdit || this.blockedBySiteUpdate()) return;
    const fresh = ids.filter((id) => isNew(this.rows.get(id)));
    if (fresh.length) this.removeRows(fresh);
    const stored = ids.filter((id) => !fresh.includes(id) && this.rows.has(id));
    if (stored.length === 0) return;
    if (this.settings.confirmDelete && !(await this.settings.confirmDelete(stored.length))) return;
    for (const id of stored) this.pendingDeletes.add(id);
    if (this.deleteTimer) clearTimeout(this.deleteTimer);
    this.deleteTimer = setTimeout(() => void this.flushDeletes(), this.settings.deleteDelayMs);
  }

  async flushDeletes(this: GridController): Promise<void> {
    this.deleteTimer = null;
    const ids = [...this.pendingDeletes];
    this.pendingDeletes.clear();
    if (ids.length === 0) return;
    const before = new Map(ids.map((id) => [id, this.writer.confirmedRow(id)]));
    await this.writer.flush();
    try {
      const deleted = await this.writer.delete(ids);
      this.api?.deselectAll();
      this.settings.onRowsDeleted?.(deleted);
      const soft = this.settings.schema.softDelete;
      toast.success(this.intl.formatMessage(m.deleted, { n: deleted.length }), {
        key: 'grid-deleted',
        action: soft
          ? {
              label: this.intl.formatMessage(m.undo),
              onClick: () => void this.restore(deleted.map((r) => ({ id: r.id, value: (before.get(r.id)?.[soft.field] ?? null) as CellValue }))),
            }
          : undefined,
      });
    } catch (e) {
      const f = classifyFailure(e);
      if (f.kind === 'conflict') this.userLock();
      else if (f.kind === 'notFound') this.removeRows(f.ids);
      else toast.error(this.intl.formatMessage(m.saveFailedToast, { message: 'message' in f ? f.message : '' }));
    }
  }

  /** Undo of a delete: the status goes back to what it was; the rows come back into the grid. */
  async restore(this: GridController, items: Array<{ id: string; value: CellValue }>): Promise<void> {
    const soft = this.settings.schema.softDelete;
    if (!soft || this.blockedBySiteUpdate()) return;
    try {
      const rows = await this.writer.write(items.map((i) => ({ id: i.id, changes: { [soft.field]: i.value && i.value !== soft.value ? i.value : null } })));
      const add = rows.filter((r) => !this.rows.has(r.id));
      for (const r of add) this.rows.set(r.id, r);
      if (add.length && this.isPaged()) {
        const back = this.paged.restore(add.map((r) => r.id));
        if (back) this.patchUi({ total: this.ui.get().total + back });
      }
      if (add.length) this.api?.applyTransaction({ add });
      this.patchUi({ rowCount: this.shownCount() });
      this.regroup();
    } catch (e) {
      const f = classifyFailure(e);
      if (f.kind === 'conflict') this.userLock();
      else toast.error(this.intl.formatMessage(m.saveFailedToast, { message: 'message' in f ? f.message : '' }));
    }
  }
}
