/** The product catalog's server calls (docs/api.md "Products"). */
import { api, liveTopics } from '@its/kit';
import { streamRows, type GridQuery, type GridRow, type RowSink, type ServerGroup, type WhereNode } from '@its/grid';

/** Spec platform §9: product search query limit 1000, autocomplete limit 10. */
export const QUERY_LIMIT = 1000;
export const AUTOCOMPLETE_LIMIT = 10;

/** The catalog's live topic (modules/products/live.go): a grid of the catalog following it reads its rows again after a catalog load. */
export const CATALOG_TOPIC = liveTopics.products.products;

export type SortOrder = 1 | -1;

/** A product query: conditions OR-ed within a field, AND-ed across fields. */
export interface ProductQuery {
  text?: string;
  conditions?: Record<string, Array<string | number | boolean>>;
  sort?: Record<string, SortOrder>;
  locationId?: string;
  /** The filter builder's tree (docs/grid.md §3.7) on the catalog's fields, AND-ed with the rest. */
  where?: WhereNode;
  skip?: number;
  limit?: number;
}

export interface Availability {
  size: string;
  inventory: number;
  date: string;
  upc: string;
}

export interface ProductLocation {
  code: string;
  currencySymbol: string;
  decimalPlaces: number;
  lineStatus: string;
  sizeRange: string;
  wholesalePrice: number | null;
  originalCost: number | null;
  suggestedRetail: number | null;
  markupPercent: number | null;
  statusDate: string | null;
  lastProdDate: string | null;
  addDate: string | null;
  firstAvailDate: string | null;
  totalInventory: number;
  availability: Availability[] | null;
}

/** A catalog row (spec §3.1); the grid reads it as a GridRow. */
export interface Product extends GridRow {
  style: string;
  color: string;
  name: string;
  image: string;
  thumbnail: string;
  colorDescription: string;
  division: string;
  gender: string;
  productType: string;
  season: string;
  year: number;
  region: string;
  channel: string;
  description?: string;
  features?: string[];
  cost: number | null;
  netCost: number | null;
  suggestedRetail: number | null;
  discountPercent: number | null;
  initialMarkup: number | null;
  locations: ProductLocation[];
}

export interface LocationInfo {
  code: string;
  name: string;
  region: string;
  currencyCode: string;
  currencySymbol: string;
  decimalPlaces: number;
}

export interface StyleSuggestion {
  style: string;
  name: string;
  productType: string;
  colors: number;
  thumbnail: string;
}

export interface ColorSuggestion {
  style: string;
  color: string;
  colorDescription: string;
  thumbnail: string;
}

/** The catalog rows carry no version (they are not edited here): the grid wants one. */
function asRow(p: Record<string, unknown>): GridRow {
  return { ...p, version: typeof p.version === 'number' ? p.version : 0 } as GridRow;
}

/** Streams a product query (NDJSON: the total, then the rows, then done). */
export function streamProducts(path: string, query: unknown, signal: AbortSignal, sink: RowSink): Promise<number> {
  // The kit's reader posts any JSON body: here the endpoint's own query rather than a grid query.
  return streamRows(path, query as GridQuery, { signal, onTotal: sink.total, onRows: (rows) => sink.rows(rows.map((r) => asRow(r))) });
}

/** The groups of a product query's matches by one column (`enums.products.groupFields`), in the rows' order. */
export const fetchProductGroups = (query: ProductQuery, field: string, signal: AbortSignal) =>
  api.post<{ groups: ServerGroup[]; totalCount: number }>('/products/groups', { query, field }, { signal, kind: 'products-groups' }).then((d) => d.groups);

export const fetchLocations = (signal?: AbortSignal) => api.get<LocationInfo[]>('/products/locations', { signal });

/** Every location's prices of one style/colour (the detail panel). */
export const fetchProduct = (id: string, signal?: AbortSignal) =>
  api.post<Product[]>('/products/fetch', { ids: [id] }, { signal, silent: true }).then((list) => list[0] ?? null);

export function autocompleteStyles(text: string, signal: AbortSignal): Promise<StyleSuggestion[]> {
  const t = text.trim();
  if (!t) return Promise.resolve([]);
  return api.post<StyleSuggestion[]>(`/products/autocomplete/styles/${encodeURIComponent(t)}`, undefined, { signal, silent: true, kind: 'products-ac-styles' });
}

export function autocompleteColors(text: string, signal: AbortSignal, style?: string): Promise<ColorSuggestion[]> {
  const t = text.trim();
  if (!t && !style) return Promise.resolve([]);
  // "style_colorPrefix" searches the colours of one style.
  const path = `/products/autocomplete/colors/${encodeURIComponent(style ? `${style}_${t}` : t)}`;
  return api.post<ColorSuggestion[]>(path, undefined, { signal, silent: true, kind: 'products-ac-colors' });
}

export const validateProducts = (products: Array<{ style: string; color: string }>) =>
  api.post<{ success: boolean; errors: Array<{ index: number; style: string; color: string; field: string; rule: string; message: string }> }>(
    '/products/validate',
    { products },
    { silent: true },
  );
