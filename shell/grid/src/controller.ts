/**
 * The brain of a grid: rows as shown, the write queue, the undo history, the range selection,
 * grouping, clipboard and keyboard. The React component (DataGrid) renders ag-grid and hands
 * its events here; everything the toolbar and panels show lives in `ui`. The controller holds
 * the state; what it does is written by feature in features/ (loading, grouping, filtering,
 * editing, server rows, live rows, new rows, selection, clipboard, Edit Cells, export), composed here.
 */
import type { Column, GridApi, IRowNode } from 'ag-grid-community';
import type { IntlShape } from 'react-intl';
import { createStore, type Store } from '@its/kit';
import { History } from './history';
import { isGroupRow, type GroupRow } from './grouping';
import { m } from './messages';
import type { CellPos, CellRange, Rect } from './range';
import type { GridColumn, GridRow } from './types';
import { Writer } from './writer';
import { PagedRows } from './blocks/pagedRows';
import { SELECTION_COL, initialUi, isNew, type GridUi, type GridSettings, type GridData } from './state';
import { compose } from './features/compose';
import { classifyFailure } from './failure';
import { Loading } from './features/loading';
import { Grouping } from './features/grouping';
import { Filtering } from './features/filtering';
import { Editing } from './features/editing';
import { ServerRows } from './features/serverRows';
import { LiveRows } from './features/liveRows';
import { NewRows } from './features/newRows';
import { Selection } from './features/selection';
import { Clipboard } from './features/clipboard';
import { EditCells } from './features/editCells';
import { Export } from './features/export';

export * from './state';
export { classifyFailure } from './failure';

/** The features the controller is made of (features/*.ts): their methods run with the controller as `this`. */
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging -- TypeScript's mixin pattern: compose() below adds
   every feature's methods to the class, and this interface types them (compose refuses a name two features define). */
export interface GridController extends Loading, Grouping, Filtering, Editing, ServerRows, LiveRows, NewRows, Selection, Clipboard, EditCells, Export {}

export class GridController {
  /* eslint-enable @typescript-eslint/no-unsafe-declaration-merging */
  readonly ui: Store<GridUi> = createStore<GridUi>(initialUi);
  api: GridApi<GridData> | null = null;
  intl!: IntlShape;
  settings!: GridSettings;
  /** Data rows in the grid by id (new rows included, group rows not). */
  readonly rows = new Map<string, GridRow>();

  // The state the features share (internal: a page uses the methods, the handle and `ui`).
  groupRows = new Map<string, GroupRow>();
  collapsed = new Set<string>();
  groupField: string | null = null;
  cellErrors = new Map<string, string>();
  range: CellRange | null = null;
  rect: Rect | null = null;
  dragging = false;
  dataNodes: IRowNode<GridData>[] = [];
  ordinal = new Map<string, number>();
  columns: Column[] = [];
  colIndex = new Map<string, number>();
  loadAbort: AbortController | null = null;
  newSeq = 0;
  pendingDeletes = new Set<string>();
  deleteTimer: ReturnType<typeof setTimeout> | null = null;
  focusedRowId: string | null = null;
  regroupQueued = false;
  /** Rows others added, held while the user is scrolled into the grid (LiveRows). */
  liveHeld = new Map<string, GridRow>();
  /** The filter on the loaded rows, made when the filter changes. */
  wherePasses: ((row: GridRow) => boolean) | null = null;

  readonly history: History;

  readonly writer: Writer;

  /** The rows of a source read by scrolling (`GridSource.blocks`). */
  readonly paged: PagedRows;

