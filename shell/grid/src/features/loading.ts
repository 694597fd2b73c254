/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { isCancelled } from '@its/kit';
import { sameValue } from '../rules';
import { streamRows } from '../stream';
import type { GridRow, SortKey } from '../types';
import { GroupLayout } from '../blocks/groupLayout';
import { isNew, type GridSource } from '../state';
import type { GridController } from '../controller';

/** A signal aborted when either of two is. */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  const ctl = new AbortController();
  const abort = () => ctl.abort();
  if (a.aborted || b.aborted) abort();
  a.addEventListener('abort', abort, { once: true });
  b.addEventListener('abort', abort, { once: true });
  return ctl.signal;
}

/** The rows of the view: read whole (stream or a custom source) or by scrolling in blocks, with the queued changes laid over. */
export class Loading {
  /** Whether the rows are read by scrolling. */
  isPaged(this: GridController): boolean {
    // A group needs every row of the view unless the server counts the groups: a grouped grid
    // then reads the whole view at once.
    const source = this.settings?.source;
    return !!source?.blocks && (!this.groupField || !!source.groups);
  }

  /**
   * The exact count of the view's rows, from the footer's summary of the same filters: a view
   * read by scrolling whose total was the server's estimate shows it from now on.
   */
  exactTotal(this: GridController, total: number): void {
    if (this.isPaged() && this.ui.get().totalEstimated) this.paged.exact(total);
  }

  /** Reads the rows of the view again (rows being added stay). */
  load(this: GridController): Promise<void> {
    return this.fill(true);
  }

  /** Appends the next rows of a custom source (`skip` = rows loaded); nothing while loading. */
  loadMore(this: GridController): Promise<void> {
    if (!this.settings.source || this.isPaged() || this.ui.get().loading) return Promise.resolve();
    return this.fill(false);
  }

  /** The columns the user sorted, in order. */
  currentSort(this: GridController): Required<SortKey>[] {
    return (this.api?.getColumnState() ?? [])
      .filter((s) => s.sort)
      .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
      .map((s) => ({ field: s.colId, dir: s.sort as 'asc' | 'desc' }));
  }

  async fill(this: GridController, reset: boolean): Promise<void> {
    const api = this.api;
    if (!api) return;
    if (reset && this.liveHeld.size) {
      // A fresh read has the rows others added: none wait behind the bar any more.
      this.liveHeld.clear();
      this.patchUi({ liveHeld: 0 });
    }
    this.loadAbort?.abort();
    const abort = new AbortController();
    this.loadAbort = abort;
    const signal = abort.signal;
    await this.writer.idle();
    if (signal.aborted) return;
    if (this.isPaged() && this.settings.source?.blocks) return this.fillBlocks(this.settings.source, this.settings.source.blocks, signal);
    this.paged.close();
    let skip = 0;
    for (const r of this.rows.values()) if (!isNew(r)) skip++;
    if (reset) {
      const keepNew = [...this.rows.values()].filter(isNew);
      this.rows.clear();
      this.groupRows.clear();
      for (const r of keepNew) this.rows.set(r.id, r);
      api.setGridOption('rowData', [...keepNew]);
      this.setRange(null);
      skip = 0;
      this.patchUi({ loading: true, loaded: 0, total: 0, loadError: false });
    } else this.patchUi({ loading: true, loadError: false });
    const onTotal = (total: number) => {
      if (!signal.aborted) this.patchUi({ total: reset ? total : Math.max(total, this.rows.size) });
    };
    const onRows = (rows: GridRow[]) => {
      if (signal.aborted || !this.api) return;
      this.writer.track(rows);
      const add: GridRow[] = [];
      for (const r of rows) {
        if (this.rows.has(r.id)) continue;
        const shown = this.overlayPending(r);
        this.rows.set(shown.id, shown);
        add.push(shown);
      }
      if (add.length) this.api.applyTransaction({ add });
      this.patchUi({ loaded: this.rows.size });
      this.queueRegroup();
    };
    try {
      const source = this.settings.source;
      if (source) {
        const where = this.filterMode() === 'server' ? this.wireWhere() : null;
        await source.load({ filters: this.settings.filters, sort: this.currentSort(), skip, where }, signal, { total: onTotal, rows: onRows });
      } else {
        const path = this.settings.endpoints.stream;
        if (!path) throw new Error('This grid has no stream endpoint and no source');
        const where = this.wireWhere();
        await streamRows(path, { filters: this.queryFilters(), ...(where ? { where } : {}) }, { signal, onTotal, onRows });
      }
      if (signal.aborted) return;
      this.patchUi({ loading: false, loaded: this.rows.size, rowCount: this.shownCount() });
      this.regroup();
    } catch (e) {
      if (isCancelled(e) || signal.aborted) return;
      console.error('Grid load failed', e);
      this.patchUi({ loading: false, loadError: true });
    }
  }

  /**
   * Reads a view of a source by scrolling: its first block now (the rows shown stay until it
   * came), the others as the user scrolls to them (`onViewport`).
   */
  async fillBlocks(this: GridController, source: GridSource, size: number, signal: AbortSignal): Promise<void> {
    const groupBy = this.groupField;
    const base = {
      filters: this.settings.filters,
      sort: this.currentSort(),
      where: this.filterMode() === 'server' ? this.wireWhere() : null,
      ...(groupBy ? { groupBy } : {}),
    };
    this.patchUi({ loading: true, loadError: false });
    try {
      // Grouped: the groups first (their counts place every row), then the rows in their order.
      const groups = groupBy && source.groups ? (groupSignal: AbortSignal) => source.groups!({ ...base, groupBy, skip: 0 }, eitherSignal(signal, groupSignal)) : null;
      const layout = groupBy && groups ? new GroupLayout(groupBy, await groups(signal)) : null;
      if (signal.aborted) return;
      await this.paged.open(size, async (skip, limit, blockSignal, probe) => {
        const rows: GridRow[] = [];
        let total = 0;
        let estimated = false;
        const both = eitherSignal(signal, blockSignal);
        await source.load({ ...base, skip, limit, ...(probe ? { probe } : {}) }, both, {
          total: (n, e) => {
            total = n;
            estimated = !!e;
          },
          rows: (r) => rows.push(...r),
        });
        return { rows, total, estimated };
      }, layout, groups);
    } catch (e) {
      if (isCancelled(e) || signal.aborted) return;
      console.error('Grid load failed', e);
      this.patchUi({ loading: false, loadError: true });
    }
  }

  /** The rows in view changed (read their blocks when the rows are read by scrolling). */
  onViewport(this: GridController, first: number, last: number): void {
    if (this.isPaged()) this.paged.onViewport(first, last);
  }

  /** The server's row with the changes still queued for it laid over. */
  overlayPending(this: GridController, r: GridRow): GridRow {
    let out: GridRow | null = null;
    for (const c of this.settings.schema.columns) {
      const p = this.writer.pendingValue(r.id, c.field);
      if (p && !sameValue(p.value, r[c.field])) (out ??= { ...r })[c.field] = p.value;
    }
    return out ?? r;
  }
}
