/**
 * The catalog in the grid kit, read-only: the product query's first 1,000 rows (spec §9) and the
 * next ones on request, sorted on the server by the grid's sorted columns, with thumbnails and
 * prices in the query's location.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GridApi } from 'ag-grid-community';
import { DataGrid, type DataGridHandle, type GridColumn, type GridRow, type MenuItem } from '@its/grid';
import { GridUiBridge } from './GridUiBridge';
import { QUERY_LIMIT, streamProducts, type ProductQuery } from './api';
import { priceExtras, thumbExtras } from './cells';
import { catalogColumns, catalogSchema, liftLocation } from './columns';
import { useGridAdapter, type RowSink } from './gridAdapter';
import { fieldName } from './messages';
import { toQuerySort } from './query';

export interface CatalogGridProps {
  query: ProductQuery;
  emptyText: string;
  testId: string;
  onFocusRow?: (row: GridRow | null) => void;
  onSelectionChange?: (rows: GridRow[]) => void;
  /** Buttons at the start of the toolbar. */
  toolbar?: ReactNode;
  /** Context menu entries of the page, for the row right-clicked. */
  menuItems?: (row: GridRow | null) => MenuItem[];
  handle?: (h: DataGridHandle | null) => void;
}

export function CatalogGrid({ query, emptyText, testId, onFocusRow, onSelectionChange, toolbar, menuItems, handle }: CatalogGridProps) {
  const intl = useIntl();
  const [sort, setSort] = useState<Record<string, 1 | -1> | undefined>(undefined);
  const [counts, setCounts] = useState({ loaded: 0, total: 0 });
  const full = useMemo<ProductQuery>(() => ({ ...query, sort, limit: QUERY_LIMIT }), [query, sort]);
  const fullRef = useRef(full);
  fullRef.current = full;
  const schema = useMemo(() => catalogSchema('products.catalog', catalogColumns()), []);
  const extras = useMemo(() => ({ ...thumbExtras, ...priceExtras(intl, ['wholesalePrice', 'suggestedRetail'], ['markupPercent']) }), [intl]);
  const headerName = useCallback((c: GridColumn) => fieldName(intl, c.field, c.headerName), [intl]);

  const read = useCallback((skip: number) => {
    return (signal: AbortSignal, sink: RowSink) =>
      streamProducts('/products/query', { ...fullRef.current, skip }, signal, {
        total: (n) => {
          sink.total(n);
          setCounts((c) => ({ ...c, total: n }));
        },
        rows: (rows) => sink.rows(rows.map(liftLocation)),
      }).then(() => undefined);
  }, []);

  const grid = useGridAdapter({
    source: { load: read(0) },
    columns: extras,
    onAttach: (api: GridApi) => {
      api.addEventListener('sortChanged', () => {
        const state = api
          .getColumnState()
          .filter((s) => s.sort)
          .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
          .map((s) => ({ field: s.colId, dir: s.sort as 'asc' | 'desc' }));
        setSort(toQuerySort(state));
      });
    },
  });

  const filters = useMemo(() => ({ query: JSON.stringify(full) }), [full]);
  const more = counts.total - counts.loaded;

  return (
    <DataGrid
      testId={testId}
      handle={(h) => {
        grid.ref(h);
        handle?.(h);
      }}
      schema={schema}
      endpoints={{ stream: '/products/query', batch: '/products/query' }}
      filters={filters}
      canEdit={false}
      headerName={headerName}
      emptyState={() => emptyText}
      onFocusRow={onFocusRow}
      onSelectionChange={onSelectionChange}
      menuItems={menuItems}
      toolbar={(ui) => (
        <>
          <GridUiBridge ui={ui} onChange={(loaded) => setCounts((c) => (c.loaded === loaded ? c : { ...c, loaded }))} />
          {toolbar}
          {!ui.loading && more > 0 && ui.rowCount > 0 && (
            <button type="button" className="its-btn its-btn--secondary" onClick={() => void grid.append(read(ui.rowCount))} data-testid="catalog-more">
              <FormattedMessage id="products.grid.more" defaultMessage="Load {n, number} more" values={{ n: Math.min(QUERY_LIMIT, more) }} />
            </button>
          )}
          {ui.rowCount > 0 && counts.total > 0 && (
            <span className="pr-count" data-testid="catalog-count" data-total={counts.total}>
              <FormattedMessage id="products.grid.shown" defaultMessage="{shown, number} of {total, number} products" values={{ shown: ui.rowCount, total: counts.total }} />
            </span>
          )}
        </>
      )}
    />
  );
}
