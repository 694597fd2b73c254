/**
 * Puts the grid kit's DataGrid on endpoints that do not speak the grid protocol of docs/grid.md:
 * the product query (`{text, conditions, sort, locationId, skip, limit}`), the assortment rows
 * and the assortment product batch (`addProducts`, `updateProducts`, `deleteProducts`).
 *
 * DataGrid builds its controller itself and loads with `{filters}` against `endpoints.stream`;
 * it has no prop for the controller's `send`, nor for a column's cell renderer. Until it has
 * them, the handle callback below adapts the controller instance: `load` reads through the
 * page's source, `configure` adds the page's `send`, and column extras (thumbnails, stars, label
 * chips) are laid over the kit's column definitions through ag-grid's API. Everything here uses
 * the controller's public members, except the group-row cache cleared on reload.
 */
import { useCallback, useRef } from 'react';
import type { ColDef, GridApi } from 'ag-grid-community';
import { isCancelled } from '@its/kit';
import { GridController, sameValue, type BatchRequest, type BatchResult, type DataGridHandle, type GridRow, type GroupRow } from '@its/grid';

export interface RowSink {
  total: (n: number) => void;
  rows: (rows: GridRow[]) => void;
}

/** Where a grid reads its rows and writes its batches. */
export interface GridSource {
  /** Reads every row of the current view, handing them on as they come. */
  load: (signal: AbortSignal, sink: RowSink) => Promise<void>;
  /** Writes a grid batch in the endpoint's own shape; absent for read-only grids. */
  send?: (req: BatchRequest) => Promise<BatchResult>;
}

/** What a column gets on top of the kit's definition (renderers, classes, widths, pinning). */
export type ColumnExtras = Record<string, Partial<ColDef>>;

export interface AdapterOptions {
  source: GridSource;
  columns?: ColumnExtras;
  /** Called after typed, pasted or cleared cells were taken (rows as now shown). */
  afterCells?: (ctrl: GridController, rowIds: string[]) => void;
  /** Called once ag-grid is ready (e.g. to follow its sort). */
  onAttach?: (api: GridApi, ctrl: GridController) => void;
}

type Ctrl = GridController & { __itsAdapted?: boolean };
type GridData = GridRow | GroupRow;

const isNewRow = (r: GridRow) => (r as Record<string, unknown>).__new === true;

/** The server's row with the changes still queued for it laid over (as the kit does). */
export function overlayPending(ctrl: GridController, r: GridRow): GridRow {
  let out: GridRow | null = null;
  for (const c of ctrl.settings.schema.columns) {
    const p = ctrl.writer.pendingValue(r.id, c.field);
    if (p && !sameValue(p.value, r[c.field])) (out ??= { ...r })[c.field] = p.value;
  }
  return out ?? r;
}

/** Column definitions with the extras laid over, or null when they are already there. */
export function withExtras(defs: ColDef[], extras: ColumnExtras): ColDef[] | null {
  let changed = false;
  const next = defs.map((d) => {
    const x = d.colId ? extras[d.colId] : undefined;
    if (!x) return d;
    const missing = Object.entries(x).some(([k, v]) => (d as Record<string, unknown>)[k] !== v);
    if (!missing) return d;
    changed = true;
    return { ...d, ...x };
  });
  return changed ? next : null;
}

function decorate(api: GridApi<GridData>, extras: ColumnExtras | undefined) {
  if (!extras || api.isDestroyed()) return;
  const stale = Object.entries(extras).some(([field, x]) => {
    const def = api.getColumnDef(field) as Record<string, unknown> | null;
    return def !== null && Object.entries(x).some(([k, v]) => def[k] !== v);
  });
  if (!stale) return;
  const next = withExtras((api.getColumnDefs() ?? []) as ColDef[], extras);
  if (next) api.setGridOption('columnDefs', next as ColDef<GridData>[]);
}

/** Streams rows into the grid; `reset` empties it first (rows being added stay). */
async function fill(ctrl: GridController, source: GridSource, signal: AbortSignal, reset: boolean): Promise<void> {
  const api = ctrl.api;
  if (!api) return;
  await ctrl.writer.idle();
  if (signal.aborted) return;
  if (reset) {
    const keep = [...ctrl.rows.values()].filter(isNewRow);
    ctrl.rows.clear();
    for (const r of keep) ctrl.rows.set(r.id, r);
    // The kit keeps its group header rows in a cache that must follow the emptied grid.
    (ctrl as unknown as { groupRows?: Map<string, unknown> }).groupRows?.clear();
    api.setGridOption('rowData', [...keep]);
    ctrl.setRange(null);
    ctrl.patchUi({ loading: true, loaded: 0, total: 0, loadError: false });
  } else ctrl.patchUi({ loading: true, loadError: false });
  let regroup: ReturnType<typeof setTimeout> | null = null;
  try {
    await source.load(signal, {
      total: (total) => !signal.aborted && ctrl.patchUi({ total: reset ? total : Math.max(total, ctrl.rows.size) }),
      rows: (rows) => {
        if (signal.aborted || !ctrl.api) return;
        ctrl.writer.track(rows);
        const add: GridRow[] = [];
        for (const r of rows) {
          if (ctrl.rows.has(r.id)) continue;
          const shown = overlayPending(ctrl, r);
          ctrl.rows.set(shown.id, shown);
          add.push(shown);
        }
        if (add.length) ctrl.api.applyTransaction({ add });
        ctrl.patchUi({ loaded: ctrl.rows.size });
        if (ctrl.groupBy && !regroup) regroup = setTimeout(() => ((regroup = null), ctrl.regroup()), 50);
      },
    });
    if (signal.aborted) return;
    ctrl.patchUi({ loading: false, loaded: ctrl.rows.size, rowCount: ctrl.rows.size });
    ctrl.regroup();
  } catch (e) {
    if (isCancelled(e) || signal.aborted) return;
    console.error('Grid load failed', e);
    ctrl.patchUi({ loading: false, loadError: true });
  } finally {
    if (regroup) clearTimeout(regroup);
  }
}

