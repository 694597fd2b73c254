/** The assortment list's columns: the grid kit schema and the cells laid over it. */
import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { type ColumnExtras, type GridColumn, type GridSchema } from '@its/grid';
import { ProductIcon } from '@its/remote-products/api';
import { managePath, type Label, type View } from '../api';
import { msg } from '../messages';
import type { TreeRow } from './tree';

export interface ListActions {
  toggle: (row: TreeRow) => void;
  star: (row: TreeRow) => void;
  canStar: (row: TreeRow) => boolean;
}

type Props = CustomCellRendererProps & { actions: RefObject<ListActions> };

const rowOf = (p: CustomCellRendererProps): TreeRow | null => {
  const d = p.data as (TreeRow & { __group?: unknown }) | undefined;
  return d && !d.__group ? d : null;
};

export function TitleCell(props: Props) {
  const intl = useIntl();
  const row = rowOf(props);
  if (!row) return null;
  const folder = row.type === 'folder';
  const empty = folder && row.childCount === 0;
  return (
    <span className="am-title" style={{ paddingLeft: row.depth * 22 }} data-testid="list-title" data-id={row._id} data-type={row.type}>
      {folder ? (
        <button
          type="button"
          className={`am-title__toggle${row.expanded ? ' is-open' : ''}${empty ? ' is-empty' : ''}`}
          onMouseDown={(e) => e.stopPropagation()}
          onClick={(e) => {
            e.stopPropagation();
            props.actions.current?.toggle(row);
          }}
          aria-expanded={row.expanded}
          aria-label={intl.formatMessage(
            row.expanded ? { id: 'assortments.list.contract', defaultMessage: 'Contract {title}' } : { id: 'assortments.list.expand', defaultMessage: 'Expand {title}' },
            { title: row.title },
          )}
          data-testid="folder-toggle"
        >
          <ProductIcon name="chevronRight" size={15} />
        </button>
      ) : (
        <span className="am-title__spacer" />
      )}
      <span className={`am-title__icon am-title__icon--${folder ? 'folder' : row.method}`}>
        <ProductIcon name={folder ? 'folder' : row.method === 'dynamic' ? 'dynamic' : 'list'} size={16} />
      </span>
      {folder ? (
        <span className="am-title__text">{row.title}</span>
      ) : (
        <Link className="am-title__text am-title__link" to={managePath(row._id)} onMouseDown={(e) => e.stopPropagation()} data-testid="open-assortment">
          {row.title}
        </Link>
      )}
      {folder && row.childCount !== null && <span className="am-title__count">{row.childCount}</span>}
    </span>
  );
}

export function StarCell(props: Props) {
  const intl = useIntl();
  const row = rowOf(props);
  if (!row) return null;
  const can = props.actions.current?.canStar(row) ?? false;
  return (
    <button
      type="button"
      className={`am-star${row.starred ? ' is-on' : ''}`}
      disabled={!can}
      onMouseDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        props.actions.current?.star(row);
      }}
      aria-pressed={row.starred}
      aria-label={intl.formatMessage(row.starred ? { id: 'assortments.star.remove', defaultMessage: 'Remove star' } : { id: 'assortments.star.add', defaultMessage: 'Add star' })}
      data-testid="star-toggle"
    >
      <ProductIcon name="star" size={17} filled={row.starred} />
    </button>
  );
}

export function LabelChips({ labels, max = 3 }: { labels: Label[]; max?: number }) {
  if (!labels?.length) return null;
  const shown = labels.slice(0, max);
  return (
    <span className="am-labels">
      {shown.map((l) => (
        <span key={l.name} className="am-label" style={{ ['--label' as string]: l.color }} title={l.name}>
          <span className="am-label__dot" />
          {l.name}
        </span>
      ))}
      {labels.length > max && <span className="am-label am-label--more">+{labels.length - max}</span>}
    </span>
  );
}

export function LabelsCell(props: CustomCellRendererProps) {
  const row = rowOf(props);
  return row ? <LabelChips labels={row.labels ?? []} /> : null;
}

export function MethodCell(props: CustomCellRendererProps) {
  const intl = useIntl();
  const row = rowOf(props);
  if (!row) return null;
  if (row.type === 'folder') return <span className="am-badge am-badge--folder">{intl.formatMessage(msg.folder)}</span>;
  return <span className={`am-badge am-badge--${row.method}`}>{intl.formatMessage(row.method === 'dynamic' ? msg.dynamic : msg.static)}</span>;
}

interface Col {
  field: string;
  type?: GridColumn['type'];
  width?: number;
  editable?: boolean;
  hide?: boolean;
}

/**
 * The list grid's schema: titles of assortments are edited in place (folders are not editable).
 * The folder column shows where each entry is when the list leaves the folders (every view but
 * all and archived, and search results). The server sorts and filters (labels and folders are
 * neither).
 */
export function listSchema(view: View, searching = false): GridSchema {
  const cols: Col[] = [
    { field: 'title', width: 360, editable: true },
    { field: 'starred', type: 'boolean', width: 64 },
    { field: 'method', width: 118 },
    { field: 'labelText', width: 300 },
    { field: 'subTitle', width: 190 },
    { field: 'channel', width: 104 },
    { field: 'region', width: 116 },
    { field: 'season', width: 84 },
    { field: 'year', type: 'integer', width: 76 },
    { field: 'productType', width: 116 },
    { field: 'locationId', width: 92 },
    { field: 'productCount', type: 'integer', width: 100 },
    { field: view === 'scheduled' ? 'scheduledDate' : 'modifiedDate', type: 'datetime', width: 160 },
  ];
  if (searching || view === 'quick-access' || view === 'recent' || view === 'starred' || view === 'scheduled') cols.splice(1, 0, { field: 'path', width: 170 });
  const computed = (field: string) => field === 'labelText' || field === 'path';
  return {
    grid: 'assortments.list',
    idField: 'id',
    versionField: 'version',
    pageSize: 100,
    maxLimit: 500,
    maxBatch: 100,
    folderField: 'type',
    columns: cols.map((c) => ({
      field: c.field,
      headerName: c.field,
      type: c.type ?? 'text',
      editable: !!c.editable,
      editableWhen: c.editable ? 'always' : undefined,
      validators: c.editable ? ['nonClearable'] : [],
      sortable: !computed(c.field),
      filterable: !computed(c.field),
      width: c.width,
      hide: c.hide,
    })),
    messages: {},
  };
}

/** The cells over the kit's columns (stable: made once per page). */
export function listExtras(actions: RefObject<ListActions>): ColumnExtras {
  return {
    title: { cellRenderer: TitleCell, cellRendererParams: { actions }, cellClass: 'am-title-cell', pinned: 'left' },
    starred: { cellRenderer: StarCell, cellRendererParams: { actions }, cellClass: 'am-star-cell' },
    labelText: { cellRenderer: LabelsCell },
    method: { cellRenderer: MethodCell },
  };
}
