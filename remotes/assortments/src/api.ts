/** The assortment manager's server calls (docs/api.md "Assortments"). */
import { actions, api, apiUrl, authzCheck, constants, csrfToken, CSRF_HEADER, enums, type AuthzCheck } from '@its/kit';
import type { GridRow, GridSchema, HistoryVia } from '@its/grid';
import type { ProductQuery } from '@its/remote-products/api';

/** Spec platform §9 (ms): product update (the detail grid), row update (the list), filter options (suggestions). */
export const PRODUCT_UPDATE_MS = 1000;
export const ROW_UPDATE_MS = 1250;
export const FILTER_OPTIONS_MS = 250;
export const DELETE_MS = 200;
/** An edit lock lives lockTTL (the server's, from the manifest) unless requested again: renew well before. */
export const LOCK_RENEW_MS = (constants.assortments.lockTTLMs * 2) / 5;

export const VIEWS = enums.assortments.views;
export type View = (typeof VIEWS)[number];

export const BASE_PATH = '/product/assortments';
export const viewPath = (v: View) => `${BASE_PATH}/${v}`;
export const managePath = (id: string) => `${BASE_PATH}/assortment/${encodeURIComponent(id)}/manage`;
/** The assortment's documents page: line sheets, price sheets and tear sheets. */
export const exportPath = (id: string) => `${BASE_PATH}/assortment/${encodeURIComponent(id)}/export`;
/** The internal assortments' pages: a channel's list and an assortment's tabs. */
export const INTERNAL_PATH = `${BASE_PATH}/internal`;
export const internalListPath = (channel: string) => `${INTERNAL_PATH}/${channel.toLowerCase()}`;
export type InternalTab = 'manage' | 'sort' | 'export' | 'showroom' | 'showroom-config';
export const internalPath = (id: string, tab: InternalTab, search = '') => `${INTERNAL_PATH}/${encodeURIComponent(id)}/${tab}${search ? `?${search}` : ''}`;

export const CHANNELS: readonly string[] = enums.assortments.channels;
export const REGIONS: readonly string[] = enums.assortments.regions;
export const PRODUCT_TYPES: readonly string[] = enums.assortments.productTypes;
export const SEASONS: readonly string[] = enums.seasons.seasons;
export const GENDERS = ['Mens', 'Womens', 'Boys', 'Girls', 'Unisex'];

export interface Label {
  name: string;
  color: string;
}

export interface Owner {
  id: string;
  fullName: string;
  email: string;
}

export interface Lock {
  user: Owner;
  expiresAt: string;
  mine: boolean;
}

/** An alert on a product of the assortment: `type` a stable key, `params` its values, `message` an English fallback. */
export interface Alert {
  style: string;
  color: string;
  type: string;
  params?: Record<string, string | number | boolean | null> | null;
  message: string;
  createdDate: string;
}

export interface Assortment {
  _id: string;
  type: 'item' | 'folder';
  hierarchy: string[];
  title: string;
  subTitle: string;
  /** Stored keys of the logo and thumbnail (images uploaded for the assortment), and links to show them. */
  logo?: string;
  thumbnail?: string;
  logoUrl?: string;
  thumbnailUrl?: string;
  method: 'static' | 'dynamic';
  channel: string;
  region: string;
  season: string;
  year: number | null;
  gender: string;
  productType: string;
  locationId: string;
  state: string;
  starred: boolean;
  labels: Label[];
  query: (ProductQuery & { sort?: Record<string, 1 | -1> }) | null;
  uiSettings: Record<string, unknown> | null;
  decimalsPlaces: number;
  scheduledDate: string | null;
  /** When the assortment was last sent to the CRM. */
  lastSyncDate: string | null;
  version: number;
  createdDate: string;
  modifiedDate: string;
  owner: Owner;
  productCount: number;
  alertCount: number;
  alerts?: Alert[];
  lock?: Lock | null;
}

export interface ListAnswer {
  view: View;
  items: Assortment[];
  totalCount: number;
  folder: Assortment | null;
  path: Assortment[];
}

/** The export of a list view (docs/grid.md §7): the caller's entries of the view, as xlsx or csv. */
export const listExportEndpoints = (view: View) => ({
  export: `/assortments/export/xlsx/${view}`,
  exportCsv: `/assortments/export/csv/${view}`,
});

