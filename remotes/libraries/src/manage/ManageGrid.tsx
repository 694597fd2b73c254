/**
 * The manage grid (ag-grid Community): one row per item of a status, its metadata edited in
 * place (sent in batches, undo with Ctrl+Z), its status changed through a confirmation while
 * the cell keeps its old value, and the fields a refused publication misses marked in red.
 */
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { AgGridReact, type CustomCellEditorProps, type CustomCellRendererProps } from 'ag-grid-react';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type CellValueChangedEvent,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type SelectionChangedEvent,
} from 'ag-grid-community';
import type { Asset, AssetField, AssetStatus, LibraryType } from '../api/types';
import { formatBytes } from '../format';
import { DATE_FIELD_SET, EDIT_FIELDS, REQUIRED_FIELDS, STATUS_ORDER, fieldTitles, neededFields, statusTitles } from '../libraries';
import { FileThumb, primaryFile } from '../ui/FileThumb';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The event source of values the page puts back itself (not edits). */
const RESTORE = 'libRestore';

/** The grid in the ITS look (kit tokens). */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  accentColor: '#2455e4',
  foregroundColor: '#161c2b',
  borderColor: '#e1e4ea',
  headerBackgroundColor: '#f8f9fb',
  headerTextColor: '#525c70',
  headerFontWeight: 600,
  rowHoverColor: '#f3f6fd',
  selectedRowBackgroundColor: '#eaf0ff',
  wrapperBorderRadius: 10,
  rowHeight: 48,
  headerHeight: 42,
  spacing: 6,
});

export interface ManageGridHandle {
  api: () => GridApi<Asset> | null;
  /** Puts values back (a failed save, a declined status change). */
  restore: (id: string, values: Record<string, string | null>) => void;
  /** Replaces rows with the server's answer. */
  update: (assets: Asset[]) => void;
  /** Drops rows that moved to another status. */
  removeRows: (ids: string[]) => void;
}

export interface ManageGridProps {
  libraryType: LibraryType;
  status: AssetStatus;
  rows: Asset[];
  suggestions: Partial<Record<AssetField, string[]>>;
  missing: Record<string, string[]>;
  onEdit: (row: Asset, field: AssetField, value: string | null, oldValue: string | null) => void;
  onStatus: (row: Asset, status: AssetStatus) => void;
  onSelection: (rows: Asset[]) => void;
  onOpen: (row: Asset) => void;
  loading?: boolean;
}

function ThumbCell(p: CustomCellRendererProps<Asset>) {
  if (!p.data) return null;
  return (
    <span className="lib-grid-thumb">
      <FileThumb asset={p.data} size="row" alt="" />
    </span>
  );
}

