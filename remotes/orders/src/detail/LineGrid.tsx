/**
 * An order's lines in the grid kit: typed, pasted, undone and redone cells go to the server as
 * versioned order batches after 1,500 ms (platform spec §9); a stale write gets the kit's userLock
 * answer. Styles are added by search (style and colour suggestions from the catalog) or by
 * pasting style/colour lines. Wholesale lines are a colour × size matrix; a warned date or pack
 * code (spec §5.2) is cleared in its cell and told in a warning toast while the rest is saved.
 * Lines others save show at once (the order's live topic), each line's cell history opens from
 * the context menu with a revert to an earlier value, and lines carry comment threads.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, confirm, liveTopics, toast } from '@its/kit';
import {
  COMMENTS_FIELD,
  DataGrid,
  EditActions,
  LiveBadge,
  SizeFilterField,
  commentsColumn,
  filteredSize,
  useLiveRows,
  useRowComments,
  useRowHistory,
  type BatchInfo,
  type BatchRequest,
  type CellValue,
  type ColumnExtras,
  type DataGridHandle,
  type GridColumn,
  type GridRow,
  type GridSource,
  type MenuItem,
  protocolOrder,
  sizeFilter,
  sourceExport,
} from '@its/grid';
import { ProductIcon, autocompleteColors, autocompleteStyles, validateProducts } from '@its/remote-products/api';
import { ORDER_BATCH_MS, SUCCESS_TOAST_MS, batchOrder, getOrder, lineExportEndpoints, wofStyleAutocomplete, type Area, type Order } from '../api';
import { enumFormatter, lineStatusLabels, productTypeLabels } from '../enums';
import { showOrderError, showWriteError, ToastLines } from '../errors';
import { fieldLabel, msg } from '../messages';
import { fromOrderBatch, historyField, isSizeField, lineSchema, matrixSizes, toGridRow, toOrderBatch } from './lines';
import { clearWarnedCells, utcToday, warningText, warningTitle } from './warnings';

export interface LineGridProps {
  area: Area;
  order: Order;
  canEdit: boolean;
  /** The user may set promo line statuses (APPROVED or DENIED). */
  canSetStatus: boolean;
  onOrder: (o: Order) => void;
  /** The order as the rows were read with it (after a stale write too), so the header follows. */
  onLoad?: (o: Order) => void;
  onPaste: () => void;
  handle?: (h: DataGridHandle | null) => void;
}

/**
 * The order lines' own order (modules/orders lineGrid: by when each was added, then the id, as the
 * grid protocol sorts): a line another user adds shows where a reload would show it.
 */
const LINE_ORDER = protocolOrder([{ field: 'createdDate', dir: 'asc' }]);

/** The size placeholder of an order without a product type: footwear's (the wholesale matrix is a footwear run). */
const DEFAULT_SIZE_TYPE = 'Footwear';

