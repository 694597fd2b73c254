/**
 * What the grid controller holds and is told: the state the toolbar and panels show (`ui`),
 * the page's settings, a custom row source, and the row predicates every feature shares.
 */
import type { ChangeKind, CellChange } from './history';
import type { ColumnFilter, FilterMode } from './columnFilter';
import type { WhereNode } from './filter/where';
import type { GroupRow } from './grouping';
import type { ExportFormat } from './export';
import type { BatchInfo, BatchRequest, BatchResult, CellValue, Filters, GridColumn, GridEndpoints, GridRow, GridSchema, SortKey } from './types';
import type { SaveState } from './writer';
import type { ServerGroup } from './blocks/groupLayout';
import type { RangeSummary } from './summary/rangeSummary';
import type { SourceOrder } from './blocks/rowOrder';

export const SELECTION_COL = 'ag-Grid-SelectionColumn';
export const USER_LOCK_TOAST_MS = 5000;
export const REJECTED_SHOWN = 200;
/** The most rows not read yet that a copy, paste or Edit Cells reads before it works (readRows). */
export const MAX_READ_ROWS = 10_000;

export interface RejectedCell {
  /** 1-based row number as shown, or the row's label. */
  row: string;
  column: string;
  value: string;
  reason: string;
}

export interface MenuState {
  x: number;
  y: number;
  rowId: string | null;
  /** The column of the cell right-clicked. */
  field?: string;
}

/** The column menu or a column's filter editor, open at a header. */
export interface HeaderPopup {
  field: string;
  x: number;
  y: number;
}

export interface GridUi {
  saveState: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  selectedRows: number;
  selectedFolders: number;
  rangeCells: number;
  /** The status bar's summary of a range of more than one cell (rows read only). */
  rangeSummary: RangeSummary | null;
  editableCells: number;
  loading: boolean;
  loaded: number;
  total: number;
  /** The total is the server's estimate (a view read by scrolling, past the count cap). */
  totalEstimated: boolean;
  rowCount: number;
  loadError: boolean;
  groupBy: string | null;
  rejected: RejectedCell[];
  rejectedTotal: number;
  menu: MenuState | null;
  newRows: number;
  /** The export under way (its format), false when none. */
  exporting: ExportFormat | false;
  /** The filter: the filter builder's tree (docs/grid.md §3.7), normalized; null when none. */
  where: WhereNode | null;
  /** Conditions of "Filter by this column": the tree's top conditions the column menu edits. */
  columnFilters: ColumnFilter[];
  /** The filter builder's panel, open at a point (filter/FilterBuilder.tsx). */
  filterBuilder: { x: number; y: number } | null;
  columnMenu: HeaderPopup | null;
  filterEditor: HeaderPopup | null;
  /** The multi-field edit dialog, open over the range (its editable columns and rows). */
  editCells: EditCellsState | null;
  /** What the grid's live region tells a screen reader: the last edit, refusal or save (n counts them). */
  announcement: { text: string; n: number };
  /** Rows others added while the user was scrolled into the grid: held behind the "n new rows" bar. */
  liveHeld: number;
}

/** What the Edit Cells dialog shows: the range's columns with an editable cell, its row count. */
export interface EditCellsState {
  fields: string[];
  rows: number;
  /** The value each field starts with (the one every row of the range shares, else blank). */
  initial: Record<string, string | string[]>;
}

export const initialUi: GridUi = {
  saveState: 'idle',
  canUndo: false,
  canRedo: false,
  selectedRows: 0,
  selectedFolders: 0,
  rangeCells: 0,
  rangeSummary: null,
  editableCells: 0,
  loading: false,
  loaded: 0,
  total: 0,
  totalEstimated: false,
  rowCount: 0,
  loadError: false,
  groupBy: null,
  rejected: [],
  rejectedTotal: 0,
  menu: null,
  newRows: 0,
  exporting: false,
  where: null,
  columnFilters: [],
  filterBuilder: null,
  columnMenu: null,
  filterEditor: null,
  editCells: null,
  announcement: { text: '', n: 0 },
  liveHeld: 0,
};

/** Where a custom load hands its rows on (DataGrid `source`). */
export interface RowSink {
  /** How many rows the load will bring (for "Loading n of total"); estimated past a count cap. */
  total: (n: number, estimated?: boolean) => void;
  /** Rows as they come, in the grid's row shape (`id`, `version`, fields). */
  rows: (rows: GridRow[]) => void;
}

/** What a custom load is asked for: the page's filters, the grid's sort, and where to start. */
export interface GridLoadQuery {
  /** The grid's `filters` prop. */
  filters: Filters;
  /** The columns the user sorted, in order (empty: the source's own order). */
  sort: Required<SortKey>[];
  /** Rows already loaded: 0 for a (re)load, the loaded count for `loadMore`; a block's first row. */
  skip: number;
  /** Rows wanted (a block of a source read by scrolling); the source's own when absent. */
  limit?: number;
  /**
   * The filter (the builder's tree with the column menu's conditions, docs/grid.md §3.7) as it
   * is sent, for a source with `columnFilters: 'server'`; null otherwise (the kit then applies it
   * to the loaded rows) or when nothing filters.
   */
  where: WhereNode | null;
  /**
   * The column a source with `groups` is grouped by (rows wanted sorted by it first, then by
   * `sort`); null when not grouped.
   */
  groupBy?: string | null;
  /**
   * A probe of where rows stand in the view now (PagedRows.settle, rows deleted whose place was
   * not read): read by `skip` from the view's start, on no cursor, and recording none (a cursor
   * it made would stand at a position the view's rows have not moved to yet).
   */
  probe?: boolean;
}

