/**
 * The announcements ("charts" in the API) as their editors see them: every announcement,
 * drafts and expired ones included, and the calls that write, publish, delete and print them.
 */
import { ApiError, CSRF_HEADER, NetworkError, api, apiUrl, csrfToken, isCancelled, type Announcement } from '@its/kit';

export interface Chart extends Announcement {
  body: string;
  link: string;
  published: boolean;
  startDate?: string;
  endDate?: string;
  /** The version the server last saved; sent back so a stale save answers 409 instead of overwriting. */
  modifiedDate: string;
  /** The advertising asset the announcement was made from (set only when it is created). */
  assetId?: string;
}

/** What the form sends: dates as YYYY-MM-DD, null to clear them. */
export interface ChartInput {
  title: string;
  body: string;
  link: string;
  published: boolean;
  startDate: string | null;
  endDate: string | null;
}

export const chartKeys = {
  all: ['charts'] as const,
  published: ['charts', 'published'] as const,
  every: ['charts', 'all'] as const,
};

export const listAll = (signal?: AbortSignal) => api.get<Chart[]>('/charts', { query: { published: false }, signal, silent: true });

// Writes leave server and network failures to the shell's error dialogs; the editor reports the rest.
export const createChart = (input: ChartInput & { assetId?: string }) => api.post<Chart>('/assets/AdvertisingAsset/announcement', input);

export const updateChart = (id: string, patch: Partial<ChartInput> & { modifiedDate: string }) => api.patch<Chart>(`/charts/${encodeURIComponent(id)}`, patch);

export const deleteChart = (id: string) => api.delete<{ _id: string }>(`/charts/${encodeURIComponent(id)}`);

/** The one-page PDF of an announcement; the caller saves the blob. */
export async function fetchChartPdf(id: string): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json' };
  const token = csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  let res: Response;
  try {
    res = await fetch(apiUrl('/assets/AdvertisingAsset/announcement/download/pdf'), {
      method: 'POST',
      credentials: 'include',
      headers,
      body: JSON.stringify({ _id: id }),
    });
  } catch (e) {
    throw isCancelled(e) ? e : new NetworkError(e);
  }
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as { message?: string } | undefined);
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '');
  return { blob: await res.blob(), filename: m?.[1] ? decodeURIComponent(m[1]) : 'announcement.pdf' };
}

export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** A calendar day of the API (a timestamp at UTC midnight) as the YYYY-MM-DD of a date input. */
export const dayOf = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

export type ChartStatus = 'draft' | 'live' | 'scheduled' | 'expired';

/** Where an announcement stands today: only live ones reach the dashboard. */
export function chartStatus(c: Pick<Chart, 'published' | 'startDate' | 'endDate'>, today: string): ChartStatus {
  if (!c.published) return 'draft';
  const start = dayOf(c.startDate);
  const end = dayOf(c.endDate);
  if (start && start > today) return 'scheduled';
  if (end && end < today) return 'expired';
  return 'live';
}

/** Today's calendar day where the user is, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export interface FieldError {
  field: string;
  rule?: string;
  message?: string;
}

/** The field errors of a validation failure, or null when the failure is of another kind. */
export function fieldErrors(e: unknown): FieldError[] | null {
  if (!(e instanceof ApiError) || e.status !== 400 || !Array.isArray(e.details)) return null;
  const out = (e.details as unknown[]).filter((d): d is FieldError => !!d && typeof d === 'object' && typeof (d as FieldError).field === 'string');
  return out.length ? out : null;
}

/** A stale save: someone else changed the announcement since it was opened. */
export const isUserLock = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && !!e.details && typeof e.details === 'object' && (e.details as { errorType?: string }).errorType === 'userLock';

/** Failures the shell already reported (its server and network error dialogs) or nobody needs to see. */
export const reportedByShell = (e: unknown) => isCancelled(e) || e instanceof NetworkError || (e instanceof ApiError && (e.status >= 500 || e.status === 401));