/** The detail grid's export of an assortment of org (the view as the user sees it). */
export const detailExportEndpoints = (org: OrgBase, id: string) => ({
  export: `/${org}/products/export/xlsx/${encodeURIComponent(id)}`,
  exportCsv: `/${org}/products/export/csv/${encodeURIComponent(id)}`,
});

/**
 * A list view (or a folder's content) whole: the list call answers at most maxListPage entries,
 * so a longer one is read page after page (offset) until its total, every entry reachable.
 */
export async function listAssortments(view: View, opts: { folder?: string; q?: string } = {}, signal?: AbortSignal): Promise<ListAnswer> {
  const page = (offset: number) =>
    api.get<ListAnswer>('/assortments', { signal, query: { view, folder: opts.folder || undefined, q: opts.q || undefined, limit: constants.assortments.maxListPage, offset: offset || undefined } });
  const first = await page(0);
  const items = [...first.items];
  while (items.length < first.totalCount) {
    const next = await page(items.length);
    if (!next.items.length) break;
    items.push(...next.items);
  }
  return { ...first, items };
}

export interface CreateBody {
  type: 'item' | 'folder';
  parentId?: string;
  title: string;
  subTitle?: string;
  method?: 'static' | 'dynamic';
  channel?: string;
  region?: string;
  season?: string;
  year?: number | null;
  gender?: string;
  productType?: string;
  locationId?: string;
  labels?: Label[];
  query?: ProductQuery;
}

export const createAssortment = (body: CreateBody) => api.post<Assortment>('/assortments', body, { silent: true });

/** The API of an organisation type: regular assortments or internal ones (same calls, own rules). */
export type OrgBase = 'assortments' | 'internalAssortments';

/**
 * The policy check of changing an assortment of org: assortments.edit on its channel, or for an
 * internal one internalAssortments.edit on its channel, region and productType.
 */
export const editCheck = (org: OrgBase, a: Partial<Pick<Assortment, 'channel' | 'region' | 'productType'>> | undefined): AuthzCheck =>
  org === 'internalAssortments'
    ? authzCheck(actions.internalAssortmentsEdit, { channel: a?.channel ?? 'All', region: a?.region ?? 'All', productType: a?.productType ?? 'All' })
    : authzCheck(actions.assortmentsEdit, { channel: a?.channel ?? 'All' });

export const getAssortment = (id: string, signal?: AbortSignal, org: OrgBase = 'assortments') =>
  api.get<Assortment>(`/${org}/${encodeURIComponent(id)}`, { signal, query: { _options: JSON.stringify({ products: false }) } });

export interface PatchBody {
  version?: number;
  title?: string;
  subTitle?: string;
  logo?: string;
  thumbnail?: string;
  starred?: boolean;
  state?: string;
  labels?: Label[];
  parentId?: string;
  query?: ProductQuery;
  gridSort?: Array<{ field: string; dir: 'asc' | 'desc' }>;
  uiSettings?: Record<string, unknown>;
}

export const patchAssortment = (id: string, body: PatchBody, org: OrgBase = 'assortments') => api.patch<Assortment>(`/${org}/${encodeURIComponent(id)}`, body, { silent: true });

export const deleteAssortment = (id: string) => api.delete<{ deleted: number }>(`/assortments/${encodeURIComponent(id)}`, { silent: true });

/** Queues the assortment for the CRM; answers its new lastSyncDate. */
export const crmSync = (id: string) => api.post<{ lastSyncDate: string }>(`/assortments/crmSync/${encodeURIComponent(id)}`, {}, { silent: true });

/** An assortment's latest CRM sync (crm.driver outbox: a row the CRM reads; http: a signed POST retried from the job queue). */
export interface CrmSync {
  id: number;
  driver: 'outbox' | 'http';
  status: 'pending' | 'sent' | 'failed';
  requested: string;
  sentAt: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  /** The CRM's HTTP status of the last attempt; null when it was not reached. */
  lastStatus: number | null;
  lastError: string;
}

/** The react-query key of an assortment's latest CRM sync. */
export const crmSyncKey = (id: string) => ['assortment', id, 'crmSync'];

/** The latest CRM sync of the assortment (null: never synced). */
export const lastCrmSync = (id: string, signal?: AbortSignal) => api.get<CrmSync | null>(`/assortments/crmSync/${encodeURIComponent(id)}`, { signal });

