/**
 * What the manage pages lay over the grid kit's columns: the thumbnail, the name (the file name
 * while it is empty), the status as a coloured pill, file sizes and dates in the user's format,
 * and the cells a publication still needs (striped on Pending, red after a refusal).
 */
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { CellClassParams, ColDef } from 'ag-grid-community';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import type { ColumnExtras, GridColumn, GridRow } from '@its/grid';
import { thumbnailUrl } from '../api/assets';
import type { AssetStatus, LibrarySchema, LibraryType } from '../api/types';
import { formatBytes } from '../format';
import { fieldTitles, neededFields, statusTitles } from '../libraries';
import { extOf } from '../ui/FileThumb';

type RowProps = CustomCellRendererProps<GridRow>;

function ThumbCell(p: RowProps & { libraryType: LibraryType; onOpen: (row: GridRow) => void }) {
  const intl = useIntl();
  const row = p.data;
  if (!row || !('id' in row)) return null;
  const fileId = typeof p.value === 'string' ? p.value : '';
  const file = typeof row.file === 'string' ? row.file : '';
  const ext = extOf(file) || '?';
  // The button's name says what it opens: the picture's text alternative, or the extension shown with it.
  const label = intl.formatMessage({ id: 'libraries.manage.openPreview', defaultMessage: 'Preview of {name}' }, { name: (typeof row.name === 'string' && row.name) || file });
  return (
    <button type="button" className="lib-grid-thumb" onClick={() => p.onOpen(row)} data-testid="grid-thumb" tabIndex={-1}>
      {fileId ? (
        <img src={thumbnailUrl(p.libraryType, fileId)} alt={label} loading="lazy" decoding="async" />
      ) : (
        <span className="lib-grid-thumb__ext" title={label}>
          {ext}
        </span>
      )}
    </button>
  );
}

function NameCell(p: RowProps) {
  if (!p.data) return null;
  const name = typeof p.value === 'string' ? p.value : '';
  return <span className="lib-grid-name">{name || <em className="lib-muted">{String(p.data.file ?? '')}</em>}</span>;
}

function StatusCell(p: RowProps) {
  const intl = useIntl();
  const v = p.value as AssetStatus | null | undefined;
  if (!v || !statusTitles[v]) return null;
  return <span className={`lib-status lib-status--${v}`}>{intl.formatMessage(statusTitles[v])}</span>;
}

/** The column header in the user's language; fields needed to publish carry a '*'. */
export function headerOf(intl: IntlShape, schema: LibrarySchema, col: GridColumn): string {
  const title = fieldTitle(intl, col);
  return (schema.publishFields as string[]).includes(col.field) ? `${title} *` : title;
}

/** A column's name in the user's language, without the header's publish mark. */
export function fieldTitle(intl: IntlShape, col: GridColumn): string {
  const d = (fieldTitles as Record<string, MessageDescriptor | undefined>)[col.field];
  return d ? intl.formatMessage(d) : col.headerName;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';

export interface ExtrasOptions {
  intl: IntlShape;
  schema: LibrarySchema;
  status: AssetStatus;
  /** Whether the server refused to publish the row for lack of this field (read at render). */
  isMissing: (rowId: string, field: string) => boolean;
  onOpen: (row: GridRow) => void;
}

export function manageColumnExtras(o: ExtrasOptions): ColumnExtras {
  const lt = o.schema.libraryType;
  const needs = (row: GridRow) => neededFields({ libraryType: lt, assetType: typeof row.assetType === 'string' ? row.assetType : undefined }) as string[];
  const flagRules = (field: string): ColDef['cellClassRules'] => ({
    'lib-cell--missing': (p: CellClassParams<GridRow>) => !!p.data?.id && o.isMissing(p.data.id, field),
    // On Pending, what publishing will still need shows before anyone tries.
    'lib-cell--needed': (p: CellClassParams<GridRow>) => o.status === 'Pending' && !!p.data?.id && needs(p.data).includes(field) && empty(p.value),
  });
  const out: ColumnExtras = {};
  for (const col of o.schema.columns) {
    if (col.editable || col.field === 'file') out[col.field] = { cellClassRules: flagRules(col.field) };
  }
  out.thumbnail = {
    width: 60,
    minWidth: 60,
    maxWidth: 60,
    pinned: 'left',
    sortable: false,
    resizable: false,
    headerName: '',
    headerTooltip: o.intl.formatMessage({ id: 'libraries.manage.thumbnail', defaultMessage: 'Preview picture' }),
    cellClass: 'lib-grid-thumb-cell',
    cellRenderer: ThumbCell,
    cellRendererParams: { libraryType: lt, onOpen: o.onOpen },
  };
  out.name = { ...out.name, pinned: 'left', cellRenderer: NameCell };
  out.status = { ...out.status, pinned: 'right', cellRenderer: StatusCell };
  out.fileSize = { valueFormatter: (p) => (typeof p.value === 'number' ? formatBytes(p.value, o.intl.locale) : '') };
  out.modifiedDate = {
    valueFormatter: (p) => (p.value ? o.intl.formatDate(String(p.value), { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }) : ''),
  };
  out.file = { ...out.file, cellClass: 'lib-grid-muted' };
  return out;
}
