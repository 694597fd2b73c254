/**
 * The internal assortments' calls (platform spec §7): the table of contents (discover), create
 * (also from a catalog query) and the product options. The rows, lock and group sort are the
 * assortment calls under /internalAssortments (OrgBase in ../api).
 */
import { api, constants, enums } from '@its/kit';
import type { GridEndpoints } from '@its/grid';
import type { Assortment } from '../api';

export const INTERNAL_CHANNELS: readonly string[] = enums.internalassortments.channels;
export const INTERNAL_REGIONS: readonly string[] = enums.internalassortments.regions;
export const INTERNAL_GENDERS: readonly string[] = enums.internalassortments.genders;
export const INTERNAL_PRODUCT_TYPES: readonly string[] = enums.internalassortments.productTypes;
export const INTERNAL_SEASONS = enums.seasons.seasons;
export const MAX_QUERY_PRODUCTS = constants.internalassortments.maxQueryProducts;
/** The table of contents is asked again at most this often while the page stays open (platform spec §9). */
export const DISCOVER_STALE_MS = constants.internalassortments.discoverTTLMs;

export interface TocSeason {
  _id: string;
  season: string;
  year: number;
  channel: string;
  state: string;
  previewJpgUrl: string;
  count: number;
}


export interface TableOfContents {
  channel: string;
  seasons: TocSeason[];
  genders: string[];
  assortments: TocEntry[];
  publishedStateOnly: boolean;
  at: string;
}

export interface DiscoverBody {
  channel: string;
  region?: string;
  season?: string;
  year?: number;
  gender?: string;
  locationId?: string;
  editable?: boolean;
  /** The seasons and genders only, no assortment (the list page's season picker). */
  seasonsOnly?: boolean;
  force?: boolean;
}

/**
 * A channel's list on the grid protocol: the internal assortments the caller may see, read in
 * blocks as the user scrolls (grouped by gender, the server counts the groups), its footer
 * figures, and its export as xlsx or csv.
 */
export const internalListEndpoints = (channel: string): Partial<GridEndpoints> => {
  const c = encodeURIComponent(channel);
  return {
    query: `/internalAssortments/query/${c}`,
    groups: `/internalAssortments/groups/${c}`,
    summary: `/internalAssortments/summary/${c}`,
    export: `/internalAssortments/export/xlsx/${c}`,
    exportCsv: `/internalAssortments/export/csv/${c}`,
  };
};

export const discover = (body: DiscoverBody, signal?: AbortSignal) => api.post<TableOfContents>('/internalAssortments/discover', body, { signal });

export interface InternalAttributes {
  title: string;
  channel: string;
  region: string;
  season: string;
  year: number;
  gender: string;
  productType: string;
  locationId?: string;
}

/** An internal assortment in the table of contents. */
export interface TocEntry extends InternalAttributes {
  _id: string;
  locationId: string;
  productCount: number;
  modifiedDate: string;
  editable: boolean;
}

/** The catalog query an assortment is made from: search conditions by field. */
export interface InternalQuery {
  text?: string;
  conditions: Record<string, Array<string | number>>;
}

export const createInternal = (attrs: InternalAttributes) => api.post<Assortment>('/internalAssortments', attrs, { silent: true });

export const createFromQuery = (attrs: InternalAttributes, query: InternalQuery) =>
  api.post<Assortment>('/internalAssortments/products/query/createAssortment', { assortment: attrs, query }, { silent: true });

export interface ProductOptions {
  genders: string[];
  divisions: string[];
  pillars: string[];
  outsoles: string[];
  uppers: string[];
  seasons: string[];
  years: number[];
}

export const productOptions = (productType: string, signal?: AbortSignal) =>
  api.post<ProductOptions>('/internalAssortments/products/options', { productType }, { signal, silent: true });
