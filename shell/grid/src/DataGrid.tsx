/**
 * DataGrid: the spreadsheet-style grid every ITS module uses, on ag-grid Community. The page
 * gives it the server's column schema and endpoints; the grid loads the rows (NDJSON stream),
 * edits them under the schema's cell rules, saves them in batches, and offers range selection,
 * copy/paste with Excel, undo/redo, grouping, the context menu and the Excel export.
 */
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  EventApiModule,
  ExternalFilterModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  themeQuartz,
  type CellClassParams,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type IRowNode,
  type Module,
  type SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { EmptyState, ModuleMessages, Spinner, toast, useStore } from '@its/kit';
import { CellEditor, type AutocompleteFetch } from './CellEditor';
import { EditCellsDialog } from './EditCellsDialog';
import { ColumnHeader, FilterEditor, opsOf } from './ColumnHeader';
import { FilterBuilder } from './filter/FilterBuilder';
import { FilterChips } from './filter/FilterChips';
import { columnMenuModel, opensColumnMenu, type ColumnMenuId } from './columnMenu';
import { ContextMenu, type MenuItem } from './ContextMenu';
import { ColumnChooser } from './layout/ColumnChooser';
import { ViewsMenu, type ViewFilters } from './views/ViewsMenu';
import { VIEW_GRIDS } from './views/viewState';
import { GridController, SELECTION_COL, type GridData, type GridSettings, type GridSource, type GridUi, type ProposedChange } from './controller';
import type { ChangeKind } from './history';
import { isGroupRow, type GroupRow } from './grouping';
import { isPlaceholder } from './blocks/pagedRows';
import { useProtocolSource } from './blocks/protocolSource';
import { RangeSummaryBar } from './summary/RangeSummaryBar';
import { writeClipboardLater } from './clipboard';
import { NULL_GROUP_KEY } from './blocks/groupLayout';
import { GridFooter } from './summary/GridFooter';
import { GridIcon } from './icons';
import { loadGridMessages, m } from './messages';
import type { CellRange, Direction } from './range';
import type { CellValue, Filters, GridColumn, GridEndpoints, GridRow, GridSchema, SortKey } from './types';
import './grid.css';
import './blocks/blocks.css';
import './summary/summary.css';
import { below } from './floating';

const MODULES: Module[] = [
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  CellStyleModule,
  RowStyleModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  EventApiModule,
  ExternalFilterModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  TooltipModule,
];

/** The ITS look on ag-grid's Quartz theme (tokens of kit.css). */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 12.5,
  headerFontWeight: 650,
  rowHeight: 34,
  headerHeight: 38,
  spacing: 6,
  accentColor: '#2455e4',
  foregroundColor: '#161c2b',
  borderColor: '#e1e4ea',
  headerBackgroundColor: '#f8f9fb',
  headerTextColor: '#525c70',
  oddRowBackgroundColor: '#fcfcfd',
  selectedRowBackgroundColor: '#eef3ff',
  rowHoverColor: '#f4f7fd',
  wrapperBorderRadius: 10,
  columnBorder: { color: '#eef0f4' },
  cellHorizontalPadding: 10,
});

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

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
  onSelectionChange?: (rows: GridRow[]) => void;
  onRowsDeleted?: (rows: GridRow[]) => void;
  /** Extra context menu entries (after the kit's), for the row right-clicked. */
  menuItems?: (row: GridRow | null) => MenuItem[];
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

function GroupHeader(
  props: CustomCellRendererProps<GridData> & { ctrl: GridController; headerOf: (field: string) => string; valueOf: (field: string, key: string) => string },
) {
  const intl = useIntl();
  const g = (props.data as GroupRow | undefined)?.__group;
  if (!g) return null;
  const collapsed = props.ctrl.isCollapsed(g.key);
  const value = g.key === '' || g.key === NULL_GROUP_KEY ? intl.formatMessage(m.blanks) : props.valueOf(g.field, g.key);
  // The row's one cell; the button is named by the group's text and says open or closed by aria-expanded.
  return (
    <div role="gridcell" className="its-grid-group-cell">
      <button
        type="button"
        className="its-grid-group"
        data-testid="grid-group-row"
        data-group-key={g.key}
        aria-expanded={!collapsed}
        title={intl.formatMessage(collapsed ? m.expandGroup : m.collapseGroup)}
        onClick={() => props.ctrl.toggleGroup(g.key)}
      >
        <span className={`its-grid-group__chevron${collapsed ? '' : ' is-open'}`}>
          <GridIcon name="chevronRight" size={16} />
        </span>
        <span className="its-grid-group__label">{intl.formatMessage(m.groupHeader, { header: props.headerOf(g.field), value, count: g.count })}</span>
      </button>
    </div>
  );
}

/** A group's value as the column's value formatter (from the page's extras) words it; the value itself without one. */
export function groupText(extras: ColumnExtras | undefined, field: string, key: string): string {
  const format = extras?.[field]?.valueFormatter;
  if (typeof format !== 'function') return key;
  const text = (format as (p: { value: unknown }) => unknown)({ value: key });
  return typeof text === 'string' && text !== '' ? text : key;
}

