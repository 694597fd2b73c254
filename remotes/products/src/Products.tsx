/**
 * product-libraries--products: the product library. The catalog (50,000+ style/colours) in the
 * grid, filtered by division, channel, region, product type and a style/colour search, priced
 * in a location the user may see, with the product's detail in the side panel. The filter bar's
 * fields and picks are shortcuts of the grid's one filter tree (its chips, the builder, views).
 */
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ApiError, SavedSearches, actions, authzCheck, enums, toast, useDecisions, usePageTitle, withModuleMessages } from '@its/kit';
import { type DataGridHandle, type WhereNode, downloadFile, loadGridMessages, type GridRow } from '@its/grid';
import { CATALOG_TOPIC, ProductIcon, emptyFilterState, fetchLocations, toQuery, type Product } from './api';
import { CatalogGrid, FilterBar, decodeFilters, useGridWhere, useProductPanel, useUrlFilters, useUrlGroupBy } from './catalog';
import { loadMessages } from './messages';

function ProductLibrary() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'products.title', defaultMessage: 'Products' }));
  const [filters, setFilters] = useUrlFilters();
  // The address keeps the grouping too: an address opened again or shared shows the same groups.
  const [groupBy, setGroupBy] = useUrlGroupBy(enums.products.groupFields);
  const where = filters.where ?? null;
  const setWhere = useCallback((w: WhereNode | null) => setFilters((f) => ({ ...f, where: w })), [setFilters]);
  const [grid, setGrid] = useState<DataGridHandle | null>(null);
  // The address keeps the grid's filter tree (the grid starts from it, history navigation puts
  // it back, and what the grid's chips, builder or views change goes into it).
  useGridWhere(grid?.controller ?? null, where, setWhere);
  const barWhere = useMemo(
    () => ({ tree: where, onChange: (edit: (tree: WhereNode | null) => WhereNode | null) => setFilters((f) => ({ ...f, where: edit(f.where ?? null) })) }),
    [where, setFilters],
  );
  const [location, setLocation] = useState('');
  const [focused, setFocused] = useState<GridRow | null>(null);
  const detail = useProductPanel(
    focused ? String(focused.id) : '',
    (focused ?? undefined) as Partial<Product> | undefined,
    intl.formatMessage({ id: 'products.panel.title', defaultMessage: 'Product details' }),
  );
  const locations = useQuery({ queryKey: ['products', 'locations'], queryFn: ({ signal }) => fetchLocations(signal), staleTime: 30 * 60_000 });
  const locationId = location || locations.data?.[0]?.code || '';
  const query = useMemo(() => toQuery({ text: filters.text, conditions: {} }, locationId ? { locationId } : {}), [filters.text, locationId]);
  // A saved view keeps the free-text search beside the filter tree (the bar's other fields are
  // conditions of the tree, which every view keeps).
  const viewFilters = useMemo(
    () => ({
      value: (filters.text ? { text: filters.text } : {}) as Record<string, unknown>,
      apply: (f: Record<string, unknown>) => setFilters((now) => ({ ...now, text: decodeFilters(JSON.stringify(f)).text })),
    }),
    [filters.text, setFilters],
  );
  // The saved search is the product query with the tree.
  const saved = useMemo(() => (where ? { ...query, where } : query), [query, where]);
  const onFocusRow = useCallback((r: GridRow | null) => r && setFocused(r), []);
  const checks = useMemo(() => [authzCheck(actions.documentsTearsheet)], []);
  const canTearsheet = useDecisions(checks).allowed[0] === true;
  const [printing, setPrinting] = useState(false);
  /** Downloads the focused style/colour's tear sheet (PDF, priced in the chosen location). */
  const tearsheet = useCallback(
    (row: GridRow | null) => {
      const p = row as Partial<Product> | null;
      if (!p?.style || !p.color || !p.productType || !locationId) return;
      const path = ['/api/products/tearsheet', p.productType, p.style, p.color, locationId].map((x, i) => (i === 0 ? x : encodeURIComponent(x))).join('/');
      setPrinting(true);
      downloadFile(path, `Tearsheet_${p.style}_${p.color}.pdf`)
        .then(() => toast.success(intl.formatMessage({ id: 'products.tearsheet.done', defaultMessage: 'Tear sheet downloaded' })))
        .catch((e: unknown) =>
          toast.error(e instanceof ApiError && e.message ? e.message : intl.formatMessage({ id: 'products.tearsheet.failed', defaultMessage: 'The tear sheet could not be made.' })),
        )
        .finally(() => setPrinting(false));
    },
    [intl, locationId],
  );

  return (
    <div className="pr-page" data-testid="product-library">
      <header className="pr-head">
        <div>
          <p className="pr-head__eyebrow">
            <FormattedMessage id="products.eyebrow" defaultMessage="Product library" />
          </p>
          <h1 className="pr-head__title">
            <FormattedMessage id="products.title" defaultMessage="Products" />
          </h1>
          <p className="pr-head__sub">
            <FormattedMessage id="products.subtitle" defaultMessage="Every style and color of the catalog, priced in your location." />
          </p>
        </div>
      </header>
      <FilterBar
        value={filters}
        onChange={(next) => setFilters((now) => ({ ...now, text: next.text }))}
        onClear={() => setFilters((now) => ({ ...emptyFilterState, where: now.where }))}
        where={barWhere}
        extra={
          <>
            <SavedSearches query={saved as unknown as Record<string, unknown>} />
            {(locations.data?.length ?? 0) > 1 ? (
              <label className="pr-select pr-location">
                <span className="pr-select__label">
                  <FormattedMessage id="products.location" defaultMessage="Location" />
                </span>
                <select value={locationId} onChange={(e) => setLocation(e.target.value)} data-testid="filter-location">
                  {locations.data?.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.code} · {l.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </>
        }
      />
      <div className="pr-grid">
        {locationId ? (
          <CatalogGrid
            testId="product-grid"
            handle={setGrid}
            // A catalog load shows without a reload of the page.
            liveTopic={CATALOG_TOPIC}
            query={query}
            groupBy={groupBy}
            onGroupBy={setGroupBy}
            emptyText={intl.formatMessage({ id: 'products.empty', defaultMessage: 'No results found for the filters applied in your location.' })}
            onFocusRow={onFocusRow}
            viewFilters={viewFilters}
            menuItems={(row) =>
              row
                ? [
                    {
                      id: 'details',
                      label: intl.formatMessage({ id: 'products.panel.title', defaultMessage: 'Product details' }),
                      icon: 'info',
                      onSelect: () => {
                        setFocused(row);
                        detail.show();
                      },
                    },
                    ...(canTearsheet
                      ? [
                          {
                            id: 'tearsheet',
                            label: intl.formatMessage({ id: 'products.tearsheet', defaultMessage: 'Tear sheet (PDF)' }),
                            icon: 'download' as const,
                            onSelect: () => tearsheet(row),
                          },
                        ]
                      : []),
                  ]
                : []
            }
            toolbar={
              <>
                {canTearsheet && (
                  <button type="button" className="its-btn its-btn--ghost" onClick={() => tearsheet(focused)} disabled={!focused || printing} data-testid="product-tearsheet">
                    <ProductIcon name="download" />
                    <FormattedMessage id="products.tearsheet" defaultMessage="Tear sheet (PDF)" />
                  </button>
                )}
                <button
                  type="button"
                  className={`its-btn its-btn--ghost${detail.open ? ' is-on' : ''}`}
                  onClick={detail.toggle}
                  aria-pressed={detail.open}
                  disabled={!focused}
                  data-testid="product-details"
                >
                  <ProductIcon name="panel" />
                  <FormattedMessage id="products.details" defaultMessage="Details" />
                </button>
              </>
            }
          />
        ) : null}
      </div>
    </div>
  );
}

export default withModuleMessages(withModuleMessages(ProductLibrary, loadMessages), loadGridMessages);