export const archiveAssortments = (ids: string[], archived: boolean) =>
  api.post<{ archived?: number; unarchived?: number }>(archived ? '/assortments/archive' : '/assortments/unarchive', { ids }, { silent: true });

/** Duplicates for oneself (a single copy may get its own title) or copies to another user. */
export const cloneAssortments = (ids: string[], opts: { userId?: string; title?: string } = {}) =>
  api.post<{ ids: string[]; copiedTo: Owner | null }>(
    '/assortments/cloneMany',
    { ids, ...(opts.userId ? { userId: opts.userId } : {}), ...(opts.title ? { title: opts.title } : {}) },
    { silent: true },
  );

export interface UserSuggestion {
  id: string;
  fullName: string;
  email: string;
  userCode: string;
}

export const autocompleteUsers = (text: string, signal?: AbortSignal) =>
  api.get<UserSuggestion[]>('/users/autocomplete', { signal, silent: true, query: { text }, kind: 'assortments-users' });

export interface Customer {
  label: string;
  value: string;
  name: string;
  territory: string;
  city: string;
  country: string;
}

export const autocompleteCustomers = (text: string, signal?: AbortSignal) =>
  api.get<Customer[]>('/customers/official/text', { signal, silent: true, query: { text, labelValue: false }, kind: 'assortments-customers' });

export const fetchSchema = (signal?: AbortSignal) => api.get<GridSchema>('/assortments/schema', { signal });

export interface LockAnswer {
  locked: boolean;
  lock: Lock | null;
}

export const requestLock = (id: string, org: OrgBase = 'assortments') => api.post<LockAnswer>(`/${org}/edit/lock/${encodeURIComponent(id)}/request`, {}, { silent: true });
export const releaseLock = (id: string, org: OrgBase = 'assortments') => api.post<LockAnswer>(`/${org}/edit/lock/${encodeURIComponent(id)}/release`, {}, { silent: true });

/** Releases the lock while the page goes away (the request outlives the page). */
export function releaseLockOnExit(id: string, org: OrgBase = 'assortments'): void {
  try {
    void fetch(apiUrl(`/${org}/edit/lock/${encodeURIComponent(id)}/release`), {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() },
      body: '{}',
    });
  } catch {
    // The lock expires by itself.
  }
}

/** One product of an assortment batch. */
export interface AddProduct {
  tempId?: string;
  style: string;
  color: string;
  isNew?: boolean;
  values?: Record<string, unknown>;
}

export interface AssortmentBatch {
  addProducts?: AddProduct[];
  deleteProducts?: Array<{ id: string; version: number }>;
  updateProducts?: Array<{ id: string; version: number; changes: Record<string, unknown> }>;
  clearAlerts?: { all?: boolean; products?: Array<{ style: string; color: string }> };
  source?: 'style' | 'search' | 'excel';
  /** How the rows' changes were made, for the cell history (edit when left out). */
  via?: HistoryVia;
}

export interface AssortmentBatchResult {
  added: number;
  deleted: number;
  updated: number;
  alertsCleared: number;
  messages: string[];
  rows: GridRow[];
  deletedIds: string[];
  tempIds: Record<string, string>;
  assortment: Assortment;
}

export const batchAssortment = (id: string, body: AssortmentBatch, org: OrgBase = 'assortments') =>
  api.patch<AssortmentBatchResult>(`/${org}/batch/${encodeURIComponent(id)}`, body, { silent: true });

export interface Collection {
  _id: string;
  name: string;
  linkageId: string;
  version: number;
}

export const findCollections = (collectionType: string, linkageId: string) =>
  api.post<Collection[]>(`/collections/${collectionType}/query`, { linkageModel: 'Assortment', linkageId }, { silent: true });

export const createCollection = (collectionType: string, body: { name: string; linkageId: string; products: Array<{ style: string; color: string }> }) =>
  api.post<Collection & { products: unknown[] }>(`/collections/${collectionType}`, { ...body, linkageModel: 'Assortment' }, { silent: true });

export const addToCollection = (collectionType: string, collectionId: string, products: Array<{ style: string; color: string }>) =>
  api.post<{ added: number; addedToAssortment: number; message: string }>(`/collections/${collectionType}/batch/${collectionId}`, { addProducts: products }, { silent: true });
