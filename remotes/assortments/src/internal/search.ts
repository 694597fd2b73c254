/**
 * The internal assortments' search-all filter bar (product spec §2.6): the catalog query of an
 * internal assortment's search tab. By default it keeps to the assortment's gender and product
 * type; 'Search all products' drops them and searches the whole catalog. The bar's own filters
 * come on top, priced at the assortment's location.
 */
import { toQuery, type FilterState, type ProductQuery } from '@its/remote-products/api';
import { catalogGenders } from './form';

export function internalSearchQuery(filters: FilterState, a: { gender: string; productType: string; locationId: string }, all: boolean): ProductQuery {
  const q = toQuery(filters, { locationId: a.locationId });
  if (all) return q;
  const base: NonNullable<ProductQuery['conditions']> = {};
  const genders = catalogGenders(a.gender);
  if (genders.length) base.gender = genders;
  if (a.productType && a.productType !== 'All') base.productType = [a.productType];
  const conditions = { ...base, ...(q.conditions ?? {}) };
  return Object.keys(conditions).length ? { ...q, conditions } : q;
}
