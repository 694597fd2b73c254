/**
 * The catalog in the grid kit, read-only: every product of the query by scrolling (blocks of a
 * grid load, spec §9: 100 rows), sorted on the server by the grid's sorted columns, with
 * thumbnails and prices in the query's location. With a live topic, a catalog load (told by a
 * reload event) reads the rows again without a reload of the page.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataGrid, LiveBadge, useLiveRows, type DataGridHandle } from '@its/grid';
import type { MenuItem } from '@its/grid';
import type { GridSource } from '@its/grid';
import type { GridColumn, GridRow, SortKey } from '@its/grid';
import { enums } from '@its/kit';
import { fetchProductGroups, fieldName, groupedSort, priceExtras, streamProducts, thumbExtras, toQuerySort, type ProductQuery } from '../api';
import { catalogColumns, catalogSchema, liftLocation } from './columns';
import { catalogOrder } from './catalogOrder';
import type { WhereNode } from '@its/grid';
import type { ViewFilters } from '@its/grid';

/** The product library's exports (the catalog grid reads through its own source). */
const CATALOG_EXPORT = { export: '/products/export/xlsx', exportCsv: '/products/export/csv', summary: '/products/summary' };

/** Rows per block read by scrolling (spec §9: a grid load is 100 rows). */
export const BLOCK_ROWS = 100;

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
  /** The grid's name for the user's saved layout (column chooser). */
  layoutKey?: string;
  /** The page's filter bar, kept in a saved view and put back when it opens. */
  viewFilters?: ViewFilters;
  /** The live topic the grid follows (CATALOG_TOPIC): its rows are read again when the catalog is loaded. */
  liveTopic?: string;
  /** The grouping the page keeps (one of `enums.products.groupFields`, null: none); without it the grid keeps its own. */
  groupBy?: string | null;
  /** The user chose another grouping (the toolbar, a column menu or a view). */
  onGroupBy?: (field: string | null) => void;
}

/** The catalog names no row it changes (a load adds thousands): only reload events, nothing read by id. */
const readNone = async (): Promise<GridRow[]> => [];

export function CatalogGrid({ query, emptyText, testId, onFocusRow, onSelectionChange, toolbar, menuItems, handle, layoutKey = 'products.catalog', viewFilters, liveTopic, groupBy, onGroupBy }: CatalogGridProps) {
  const intl = useIntl();
  const grid = useRef<DataGridHandle | null>(null);
  const onHandle = useCallback(
    (h: DataGridHandle | null) => {
      grid.current = h;
      handle?.(h);
    },
    [handle],
  );
  const live = useLiveRows(liveTopic ?? null, () => grid.current, readNone);
  const [sort, setSort] = useState<Record<string, 1 | -1> | undefined>(undefined);
  const full = useMemo<ProductQuery>(() => ({ ...query, sort }), [query, sort]);
  const fullRef = useRef(full);
  fullRef.current = full;
  const schema = useMemo(() => catalogSchema('products.catalog', catalogColumns()), []);
  const extras = useMemo(() => ({ ...thumbExtras, ...priceExtras(intl, ['wholesalePrice', 'suggestedRetail'], ['markupPercent']) }), [intl]);
  const headerName = useCallback((c: GridColumn) => fieldName(intl, c.field, c.headerName), [intl]);
  const onSortChange = useCallback((s: Required<SortKey>[]) => setSort(toQuerySort(s)), []);

  // The product query (read-only: no send), one block at a time as the user scrolls; grouped,
  // the server counts the groups and the rows come sorted by the group column first.
  const source = useMemo<GridSource>(
    () => ({
      columnFilters: 'server',
      blocks: BLOCK_ROWS,
      // A product another user added goes where the product query's order puts it.
      order: catalogOrder,
      load: async (q, signal, sink) => {
        const base = q.where ? { ...fullRef.current, where: q.where } : fullRef.current;
        const query = q.groupBy ? { ...base, sort: groupedSort(q.groupBy, base.sort) } : base;
        await streamProducts('/products/query', { ...query, skip: q.skip, limit: q.limit ?? BLOCK_ROWS }, signal, {
          total: sink.total,
          rows: (rows) => sink.rows(rows.map(liftLocation)),
        });
      },
      groups: (q, signal) => {
        const { sort: _sort, ...query } = fullRef.current;
        return fetchProductGroups(q.where ? { ...query, where: q.where } : query, q.groupBy, signal);
      },
    }),
    [],
  );
  const groupOptions = useMemo(() => enums.products.groupFields.map((f) => ({ field: f, label: fieldName(intl, f, f) })), [intl]);
  const shownGrouping = useMemo(() => (groupBy === undefined ? undefined : groupBy ? [groupBy] : []), [groupBy]);
  const onGroupByRef = useRef(onGroupBy);
  onGroupByRef.current = onGroupBy;
  const onGroupingChange = useCallback((g: string[]) => onGroupByRef.current?.(g[0] ?? null), []);

  // The export is the product query of the bar (its own sort and paging left out) with the
  // grid's columns (no pictures), the filter (column menu and builder: the query's where), sort
  // and grouping.
  const exportRequest = useCallback((body: Record<string, unknown>, where: WhereNode | null) => {
    const { sort: _sort, skip: _skip, limit: _limit, ...query } = fullRef.current as ProductQuery & { skip?: number };
    const columns = (body.columns as Array<{ field: string }>).filter((c) => c.field !== 'thumbnail');
    const { where: _where, filters: _filters, ...rest } = body;
    return { ...rest, columns, query: where ? { ...query, where } : query };
  }, []);

  // A new query (filters, location, sort) reads the rows again.
  const filters = useMemo(() => ({ query: JSON.stringify(full) }), [full]);

  return (
    <DataGrid
      testId={testId}
      handle={onHandle}
      schema={schema}
      source={source}
      columnExtras={extras}
      filters={filters}
      endpoints={CATALOG_EXPORT}
      layoutKey={layoutKey}
      viewFilters={viewFilters}
      exportRequest={exportRequest}
      canEdit={false}
      groupOptions={groupOptions}
      groupBy={shownGrouping}
      onGroupingChange={onGroupingChange}
      headerName={headerName}
      emptyState={() => emptyText}
      onSortChange={onSortChange}
      onFocusRow={onFocusRow}
      onSelectionChange={onSelectionChange}
      menuItems={menuItems}
      toolbar={(ui) => (
        <>
          {toolbar}
          {liveTopic && <LiveBadge state={live} testId="rows-live" />}
          {ui.rowCount > 0 && ui.total > 0 && (
            <span className="pr-count" data-testid="catalog-count" data-total={ui.total} data-estimated={ui.totalEstimated}>
              {ui.totalEstimated ? (
                <FormattedMessage id="products.grid.about" defaultMessage="about {total, number} products" values={{ total: ui.total }} />
              ) : (
                <FormattedMessage id="products.grid.total" defaultMessage="{total, plural, one {# product} other {# products}}" values={{ total: ui.total }} />
              )}
            </span>
          )}
        </>
      )}
    />
  );
}
