/** The libraries' calls (docs/api.md "Libraries"), through the kit's API client. */
import { api, type RequestOptions } from '@its/kit';
import type { GridEndpoints } from '@its/grid';
import type { Asset, AssetPage, AssetStatus, Collection, CollectionSettings, FilterOptions, Landing, LibrarySchema, LibraryType, UsageType } from './types';

export interface ListQuery {
  libraryType: LibraryType;
  status?: AssetStatus;
  filters?: Record<string, string[]>;
  q?: string;
  limit?: number;
  offset?: number;
}

export function listQueryParams(q: ListQuery): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = { libraryType: q.libraryType, status: q.status, q: q.q || undefined, limit: q.limit, offset: q.offset };
  for (const [k, vs] of Object.entries(q.filters ?? {})) if (vs.length) out[k] = vs.join(',');
  return out;
}

/** GET /api/assets → {data: {rows, totalCount}}. */
export async function listAssets(q: ListQuery, opts: RequestOptions = {}): Promise<AssetPage> {
  const page = await api.get<{ rows?: Asset[]; totalCount?: number }>('/assets', { silent: true, ...opts, query: listQueryParams(q) });
  return { data: page?.rows ?? [], totalCount: page?.totalCount ?? 0 };
}

/** The data sets a filter bar may ask for (spec §2.6): a region (Domestic, Europe, International), a division (Apparel, Footwear, POP). */
export interface DataSets {
  region?: string;
  division?: string;
}

/**
 * GET /api/assets/filters: per filter of the library's bar, the values its published items use;
 * with a region or division data set those of that region's or division's items.
 */
export const filterOptions = (libraryType: LibraryType, signal?: AbortSignal, sets: DataSets = {}) => {
  const query: Record<string, string> = { libraryType };
  if (sets.region) query.region = sets.region;
  if (sets.division) query.division = sets.division;
  return api.get<FilterOptions>('/assets/filters', { silent: true, signal, query });
};

/** GET /api/assets/landing: the landing page's total, tiles (with their samples) and newest items. */
export const landingPage = (libraryType: LibraryType, signal?: AbortSignal) =>
  api.get<Landing>('/assets/landing', { silent: true, signal, query: { libraryType } });

export interface BatchBody {
  _ids: string[];
  status?: AssetStatus;
  set?: Record<string, string | null>;
}

export const batchAssets = (manageType: LibraryType, body: BatchBody) =>
  api.patch<Asset[]>(`/assets/${manageType}/batch/many`, body, { silent: true });

export const checkFilename = (manageType: LibraryType, filename: string, signal?: AbortSignal) =>
  api.post<{ asset: { _id: string } | null; exists: boolean }>(`/assets/${manageType}/check-filename`, { filename }, { silent: true, signal });

/** The assets with freshly signed file URLs (viewers get Published ones only). */
export const signedAssets = (libraryType: LibraryType, ids: string[], usageType?: UsageType) =>
  api.post<Asset[]>(`/assets/${libraryType}`, { _ids: ids, usageType }, { silent: true });

export const getCollection = (collectionType: string) => api.get<Collection>(`/assets/collection/${collectionType}`, { silent: true });

export const saveCollection = (collectionType: string, body: { items: string[] } & CollectionSettings) =>
  api.put<Collection>(`/assets/collection/${collectionType}`, body, { silent: true });

export const zipCollection = (collectionType: string) =>
  api.post<{ jobId: string; status: string }>(`/assets/collection/${collectionType}/zip`, {}, { silent: true });

export const flagSeen = (assetId: string) => api.post('/userFlags', { flag: 'Seen', modelType: 'Asset', modelId: assetId }, { silent: true });

export const recordStat = (action: string, assetId: string, data: Record<string, unknown>) =>
  api.post('/stats', { action, modelType: 'Asset', modelId: assetId, data }, { silent: true });

/** POST .../report/xlsx queues the report job; the download queue follows it. */
export const reportJob = (libraryType: LibraryType, body: { status?: AssetStatus; filters?: Record<string, unknown> }) =>
  api.post<{ jobId: string; status: string }>(`/assets/${libraryType}/report/xlsx`, body, { silent: true });

/** The library types of the assets named by ids, fetched with signed URLs (500 per call). */
export async function assetsByIds(libraryTypes: LibraryType[], ids: string[]): Promise<Asset[]> {
  if (ids.length === 0) return [];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 500) chunks.push(ids.slice(i, i + 500));
  const answers = await Promise.all(libraryTypes.flatMap((lt) => chunks.map((c) => signedAssets(lt, c).catch(() => [] as Asset[]))));
  const byId = new Map(answers.flat().map((a) => [a._id, a]));
  return ids.map((id) => byId.get(id)).filter((a): a is Asset => !!a);
}

/** The manage grid of a library (grid protocol, docs/grid.md): schema, stream, batch, export. */
export const fetchLibrarySchema = (libraryType: LibraryType, signal?: AbortSignal) =>
  api.get<LibrarySchema>(`/assets/${libraryType}/schema`, { silent: true, signal });

export const gridEndpoints = (libraryType: LibraryType): GridEndpoints => ({
  stream: `/assets/${libraryType}/stream`,
  query: `/assets/${libraryType}/query`,
  batch: `/assets/${libraryType}/batch/many`,
  export: `/assets/${libraryType}/export/xlsx`,
  exportCsv: `/assets/${libraryType}/export/csv`,
  summary: `/assets/${libraryType}/summary`,
  groups: `/assets/${libraryType}/groups`,
});

/** A grid row's preview picture (the server redirects to the signed file). */
export const thumbnailUrl = (libraryType: LibraryType, fileId: string) => `/api/assets/${libraryType}/thumbnail/${encodeURIComponent(fileId)}`;