  constructor() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    this.history = new History({
      windowMs: 100,
      onFlush: (step, undoable) => this.sendStep(step, !undoable || step.kind !== 'edit'),
      onChange: () => this.patchUi({ canUndo: this.history.canUndo, canRedo: this.history.canRedo }),
    });
    this.writer = new Writer({
      send: (req, info) => this.send(req, info),
      classify: classifyFailure,
      onRows: (rows, origin) => this.onServerRows(rows, origin),
      onRejected: (changes, failure) => this.onRejected(changes, failure),
      onState: (saveState) => {
        this.patchUi({ saveState });
        if (saveState === 'saved' || saveState === 'error') this.announce(this.intl.formatMessage(saveState === 'saved' ? m.saved : m.saveError));
      },
      delayMs: 0,
      batchRows: 250,
    });
    this.paged = new PagedRows({
      get api() {
        return self.api as GridApi<unknown> | null;
      },
      rows: this.rows,
      newRows: () => [...this.rows.values()].filter(isNew),
      take: (rows) => {
        this.writer.track(rows);
        return rows.map((r) => this.overlayPending(r));
      },
      counted: (headers) => {
        for (const h of headers) this.groupRows.set(h.id, h);
      },
      swapped: (groups) => {
        this.groupRows = new Map(groups.map((g) => [g.id, g]));
        this.setRange(null);
      },
      total: (total, estimated) => this.patchUi({ total, totalEstimated: estimated }),
      shifted: (at, by) => this.settings?.source?.shifted?.(at, by),
      loaded: () => this.patchUi({ loading: false, loaded: this.rows.size, rowCount: this.shownCount() }),
      failed: (e) => {
        console.error('Grid load failed', e);
        this.patchUi({ loading: false, loadError: true });
      },
    });
  }

  configure(settings: GridSettings, intl: IntlShape): void {
    this.settings = settings;
    this.intl = intl;
    // The write delay follows the page (sample inventory: 1500 ms); bulk actions flush at once.
    this.writer.configure({ delayMs: settings.saveDelayMs, batchRows: Math.min(250, settings.schema.maxBatch || 250) });
  }

  /** Says a text through the grid's live region (the same text again is said again). */
  announce(text: string): void {
    this.patchUi({ announcement: { text, n: this.ui.get().announcement.n + 1 } });
  }

  patchUi(p: Partial<GridUi>): void {
    this.ui.set((u) => {
      for (const k of Object.keys(p) as Array<keyof GridUi>) if (u[k] !== p[k]) return { ...u, ...p };
      return u;
    });
  }

  column(field: string): GridColumn | undefined {
    return this.settings.schema.columns.find((c) => c.field === field);
  }

  header(col: GridColumn): string {
    return this.settings.headerName(col) || col.headerName;
  }

  attach(api: GridApi<GridData>): void {
    this.api = api;
    this.refreshIndex();
  }

  detach(): void {
    this.loadAbort?.abort();
    this.paged.close();
    void this.writer.flush();
    this.api = null;
  }

  /** Rebuilds the maps from display position to row and column (after sort, filter, changes). */
  refreshIndex(): void {
    const api = this.api;
    if (!api || api.isDestroyed()) return;
    const nodes: IRowNode<GridData>[] = [];
    const ordinal = new Map<string, number>();
    api.forEachNodeAfterFilterAndSort((n) => {
      if (!n.data || isGroupRow(n.data)) return;
      ordinal.set(n.data.id, nodes.length);
      nodes.push(n);
    });
    this.dataNodes = nodes;
    this.ordinal = ordinal;
    this.columns = (api.getAllDisplayedColumns() ?? []).filter((c) => c.getColId() !== SELECTION_COL);
    this.colIndex = new Map(this.columns.map((c, i) => [c.getColId(), i]));
    this.patchUi({ rowCount: this.shownCount() });
  }

  bounds() {
    return { rows: this.dataNodes.length, cols: this.columns.length };
  }

  posOf(rowId: string | undefined, colId: string | undefined): CellPos | null {
    if (!rowId || !colId) return null;
    const row = this.ordinal.get(rowId);
    const col = this.colIndex.get(colId);
    return row === undefined || col === undefined ? null : { row, col };
  }

  nodeAt(row: number): IRowNode<GridData> | undefined {
    return this.dataNodes[row];
  }

  columnAt(col: number): Column | undefined {
    return this.columns[col];
  }

  get groupBy(): string | null {
    return this.groupField;
  }

  get isDragging(): boolean {
    return this.dragging;
  }

  openMenu(x: number, y: number, rowId: string | null, field?: string): void {
    this.patchUi({ menu: { x, y, rowId, field } });
  }

  closeMenu(): void {
    this.patchUi({ menu: null });
  }

  /** ag-grid's external filter (features/grouping.ts): bound, as ag-grid calls them unbound. */
  isExternalFilterPresent = () => this.externalFilterPresent();

  doesExternalFilterPass = (node: IRowNode<GridData>): boolean => this.externalFilterPasses(node);
}

compose(GridController, [Loading, Grouping, Filtering, Editing, ServerRows, LiveRows, NewRows, Selection, Clipboard, EditCells, Export]);
