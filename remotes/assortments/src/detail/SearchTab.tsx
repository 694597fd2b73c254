/**
 * The product search of a static assortment: the filter bar over the catalog (priced in the
 * assortment's location, following the catalog's live topic as the product library does), rows
 * selected and added. Adding from a search tab asks 'Add to
 * Collection?' (spec §4.1): the products go to the assortment's collection, and so to the
 * assortment too.
 */
import { useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, confirm, toast } from '@its/kit';
import { type DataGridHandle, type GridRow } from '@its/grid';
import { CATALOG_TOPIC, ProductIcon, emptyFilterState, filterCount, toQuery, type FilterState } from '@its/remote-products/api';
import { CatalogGrid, FilterBar } from '../products';
import { addToCollection, batchAssortment, createCollection, findCollections, type Assortment, type OrgBase } from '../api';
import { errorText, isUserLock, msg } from '../messages';
import { internalSearchQuery } from '../internal/search';
import { imsg } from '../internal/messages';

/** The collection type of the products an assortment's search collects. */
export const SEARCH_COLLECTION = 'product';

/** Adds products to the assortment through its collection (made on first use); answers how many joined the assortment. */
export async function addThroughCollection(a: Assortment, products: Array<{ style: string; color: string }>): Promise<number> {
  const found = await findCollections(SEARCH_COLLECTION, a._id);
  const collection = found[0] ?? (await createCollection(SEARCH_COLLECTION, { name: a.title, linkageId: a._id, products: [] }));
  const res = await addToCollection(SEARCH_COLLECTION, collection._id, products);
  return res.addedToAssortment;
}

/** Adds products to an internal assortment through its product batch (internal assortments have no collection). */
export async function addThroughBatch(a: Assortment, org: OrgBase, products: Array<{ style: string; color: string }>): Promise<number> {
  const res = await batchAssortment(a._id, { addProducts: products.map((p) => ({ ...p, isNew: true })), source: 'search' }, org);
  return res.added;
}

/**
 * The search tab. Regular assortments search the catalog with the assortment manager's filter
 * bar and add through the collection; internal ones (org internalAssortments) use the
 * search-all bar: the assortment's gender and product type unless 'Search all products', and
 * add through their product batch.
 */
export function SearchTab({
  assortment,
  canEdit,
  onAdded,
  onFocusRow,
  org = 'assortments',
}: {
  assortment: Assortment;
  canEdit: boolean;
  onAdded: (n: number) => void;
  onFocusRow: (row: GridRow | null) => void;
  org?: OrgBase;
}) {
  const intl = useIntl();
  const internal = org === 'internalAssortments';
  const [filters, setFilters] = useState<FilterState>(emptyFilterState);
  const [all, setAll] = useState(false);
  const [selected, setSelected] = useState<GridRow[]>([]);
  const [busy, setBusy] = useState(false);
  const grid = useRef<DataGridHandle | null>(null);
  const query = useMemo(
    () => (internal ? internalSearchQuery(filters, assortment, all) : toQuery(filters, { locationId: assortment.locationId })),
    [internal, filters, assortment, all],
  );
  const none = filterCount(filters) === 0;

  const add = async () => {
    const rows = selected;
    if (!rows.length) return;
    // Regular assortments add through their collection, and say so first (spec §4.1).
    if (!internal) {
      const ok = await confirm({
        title: intl.formatMessage({ id: 'assortments.search.addTitle', defaultMessage: 'Add to Collection?' }),
        message: intl.formatMessage(
          {
            id: 'assortments.search.addMessage',
            defaultMessage: '{n, plural, one {The product is} other {The # products are}} added to the collection of this assortment; the product is also added to the assortment.',
          },
          { n: rows.length },
        ),
        yesText: intl.formatMessage({ id: 'assortments.search.addYes', defaultMessage: 'Add' }),
        noText: intl.formatMessage(msg.cancel),
      });
      if (ok !== 'yes') return;
    }
    setBusy(true);
    try {
      const products = rows.map((r) => ({ style: String(r.style), color: String(r.color) }));
      const n = internal ? await addThroughBatch(assortment, org, products) : await addThroughCollection(assortment, products);
      toast.success(intl.formatMessage(msg.itemsAdded, { n }), { key: 'items-added' });
      grid.current?.clearSelection();
      onAdded(n);
    } catch (e) {
      if (isUserLock(e)) toast.error(intl.formatMessage(msg.userLock), { timeout: 5000, key: 'user-lock' });
      else toast.error(intl.formatMessage(msg.failed, { message: errorText(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="am-search-tab" data-testid="search-tab">
      <FilterBar
        value={filters}
        onChange={(next) => setFilters(next)}
        onClear={() => setFilters(emptyFilterState)}
        testId={internal ? 'internal-search-all' : 'search-filters'}
        extra={
          internal ? (
            <label className="am-search-all" data-testid="internal-search-all-toggle">
              <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
              {intl.formatMessage(imsg.searchAll)}
            </label>
          ) : undefined
        }
      />
      <div className="am-grid">
        {none ? (
          <div className="am-empty-card">
            <EmptyState icon="filter" title={<FormattedMessage id="assortments.search.start" defaultMessage="No products added. To get started select filters above." />}>
              <FormattedMessage id="assortments.search.startHint" defaultMessage="Prices show in the assortment's location ({location})." values={{ location: assortment.locationId }} />
            </EmptyState>
          </div>
        ) : (
          <CatalogGrid
            testId="search-grid"
            layoutKey="assortments.search"
            // A catalog load shows without a reload of the page, as in the product library.
            liveTopic={CATALOG_TOPIC}
            query={query}
            emptyText={intl.formatMessage({ id: 'assortments.search.none', defaultMessage: 'No results found for the filters applied in your location.' })}
            onFocusRow={onFocusRow}
            onSelectionChange={setSelected}
            handle={(h) => {
              grid.current = h;
            }}
            toolbar={
              canEdit ? (
                <button type="button" className="its-btn its-btn--primary" onClick={() => void add()} disabled={busy || selected.length === 0} data-testid="search-add">
                  <ProductIcon name="plus" />
                  {selected.length ? (
                    <FormattedMessage id="assortments.search.addN" defaultMessage="Add {n, number} to assortment" values={{ n: selected.length }} />
                  ) : (
                    <FormattedMessage id="assortments.search.add" defaultMessage="Add to assortment" />
                  )}
                </button>
              ) : null
            }
          />
        )}
      </div>
    </div>
  );
}
