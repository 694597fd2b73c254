/**
 * DataGrid: the spreadsheet-style grid every ITS module uses, on ag-grid Community. The page
 * gives it the server's column schema and endpoints; the grid loads the rows (NDJSON stream),
 * edits them under the schema's cell rules, saves them in batches, and offers range selection,
 * copy/paste with Excel, undo/redo, grouping, the context menu and the Excel export. The
 * controller (controller.ts, by feature in features/) does the work; this component renders
 * ag-grid, the toolbar (toolbar/), the menus (menus.ts) and the panels, wired by hooks (hooks/).
 */
import { useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { AgGridReact } from 'ag-grid-react';
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
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type IRowNode,
  type Module,
} from 'ag-grid-community';
import { EmptyState, ModuleMessages, Spinner, useStore } from '@its/kit';
import { EditCellsDialog } from './EditCellsDialog';
import { FilterEditor, opsOf } from './ColumnHeader';
import { FilterChips } from './filter/FilterChips';
import { ContextMenu } from './ContextMenu';
import { GridController, type GridData } from './controller';
import { isGroupRow, type GroupRow } from './grouping';
import { isPlaceholder } from './blocks/pagedRows';
import { useProtocolSource } from './blocks/protocolSource';
import { RangeSummaryBar } from './summary/RangeSummaryBar';
import { GridFooter } from './summary/GridFooter';
import { GroupHeader, groupText } from './GroupHeader';
import { RejectedPanel } from './RejectedPanel';
import { PresenceOutlines } from './Presence';
import { GridToolbar } from './toolbar/GridToolbar';
import { columnMenuItems, contextMenuItems } from './menus';
import { useClipboardActions, useClipboardEvents } from './hooks/useClipboardEvents';
import { useRangePointer } from './hooks/useRangePointer';
import { useGridHandle } from './hooks/useGridHandle';
import { useGridLifecycle } from './hooks/useGridLifecycle';
import { useColumnDefs } from './hooks/useColumnDefs';
import { gridKeyDown } from './hooks/keys';
import { loadGridMessages, m } from './messages';
import type { DataGridHandle, DataGridProps } from './props';
import type { GridColumn } from './types';
import './grid.css';
import './blocks/blocks.css';
import './summary/summary.css';

export type { ColumnExtras, DataGridHandle, DataGridProps, GroupOption } from './props';
export { groupText } from './GroupHeader';
export { withColumnExtras } from './hooks/useColumnDefs';
export { EditActions, type EditActionsProps } from './toolbar/EditActions';

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


