/**
 * An assortment's products in the grid kit. Static: edited in place under the §5.1 rules (the
 * linked prices recalculated at once, then as the server answers), rows added by style and
 * colour or deleted, grouped by style or not (saved with the assortment). Dynamic: the first
 * 1,000 products of its filters, read-only, sorted on the server (§5.3 sort mapping).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GridApi } from 'ag-grid-community';
import { confirm } from '@its/kit';
import { DataGrid, type CellValue, type DataGridHandle, type GridColumn, type GridController, type GridRow, type GridSchema, type GridUi, type MenuItem } from '@its/grid';
import { ProductIcon, autocompleteColors, autocompleteStyles, dropRows, showRows, useGridAdapter, validateProducts } from '@its/remote-products/lib';
import { DELETE_MS, PRODUCT_UPDATE_MS, type Assortment, type Label } from '../api';
import { fieldLabel, msg } from '../messages';
import { detailExtras, detailSchema } from './columns';
import { isPricingField, provisional, type PricingField } from './pricing';
import { loadRows, sendBatch } from './source';

export interface DetailGridProps {
  assortment: Assortment;
  serverSchema: GridSchema;
  canEdit: boolean;
  /** A key that changes when the rows must be read again (filters, sort, lock taken). */
  reloadKey: string;
  onAssortment: (a: Assortment) => void;
  onFocusRow: (row: GridRow | null) => void;
  onShowDetails: (row: GridRow) => void;
  onClearAlerts: (rows: GridRow[]) => void;
  onSort?: (sort: Array<{ field: string; dir: 'asc' | 'desc' }>) => void;
  /** The grouping chosen (saved with the assortment); the saved one is restored on load. */
  groupBy: string | null;
  onGroupBy?: (field: string | null) => void;
  handle?: (h: DataGridHandle | null) => void;
}

/** Restores the saved grouping once the rows are in, then reports the user's choices. */
function GroupMemory({ ui, ctrl, saved, onChange }: { ui: GridUi; ctrl: GridController | undefined; saved: string | null; onChange?: (f: string | null) => void }) {
  const restored = useRef(false);
  const last = useRef<string | null>(saved);
  useEffect(() => {
    if (!ctrl || restored.current || ui.loading || ui.rowCount === 0) return;
    restored.current = true;
    if (saved && ctrl.groupBy !== saved) ctrl.setGroupBy(saved);
  }, [ctrl, ui.loading, ui.rowCount, saved]);
  useEffect(() => {
    if (!restored.current || ui.groupBy === last.current) return;
    last.current = ui.groupBy;
    onChange?.(ui.groupBy);
  }, [ui.groupBy, onChange]);
  return null;
}

/** Shows the linked prices of edited rows at once (the server's answer replaces them). */
export function showProvisionalPrices(ctrl: GridController, rowIds: string[], decimals: number): void {
  const rows: GridRow[] = [];
  for (const id of rowIds) {
    const shown = ctrl.rows.get(id);
    const base = ctrl.writer.confirmedRow(id);
    if (!shown || !base) continue;
    const edits: Partial<Record<PricingField, unknown>> = {};
    for (const f of ['cost', 'suggestedRetail', 'discountPercent', 'discountAmount', 'netCost'] as const) {
      const p = ctrl.writer.pendingValue(id, f);
      if (p && isPricingField(f)) edits[f] = p.value;
    }
    const next = provisional(base, edits, decimals);
    if (!next) continue;
    const row: GridRow = { ...shown };
    for (const [k, v] of Object.entries(next)) if (!(k in edits)) row[k] = v;
    rows.push(row);
  }
  if (rows.length) showRows(ctrl, rows);
}

