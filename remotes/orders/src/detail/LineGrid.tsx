/**
 * An order's lines in the grid kit: typed, pasted, undone and redone cells go to the server as
 * versioned order batches after 1,500 ms (platform spec §9); a stale write gets the kit's userLock
 * answer. Styles are added by search (style and colour suggestions from the catalog) or by
 * pasting style/colour lines. Wholesale lines are a colour × size matrix; a warned date or pack
 * code (spec §5.2) is cleared in its cell and told in a warning toast while the rest is saved.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, confirm, toast } from '@its/kit';
import { DataGrid, EditActions, SizeFilterField, filteredSize, type BatchRequest, type CellValue, type ColumnExtras, type DataGridHandle, type GridColumn, type GridSource, sizeFilter, sourceExport } from '@its/grid';
import { ProductIcon, autocompleteColors, autocompleteStyles, validateProducts } from '@its/remote-products/api';
import { ORDER_BATCH_MS, SUCCESS_TOAST_MS, batchOrder, getOrder, lineExportEndpoints, wofStyleAutocomplete, type Area, type Order } from '../api';
import { enumFormatter, lineStatusLabels, productTypeLabels } from '../enums';
import { showOrderError, ToastLines } from '../errors';
import { fieldLabel, msg } from '../messages';
import { fromOrderBatch, isSizeField, lineSchema, matrixSizes, toGridRow, toOrderBatch } from './lines';
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

/** The size placeholder of an order without a product type: footwear's (the wholesale matrix is a footwear run). */
const DEFAULT_SIZE_TYPE = 'Footwear';

export function LineGrid({ area, order, canEdit, canSetStatus, onOrder, onLoad, onPaste, handle }: LineGridProps) {
  const intl = useIntl();
  const grid = useRef<DataGridHandle | null>(null);
  const latest = useRef({ onOrder, onLoad, packCodes: order.packCodes ?? [] });
  latest.current = { onOrder, onLoad, packCodes: order.packCodes ?? [] };
  const id = order._id;
  const sizesKey = area === 'wholesale' ? matrixSizes(order.products ?? [], order.sizeColumns).join('|') : '';
  const schema = useMemo(() => lineSchema(area, sizesKey ? sizesKey.split('|') : [], canSetStatus), [area, sizesKey, canSetStatus]);
  // The style and colour stay in view while the size matrix scrolls; a line's status and product
  // type read in the user's language.
  const extras = useMemo<ColumnExtras>(
    () => ({
      style: { pinned: 'left' },
      color: { pinned: 'left' },
      status: { valueFormatter: enumFormatter(intl, lineStatusLabels) },
      productType: { valueFormatter: enumFormatter(intl, productTypeLabels) },
    }),
    [intl],
  );
  const headerName = useCallback((c: GridColumn) => (c.field.startsWith('size_') ? c.headerName : fieldLabel(intl, c.field, c.headerName)), [intl]);

  const source = useMemo<GridSource>(
    () => ({
      load: async (q, signal, sink) => {
        // The footer's size filter (spec §5.3) runs on the server; the page keeps the whole order.
        const size = filteredSize(q.filters?.size);
        const o = await getOrder(area, id, signal, size);
        if (!size) latest.current.onLoad?.(o);
        const rows = (o.products ?? []).map(toGridRow);
        sink.total(rows.length);
        sink.rows(rows);
      },
      send: async (req: BatchRequest) => {
        try {
          const confirmed = (rowId: string) => grid.current?.getConfirmedRow(rowId);
          const batch = toOrderBatch(req, confirmed);
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
  const exportRequest = useMemo(() => sourceExport({ skip: (f) => isSizeField(f) || f === 'totalUnits' }), []);

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
      footer={<SizeFilterField productType={order.productType || DEFAULT_SIZE_TYPE} value={size} onChange={setSize} testId="lines-size-filter" />}
      emptyState={(filtered) =>
        filtered
          ? intl.formatMessage({ id: 'orders.lines.noSize', defaultMessage: 'No lines of size {size}.' }, { size })
          : intl.formatMessage({ id: 'orders.lines.empty', defaultMessage: 'No products added. To get started add your products above.' })
      }
      toolbar={(u, g) =>
        canEdit && (
          <>
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
          </>
        )
      }
    />
  );
}