export function LineGrid({ area, order, canEdit, canSetStatus, onOrder, onLoad, onPaste, handle }: LineGridProps) {
  const intl = useIntl();
  const grid = useRef<DataGridHandle | null>(null);
  const latest = useRef({ onOrder, onLoad, packCodes: order.packCodes ?? [] });
  latest.current = { onOrder, onLoad, packCodes: order.packCodes ?? [] };
  const id = order._id;
  const sizesKey = area === 'wholesale' ? matrixSizes(order.products ?? [], order.sizeColumns).join('|') : '';
  const rowLabel = useCallback((rowId: string) => {
    const r = grid.current?.getRow(rowId);
    return r ? [r.style, r.color].filter(Boolean).join(' ') : rowId;
  }, []);
  // Comments on the lines: the context menu's entry and the hidden Comments column.
  const comments = useRowComments(`/orders/${area}/comments/${encodeURIComponent(order._id)}`, rowLabel);
  const schema = useMemo(() => {
    const s = lineSchema(area, sizesKey ? sizesKey.split('|') : [], canSetStatus);
    return { ...s, columns: [...s.columns, commentsColumn(comments.columnName)] };
  }, [area, sizesKey, canSetStatus, comments.columnName]);
  // The style and colour stay in view while the size matrix scrolls; a line's status and product
  // type read in the user's language.
  const extras = useMemo<ColumnExtras>(
    () => ({
      style: { pinned: 'left' },
      color: { pinned: 'left' },
      status: { valueFormatter: enumFormatter(intl, lineStatusLabels) },
      productType: { valueFormatter: enumFormatter(intl, productTypeLabels) },
      ...comments.extras,
    }),
    [intl, comments.extras],
  );
  const headerName = useCallback((c: GridColumn) => (c.field.startsWith('size_') ? c.headerName : fieldLabel(intl, c.field, c.headerName)), [intl]);

  const source = useMemo<GridSource>(
    () => ({
      order: LINE_ORDER,
      load: async (q, signal, sink) => {
        // The footer's size filter (spec §5.3) runs on the server; the page keeps the whole order.
        const size = filteredSize(q.filters?.size);
        const o = await getOrder(area, id, signal, size);
        if (!size) latest.current.onLoad?.(o);
        const rows = (o.products ?? []).map(toGridRow);
        sink.total(rows.length);
        sink.rows(rows);
      },
      send: async (req: BatchRequest, info?: BatchInfo) => {
        try {
          const confirmed = (rowId: string) => grid.current?.getConfirmedRow(rowId);
          const batch = toOrderBatch(req, confirmed);
          if (info?.via) batch.via = info.via;
          // §5.2: a warned date or pack code is cleared before the request, the rest is written.
          const warned = area === 'wholesale' ? clearWarnedCells(batch, confirmed, latest.current.packCodes, utcToday()) : [];
          const res = await batchOrder(area, id, batch);
          latest.current.onOrder(res.order);
          const warnings = [...warned, ...(res.warnings ?? [])];
          if (warnings.length) {
            toast.warning(<ToastLines lines={warnings.map((w) => warningText(intl, w))} testId="order-warning-lines" />, {
              title: intl.formatMessage(warningTitle),
              key: 'order-warning',
            });
          }
          if (req.add?.length && res.added.length !== req.add.length) {
            toast.error(intl.formatMessage({ id: 'orders.error.ITS_ERR_COUNT_MISMATCH', defaultMessage: "Error: Request count doesn't match response count." }), { persistent: true, key: 'order-count' });
          }
          // Platform spec §8: 'Success' for 2 s after a sample order update.
          if (area === 'samples') toast.success(intl.formatMessage(msg.success), { timeout: SUCCESS_TOAST_MS, key: 'order-success' });
          return fromOrderBatch(res);
        } catch (e) {
          // Order errors (a refused date or pack code, a forbidden change) persist as toasts; the kit
          // reverts the cells and answers a stale write with userLock itself.
          if (e instanceof ApiError && e.status !== 409) showOrderError(intl, e, 'ITS_FE_ERROR_ORDER_FAILED', 'order-batch');
          throw e;
        }
      },
    }),
    [area, id, intl],
  );

  const [size, setSize] = useState('');
  const filters = useMemo(() => ({ size: sizeFilter(size) }), [size]);
  const exportEndpoints = useMemo(() => lineExportEndpoints(area, id), [area, id]);
  // The size matrix and its total are the page's reading of the line's "sizes", not server columns.
  const exportRequest = useMemo(() => sourceExport({ skip: (f) => isSizeField(f) || f === 'totalUnits' || f === COMMENTS_FIELD }), []);

  // What others save shows at once: the order is read again (its header follows) and the lines
  // the event names are laid in.
  const readLive = useCallback(
    async (ids: string[], signal: AbortSignal) => {
      const o = await getOrder(area, id, signal);
      latest.current.onLoad?.(o);
      const want = new Set(ids);
      return (o.products ?? []).filter((l) => want.has(String(l.id))).map(toGridRow);
    },
    [area, id],
  );
  // A colleague's comment reaches the Comments column through the stream (its counts read again).
  const live = useLiveRows(liveTopics.orders.order(id), () => grid.current, readLive, comments.live);

  // A line's cell history; "Revert to this value" is an ordinary versioned batch labelled revert,
  // refused like any edit when the order's status no longer allows one.
  const history = useRowHistory({
    url: (rowId) => `/orders/${area}/order/${encodeURIComponent(id)}/rows/${encodeURIComponent(rowId)}/history`,
    grid: () => grid.current,
    canEdit,
    fieldLabel: (f) => fieldLabel(intl, f),
    rowLabel: (r) => [r.style, r.color].filter(Boolean).join(' '),
    canRevert: (f) => historyField(schema, f) === f,
    revert: async (row, field, value) => {
      const res = await batchOrder(area, id, { updateProducts: [{ id: row.id, version: Number(row.version), changes: { [field]: value } }], via: 'revert' });
      latest.current.onOrder(res.order);
      grid.current?.acceptRows(fromOrderBatch(res).updated);
    },
    onRevertError: (e) => showWriteError(intl, e, 'ITS_FE_ERROR_ORDER_FAILED', 'order-batch'),
  });
  const menuItems = (row: GridRow | null, field: string | null): MenuItem[] => {
    if (!row || row.__group) return [];
    return [comments.menuItem(row), ...history.menuItems(row, field ? historyField(schema, field) : null)];
  };

  const ac = useMemo(
    () => ({
      fields: ['style', 'color'],
      fetch: async (field: string, text: string, signal: AbortSignal) => {
        if (field === 'style') {
          // Wholesale offers only what the order's region sells, priced at its origin (spec §3.6).
          // Each suggestion with its name (and picture) so a style is picked by more than its number.
          if (order.type === 'WHOLESALE' && order.region && order.origin) {
            return (await wofStyleAutocomplete(order.region, order.origin, order.customer?.id ?? '', text, signal)).map((s) => ({ value: s.style, label: s.name, image: s.thumbnail }));
          }
          return (await autocompleteStyles(text, signal)).map((s) => ({ value: s.style, label: s.name, image: s.thumbnail }));
        }
        const row = grid.current?.focusedRow();
        const style = typeof row?.style === 'string' ? row.style : '';
        return (await autocompleteColors(text, signal, style || undefined)).map((c) => ({ value: c.color, label: c.colorDescription, image: c.thumbnail }));
      },
    }),
    [order.type, order.region, order.origin, order.customer?.id],
  );

  const validateNew = useCallback(async (rows: Array<{ tempId: string; values: Record<string, CellValue> }>) => {
    const res = await validateProducts(rows.map((r) => ({ style: String(r.values.style ?? '').trim().toUpperCase(), color: String(r.values.color ?? '').trim().toUpperCase() })));
    // An order may hold a style/colour more than once (other sizes, other stores).
    return res.errors.filter((e) => e.rule !== 'duplicate').map((e) => ({ tempId: rows[e.index]?.tempId ?? '', field: e.field === 'color' ? 'color' : 'style', message: e.message }));
  }, []);

  const confirmDelete = useCallback(
    async (n: number) =>
      (await confirm({
        title: intl.formatMessage({ id: 'orders.lines.delete.title', defaultMessage: 'Drop {n, plural, one {this line} other {# lines}}?' }, { n }),
        message: intl.formatMessage({ id: 'orders.lines.delete.message', defaultMessage: 'The lines leave the order. Undo brings them back.' }),
        yesText: intl.formatMessage({ id: 'orders.lines.delete.yes', defaultMessage: 'Drop' }),
        noText: intl.formatMessage(msg.cancel),
        tone: 'danger',
      })) === 'yes',
    [intl],
  );

  return (
    <DataGrid
      testId="order-lines"
      handle={(h) => {
        grid.current = h;
        handle?.(h);
      }}
      schema={schema}
      source={source}
      columnExtras={extras}
      canEdit={canEdit}
      headerName={headerName}
      autocomplete={ac}
      saveDelayMs={ORDER_BATCH_MS}
      confirmDelete={confirmDelete}
      validateNew={validateNew}
      exportFileName={`Order_${order.orderNumber}`}
      endpoints={exportEndpoints}
      exportRequest={exportRequest}
      filters={filters}
      menuItems={menuItems}
      footer={<SizeFilterField productType={order.productType || DEFAULT_SIZE_TYPE} value={size} onChange={setSize} testId="lines-size-filter" />}
      emptyState={(filtered) =>
        filtered
          ? intl.formatMessage({ id: 'orders.lines.noSize', defaultMessage: 'No lines of size {size}.' }, { size })
          : intl.formatMessage({ id: 'orders.lines.empty', defaultMessage: 'No products added. To get started add your products above.' })
      }
      toolbar={(u, g) => (
        <>
          <LiveBadge state={live} testId="lines-live" />
          {canEdit && (
            <EditActions
              ui={u}
              grid={g}
              testIds={{ add: 'lines-add', saveNew: 'lines-save-new', delete: 'lines-drop' }}
              deleteClassName="its-btn its-btn--ghost or-danger"
              addLabel={<FormattedMessage id="orders.lines.add" defaultMessage="Add style" />}
              deleteLabel={<FormattedMessage id="orders.lines.drop" defaultMessage="Drop lines" />}
            >
              <button type="button" className="its-btn its-btn--secondary" onClick={onPaste} data-testid="lines-paste">
                <ProductIcon name="paste" />
                <FormattedMessage id="orders.lines.paste" defaultMessage="Paste styles" />
              </button>
            </EditActions>
          )}
        </>
      )}
    />
  );
}
