/**
 * The product filter bar's state and the product query it makes (spec §5.3): several values of
 * one filter are OR-ed (when the filter allows several), filters are AND-ed, a duplicate filter
 * is ignored, empty values are dropped.
 */
import type { ProductQuery, SortOrder } from './calls';
import { allowsMultiple, pickValue, type FilterAllowance, type WhereNode } from '@its/grid';

/** The filters the bar offers, in the order it shows them. */
export const FILTER_KEYS = ['division', 'channel', 'region', 'productType'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** A search picked from the autocomplete, or typed: style, style/colour (id) or free text. */
export type SearchKey = 'style' | 'id' | 'text';
/** A condition of the bar, or any other of a saved query (a dynamic assortment's). */
export type ConditionKey = FilterKey | 'style' | 'id' | (string & {});

export interface FilterState {
  text: string;
  conditions: Partial<Record<ConditionKey, string[]>>;
  /** The grid's filter tree, where the page's bar edits it (the product library). */
  where?: WhereNode | null;
}

export const emptyFilterState: FilterState = { text: '', conditions: {} };

/** The catalog's values of each filter (the demo catalog's enumerations). */
export const FILTER_OPTIONS: Record<FilterKey, string[]> = {
  division: [
    "Men's Sport",
    "Women's Sport",
    "Men's USA",
    "Women's Active",
    'Performance',
    'Work',
    'Kids',
    "Men's Apparel",
    "Women's Apparel",
    'Kids Apparel',
    'Accessories',
    'Marketing',
  ],
  channel: ['Wholesale', 'Retail'],
  region: ['Domestic', 'International', 'Europe'],
  productType: ['Footwear', 'Apparel', 'POP'],
};

/**
 * Which product filters take several values (spec §5.3: module, group and filter must all allow
 * multiple; any other filter's new value replaces the old). The bar's fields are the attribute
 * group, its search picks (style, style/colour) the search group.
 */
export const PRODUCT_FILTERS: FilterAllowance = {
  multiple: true,
  groups: { attributes: { multiple: true }, search: { multiple: true } },
  filters: {
    division: { group: 'attributes', multiple: true },
    channel: { group: 'attributes', multiple: true },
    region: { group: 'attributes', multiple: true },
    productType: { group: 'attributes', multiple: true },
    style: { group: 'search', multiple: true },
    id: { group: 'search', multiple: true },
  },
};

export interface FilterChange {
  kind: 'add' | 'remove';
  key: ConditionKey | 'text';
  value: string;
}

/** Adds a filter value; null when nothing changes (empty or duplicate). */
export function addFilter(s: FilterState, key: ConditionKey | 'text', raw: string): FilterState | null {
  const value = raw.trim();
  if (!value) return null;
  if (key === 'text') return value === s.text ? null : { ...s, text: value };
  const next = pickValue(s.conditions[key] ?? [], value, allowsMultiple(PRODUCT_FILTERS, key));
  return next && { ...s, conditions: { ...s.conditions, [key]: next } };
}

/** Removes a filter value; null when it was not there. */
export function removeFilter(s: FilterState, key: ConditionKey | 'text', value: string): FilterState | null {
  if (key === 'text') return s.text ? { ...s, text: '' } : null;
  const had = s.conditions[key] ?? [];
  if (!had.includes(value)) return null;
  const rest = had.filter((v) => v !== value);
  const conditions = { ...s.conditions };
  if (rest.length) conditions[key] = rest;
  else delete conditions[key];
  return { ...s, conditions };
}

export const filterCount = (s: FilterState) => (s.text ? 1 : 0) + Object.values(s.conditions).reduce((n, v) => n + (v?.length ?? 0), 0);

/** The product query of a filter state (empty values left out). */
export function toQuery(s: FilterState, extra: Partial<ProductQuery> = {}): ProductQuery {
  const conditions: Record<string, string[]> = {};
  for (const [k, vs] of Object.entries(s.conditions)) {
    const clean = (vs ?? []).map((v) => v.trim()).filter(Boolean);
    if (clean.length) conditions[k] = clean;
  }
  const q: ProductQuery = { ...extra };
  if (s.text.trim()) q.text = s.text.trim();
  if (Object.keys(conditions).length) q.conditions = conditions;
  return q;
}

/** The filter state of a saved query (a dynamic assortment's): known keys only, values as text. */
export function fromQuery(q: { text?: string; conditions?: Record<string, unknown[]> } | null | undefined): FilterState {
  const conditions: FilterState['conditions'] = {};
  for (const [k, vs] of Object.entries(q?.conditions ?? {})) {
    if (!Array.isArray(vs) || vs.length === 0) continue;
    conditions[k as ConditionKey] = vs.map((v) => String(v));
  }
  return { text: q?.text ?? '', conditions };
}

/** Grid sort fields of the catalog as the product query names them (spec §5.3). */
const SORT_KEYS: Record<string, string> = {
  style: 'styleNumeric',
  color: 'color',
  name: 'name',
  productType: 'productType',
  gender: 'gender',
  division: 'division',
  pillar: 'pillar',
  year: 'year',
  season: 'season',
  cost: 'locations.wholesalePrice',
  wholesalePrice: 'locations.wholesalePrice',
  suggestedRetail: 'locations.suggestedRetail',
  totalInventory: 'locations.totalInventory',
  quantity: 'quantity',
  quantityOnHand: 'quantityOnHand',
  availabilityDate: 'availabilityDate',
};

/** The product query sort of the grid's sorted columns; columns the catalog cannot sort are left out. */
export function toQuerySort(sort: Array<{ field: string; dir: 'asc' | 'desc' }>): Record<string, SortOrder> | undefined {
  const out: Record<string, SortOrder> = {};
  for (const s of sort) {
    const key = SORT_KEYS[s.field];
    if (key && !(key in out)) out[key] = s.dir === 'desc' ? -1 : 1;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The sort of a view grouped on the server: the group column first, ascending (the order of
 * the groups call), then the user's sort.
 */
export function groupedSort(groupBy: string, sort: Record<string, SortOrder> | undefined): Record<string, SortOrder> {
  const { [groupBy]: _own, ...rest } = sort ?? {};
  return { [groupBy]: 1, ...rest };
}

/**
 * How many filters a change added and removed, counted as the server counts them for its
 * messages: each condition value, and each word of the text, is one filter.
 */
export function filterDiff(prev: FilterState, next: FilterState): { added: number; removed: number } {
  const pairs = (s: FilterState) => {
    const out = new Set<string>();
    for (const w of s.text.toLowerCase().split(/\s+/).filter(Boolean)) out.add(`text=${w}`);
    for (const [k, vs] of Object.entries(s.conditions)) for (const v of vs ?? []) out.add(`${k}=${v}`);
    return out;
  };
  const before = pairs(prev);
  const after = pairs(next);
  let added = 0;
  let removed = 0;
  for (const p of after) if (!before.has(p)) added++;
  for (const p of before) if (!after.has(p)) removed++;
  return { added, removed };
}
