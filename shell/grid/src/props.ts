/** What a page gives the DataGrid (DataGridProps) and the handle it holds of it (DataGridHandle). */
import type { ReactNode, Ref } from 'react';
import type { ColDef } from 'ag-grid-community';
import type { AutocompleteFetch } from './CellEditor';
import type { MenuItem } from './ContextMenu';
import type { ViewFilters } from './views/ViewsMenu';
import type { PresenceEntry } from './hooks/usePresence';
import type { GridController, GridSettings, GridSource, GridUi, ProposedChange } from './controller';
import type { ChangeKind } from './history';
import type { CellValue, Filters, GridColumn, GridEndpoints, GridRow, GridSchema, SortKey } from './types';

export interface GroupOption {
  field: string;
  label: string;
}

/**
 * What a page lays over the kit's column definition of a field (renderers, formats, classes,
 * widths, pinning). `cellClass` is added to the kit's class and `cellClassRules` to its rules
 * (range, error, read-only); every other key replaces the kit's.
 */
export type ColumnExtras = Record<string, Partial<ColDef>>;

export interface DataGridHandle {
  controller: GridController;
  /** Reads the rows again (through `source.load` or the stream endpoint). */
  reload: () => Promise<void>;
  /** Appends the next rows of `source` (its query's `skip` = rows loaded). */
  loadMore: () => Promise<void>;
  addRow: (defaults?: Record<string, CellValue>) => string | null;
  saveNewRows: () => Promise<boolean>;
  deleteSelected: () => Promise<void>;
  undo: () => void;
  redo: () => void;
  exportXlsx: () => Promise<void>;
  exportCsv: () => Promise<void>;
  expandAll: () => void;
  collapseAll: () => void;
  /** Sends every queued change now; resolves when the server has answered. */
  flush: () => Promise<void>;
  /** Deletes rows as the Delete action does (confirmDelete, batch delete, toast). */
  deleteRows: (ids: string[]) => Promise<void>;
  /**
   * Takes rows out of the grid that the server already deleted (a hard delete done outside the
   * grid's batch); `reload` then reads the rows again.
   */
  removeRows: (ids: string[], options?: { reload?: boolean }) => Promise<void>;
  /** Rows the server answered outside a batch (e.g. a star toggled): confirmed and shown. */
  acceptRows: (rows: GridRow[]) => void;
  /** Shows rows as given, display only (the server's confirmed rows stay the base of writes). */
  showRows: (rows: GridRow[]) => void;
  /** The row as shown (queued changes included). */
  getRow: (id: string) => GridRow | undefined;
  /** The row as the server last confirmed it. */
  getConfirmedRow: (id: string) => GridRow | undefined;
  /** The changes of a row queued and not yet sent: field → value. */
  getPendingChanges: (id: string) => Record<string, CellValue>;
  /** The row of the focused cell. */
  focusedRow: () => GridRow | null;
  /** The selected rows, group rows left out. */
  selectedRows: () => GridRow[];
  clearSelection: () => void;
}

export interface DataGridProps {
  schema: GridSchema;
  /** Grid protocol endpoints; `stream` and `batch` are not needed for what `source` does. */
  endpoints?: Partial<GridEndpoints>;
  /**
   * A custom row load and batch send, for endpoints that do not speak the grid protocol. `load`
   * is called on mount, when `filters` change, on `reload` (skip 0) and on `loadMore`; `send`
   * gets every batch (updates, adds, deletes). Either defaults to the grid protocol endpoints.
   */
  source?: GridSource;
  /** Laid over the kit's column definitions by field (see ColumnExtras). Keep its identity stable. */
  columnExtras?: ColumnExtras;
  /** The page's filters; a change reloads the rows (with `source`: any key that should). */
  filters?: Filters;
  canEdit?: boolean;
  /** A pending (manage) view: non-clearable cells may be cleared, pending-only cells edited. */
  pending?: boolean;
  siteUpdating?: boolean;
  /** The column header in the user's language (the schema's English header otherwise). */
  headerName?: (col: GridColumn) => string;
  groupOptions?: GroupOption[];
  /** The grouping to show (e.g. saved with the document); applied whenever it changes. */
  groupBy?: string[];
  /** Called when the user picks another grouping in the toolbar (not when `groupBy` changes). */
  onGroupingChange?: (groupBy: string[]) => void;
  /** Called when the user sorts by a column header (the sorted columns, in order). */
  onSortChange?: (sort: Required<SortKey>[]) => void;
  /**
   * Called after typed, pasted, cleared, undone or redone cells were taken (shown and queued),
   * with the rows they are in: e.g. to show linked values at once through `grid.showRows`.
   */
  afterCells?: (rowIds: string[], grid: DataGridHandle, kind: ChangeKind) => void;
  /**
   * Asked before user edits of stored rows are taken (typed, pasted, cleared; not undo/redo):
   * the cells keep their old values meanwhile; false drops the edit (no history step, nothing
   * sent), true takes it as a normal, undoable edit.
   */
  confirmChanges?: (changes: ProposedChange[], kind: ChangeKind) => Promise<boolean>;
  /** Server suggestions for these fields (autocomplete, at most 10). */
  /** Server suggestions for the fields named: values, or suggestions with a name and a picture. */
  autocomplete?: { fields: string[]; fetch: (field: string, text: string, signal: AbortSignal) => ReturnType<AutocompleteFetch> };
  /** Wait before cell edits are sent (the page's update debounce); paste, undo and redo go at once. */
  saveDelayMs?: number;
  deleteDelayMs?: number;
  exportFileName?: string;
  /** The grid's name for the user's saved layout: shows the column chooser (layout/ColumnChooser.tsx). */
  layoutKey?: string;
  /** The page's own filters kept in a saved view (the Views menu shows on a grid the server keeps views of: views/viewState.ts VIEW_GRIDS). */
  viewFilters?: ViewFilters;
  /** Turns the export body into the page's own (see GridSettings.exportRequest). */
  exportRequest?: GridSettings['exportRequest'];
  confirmDelete?: GridSettings['confirmDelete'];
  validateNew?: GridSettings['validateNew'];
  onFocusRow?: (row: GridRow | null) => void;
  /** The focused cell changed (presence announces it): a row's id and field, or nulls. */
  onFocusCell?: GridSettings['onFocusCell'];
  /** Others on the same topic (usePresence): their selected cells are outlined with their names. */
  presence?: readonly PresenceEntry[];
  onSelectionChange?: (rows: GridRow[]) => void;
  onRowsDeleted?: (rows: GridRow[]) => void;
  /** Extra context menu entries (after the kit's), for the row and the column right-clicked. */
  menuItems?: (row: GridRow | null, field: string | null) => MenuItem[];
  /** Shown when the grid has no rows; `filtered` says whether filters are applied. */
  emptyState?: (filtered: boolean) => ReactNode;
  /** Buttons of the page, at the start of the toolbar (a function gets the grid's state). */
  toolbar?: ReactNode | ((ui: GridUi, grid: DataGridHandle) => ReactNode);
  /** Fields of the page in the grid's footer, before the row count (e.g. the size filter). */
  footer?: ReactNode;
  /** The title of the multi-field edit dialog ('Edit Cells' by default). */
  editCellsTitle?: string;
  /** New Folder in the context menu (grids with folders). */
  onNewFolder?: () => void;
  handle?: Ref<DataGridHandle>;
  testId?: string;
}