function GridView(props: DataGridProps) {
  const intl = useIntl();
  const [ctrl] = useState(() => new GridController());
  const ui = useStore(ctrl.ui);
  const wrapper = useRef<HTMLDivElement>(null);
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
      onFocusCell: props.onFocusCell,
      onSelectionChange: props.onSelectionChange,
      onRowsDeleted: props.onRowsDeleted,
    },
    intl,
  );

  const presenceScope = useId();
  const handle = useGridHandle(ctrl);
  handleRef.current = handle;
  useImperativeHandle(props.handle, () => handle, [handle]);

  const life = useGridLifecycle(ctrl, props.groupBy, filters);
  useClipboardEvents(ctrl, wrapper);
  const pointer = useRangePointer(ctrl, wrapper);
  const clip = useClipboardActions(ctrl);

  const paged = !!source?.blocks;
  const columnDefs = useColumnDefs(ctrl, wrapper, {
    schema: props.schema,
    canEdit: !!props.canEdit,
    autocomplete: props.autocomplete,
    columnExtras: props.columnExtras,
    headerName,
    paged,
    locale: intl.locale,
  });

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
      rowSelection: {
        mode: 'multiRow' as const,
        checkboxes: (p: { data?: GridData }) => !isGroupRow(p.data) && !isPlaceholder(p.data),
        headerCheckbox: true,
        enableClickSelection: false,
        isRowSelectable: (n: IRowNode<GridData>) => !isGroupRow(n.data) && !isPlaceholder(n.data),
      },
      rowClassRules: {
        'its-grid-row--new': (p: { data?: GridData }) => !!p.data && (p.data as Record<string, unknown>).__new === true,
        'its-grid-row--placeholder': (p: { data?: GridData }) => isPlaceholder(p.data),
      },
    }),
    [ctrl],
  );

  /**
   * The user chose a sort, by a header or from the column menu: the page hears it and a source that
   * sorts on the server reads again. (ag-grid calls the menu's sort the api's, like a restored
   * layout's or a view's, which onSortChanged leaves alone.)
   */
  const userSorted = () => {
    props.onSortChange?.(ctrl.currentSort());
    if (source?.sortOnServer) void ctrl.load();
  };

  const closeColumnMenu = () => {
    const field = ui.columnMenu?.field;
    ctrl.closeHeaderPopups();
    if (field && ctrl.api?.getColumn(field)?.isVisible()) ctrl.api.setFocusedHeader(field);
  };

  const editorCol = ui.filterEditor ? ctrl.column(ui.filterEditor.field) : undefined;
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
  const showEmpty = !ui.loading && !ui.loadError && ui.rowCount === 0;
  const groupOptions = props.groupOptions ?? [];

  return (
    <div className={`its-grid${props.siteUpdating ? ' is-blocked' : ''}`} data-testid={props.testId ?? 'data-grid'} data-grid={props.schema.grid} data-loading={ui.loading || undefined}>
      <GridToolbar
        ctrl={ctrl}
        ui={ui}
        handle={handle}
        start={props.toolbar}
        canEdit={props.canEdit}
        layoutKey={props.layoutKey}
        viewFilters={props.viewFilters}
        onSortChange={props.onSortChange}
        groupOptions={groupOptions}
        endpoints={props.endpoints}
      />
      <FilterChips ctrl={ctrl} />
      {props.siteUpdating && (
        <div className="its-grid__blocked" role="status" data-testid="grid-site-updating">
          <Spinner size={14} />
          {intl.formatMessage(m.siteUpdating)}
        </div>
      )}
      {ui.liveHeld > 0 && (
        <button type="button" className="its-grid__live-new" data-testid="grid-live-new" onClick={() => ctrl.showHeldRows()}>
          {intl.formatMessage(m.liveNewRows, { n: ui.liveHeld })}
        </button>
      )}
      <div className="its-grid__body" ref={wrapper} data-presence={presenceScope} onKeyDown={(e) => gridKeyDown(ctrl, e, !!props.canEdit)}>
        {props.presence && <PresenceOutlines scope={presenceScope} others={props.presence} />}
        <AgGridReact<GridData>
          modules={MODULES}
          theme={gridTheme}
          columnDefs={columnDefs}
          defaultColDef={stable.defaultColDef}
          getRowId={stable.getRowId}
          rowSelection={stable.rowSelection}
          selectionColumnDef={stable.selectionColumnDef}
          rowClassRules={stable.rowClassRules}
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
            life.loadedKey.current = life.filterKey;
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
            ctrl.onCellFocused(e.rowIndex, colId, pointer.extending.current);
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
            const kept = pointer.menuRange.current;
            pointer.menuRange.current = null;
            if (kept) ctrl.setRange(kept);
            const rect = ctrl.getRect();
            if (pos && (!rect || pos.row < rect.top || pos.row > rect.bottom || pos.col < rect.left || pos.col > rect.right)) ctrl.setRange({ anchor: pos, focus: pos });
            ctrl.openMenu(ev.clientX, ev.clientY, e.data.id, colId);
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
      <RejectedPanel ctrl={ctrl} ui={ui} />
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
      {ui.menu && <ContextMenu x={ui.menu.x} y={ui.menu.y} items={contextMenuItems({ intl, ctrl, ui, schema: props.schema, endpoints: props.endpoints, canEdit: props.canEdit, copy: clip.copy, paste: clip.paste, onNewFolder: props.onNewFolder, menuItems: props.menuItems })} onClose={() => ctrl.closeMenu()} />}
      {ui.columnMenu && (
        <ContextMenu
          x={ui.columnMenu.x}
          y={ui.columnMenu.y}
          items={columnMenuItems({ intl, ctrl, ui, schema: props.schema, groupOptions, userSorted }, ui.columnMenu.field)}
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

/** The grid, with the kit's own texts layered over the page's. */
export function DataGrid(props: DataGridProps) {
  return (
    <ModuleMessages load={loadGridMessages}>
      <GridView {...props} />
    </ModuleMessages>
  );
}
