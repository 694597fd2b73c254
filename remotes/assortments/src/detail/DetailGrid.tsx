/**
 * An assortment's products in the grid kit. Static: edited in place under the §5.1 rules (the
 * linked prices recalculated at once, then as the server answers), rows added by style and
 * colour or deleted, grouped by style or not (saved with the assortment). Dynamic: the first
 * 1,000 products of its filters, read-only, sorted on the server (§5.3 sort mapping).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { confirm } from '@its/kit';
import { COMMENTS_FIELD, DataGrid, EditActions, LiveBadge, PresenceAvatars, SizeFilterField, commentsColumn, useLiveRows, usePresence, useRowComments, filteredSize, sizeFilter, sourceExport, type CellValue, type DataGridHandle, type GridColumn, type GridRow, type GridSchema, type GridSource, type MenuItem, type SortKey } from '@its/grid';
import { autocompleteColors, autocompleteStyles, validateProducts } from '@its/remote-products/api';
import { DELETE_MS, PRODUCT_UPDATE_MS, detailExportEndpoints, type Assortment, type Label, type OrgBase } from '../api';
import { fieldLabel, msg } from '../messages';
import { alertsByProduct, rowAlertTexts, useAlertText } from '../alerts';
import { detailExtras, detailSchema } from './columns';
import { isPricingField, provisional, type PricingField } from './pricing';
import { liveTopic, loadRows, readRows, sendBatch, sizeConditions } from './source';
import { staticOrder } from './staticOrder';

export interface DetailGridProps {
  assortment: Assortment;
  serverSchema: GridSchema;
  canEdit: boolean;
  /** A key that changes when the rows must be read again (filters, sort, lock taken). */
  reloadKey: string;
  onAssortment: (a: Assortment) => void;
  /**
   * Someone else changed the assortment's filters or settings (a live reload): read the
   * assortment again; answers whether that changed reloadKey (its rows are read for it, so the
   * live reload does not read them a second time).
   */
  onStale?: () => Promise<boolean>;
  onFocusRow: (row: GridRow | null) => void;
  onShowDetails: (row: GridRow) => void;
  onClearAlerts: (rows: GridRow[]) => void;
  onSort?: (sort: Required<SortKey>[]) => void;
  /** The grouping chosen (saved with the assortment); the saved one is shown. */
  groupBy: string | null;
  onGroupBy?: (field: string | null) => void;
  handle?: (h: DataGridHandle | null) => void;
  /** The org type whose calls read and write the rows (regular by default). */
  org?: OrgBase;
  /** Row fields the org type hides (left out of the columns and the column chooser). */
  hidden?: readonly string[];
  /** The context menu's cell history entries of a row ("Show history" of cell, an editable field, and "Row history"). */
  historyItems?: (row: GridRow, cell: string | null) => MenuItem[];
}

/** Shows the linked prices of edited rows at once (the server's answer replaces them). */
export function showProvisionalPrices(grid: DataGridHandle, rowIds: string[], decimals: number): void {
  const rows: GridRow[] = [];
  for (const id of rowIds) {
    const shown = grid.getRow(id);
    const base = grid.getConfirmedRow(id);
    if (!shown || !base) continue;
    const pending = grid.getPendingChanges(id);
    const edits: Partial<Record<PricingField, unknown>> = {};
    for (const [f, v] of Object.entries(pending)) if (isPricingField(f)) edits[f] = v;
    const next = provisional(base, edits, decimals);
    if (!next) continue;
    const row: GridRow = { ...shown };
    for (const [k, v] of Object.entries(next)) if (!(k in edits)) row[k] = v;
    rows.push(row);
  }
  if (rows.length) grid.showRows(rows);
}


/** The group-by choices of the detail grid: those of the sort page its rows carry (spec §2.6). */
export const DETAIL_GROUP_FIELDS = ['style', 'gender', 'division', 'pillar'];

