/** The import's server calls: the multipart upload of the file, then the steps of modules/imports. */
import { api, csrfToken, CSRF_HEADER, uploadFile as uploadMultipart } from '@its/kit';
import type { Review, Subtype, Validation } from './state';

export interface ImportColumn {
  field: string;
  header: string;
  type: 'text' | 'number' | 'integer';
  required: boolean;
  options?: string[];
}

export interface ColumnsAnswer {
  headers: string[];
  columns: ImportColumn[];
  mapping: Record<string, number>;
}

export interface RowError {
  field: string;
  errorType: string;
  errorSeverity: 'critical' | 'warning';
  errorMessage: string;
}

/** A value the import gives a cell the row leaves blank (the catalog's), shown in the review. */
export interface FilledCell {
  field: string;
  value: string;
}

/** An import row (spec §3.7), with the values the import fills in for its blank cells. */
export interface ImportRow {
  index: number;
  values: Record<string, string>;
  origdata: Record<string, string>;
  error: RowError[];
  changed: boolean;
  filled?: FilledCell[];
}

/** The columns an import expects and an example row (the template the upload step offers). */
export interface TemplateAnswer {
  columns: ImportColumn[];
  example: Record<string, string>;
}

export interface RowsAnswer {
  rows: ImportRow[];
  status: Validation;
  criticalCount: number;
  warningCount: number;
  dropped: number;
}

/** Where the rows go: an assortment, or a sample library. */
export type ImportTarget = { kind: 'assortment'; id: string } | { kind: 'sampleInventory'; library: string };

export const basePath = (t: ImportTarget) => (t.kind === 'assortment' ? `/imports/assortment/${encodeURIComponent(t.id)}` : `/imports/sampleInventory/${encodeURIComponent(t.library)}`);

/** Uploads a file (usage importFile) and answers its import id; progress goes 0..1. */
export async function uploadFile(file: File, target: ImportTarget, onProgress: (p: number) => void): Promise<string> {
  const params: Record<string, string> = target.kind === 'assortment' ? { target: 'assortment' } : { target: 'sampleInventory', library: target.library };
  const res = await uploadMultipart<{ importId: string }>(file, { usageType: 'importFile', ...params }, onProgress);
  return res.importId;
}

/** The expected columns for the upload step (only an assortment import has a template). */
export const fetchTemplate = (t: ImportTarget & { kind: 'assortment' }) => api.get<TemplateAnswer>(`${basePath(t)}/template/columns`, { silent: true });

/** Where the template workbook downloads from. */
export const templateUrl = (t: ImportTarget & { kind: 'assortment' }) => `/api${basePath(t)}/template`;

export const fetchColumns = (t: ImportTarget, importId: string) => api.post<ColumnsAnswer>(`${basePath(t)}/columns`, { importId }, { silent: true });

export const readRows = (t: ImportTarget, importId: string, mapping: Record<string, number>, subtype: Subtype) =>
  api.post<RowsAnswer>(`${basePath(t)}/rows`, { importId, mapping, subtype }, { silent: true });

/** Validates the review again (the server reads the file's rows and applies the edits and deletions). */
export const validateRows = (t: ImportTarget, review: Review, subtype: Subtype) => api.post<RowsAnswer>(`${basePath(t)}/validate`, { review, subtype }, { silent: true });

export const importRows = (t: ImportTarget, review: Review, ignoreWarnings: boolean) => api.post<{ added: number }>(basePath(t), { review, ignoreWarnings }, { silent: true });

/** The bulk downloader: the validated rows as a workbook, saved by the browser. */
export async function downloadRows(t: ImportTarget, review: Review, ignoreWarnings: boolean): Promise<void> {
  const res = await fetch(`/api${basePath(t)}/download`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() },
    body: JSON.stringify({ review, ignoreWarnings }),
  });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'Import.xlsx';
  a.click();
  URL.revokeObjectURL(url);
}