/**
 * A custom row source for endpoints that do not speak the grid protocol (docs/grid.md): `load`
 * reads the rows of the current view, `send` writes a grid batch in the endpoint's own shape.
 * Either may be left to the grid protocol (`endpoints.stream`, `endpoints.batch`).
 */
export interface GridSource {
  load: (query: GridLoadQuery, signal: AbortSignal, sink: RowSink) => Promise<void>;
  /** `info.via` is how the batch's changes were made, when all alike (a paste), for a cell history. */
  send?: (req: BatchRequest, info?: BatchInfo) => Promise<BatchResult>;
  /**
   * Where the filter (column menu and filter builder) applies: 'server' passes it to `load` as
   * `where` (which reloads when it changes); 'client' (the default, for a source that loads every
   * row) filters the loaded rows.
   */
  columnFilters?: FilterMode;
  /**
   * Rows per block for a source read by scrolling: `load` is asked for one block at a time
   * (`skip`, `limit`) as the user scrolls to it, and answers the view's total with each.
   */
  blocks?: number;
  /** The server sorts the view: a sort by a column header reads it again. */
  sortOnServer?: boolean;
  /**
   * The groups of the view by a column, counted on the server, in the order `load` answers the
   * rows when asked with `groupBy`: a source read by scrolling stays read by scrolling when
   * grouped (blocks/groupLayout.ts). Without it a grouped grid reads its whole view.
   */
  groups?: (query: GridLoadQuery & { groupBy: string }, signal: AbortSignal) => Promise<ServerGroup[]>;
  /**
   * How the source's server orders the view for the user's sort (empty: the source's own order),
   * the comparisons of blocks/rowOrder.ts (protocolOrder for a source that sorts as the grid
   * protocol does; keyOrder for another order): a row another user added goes where the server
   * puts it, among the rows read by scrolling, or at the server's place in a grid that loads
   * every row and is not sorted by the user. Null (or absent) when the order is not known on the
   * client: such a row shows at the top of the view.
   */
  order?: SourceOrder;
  /** `by` rows were added to the view at position `at` (negative: taken out) by the grid (a live row placed by `order`, a row dropped): blocks read after it start further on. */
  shifted?: (at: number, by: number) => void;
}

/** A cell change the page is asked about before it is taken (`confirmChanges`). */
export interface ProposedChange extends CellChange {
  /** The row as shown when the change was made. */
  row: GridRow;
}

/** What the page tells the grid (kept current by the component on every render). */
export interface GridSettings {
  schema: GridSchema;
  endpoints: Partial<GridEndpoints>;
  /** A custom load and/or batch send instead of the grid protocol endpoints. */
  source?: GridSource;
  filters: Filters;
  canEdit: boolean;
  pending: boolean;
  siteUpdating: boolean;
  headerName: (col: GridColumn) => string;
  saveDelayMs: number;
  deleteDelayMs: number;
  exportFileName?: string;
  /** Turns the export body into the page's own (a source's query instead of the protocol filters). */
  exportRequest?: (body: Record<string, unknown>, where: WhereNode | null) => Record<string, unknown>;
  confirmDelete?: (count: number) => Promise<boolean>;
  validateNew?: (rows: Array<{ tempId: string; values: Record<string, CellValue> }>) => Promise<Array<{ tempId: string; field: string; message: string }>>;
  onFocusRow?: (row: GridRow | null) => void;
  /** The focused cell: a row's id and its column's field, or nulls (a group row, none). */
  onFocusCell?: (rowId: string | null, field: string | null) => void;
  onSelectionChange?: (rows: GridRow[]) => void;
  onRowsDeleted?: (rows: GridRow[]) => void;
  /** Asked before user edits of stored rows are taken; false drops them. */
  confirmChanges?: (changes: ProposedChange[], kind: ChangeKind) => Promise<boolean>;
  /** Called after cells were taken (typed, pasted, cleared, undone, redone), with their rows. */
  afterCells?: (rowIds: string[], kind: ChangeKind) => void;
  /** Called when the user picks another grouping. */
  onGroupingChange?: (groupBy: string[]) => void;
}

export type GridData = GridRow | GroupRow;

/** A row being added (not saved yet). */
export const isNew = (d: unknown) => !!d && typeof d === 'object' && (d as Record<string, unknown>).__new === true;
/** A folder row of a grid with folders. */
export const isFolder = (schema: GridSchema, d: Record<string, unknown> | undefined) =>
  !!schema.folderField && !!d && String(d[schema.folderField] ?? '').toLowerCase() === 'folder';