export function DetailGrid({ assortment, serverSchema, canEdit, reloadKey, onAssortment, onFocusRow, onShowDetails, onClearAlerts, onSort, groupBy, onGroupBy, handle }: DetailGridProps) {
  const intl = useIntl();
  const dynamic = assortment.method === 'dynamic';
  const labels = useRef<Label[]>(assortment.labels ?? []);
  labels.current = assortment.labels ?? [];
  const labelKey = (assortment.labels ?? []).map((l) => l.name).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => detailSchema(serverSchema, labels.current), [serverSchema, labelKey]);
  const extras = useMemo(() => detailExtras(intl, labels), [intl]);
  const headerName = useCallback((c: GridColumn) => fieldLabel(intl, c.field, c.headerName), [intl]);
  const grid = useRef<DataGridHandle | null>(null);
  const latest = useRef({ assortment, onAssortment, onSort });
  latest.current = { assortment, onAssortment, onSort };

  const adapter = useGridAdapter({
    source: {
      load: (signal, sink) => loadRows(assortment._id, dynamic, signal, sink),
      send: dynamic ? undefined : (req) => sendBatch(assortment._id, req, grid.current?.controller.rows ?? new Map(), (a) => latest.current.onAssortment(a)),
    },
    columns: extras,
    afterCells: (ctrl, ids) => showProvisionalPrices(ctrl, ids, latest.current.assortment.decimalsPlaces ?? 2),
    onAttach: (api: GridApi) => {
      api.addEventListener('sortChanged', (e) => {
        if (e.source !== 'uiColumnSorted') return;
        const sort = api
          .getColumnState()
          .filter((s) => s.sort)
          .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
          .map((s) => ({ field: s.colId, dir: s.sort as 'asc' | 'desc' }));
        latest.current.onSort?.(sort);
      });
    },
  });

  const ac = useMemo(
    () => ({
      fields: ['style', 'color'],
      fetch: async (field: string, text: string, signal: AbortSignal) => {
        if (field === 'style') return (await autocompleteStyles(text, signal)).map((s) => s.style);
        const row = grid.current?.controller.focusedRow();
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

  const menuItems = (row: GridRow | null): MenuItem[] => {
    const items: MenuItem[] = [];
    if (row) items.push({ id: 'details', label: intl.formatMessage({ id: 'assortments.rows.details', defaultMessage: 'Product details' }), icon: 'info', onSelect: () => onShowDetails(row) });
    if (row && canEdit && Array.isArray(row.alerts) && row.alerts.length) {
      items.push({ id: 'clearAlert', label: intl.formatMessage({ id: 'assortments.alerts.clearRow', defaultMessage: 'Clear alerts of this product' }), icon: 'check', onSelect: () => onClearAlerts([row]) });
    }
    return items;
  };

  const filters = useMemo(() => ({ reload: reloadKey }), [reloadKey]);
  const emptyText = () =>
    dynamic
      ? intl.formatMessage({ id: 'assortments.rows.emptyDynamic', defaultMessage: 'No results found for the filters applied in your location.' })
      : intl.formatMessage({ id: 'assortments.rows.empty', defaultMessage: 'No products added. To get started add your products above.' });

  return (
    <DataGrid
      testId="detail-grid"
      handle={(h) => {
        grid.current = h;
        adapter.ref(h);
        handle?.(h);
      }}
      schema={schema}
      endpoints={{ stream: '/assortments/products/query', batch: `/assortments/batch/${assortment._id}` }}
      filters={filters}
      canEdit={canEdit && !dynamic}
      headerName={headerName}
      groupOptions={[{ field: 'style', label: fieldLabel(intl, 'style') }]}
      autocomplete={ac}
      saveDelayMs={PRODUCT_UPDATE_MS}
      deleteDelayMs={DELETE_MS}
      confirmDelete={confirmDelete}
      validateNew={validateNew}
      onRowsDeleted={(rows) => {
        const c = grid.current?.controller;
        if (c) dropRows(c, rows.map((r) => r.id));
      }}
      onFocusRow={onFocusRow}
      menuItems={menuItems}
      emptyState={emptyText}
      toolbar={(u, g) => (
        <>
          <GroupMemory ui={u} ctrl={grid.current?.controller} saved={groupBy} onChange={onGroupBy} />
          {canEdit && !dynamic && (
            <>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => g.addRow()} data-testid="rows-add">
                <ProductIcon name="plus" />
                <FormattedMessage id="assortments.rows.add" defaultMessage="Add style" />
              </button>
              {u.newRows > 0 && (
                <button type="button" className="its-btn its-btn--primary" onClick={() => void g.saveNewRows()} data-testid="rows-save-new">
                  <ProductIcon name="save" />
                  <FormattedMessage id="assortments.rows.saveNew" defaultMessage="Save new {n, plural, one {row} other {rows ({n, number})}}" values={{ n: u.newRows }} />
                </button>
              )}
              <button type="button" className="its-btn its-btn--ghost am-danger" onClick={() => void g.deleteSelected()} disabled={u.selectedRows === 0} data-testid="rows-delete">
                <ProductIcon name="trash" />
                <FormattedMessage id="assortments.delete.yes" defaultMessage="Delete" />
              </button>
            </>
          )}
        </>
      )}
    />
  );
}
