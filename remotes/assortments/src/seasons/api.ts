/** The seasons manager's server calls (docs/api.md "Seasons") and the cover upload. */
import { ApiError, api, enums, liveTopics } from '@its/kit';

export const SEASON_CODES = enums.seasons.seasons;
export const SEASON_CHANNELS = enums.seasons.channels;
export const SEASON_STATES: readonly string[] = enums.seasons.states;
export const ORG_TYPES: readonly string[] = enums.seasons.orgTypes;
export const SET_REGIONS: readonly string[] = enums.assortments.regions;
export const SET_PRODUCT_TYPES: readonly string[] = enums.assortments.productTypes;
export const SET_METHODS: readonly string[] = enums.assortments.methods;

export const SEASONS_PATH = '/product/assortments/seasons/manage';

/** Manage Seasons' grid of a channel (All for every one) as xlsx or csv, as the page shows it. */
export const seasonExportEndpoints = (channel: string) => ({
  export: `/assortmentSeasons/${encodeURIComponent(channel)}/export/xlsx`,
  exportCsv: `/assortmentSeasons/${encodeURIComponent(channel)}/export/csv`,
});

export interface SeasonSet {
  _id?: string;
  shortName: string;
  productType: string;
  region: string;
  orgType: string;
  method: string;
}

export interface Season {
  _id: string;
  season: string;
  year: number;
  channel: string;
  state: string;
  seasonSetId: string;
  seasonSets: SeasonSet[];
  sourceFile: string;
  previewJpg: string;
  sourceFileUrl?: string;
  previewJpgUrl?: string;
  version: number;
  createdDate: string;
  modifiedDate: string;
}

export const listSeasons = (channel: string, signal?: AbortSignal) => api.get<Season[]>(`/assortmentSeasons/${encodeURIComponent(channel)}`, { signal });

/** One season by id (the list's route answers a season's id with that season); null when there is none. */
export async function getSeason(id: string, signal?: AbortSignal): Promise<Season | null> {
  try {
    return await api.get<Season>(`/assortmentSeasons/${encodeURIComponent(id)}`, { signal, silent: true });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** The live topic of the seasons (a season added, changed or deleted by anyone). */
export const SEASONS_TOPIC = liveTopics.seasons.seasons;

export interface NewSeason {
  season: string;
  year: number;
  channel: string;
  seasonSets: SeasonSet[];
}

export const createSeason = (body: NewSeason) => api.post<Season>('/assortmentSeasons', body, { silent: true });

export const patchSeason = (id: string, body: { version: number; seasonSets: SeasonSet[] }) =>
  api.patch<Season>(`/assortmentSeasons/${encodeURIComponent(id)}`, body, { silent: true });

export const deleteSeason = (id: string) => api.delete<{ deleted: number }>(`/assortmentSeasons/${encodeURIComponent(id)}`, { silent: true });

export const setSeasonState = (id: string, seasonSetId: string, state: string) =>
  api.patch<Season>(`/assortmentSeasons/${encodeURIComponent(id)}/${encodeURIComponent(seasonSetId)}`, { state }, { silent: true });

interface CreatedUpload {
  uploadId: string;
  bucket: string;
  key: string;
  chunkSize: number;
  urls: string[];
}

/** Uploads a season's cover (JPEG) through the multipart upload into the season's folder. */
export async function uploadCover(season: Pick<Season, 'year' | 'season' | 'channel'>, file: File): Promise<void> {
  const up = await api.post<CreatedUpload>(
    '/upload/aws/s3/create',
    { filename: file.name, fileSize: file.size, usageType: 'seasonCover', year: String(season.year), season: season.season, channel: season.channel },
    { silent: true },
  );
  const etags: string[] = [];
  for (const [i, url] of up.urls.entries()) {
    const res = await fetch(url, { method: 'PUT', body: file.slice(i * up.chunkSize, (i + 1) * up.chunkSize), credentials: 'include' });
    const etag = res.headers.get('ETag');
    if (!res.ok || !etag) throw new Error(`The cover's part ${i + 1} was not stored (${res.status})`);
    etags.push(etag);
  }
  await api.post('/upload/aws/s3/complete', { bucket: up.bucket, key: up.key, uploadId: up.uploadId, etags }, { silent: true });
}

/** The set a state change names: the season's current one, else its first. */
export const stateSet = (s: Season): string => s.seasonSetId || s.seasonSets[0]?._id || '';
