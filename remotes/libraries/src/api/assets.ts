/** The libraries' calls (docs/api.md "Libraries"), through the kit's API client. */
import { ApiError, api, apiUrl, csrfToken, CSRF_HEADER, type RequestOptions } from '@its/kit';
import type { Asset, AssetPage, AssetStatus, Collection, CollectionSettings, LibraryType, UsageType } from './types';

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

/** GET /api/assets answers {data, totalCount} at the top level, so the envelope is kept. */
export async function listAssets(q: ListQuery, opts: RequestOptions = {}): Promise<AssetPage> {
  const res = await fetch(apiUrl('/assets', listQueryParams(q)), { credentials: 'include', headers: { Accept: 'application/json' }, signal: opts.signal });
  const body = (await res.json().catch(() => undefined)) as AssetPage | { message?: string } | undefined;
  if (!res.ok) {
    // The kit's client unwraps {data} and would drop totalCount; let it see a lost session.
    if (res.status === 401) void api.get('/users/ping').catch(() => undefined);
    throw new ApiError(res.status, body as { message?: string });
  }
  const page = body as AssetPage;
  return { data: page?.data ?? [], totalCount: page?.totalCount ?? 0 };
}

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

/** POST .../report/xlsx answers the spreadsheet itself; the caller saves the blob. */
export async function fetchReport(
  libraryType: LibraryType,
  body: { status?: AssetStatus; filters?: Record<string, string[]> },
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  const res = await fetch(apiUrl(`/assets/${libraryType}/report/xlsx`), { method: 'POST', credentials: 'include', headers, body: JSON.stringify(body), signal });
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as { message?: string } | undefined);
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const filename = m?.[1] ? decodeURIComponent(m[1]) : `${libraryType}_report.xlsx`;
  return { blob: await res.blob(), filename };
}

/** The library types of the assets named by ids, fetched with signed URLs (500 per call). */
export async function assetsByIds(libraryTypes: LibraryType[], ids: string[]): Promise<Asset[]> {
  if (ids.length === 0) return [];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 500) chunks.push(ids.slice(i, i + 500));
  const answers = await Promise.all(libraryTypes.flatMap((lt) => chunks.map((c) => signedAssets(lt, c).catch(() => [] as Asset[]))));
  const byId = new Map(answers.flat().map((a) => [a._id, a]));
  return ids.map((id) => byId.get(id)).filter((a): a is Asset => !!a);
}
