/**
 * A grid's row comments: the context menu's Comments entry and the Comments column
 * (hidden until the user adds it) with each row's open comments, both opening the row's thread
 * in the side panel. A live event naming the column's field (a colleague's comment, resolve or
 * delete) reads the counts and the open thread again: pass `live` to useLiveRows.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { constants, useSidePanel } from '@its/kit';
import type { ColumnExtras } from '../../props';
import type { MenuItem } from '../../ContextMenu';
import type { GridColumn, GridRow } from '../../types';
import type { LiveListener } from '../../hooks/usePresence';
import { commentCounts, commentsKey, countsKey } from './api';
import { CommentsPanel } from './CommentsPanel';
import { cm } from './messages';

/** The Comments column's field (no row carries it: the cell reads the counts); core/grid/grid.yaml's commentsField, the server's comments.Field. */
export const COMMENTS_FIELD = constants.grid.commentsField;

/** The Comments column, hidden by default; not sorted, filtered, edited or exported. */
export function commentsColumn(headerName: string): GridColumn {
  return { field: COMMENTS_FIELD, headerName, type: 'text', editable: false, validators: [], sortable: false, filterable: false, hide: true, width: 120 };
}

type Open = { current: (rowId: string) => void };

function CommentsCell(props: CustomCellRendererProps & { base: string; open: Open }) {
  const intl = useIntl();
  const row = props.data as GridRow | undefined;
  const counts = useQuery({ queryKey: countsKey(props.base), queryFn: ({ signal }) => commentCounts(props.base, signal), staleTime: 15_000 });
  const id = row && !row.__group ? String(row.id ?? '') : '';
  const n = id ? (counts.data?.[id] ?? 0) : 0;
  if (!n) return null;
  return (
    <button type="button" className="its-comments-cell" onClick={() => props.open.current(id)} aria-label={intl.formatMessage(cm.cellLabel, { n })} data-testid="comments-cell">
      {n}
    </button>
  );
}

/** The menu entry, the column and its cell for the grid whose comments are at `base` (under /api). */
export function useRowComments(base: string, rowLabel: (rowId: string) => string) {
  const intl = useIntl();
  const [rowId, setRowId] = useState('');
  const label = rowId ? rowLabel(rowId) : '';
  const panel = useSidePanel(
    () => (rowId ? { title: intl.formatMessage(cm.title, { row: label }), content: <CommentsPanel key={`${base}/${rowId}`} base={base} rowId={rowId} /> } : null),
    [base, rowId, label, intl],
  );
  const show = useRef(panel.show);
  show.current = panel.show;
  const open = useRef((id: string) => {
    setRowId(id);
    show.current();
  });
  const extras = useMemo<ColumnExtras>(() => ({ [COMMENTS_FIELD]: { cellRenderer: CommentsCell, cellRendererParams: { base, open }, cellDataType: false } }), [base]);
  const menuItem = (row: GridRow): MenuItem => ({ id: 'comments', label: intl.formatMessage(cm.menu), onSelect: () => open.current(String(row.id)) });
  const client = useQueryClient();
  const onRows = useCallback(
    (ev: { fields: string[] }) => {
      if (ev.fields.includes(COMMENTS_FIELD)) void client.invalidateQueries({ queryKey: commentsKey(base) });
    },
    [client, base],
  );
  const live = useMemo<LiveListener>(() => ({ onRows }), [onRows]);
  return { extras, menuItem, columnName: intl.formatMessage(cm.column), live };
}