/** A text editor offering the values the library already uses. */
function SuggestEditor(p: CustomCellEditorProps<Asset, string> & { options?: string[] }) {
  const ref = useRef<HTMLInputElement>(null);
  const id = useMemo(() => `lib-sugg-${Math.random().toString(36).slice(2)}`, []);
  useEffect(() => {
    ref.current?.focus();
    if (p.eventKey && p.eventKey.length === 1) {
      p.onValueChange(p.eventKey);
    } else ref.current?.select();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <input ref={ref} className="lib-grid-editor" value={p.value ?? ''} list={p.options?.length ? id : undefined} onChange={(e) => p.onValueChange(e.target.value)} data-testid="cell-editor" />
      {p.options && p.options.length > 0 && (
        <datalist id={id}>
          {p.options.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      )}
    </>
  );
}

function StatusCell(p: CustomCellRendererProps<Asset, AssetStatus>) {
  const intl = useIntl();
  if (!p.value) return null;
  return <span className={`lib-status lib-status--${p.value}`}>{intl.formatMessage(statusTitles[p.value])}</span>;
}

function NameCell(p: CustomCellRendererProps<Asset, string>) {
  if (!p.data) return null;
  return <span className="lib-grid-name">{p.value || <em className="lib-muted">{primaryFile(p.data)?.filename}</em>}</span>;
}

export const ManageGrid = forwardRef<ManageGridHandle, ManageGridProps>(function ManageGrid(props, ref) {
  const intl = useIntl();
  const grid = useRef<AgGridReact<Asset>>(null);
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);

  useImperativeHandle(ref, () => ({
    api: () => grid.current?.api ?? null,
    restore: (id, values) => {
      const node = grid.current?.api?.getRowNode(id);
      if (!node) return;
      for (const [f, v] of Object.entries(values)) node.setDataValue(f, v ?? '', RESTORE);
    },
    update: (assets) => {
      const api = grid.current?.api;
      if (!api) return;
      const present = assets.filter((a) => api.getRowNode(a._id));
      api.applyTransaction({ update: present });
    },
    removeRows: (ids) => {
      const api = grid.current?.api;
      if (!api) return;
      api.applyTransaction({ remove: ids.map((id) => ({ _id: id }) as Asset) });
    },
  }));

  // Missing fields are marked after a refused publication.
  useEffect(() => {
    if (ready) grid.current?.api?.refreshCells({ force: true });
  }, [props.missing, ready]);

  const required = REQUIRED_FIELDS[props.libraryType];
  const columnDefs = useMemo<ColDef<Asset>[]>(() => {
    const fieldCols: ColDef<Asset>[] = EDIT_FIELDS[props.libraryType].map((f) => {
      const isDate = DATE_FIELD_SET.has(f);
      const title = intl.formatMessage(fieldTitles[f]);
      return {
        field: f,
        colId: f,
        headerName: required.includes(f) ? `${title} *` : title,
        headerTooltip: required.includes(f) ? intl.formatMessage({ id: 'libraries.manage.requiredHint', defaultMessage: 'Needed to publish' }) : undefined,
        editable: true,
        minWidth: f === 'name' ? 260 : isDate ? 140 : 130,
        flex: f === 'name' ? 2 : 1,
        pinned: f === 'name' ? 'left' : undefined,
        cellEditor: isDate ? 'agDateStringCellEditor' : SuggestEditor,
        cellEditorParams: isDate ? undefined : { options: props.suggestions[f] ?? [] },
        cellRenderer: f === 'name' ? NameCell : undefined,
        cellClassRules: {
          'lib-cell--missing': (p) => !!p.data && (latest.current.missing[p.data._id] ?? []).includes(f),
          // On Pending, what publishing will still need shows before anyone tries.
          'lib-cell--needed': (p) => latest.current.status === 'Pending' && !!p.data && neededFields(p.data).includes(f) && !p.data[f],
        },
        valueGetter: (p) => (p.data?.[f] as string | null | undefined) ?? '',
        valueSetter: (p) => {
          const v = p.newValue == null ? '' : String(p.newValue);
          if (!p.data || (p.data[f] ?? '') === v) return false;
          (p.data as Record<string, unknown>)[f] = isDate && v === '' ? null : v;
          return true;
        },
      };
    });
    return [
      { colId: 'thumb', headerName: '', width: 64, minWidth: 64, maxWidth: 64, pinned: 'left', sortable: false, resizable: false, cellRenderer: ThumbCell, cellClass: 'lib-grid-thumb-cell' },
      ...fieldCols,
      {
        field: 'status',
        colId: 'status',
        headerName: intl.formatMessage(fieldTitles.status),
        editable: true,
        width: 150,
        pinned: 'right',
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: STATUS_ORDER },
        cellRenderer: StatusCell,
        refData: Object.fromEntries(STATUS_ORDER.map((s) => [s, intl.formatMessage(statusTitles[s])])),
      },
      {
        colId: 'file',
        headerName: intl.formatMessage(fieldTitles.file),
        minWidth: 200,
        flex: 1,
        editable: false,
        valueGetter: (p) => (p.data ? primaryFile(p.data)?.filename ?? '' : ''),
        cellClass: 'lib-grid-muted',
      },
      {
        colId: 'fileSize',
        headerName: intl.formatMessage(fieldTitles.fileSize),
        width: 120,
        type: 'rightAligned',
        editable: false,
        valueGetter: (p) => (p.data ? p.data.files.reduce((n, f) => n + f.fileSize, 0) : 0),
        valueFormatter: (p) => formatBytes(Number(p.value) || 0, intl.locale),
        cellClass: 'lib-grid-muted',
      },
      {
        field: 'modifiedDate',
        colId: 'modifiedDate',
        headerName: intl.formatMessage(fieldTitles.modifiedDate),
        width: 150,
        editable: false,
        sort: 'desc',
        valueFormatter: (p) => (p.value ? intl.formatDate(p.value as string, { day: 'numeric', month: 'short', year: 'numeric' }) : ''),
        cellClass: 'lib-grid-muted',
      },
    ];
  }, [props.libraryType, props.suggestions, intl, required]);

  const onCellValueChanged = (e: CellValueChangedEvent<Asset>) => {
    // Values put back by the page itself are not edits.
    if (e.source === RESTORE || !e.data) return;
    const field = e.colDef.field as AssetField | 'status' | undefined;
    if (!field) return;
    const oldValue = e.oldValue == null ? null : String(e.oldValue);
    const value = e.newValue == null ? '' : String(e.newValue).trim();
    if (field === 'status') {
      // The cell keeps the old status until the change is confirmed and saved.
      e.api.stopEditing(true);
      e.node.setDataValue('status', oldValue, RESTORE);
      if (e.source !== 'edit' && e.source !== 'paste') return;
      if (value && value !== oldValue) latest.current.onStatus(e.data, value as AssetStatus);
      return;
    }
    latest.current.onEdit(e.data, field, DATE_FIELD_SET.has(field) && value === '' ? null : value, oldValue);
    // What the row still needs can change with any field (a Marketing Image needs dates).
    e.api.refreshCells({ rowNodes: [e.node], force: true });
  };

  return (
    <div className="lib-grid-host" data-testid="manage-grid">
      <AgGridReact<Asset>
        ref={grid}
        theme={gridTheme}
        rowData={props.rows}
        loading={props.loading}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: true, resizable: true, suppressHeaderMenuButton: true }}
        getRowId={(p: GetRowIdParams<Asset>) => p.data._id}
        rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false }}
        selectionColumnDef={{ pinned: 'left', width: 48, minWidth: 48, maxWidth: 48 }}
        undoRedoCellEditing
        undoRedoCellEditingLimit={50}
        stopEditingWhenCellsLoseFocus
        enterNavigatesVerticallyAfterEdit
        onCellValueChanged={onCellValueChanged}
        onSelectionChanged={(e: SelectionChangedEvent<Asset>) => latest.current.onSelection(e.api.getSelectedRows())}
        onRowDoubleClicked={(e) => {
          if (e.data && (e.event?.target as HTMLElement | undefined)?.closest('.lib-grid-thumb')) latest.current.onOpen(e.data);
        }}
        onGridReady={() => setReady(true)}
        animateRows={false}
        tooltipShowDelay={300}
        overlayNoRowsTemplate={`<span class="lib-grid-empty">${intl.formatMessage({ id: 'libraries.list.empty', defaultMessage: 'No assets available.' })}</span>`}
      />
    </div>
  );
});