function SaveIndicator({ state }: { state: string }) {
  const intl = useIntl();
  if (state === 'idle') return null;
  const busy = state === 'saving' || state === 'pending';
  return (
    <span className={`its-grid-save its-grid-save--${busy ? 'busy' : state}`} data-testid="grid-save-state" data-state={state} role="status">
      {busy ? <Spinner size={14} /> : <GridIcon name={state === 'error' ? 'warning' : 'checkCircle'} size={16} />}
      {intl.formatMessage(busy ? m.saving : state === 'error' ? m.saveError : m.saved)}
    </span>
  );
}

/** ag-grid comparator of a view the server sorted: every row equal, the order stays. */
const keepOrder = () => 0;

function GridView(props: DataGridProps) {
  const intl = useIntl();
  const [ctrl] = useState(() => new GridController());
  const ui = useStore(ctrl.ui);
  const wrapper = useRef<HTMLDivElement>(null);
  const extending = useRef(false);
  const menuRange = useRef<CellRange | null>(null);
  const filters = useMemo(() => props.filters ?? {}, [props.filters]);
  const headerName = props.headerName;
  const headerOf = (col: GridColumn) => headerName?.(col) || col.headerName;
  const handleRef = useRef<DataGridHandle | null>(null);
  const afterCells = props.afterCells;
  // A protocol grid with a query call reads its view in blocks as the user scrolls.
  const querySource = useProtocolSource(props.source ? undefined : props.endpoints, props.schema);
  const source = props.source ?? querySource;

  ctrl.configure(
    {
      schema: props.schema,
      endpoints: props.endpoints ?? {},
      source,
      confirmChanges: props.confirmChanges,
      afterCells: afterCells ? (ids, kind) => handleRef.current && afterCells(ids, handleRef.current, kind) : undefined,
      onGroupingChange: props.onGroupingChange,
      filters,
      canEdit: !!props.canEdit,
      pending: !!props.pending,
      siteUpdating: !!props.siteUpdating,
      headerName: headerOf,
      saveDelayMs: props.saveDelayMs ?? 0,
      deleteDelayMs: props.deleteDelayMs ?? 200,
      exportFileName: props.exportFileName,
      exportRequest: props.exportRequest,
      confirmDelete: props.confirmDelete,
      validateNew: props.validateNew,
      onFocusRow: props.onFocusRow,
      onSelectionChange: props.onSelectionChange,
      onRowsDeleted: props.onRowsDeleted,
    },
    intl,
  );

  const exportXlsx = () => ctrl.exportXlsx();

  const handle: DataGridHandle = useMemo(
    () => ({
      controller: ctrl,
      reload: () => ctrl.load(),
      loadMore: () => ctrl.loadMore(),
      addRow: (d) => ctrl.addRow(d),
      saveNewRows: () => ctrl.saveNewRows(),
      deleteSelected: () => ctrl.deleteRows(ctrl.targetRowIds()),
      undo: () => ctrl.undo(),
      redo: () => ctrl.redo(),
      exportXlsx: () => ctrl.exportXlsx(),
      exportCsv: () => ctrl.exportCsv(),
      expandAll: () => ctrl.expandAll(),
      collapseAll: () => ctrl.collapseAll(),
      flush: async () => {
        ctrl.history.flush();
        await ctrl.writer.flush();
        await ctrl.writer.idle();
      },
      deleteRows: (ids) => ctrl.deleteRows(ids),
      removeRows: async (ids, options) => {
        ctrl.dropRows(ids);
        if (options?.reload) await ctrl.load();
      },
      acceptRows: (rows) => ctrl.acceptRows(rows),
      showRows: (rows) => ctrl.showRows(rows),
      getRow: (id) => ctrl.rows.get(id),
      getConfirmedRow: (id) => ctrl.writer.confirmedRow(id),
      getPendingChanges: (id) => ctrl.writer.pendingChanges(id),
      focusedRow: () => ctrl.focusedRow(),
      selectedRows: () => (ctrl.api?.getSelectedRows() ?? []).filter((r): r is GridRow => !isGroupRow(r)),
      clearSelection: () => ctrl.api?.deselectAll(),
    }),
    // exportXlsx reads the latest props through the controller's settings.
    [ctrl],
  );
  handleRef.current = handle;
  useImperativeHandle(props.handle, () => handle, [handle]);

  // The grouping the page asks for (applied again only when it changes).
  const groupKey = (props.groupBy ?? []).join('\u0000');
  useEffect(() => {
    if (props.groupBy === undefined) return;
    ctrl.setGroupBy(props.groupBy[0] ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctrl, groupKey]);

  // A new filter set means a new load (the history stays: it names rows by id).
  const filterKey = JSON.stringify(filters);
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!ctrl.api) return;
    if (loadedKey.current === filterKey) return;
    loadedKey.current = filterKey;
    void ctrl.load();
  }, [ctrl, filterKey]);

  useEffect(() => () => ctrl.detach(), [ctrl]);

  // Flush queued edits when the page goes away.
  useEffect(() => {
    const onLeave = () => {
      ctrl.history.flush();
      void ctrl.writer.flush();
    };
    window.addEventListener('pagehide', onLeave);
    return () => window.removeEventListener('pagehide', onLeave);
  }, [ctrl]);

  // Copy, cut and paste reach the grid as clipboard events while a cell (not an editor) has focus.
  useEffect(() => {
    const inGrid = (target: EventTarget | null) => {
      const el = target instanceof Node ? target : null;
      const box = wrapper.current;
      if (!box || !el || !box.contains(el)) return false;
      const active = document.activeElement;
      return !(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement);
    };
    const onCopy = (e: ClipboardEvent) => {
      if (!inGrid(e.target) || !ctrl.api || ctrl.api.getEditingCells().length) return;
      const cut = e.type === 'cut';
      // Rows not read yet: their blocks are read first and the text goes to the clipboard after.
      if (ctrl.rangeUnread()) {
        e.preventDefault();
        void writeClipboardLater(ctrl.copyTextRead()).then((done) => {
          if (done && cut) ctrl.clearRange();
        });
        return;
      }
      const text = ctrl.copyText();
      if (text === null) return;
      e.clipboardData?.setData('text/plain', text);
      e.preventDefault();
      if (cut) ctrl.clearRange();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (!inGrid(e.target) || !ctrl.api || ctrl.api.getEditingCells().length) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      e.preventDefault();
      if (text) void ctrl.paste(text);
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [ctrl]);

  // Range by mouse: captured before ag-grid moves the focus, so Shift+click keeps the anchor.
  useEffect(() => {
    const box = wrapper.current;
    if (!box) return;
    const cellOf = (t: EventTarget | null) => {
      const el = t instanceof Element ? t.closest('.ag-cell') : null;
      if (!el || el.closest('.its-grid-editor')) return null;
      const colId = el.getAttribute('col-id') ?? undefined;
      const rowId = el.closest('.ag-row')?.getAttribute('row-id') ?? undefined;
      if (!colId || colId === SELECTION_COL) return null;
      return { rowId, colId };
    };
    const down = (e: MouseEvent) => {
      // A right click inside the range keeps it (the context menu acts on the range), whatever
      // the focus does meanwhile.
      if (e.button === 2) {
        const c = cellOf(e.target);
        menuRange.current = c && ctrl.rangeClass(c.rowId, c.colId) ? ctrl.getRange() : null;
        return;
      }
      if (e.button !== 0) return;
      const c = cellOf(e.target);
      if (!c) return;
      if (ctrl.api?.getEditingCells().length) return;
      extending.current = e.shiftKey;
      ctrl.pointerDown(c.rowId, c.colId, e.shiftKey);
      if (e.shiftKey) e.preventDefault();
    };
    const over = (e: MouseEvent) => {
      if (!ctrl.isDragging) return;
      const c = cellOf(e.target);
      if (c) ctrl.pointerOver(c.rowId, c.colId);
    };
    const up = () => {
      ctrl.pointerUp();
      extending.current = false;
    };
    box.addEventListener('mousedown', down, true);
    box.addEventListener('mouseover', over);
    document.addEventListener('mouseup', up);
    return () => {
      box.removeEventListener('mousedown', down, true);
      box.removeEventListener('mouseover', over);
      document.removeEventListener('mouseup', up);
    };
  }, [ctrl]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const api = ctrl.api;
    if (!api || api.getEditingCells().length) return;
    const target = e.target as HTMLElement;
    if (!target.closest('.ag-root-wrapper') || target.closest('input, textarea, select')) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (e.shiftKey && ARROWS[e.key]) {
      e.preventDefault();
      ctrl.extendRange(ARROWS[e.key]!, mod);
    } else if (mod && key === 'z' && !e.shiftKey) {
      e.preventDefault();
      ctrl.undo();
    } else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) {
      e.preventDefault();
      ctrl.redo();
    } else if (mod && e.shiftKey && key === 'e') {
      e.preventDefault();
      if (props.canEdit) void ctrl.openEditCells();
    } else if (mod && key === 'a') {
      e.preventDefault();
      ctrl.selectAllCells();
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && !mod) {
      e.preventDefault();
      ctrl.clearRange();
    } else if (e.key === 'Escape') {
      ctrl.closeMenu();
      const f = api.getFocusedCell();
      if (f) ctrl.onCellFocused(f.rowIndex, f.column.getColId(), false);
    }
  };

  // The column menu from the keyboard: under the focused header cell.
  const openColumnMenuAt = (field: string) => {
    const cell = wrapper.current?.querySelector(`.ag-header-cell[col-id="${CSS.escape(field)}"]`);
    const at = cell ? below(cell) : { x: 0, y: 0 };
    ctrl.openColumnMenu(field, at.x, at.y);
  };

  const paged = !!source?.blocks;
  const columnDefs = useMemo<ColDef<GridData>[]>(() => {
    const canEdit = !!props.canEdit;
    const ac = props.autocomplete;
    const extras = props.columnExtras ?? {};
    return props.schema.columns.map((col): ColDef<GridData> => withColumnExtras(kitColumn(col), extras[col.field]));
    function kitColumn(col: GridColumn): ColDef<GridData> {
      const numeric = col.type === 'integer' || col.type === 'number';
      return {
        colId: col.field,
        field: col.field as never,
        headerName: headerOf(col),
        headerTooltip: headerOf(col),
        // initial*: the user's widths and hidden columns (and a restored layout) outlive new column
        // definitions, which a page makes whenever its props change (its rights arriving, say).
        initialWidth: col.width ?? 120,
        minWidth: 60,
        initialHide: !!col.hide,
        sortable: col.sortable !== false,
        resizable: true,
        editable: (p) => canEdit && ctrl.canEditCell(p.data, col),
        cellEditor: CellEditor,
        cellEditorParams: {
          column: col,
          autocomplete: ac?.fields.includes(col.field) ? (text: string, signal: AbortSignal) => ac.fetch(col.field, text, signal) : undefined,
        },
        valueFormatter: (p) => ctrl.cellText(col, p.value),
        // A view read by scrolling is sorted by the server: ag-grid keeps its order (postSort).
        comparator: paged ? keepOrder : numeric ? undefined : (a, b) => String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' }),
        tooltipValueGetter: (p) => (p.data && !isGroupRow(p.data) ? ctrl.cellError(p.data.id, col.field) : undefined),
        cellClass: numeric ? 'its-grid-cell--num' : undefined,
        headerClass: canEdit && col.editable && col.editableWhen === 'always' ? 'its-grid-header--editable' : undefined,
        cellClassRules: {
          'its-grid-cell--range': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field),
          'its-grid-cell--range-top': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'top'),
          'its-grid-cell--range-bottom': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'bottom'),
          'its-grid-cell--range-left': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'left'),
          'its-grid-cell--range-right': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'right'),
          'its-grid-cell--error': (p: CellClassParams<GridData>) => !!p.data && !isGroupRow(p.data) && !!ctrl.cellError(p.data.id, col.field),
          'its-grid-cell--readonly': (p: CellClassParams<GridData>) => canEdit && !ctrl.canEditCell(p.data, col),
        },
        headerComponent: ColumnHeader,
        headerComponentParams: { ctrl },
        suppressHeaderKeyboardEvent: (p) => {
          const e = p.event;
          if (e.type !== 'keydown' || !opensColumnMenu(e)) return false;
          e.preventDefault();
          openColumnMenuAt(col.field);
          return true;
        },
        suppressKeyboardEvent: (p: SuppressKeyboardEventParams<GridData>) => {
          if (p.editing) return false;
          const e = p.event;
          const mod = e.ctrlKey || e.metaKey;
          if (e.shiftKey && ARROWS[e.key]) return true;
          if (e.key === 'Delete' || e.key === 'Backspace') return true;
          if (mod && e.shiftKey && e.key.toLowerCase() === 'e') return true;
          return mod && ['z', 'y', 'a'].includes(e.key.toLowerCase());
        },
      };
    }
  }, [props.schema, props.canEdit, props.autocomplete, props.columnExtras, headerName, ctrl, intl, paged]);

  const rowSelection = useMemo(
    () => ({
      mode: 'multiRow' as const,
      checkboxes: (p: { data?: GridData }) => !isGroupRow(p.data) && !isPlaceholder(p.data),
      headerCheckbox: true,
      enableClickSelection: false,
      isRowSelectable: (n: IRowNode<GridData>) => !isGroupRow(n.data) && !isPlaceholder(n.data),
    }),
    [],
  );

  const rowClassRules = useMemo(
    () => ({
      'its-grid-row--new': (p: { data?: GridData }) => !!p.data && (p.data as Record<string, unknown>).__new === true,
      'its-grid-row--placeholder': (p: { data?: GridData }) => isPlaceholder(p.data),
    }),
    [],
  );

  // A group row words its value as the page words the column's cells (an enumeration in the
  // user's language, say): through the column's value formatter when the page gives one.
  const extrasRef = useRef(props.columnExtras);
  extrasRef.current = props.columnExtras;

  // ag-grid re-reads changed grid options: every option below keeps its identity across renders.
  const stable = useMemo(
    () => ({
      defaultColDef: { suppressHeaderMenuButton: true } as ColDef<GridData>,
      selectionColumnDef: { pinned: 'left' as const, width: 44, suppressHeaderMenuButton: true },
      getRowId: (p: GetRowIdParams<GridData>) => p.data.id,
      isFullWidthRow: (p: { rowNode: IRowNode<GridData> }) => isGroupRow(p.rowNode.data),
      postSortRows: (p: { nodes: IRowNode<GridData>[] }) => ctrl.postSort(p.nodes),
      fullWidthCellRendererParams: { ctrl, headerOf: (f: string) => (ctrl.column(f) ? ctrl.header(ctrl.column(f)!) : f), valueOf: (f: string, key: string) => groupText(extrasRef.current, f, key) },
    }),
    [ctrl],
  );

  const menuItems = (): MenuItem[] => {
    const menu = ui.menu;
    const row = menu?.rowId ? (ctrl.rows.get(menu.rowId) ?? null) : null;
    const items: MenuItem[] = [
      { id: 'copy', label: intl.formatMessage(m.copy), icon: 'copy', shortcut: 'Ctrl+C', onSelect: () => copyToClipboard() },
      { id: 'paste', label: intl.formatMessage(m.paste), icon: 'paste', shortcut: 'Ctrl+V', disabled: !props.canEdit, onSelect: () => pasteFromClipboard() },
      { id: 'clear', label: intl.formatMessage(m.clearCells), icon: 'eraser', shortcut: 'Del', disabled: !props.canEdit, onSelect: () => ctrl.clearRange() },
      { id: 'editCells', label: intl.formatMessage(m.editCells), icon: 'editCells', shortcut: 'Ctrl+Shift+E', disabled: !props.canEdit, onSelect: () => void ctrl.openEditCells() },
      { id: 'sep1', separator: true },
      { id: 'undo', label: intl.formatMessage(m.undo), icon: 'undo', shortcut: 'Ctrl+Z', disabled: !ui.canUndo || !props.canEdit, onSelect: () => ctrl.undo() },
      { id: 'redo', label: intl.formatMessage(m.redo), icon: 'redo', shortcut: 'Ctrl+Y', disabled: !ui.canRedo || !props.canEdit, onSelect: () => ctrl.redo() },
    ];
    if (props.canEdit) {
      items.push({ id: 'sep2', separator: true });
      if (props.schema.folderField && props.onNewFolder) items.push({ id: 'newFolder', label: intl.formatMessage(m.newFolder), icon: 'folder', onSelect: props.onNewFolder });
      items.push({ id: 'delete', label: intl.formatMessage(m.deleteItem), icon: 'trash', danger: true, disabled: !row, onSelect: () => void ctrl.deleteRows(ctrl.targetRowIds(row?.id)) });
    }
    if (ui.groupBy) {
      items.push({ id: 'sep3', separator: true });
      items.push({ id: 'expandAll', label: intl.formatMessage(m.expandAll), icon: 'expand', onSelect: () => ctrl.expandAll() });
      items.push({ id: 'contractAll', label: intl.formatMessage(m.contractAll), icon: 'collapse', onSelect: () => ctrl.collapseAll() });
    }
    const extra = props.menuItems?.(row) ?? [];
    if (extra.length) items.push({ id: 'sep4', separator: true }, ...extra);
    if (props.endpoints?.export || props.endpoints?.exportCsv) items.push({ id: 'sep5', separator: true });
    if (props.endpoints?.export) items.push({ id: 'export', label: intl.formatMessage(m.exportExcel), icon: 'excel', onSelect: () => void exportXlsx() });
    if (props.endpoints?.exportCsv) items.push({ id: 'exportCsv', label: intl.formatMessage(m.exportCsv), icon: 'excel', onSelect: () => void ctrl.exportCsv() });
    return items;
  };

  /**
   * The user chose a sort, by a header or from the column menu: the page hears it and a source that
   * sorts on the server reads again. (ag-grid calls the menu's sort the api's, like a restored
   * layout's or a view's, which onSortChanged leaves alone.)
   */
  const userSorted = () => {
    props.onSortChange?.(ctrl.currentSort());
    if (source?.sortOnServer) void ctrl.load();
  };

  /** The column menu of a header: sort, filter, group, pin, autosize, hide (columnMenuModel). */
  const columnMenuItems = (field: string): MenuItem[] => {
    const api = ctrl.api;
    const col = ctrl.column(field);
    if (!api || !col) return [];
    const state = api.getColumnState();
    const own = state.find((s) => s.colId === field);
    const schemaCols = new Set(props.schema.columns.map((c) => c.field));
    const hiddenByUser = state.filter((s) => s.hide && schemaCols.has(s.colId) && !ctrl.column(s.colId)?.hide);
    const visible = state.filter((s) => !s.hide && schemaCols.has(s.colId)).length;
    const current = ui.columnFilters.find((f) => f.field === field);
    const groupable = groupOptions.some((g) => g.field === field);
    const sortTo = (dir: 'asc' | 'desc' | null) => {
      api.applyColumnState({ state: [{ colId: field, sort: dir }], defaultState: { sort: null } });
      userSorted();
    };
    const menuRect = ui.columnMenu;
    const act: Record<ColumnMenuId, { label: string; icon: string; run: () => void }> = {
      sortAsc: { label: intl.formatMessage(m.colSortAsc), icon: 'sortAsc', run: () => sortTo('asc') },
      sortDesc: { label: intl.formatMessage(m.colSortDesc), icon: 'sortDesc', run: () => sortTo('desc') },
      sortNone: { label: intl.formatMessage(m.colSortNone), icon: 'sortNone', run: () => sortTo(null) },
      filter: { label: intl.formatMessage(m.colFilter), icon: 'filter', run: () => ctrl.openFilterEditor(field, menuRect?.x ?? 0, menuRect?.y ?? 0) },
      clearFilter: { label: intl.formatMessage(m.colClearFilter), icon: 'filterOff', run: () => ctrl.setColumnCondition(field, null) },
      group: { label: intl.formatMessage(m.colGroup), icon: 'group', run: () => ctrl.chooseGroupBy(field) },
      ungroup: { label: intl.formatMessage(m.colUngroup), icon: 'group', run: () => ctrl.chooseGroupBy(null) },
      pinLeft: { label: intl.formatMessage(m.colPinLeft), icon: 'pinLeft', run: () => api.setColumnsPinned([field], 'left') },
      pinRight: { label: intl.formatMessage(m.colPinRight), icon: 'pinRight', run: () => api.setColumnsPinned([field], 'right') },
      unpin: { label: intl.formatMessage(m.colUnpin), icon: 'unpin', run: () => api.setColumnsPinned([field], null) },
      autosize: { label: intl.formatMessage(m.colAutosize), icon: 'autosize', run: () => api.autoSizeColumns([field]) },
      autosizeAll: { label: intl.formatMessage(m.colAutosizeAll), icon: 'autosize', run: () => api.autoSizeAllColumns() },
      hide: { label: intl.formatMessage(m.colHide), icon: 'eyeOff', run: () => api.setColumnsVisible([field], false) },
      showAll: { label: intl.formatMessage(m.colShowAll, { n: hiddenByUser.length }), icon: 'eye', run: () => api.setColumnsVisible(hiddenByUser.map((s) => s.colId), true) },
    };
    const model = columnMenuModel({
      sortable: col.sortable !== false,
      sort: (own?.sort as 'asc' | 'desc' | undefined) ?? null,
      filterable: opsOf(ctrl, col).length > 0,
      filtered: !!current,
      groupable,
      grouped: ui.groupBy === field,
      pinned: (own?.pinned as 'left' | 'right' | undefined) ?? null,
      hidden: hiddenByUser.length,
      visible,
    });
    return model.map((e) => {
      if (e.separator) return { id: e.id, separator: true };
      const a = act[e.id as ColumnMenuId];
      return { id: e.id, label: a.label, icon: a.icon, disabled: e.disabled, onSelect: a.run };
    });
  };

  const closeColumnMenu = () => {
    const field = ui.columnMenu?.field;
    ctrl.closeHeaderPopups();
    if (field && ctrl.api?.getColumn(field)?.isVisible()) ctrl.api.setFocusedHeader(field);
  };

  const editorCol = ui.filterEditor ? ctrl.column(ui.filterEditor.field) : undefined;

  const copyToClipboard = () => void writeClipboardLater(ctrl.copyTextRead());
  const pasteFromClipboard = () => {
    const read = navigator.clipboard?.readText?.();
    if (!read) {
      toast.info(intl.formatMessage(m.pasteShortcut));
      return;
    }
    read.then(
      (text) => void (text && ctrl.paste(text)),
      () => toast.info(intl.formatMessage(m.pasteShortcut)),
    );
  };

  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
  const showEmpty = !ui.loading && !ui.loadError && ui.rowCount === 0;
  const groupOptions = props.groupOptions ?? [];

  return (
    <div className={`its-grid${props.siteUpdating ? ' is-blocked' : ''}`} data-testid={props.testId ?? 'data-grid'} data-grid={props.schema.grid} data-loading={ui.loading || undefined}>
      <div className="its-grid__toolbar">
        <div className="its-grid__toolbar-start">{typeof props.toolbar === 'function' ? props.toolbar(ui, handle) : props.toolbar}</div>
        <div className="its-grid__toolbar-end">
          <SaveIndicator state={ui.saveState} />
          <FilterBuilder ctrl={ctrl} />
          {props.layoutKey && <ColumnChooser ctrl={ctrl} layoutKey={props.layoutKey} />}
          {props.layoutKey && VIEW_GRIDS.has(props.layoutKey) && (
            <ViewsMenu ctrl={ctrl} grid={props.layoutKey} onSortChange={props.onSortChange} viewFilters={props.viewFilters} canGroup={(f) => groupOptions.some((g) => g.field === f)} />
          )}
          {props.canEdit && (
            <span className="its-grid__btn-group">
              <button type="button" className="its-grid-btn" onClick={() => ctrl.undo()} disabled={!ui.canUndo} title={`${intl.formatMessage(m.undo)} (Ctrl+Z)`} aria-label={intl.formatMessage(m.undo)} data-testid="grid-undo">
                <GridIcon name="undo" />
              </button>
              <button type="button" className="its-grid-btn" onClick={() => ctrl.redo()} disabled={!ui.canRedo} title={`${intl.formatMessage(m.redo)} (Ctrl+Y)`} aria-label={intl.formatMessage(m.redo)} data-testid="grid-redo">
                <GridIcon name="redo" />
              </button>
            </span>
          )}
          {groupOptions.length > 0 && (
            <label className="its-grid-groupby">
              <GridIcon name="group" size={16} />
              <span className="its-grid-groupby__label">{intl.formatMessage(m.groupBy)}</span>
              <select value={ui.groupBy ?? ''} onChange={(e) => ctrl.chooseGroupBy(e.target.value || null)} data-testid="grid-group-by">
                <option value="">{intl.formatMessage(m.groupNone)}</option>
                {groupOptions.map((g) => (
                  <option key={g.field} value={g.field}>
                    {g.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {ui.groupBy && (
            <span className="its-grid__btn-group">
              <button type="button" className="its-grid-btn" onClick={() => ctrl.expandAll()} title={intl.formatMessage(m.expandAll)} aria-label={intl.formatMessage(m.expandAll)} data-testid="grid-expand-all">
                <GridIcon name="expand" />
              </button>
              <button type="button" className="its-grid-btn" onClick={() => ctrl.collapseAll()} title={intl.formatMessage(m.contractAll)} aria-label={intl.formatMessage(m.contractAll)} data-testid="grid-contract-all">
                <GridIcon name="collapse" />
              </button>
            </span>
          )}
          {props.endpoints?.export && (
            <button type="button" className="its-btn its-btn--secondary its-grid-export" onClick={() => void exportXlsx()} disabled={!!ui.exporting} data-testid="grid-export">
              {ui.exporting === 'xlsx' ? <Spinner size={14} /> : <GridIcon name="excel" />}
              {intl.formatMessage(ui.exporting === 'xlsx' ? m.exporting : m.exportExcel)}
            </button>
          )}
          {props.endpoints?.exportCsv && (
            <button type="button" className="its-btn its-btn--secondary its-grid-export" onClick={() => void ctrl.exportCsv()} disabled={!!ui.exporting} data-testid="grid-export-csv">
              {ui.exporting === 'csv' ? <Spinner size={14} /> : <GridIcon name="excel" />}
              {intl.formatMessage(ui.exporting === 'csv' ? m.exportingCsv : m.exportCsv)}
            </button>
          )}
        </div>
      </div>
      <FilterChips ctrl={ctrl} />
      {props.siteUpdating && (
        <div className="its-grid__blocked" role="status" data-testid="grid-site-updating">
          <Spinner size={14} />
          {intl.formatMessage(m.siteUpdating)}
        </div>
      )}
      <div className="its-grid__body" ref={wrapper} onKeyDown={onKeyDown}>
        <AgGridReact<GridData>
          modules={MODULES}
          theme={gridTheme}
          columnDefs={columnDefs}
          defaultColDef={stable.defaultColDef}
          getRowId={stable.getRowId}
          rowSelection={rowSelection}
          selectionColumnDef={stable.selectionColumnDef}
          rowClassRules={rowClassRules}
          readOnlyEdit
          stopEditingWhenCellsLoseFocus
          enterNavigatesVertically
          enterNavigatesVerticallyAfterEdit
          suppressDragLeaveHidesColumns
          preventDefaultOnContextMenu
          animateRows={false}
          tooltipShowDelay={300}
          isFullWidthRow={stable.isFullWidthRow}
          fullWidthCellRenderer={GroupHeader}
          fullWidthCellRendererParams={stable.fullWidthCellRendererParams}
          postSortRows={stable.postSortRows}
          isExternalFilterPresent={ctrl.isExternalFilterPresent}
          doesExternalFilterPass={ctrl.doesExternalFilterPass}
          suppressNoRowsOverlay
          onSortChanged={(e) => {
            if (e.source === 'uiColumnSorted') userSorted();
          }}
          onGridReady={(e) => {
            ctrl.attach(e.api as GridApi<GridData>);
            loadedKey.current = filterKey;
            void ctrl.load();
          }}
          onModelUpdated={() => ctrl.refreshIndex()}
          onViewportChanged={(e) => ctrl.onViewport(e.firstRow, e.lastRow)}
          onDisplayedColumnsChanged={() => ctrl.refreshIndex()}
          onCellEditRequest={(e) => {
            if (!e.data || isGroupRow(e.data) || !e.colDef.colId) return;
            ctrl.setCells([{ rowId: e.data.id, field: e.colDef.colId, raw: e.newValue }], 'edit');
          }}
          onCellFocused={(e) => {
            const colId = typeof e.column === 'object' && e.column ? e.column.getColId() : undefined;
            ctrl.onCellFocused(e.rowIndex, colId, extending.current);
          }}
          onCellKeyDown={(e) => {
            const ev = e.event as KeyboardEvent | undefined;
            if (ev && isGroupRow(e.data) && (ev.key === 'Enter' || ev.key === ' ')) {
              ev.preventDefault();
              ctrl.toggleGroup((e.data as GroupRow).__group.key);
            }
          }}
          onSelectionChanged={() => ctrl.onSelectionChanged()}
          onCellContextMenu={(e) => {
            const ev = e.event as MouseEvent | undefined;
            if (!ev || !e.data || isGroupRow(e.data)) return;
            const colId = e.column.getColId();
            const pos = ctrl.posOf(e.data.id, colId);
            const kept = menuRange.current;
            menuRange.current = null;
            if (kept) ctrl.setRange(kept);
            const rect = ctrl.getRect();
            if (pos && (!rect || pos.row < rect.top || pos.row > rect.bottom || pos.col < rect.left || pos.col > rect.right)) ctrl.setRange({ anchor: pos, focus: pos });
            ctrl.openMenu(ev.clientX, ev.clientY, e.data.id);
          }}
        />
        {ui.loading && ui.rowCount === 0 && (
          <div className="its-grid__overlay" data-testid="grid-loading">
            <Spinner size={26} />
          </div>
        )}
        {showEmpty && (
          <div className="its-grid__overlay" data-testid="grid-empty">
            <EmptyState icon={filtered ? 'search' : 'box'} title={props.emptyState?.(filtered) ?? intl.formatMessage(m.noRows)} />
          </div>
        )}
        {ui.loadError && (
          <div className="its-grid__overlay" data-testid="grid-load-error">
            <EmptyState icon="warning" title={intl.formatMessage(m.loadFailed)}>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => void ctrl.load()}>
                {intl.formatMessage(m.retry)}
              </button>
            </EmptyState>
          </div>
        )}
      </div>
      {props.endpoints?.summary && <GridFooter ctrl={ctrl} path={props.endpoints.summary} version={ui.loading ? null : ui.total} />}
      <div className="its-grid__footer">
        <div className="its-grid__selection" data-testid="grid-selection-bar">
          {ui.selectedRows > 0 && <span className="its-grid-chip">{intl.formatMessage(m.rowsSelected, { n: ui.selectedRows })}</span>}
          {ui.selectedFolders > 0 && <span className="its-grid-chip">{intl.formatMessage(m.foldersSelected, { n: ui.selectedFolders })}</span>}
          {ui.rangeCells > 1 && props.canEdit && <span className="its-grid-chip its-grid-chip--soft">{intl.formatMessage(m.cellsSelected, { n: ui.editableCells })}</span>}
          {ui.rangeSummary && <RangeSummaryBar summary={ui.rangeSummary} />}
          {ui.selectedRows + ui.selectedFolders > 0 && (
            <button type="button" className="its-btn--link its-grid-clear" onClick={() => ctrl.api?.deselectAll()}>
              {intl.formatMessage(m.clearSelection)}
            </button>
          )}
        </div>
        {props.footer && <div className="its-grid__footer-fields">{props.footer}</div>}
        <div className="its-grid__count" data-testid="grid-row-count" data-count={ui.rowCount}>
          {ui.loading && ui.total > 0 ? intl.formatMessage(m.loadingRows, { loaded: ui.loaded, total: ui.total }) : intl.formatMessage(m.rowCount, { n: ui.rowCount })}
        </div>
      </div>
      {ui.rejected.length > 0 && (
        <section className="its-grid-rejected" data-testid="grid-rejected" aria-live="polite">
          <header className="its-grid-rejected__head">
            <GridIcon name="warning" size={18} />
            <h3>{intl.formatMessage(m.rejectedTitle, { n: ui.rejectedTotal })}</h3>
            <button type="button" className="its-icon-btn" onClick={() => ctrl.dismissRejected()} aria-label={intl.formatMessage(m.close)} data-testid="grid-rejected-close">
              <GridIcon name="close" size={16} />
            </button>
          </header>
          <div className="its-grid-rejected__scroll">
            <table>
              <thead>
                <tr>
                  <th>{intl.formatMessage(m.rejectedRow)}</th>
                  <th>{intl.formatMessage(m.rejectedColumn)}</th>
                  <th>{intl.formatMessage(m.rejectedValue)}</th>
                  <th>{intl.formatMessage(m.rejectedReason)}</th>
                </tr>
              </thead>
              <tbody>
                {ui.rejected.map((r, i) => (
                  <tr key={i} data-testid="grid-rejected-row">
                    <td>{r.row}</td>
                    <td>{r.column}</td>
                    <td className="its-grid-rejected__value">{r.value}</td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ui.rejectedTotal > ui.rejected.length && <p className="its-grid-rejected__more">{intl.formatMessage(m.rejectedMore, { n: ui.rejectedTotal - ui.rejected.length })}</p>}
          </div>
        </section>
      )}
      <div className="its-grid-sr" role="status" aria-live="polite" aria-atomic="true" data-testid="grid-announcer">
        {ui.announcement.text}
        {ui.announcement.n % 2 === 1 ? '\u00a0' : ''}
      </div>
      {ui.editCells && (
        <EditCellsDialog
          title={props.editCellsTitle}
          columns={ui.editCells.fields.map((f) => ctrl.column(f)).filter((c): c is GridColumn => !!c)}
          header={(c) => ctrl.header(c)}
          initial={ui.editCells.initial}
          rows={ui.editCells.rows}
          onApply={(values) => ctrl.applyEditCells(values)}
          onCancel={() => ctrl.closeEditCells()}
        />
      )}
      {ui.menu && <ContextMenu x={ui.menu.x} y={ui.menu.y} items={menuItems()} onClose={() => ctrl.closeMenu()} />}
      {ui.columnMenu && (
        <ContextMenu
          x={ui.columnMenu.x}
          y={ui.columnMenu.y}
          items={columnMenuItems(ui.columnMenu.field)}
          onClose={closeColumnMenu}
          testId="grid-column-menu"
          label={intl.formatMessage(m.columnMenu, { header: ctrl.column(ui.columnMenu.field) ? ctrl.header(ctrl.column(ui.columnMenu.field)!) : ui.columnMenu.field })}
        />
      )}
      {ui.filterEditor && editorCol && (
        <FilterEditor
          key={editorCol.field}
          col={editorCol}
          header={ctrl.header(editorCol)}
          ops={opsOf(ctrl, editorCol)}
          current={ui.columnFilters.find((f) => f.field === editorCol.field)}
          x={ui.filterEditor.x}
          y={ui.filterEditor.y}
          onApply={(f) => ctrl.setColumnCondition(editorCol.field, f)}
          onClose={() => ctrl.closeHeaderPopups()}
        />
      )}
    </div>
  );
}

/**
 * A kit column definition with the page's extras laid over (classes and class rules added). A
 * page's width, hidden flag and pin are starting values (ag-grid's initial*): ag-grid applies the
 * plain ones again on every new set of definitions, undoing what the user changed since.
 */
export function withColumnExtras(def: ColDef<GridData>, extra: Partial<ColDef> | undefined): ColDef<GridData> {
  if (!extra) return def;
  const { width, hide, pinned, ...rest } = extra;
  const out: ColDef<GridData> = { ...def, ...(rest as Partial<ColDef<GridData>>) };
  if (width !== undefined) out.initialWidth = width;
  if (hide !== undefined) out.initialHide = !!hide;
  if (pinned != null) out.initialPinned = pinned;
  if (def.cellClass && extra.cellClass) {
    const list = (c: unknown): string[] => (typeof c === 'string' ? [c] : Array.isArray(c) ? (c as string[]) : []);
    if (typeof def.cellClass === 'function' || typeof extra.cellClass === 'function') out.cellClass = extra.cellClass as ColDef<GridData>['cellClass'];
    else out.cellClass = [...list(def.cellClass), ...list(extra.cellClass)];
  }
  if (extra.cellClassRules) out.cellClassRules = { ...def.cellClassRules, ...(extra.cellClassRules as ColDef<GridData>['cellClassRules']) };
  return out;
}

/** The grid, with the kit's own texts layered over the page's. */
export function DataGrid(props: DataGridProps) {
  return (
    <ModuleMessages load={loadGridMessages}>
      <GridView {...props} />
    </ModuleMessages>
  );
}