/**
 * Adapts a DataGrid's controller to a source (once per controller); `current` is read on every
 * call, so the page may change its source and extras between renders.
 */
export function adaptController(ctrl: Ctrl, current: () => AdapterOptions): void {
  if (ctrl.__itsAdapted) return;
  ctrl.__itsAdapted = true;
  let loading: AbortController | null = null;
  const send = (_path: string, req: BatchRequest) => {
    const s = current().source.send;
    if (!s) return Promise.reject(new Error('This grid is read-only'));
    return s(req);
  };
  const configure = ctrl.configure.bind(ctrl);
  ctrl.configure = (settings, intl) => configure({ ...settings, send }, intl);
  if (ctrl.settings) ctrl.settings = { ...ctrl.settings, send };
  ctrl.load = () => {
    loading?.abort();
    const abort = new AbortController();
    loading = abort;
    return fill(ctrl, current().source, abort.signal, true);
  };
  const attach = ctrl.attach.bind(ctrl);
  ctrl.attach = (api) => {
    attach(api);
    // The kit draws its own empty state over the grid; ag-grid's would show through it.
    api.setGridOption('suppressNoRowsOverlay', true);
    decorate(api, current().columns);
    current().onAttach?.(api as unknown as GridApi, ctrl);
  };
  const refreshIndex = ctrl.refreshIndex.bind(ctrl);
  let decorating = false;
  ctrl.refreshIndex = () => {
    refreshIndex();
    const api = ctrl.api;
    if (!api || decorating) return;
    decorating = true;
    queueMicrotask(() => {
      decorating = false;
      if (ctrl.api) decorate(ctrl.api, current().columns);
    });
  };
  const setCells = ctrl.setCells.bind(ctrl);
  ctrl.setCells = (entries, kind) => {
    const res = setCells(entries, kind);
    const after = current().afterCells;
    if (after && res.changed > 0) after(ctrl, [...new Set(entries.map((e) => e.rowId))]);
    return res;
  };
}

/** Replaces shown rows (display only: what the server confirmed stays the base of the next write). */
export function showRows(ctrl: GridController, rows: GridRow[]): void {
  const update = rows.filter((r) => ctrl.rows.has(r.id));
  for (const r of update) ctrl.rows.set(r.id, r);
  if (update.length) ctrl.api?.applyTransaction({ update });
}

/** Takes rows out of the grid (after a hard delete, which the kit leaves in place). */
export function dropRows(ctrl: GridController, ids: string[]): void {
  const remove = ids.map((id) => ctrl.rows.get(id)).filter((r): r is GridRow => !!r);
  for (const r of remove) ctrl.rows.delete(r.id);
  ctrl.writer.forget(ids);
  if (remove.length) ctrl.api?.applyTransaction({ remove });
  ctrl.patchUi({ rowCount: ctrl.rows.size, loaded: ctrl.rows.size });
  ctrl.regroup();
  ctrl.refreshSelectionCounts();
}

/** Rows the server answered outside a batch (e.g. a star toggled): confirmed and shown. */
export function acceptRows(ctrl: GridController, rows: GridRow[]): void {
  ctrl.writer.track(rows);
  showRows(
    ctrl,
    rows.map((r) => overlayPending(ctrl, r)),
  );
}

export interface AdaptedGrid {
  /** Pass as DataGrid's `handle`. */
  ref: (h: DataGridHandle | null) => void;
  handle: () => DataGridHandle | null;
  controller: () => GridController | null;
  /** Appends more rows from another read (e.g. the next 1,000 of a search). */
  append: (load: GridSource['load']) => Promise<void>;
}

/** The DataGrid handle, adapted to the page's source on mount. */
export function useGridAdapter(options: AdapterOptions): AdaptedGrid {
  const latest = useRef(options);
  latest.current = options;
  const handle = useRef<DataGridHandle | null>(null);
  const ref = useCallback((h: DataGridHandle | null) => {
    handle.current = h;
    if (h) adaptController(h.controller, () => latest.current);
  }, []);
  const append = useCallback(async (load: GridSource['load']) => {
    const ctrl = handle.current?.controller;
    if (!ctrl) return;
    const abort = new AbortController();
    await fill(ctrl, { load }, abort.signal, false);
  }, []);
  return {
    ref,
    handle: () => handle.current,
    controller: () => handle.current?.controller ?? null,
    append,
  };
}