export function DetailGrid({
  assortment,
  serverSchema,
  canEdit,
  reloadKey,
  onAssortment,
  onStale,
  onFocusRow,
  onShowDetails,
  onClearAlerts,
  onSort,
  groupBy,
  onGroupBy,
  handle,
  org = 'assortments',
  hidden,
  historyItems,
}: DetailGridProps) {
  const intl = useIntl();
  const alertText = useAlertText();
  const dynamic = assortment.method === 'dynamic';
  const labels = useRef<Label[]>(assortment.labels ?? []);
  labels.current = assortment.labels ?? [];
  const labelKey = (assortment.labels ?? []).map((l) => l.name).join('|');
  const hiddenKey = (hidden ?? []).join('|');
  const grid = useRef<DataGridHandle | null>(null);
  const rowLabel = useCallback((rowId: string) => {
    const r = grid.current?.getRow(rowId);
    return r ? [r.style, r.color].filter(Boolean).join(' ') : rowId;
  }, []);
  // Row comments are the assortment manager's (its routes); other org types have none.
  const comments = useRowComments(`/assortments/comments/${encodeURIComponent(assortment._id)}`, rowLabel);
  const commented = org === 'assortments';
  const schema = useMemo(() => {
    const s = detailSchema(serverSchema, labels.current, hidden);
    return commented ? { ...s, columns: [...s.columns, commentsColumn(comments.columnName)] } : s;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels and hidden columns count by their names (labelKey, hiddenKey), not by array identity
  }, [serverSchema, labelKey, hiddenKey, comments.columnName, commented]);
  // Row alerts in the user's language, from the row's own alerts or the assortment's typed ones.
  const byProduct = useMemo(() => alertsByProduct(assortment.alerts), [assortment.alerts]);
  const rowAlerts = useRef((row: Record<string, unknown>) => rowAlertTexts(row, byProduct, alertText));
  rowAlerts.current = (row) => rowAlertTexts(row, byProduct, alertText);
  const extras = useMemo(() => ({ ...detailExtras(intl, labels, rowAlerts), ...comments.extras }), [intl, comments.extras]);
  const headerName = useCallback((c: GridColumn) => fieldLabel(intl, c.field, c.headerName), [intl]);
  const latest = useRef({ assortment, onAssortment, onStale, onSort, onGroupBy });
  latest.current = { assortment, onAssortment, onStale, onSort, onGroupBy };

  const id = assortment._id;
  // The assortment's rows, and (static) its product batches in the assortment's own shape.
  const source = useMemo<GridSource>(
    () => ({
      // The footer's size filter (spec §5.3): the rows stocked in that size, read on the server.
      load: (q, signal, sink) => loadRows(id, dynamic, signal, sink, org, sizeConditions(filteredSize(q.filters?.size))),
      ...(dynamic ? {} : { order: staticOrder }),
      send: dynamic ? undefined : (req, info) => sendBatch(id, req, (rowId) => grid.current?.getRow(rowId), (a) => latest.current.onAssortment(a), org, info),
    }),
    [id, dynamic, org],
  );
  // What others save shows at once (their rows read again as the user may read them), who else
  // has the assortment open with the cell each has selected, and a colleague's comment in the
  // Comments column (its counts read again).
  const readLive = useCallback((ids: string[], signal: AbortSignal) => readRows(id, ids, signal, org), [id, org]);
  const topic = liveTopic(id, org);
  const presence = usePresence(topic);
  // A dynamic assortment's filters or settings changed by someone else: the assortment is read
  // again (its filter bar, title and count) and its rows once: by the new reloadKey when its
  // filters changed, else by useLiveRows.
  const listener = useMemo(
    () => ({ ...presence.listener, ...(commented ? comments.live : {}), onReload: () => latest.current.onStale?.() ?? false }),
    [commented, presence.listener, comments.live],
  );
  const live = useLiveRows(topic, () => grid.current, readLive, listener);
  const presenceField = useCallback((f: string) => fieldLabel(intl, f), [intl]);
  // The export menu: the rows are computed on the server as the grid shows them, the column
  // menu's and the filter builder's conditions go as the tree; an image is not a cell value.
  const exportEndpoints = useMemo(() => detailExportEndpoints(org, id), [org, id]);
  const exportRequest = useMemo(() => sourceExport({ skip: (f) => f === 'thumbnail' || f === COMMENTS_FIELD }), []);
  const afterCells = useCallback((ids: string[], g: DataGridHandle) => showProvisionalPrices(g, ids, latest.current.assortment.decimalsPlaces ?? 2), []);
  const onSortChange = useCallback((sort: Required<SortKey>[]) => latest.current.onSort?.(sort), []);
  const onGroupingChange = useCallback((g: string[]) => latest.current.onGroupBy?.(g[0] ?? null), []);
  const shownGrouping = useMemo(() => (groupBy ? [groupBy] : []), [groupBy]);

  const ac = useMemo(
    () => ({
      fields: ['style', 'color'],
      fetch: async (field: string, text: string, signal: AbortSignal) => {
        if (field === 'style') return (await autocompleteStyles(text, signal)).map((s) => s.style);
        const row = grid.current?.focusedRow();
        const style = typeof row?.style === 'string' ? row.style : '';
        return (await autocompleteColors(text, signal, style || undefined)).map((c) => c.color);
      },
    }),
    [],
  );

  const validateNew = useCallback(
    async (rows: Array<{ tempId: string; values: Record<string, CellValue> }>) => {
      const res = await validateProducts(rows.map((r) => ({ style: String(r.values.style ?? '').trim().toUpperCase(), color: String(r.values.color ?? '').trim().toUpperCase() })));
      return res.errors.map((e) => ({ tempId: rows[e.index]?.tempId ?? '', field: e.field === 'color' ? 'color' : 'style', message: e.message }));
    },
    [],
  );

  const confirmDelete = useCallback(
    async (n: number) =>
      (await confirm({
        title: intl.formatMessage({ id: 'assortments.rows.delete.title', defaultMessage: 'Delete {n, plural, one {this product} other {# products}}?' }, { n }),
        message: intl.formatMessage({ id: 'assortments.rows.delete.message', defaultMessage: 'The products leave this assortment (the catalog keeps them). You can add them again from the search.' }),
        yesText: intl.formatMessage({ id: 'assortments.delete.yes', defaultMessage: 'Delete' }),
        noText: intl.formatMessage(msg.cancel),
        tone: 'danger',
      })) === 'yes',
    [intl],
  );

  const menuItems = (row: GridRow | null, field: string | null): MenuItem[] => {
    const items: MenuItem[] = [];
    if (row) items.push({ id: 'details', label: intl.formatMessage({ id: 'assortments.rows.details', defaultMessage: 'Product details' }), icon: 'info', onSelect: () => onShowDetails(row) });
    if (row && !row.__group && commented) items.push(comments.menuItem(row));
    if (row && historyItems && !dynamic) {
      const cell = field && schema.columns.some((c) => c.field === field && c.editable && c.editableWhen !== 'newRows') ? field : null;
      items.push(...historyItems(row, cell));
    }
    if (row && canEdit && Array.isArray(row.alerts) && row.alerts.length) {
      items.push({ id: 'clearAlert', label: intl.formatMessage({ id: 'assortments.alerts.clearRow', defaultMessage: 'Clear alerts of this product' }), icon: 'check', onSelect: () => onClearAlerts([row]) });
    }
    return items;
  };

  const [size, setSize] = useState('');
  const filters = useMemo(() => ({ reload: reloadKey, size: sizeFilter(size) }), [reloadKey, size]);
  const emptyText = () =>
    size
      ? intl.formatMessage({ id: 'assortments.rows.noSize', defaultMessage: 'No products stocked in size {size} at this location.' }, { size })
      : dynamic
      ? intl.formatMessage({ id: 'assortments.rows.emptyDynamic', defaultMessage: 'No results found for the filters applied in your location.' })
      : intl.formatMessage({ id: 'assortments.rows.empty', defaultMessage: 'No products added. To get started add your products above.' });

  return (
    <DataGrid
      testId="detail-grid"
      handle={(h) => {
        grid.current = h;
        handle?.(h);
      }}
      schema={schema}
      source={source}
      layoutKey={org === 'internalAssortments' ? 'internalAssortments.detail' : 'assortments.detail'}
      endpoints={exportEndpoints}
      exportRequest={exportRequest}
      exportFileName={assortment.title}
      columnExtras={extras}
      filters={filters}
      canEdit={canEdit && !dynamic}
      headerName={headerName}
      groupOptions={DETAIL_GROUP_FIELDS.map((field) => ({ field, label: fieldLabel(intl, field) }))}
      groupBy={shownGrouping}
      onGroupingChange={onGroupingChange}
      onSortChange={onSortChange}
      afterCells={afterCells}
      autocomplete={ac}
      saveDelayMs={PRODUCT_UPDATE_MS}
      deleteDelayMs={DELETE_MS}
      confirmDelete={confirmDelete}
      validateNew={validateNew}
      onFocusRow={onFocusRow}
      onFocusCell={presence.focus}
      presence={presence.others}
      menuItems={menuItems}
      emptyState={emptyText}
      footer={<SizeFilterField productType={assortment.productType} value={size} onChange={setSize} testId="rows-size-filter" />}
      toolbar={(u, g) => (
        <>
          <LiveBadge state={live} testId="rows-live" />
          <PresenceAvatars others={presence.others} fieldLabel={presenceField} testId="presence" />
          {canEdit && !dynamic && (
            <>
              <EditActions
                ui={u}
                grid={g}
                testIds={{ add: 'rows-add', saveNew: 'rows-save-new', delete: 'rows-delete' }}
                deleteClassName="its-btn its-btn--ghost am-danger"
                addLabel={<FormattedMessage id="assortments.rows.add" defaultMessage="Add style" />}
                deleteLabel={<FormattedMessage id="assortments.delete.yes" defaultMessage="Delete" />}
              />
            </>
          )}
        </>
      )}
    />
  );
}
