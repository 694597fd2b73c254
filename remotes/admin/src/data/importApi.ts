/** The reference data import's calls: a file's review, then the same file applied with the review's token. */
import { ApiError, CSRF_HEADER, csrfToken, type ErrorBody } from '@its/kit';
import type { DataSet } from './api';

export type ImportStatus = 'added' | 'changed' | 'unchanged' | 'refused';

export interface ImportCellError {
  field: string;
  rule: string;
  message: string;
}

export interface ImportRow {
  line: number;
  status: ImportStatus;
  id?: string;
  values: Record<string, string>;
  changed?: string[];
  before?: Record<string, unknown>;
  errors?: ImportCellError[];
}

export interface ImportReview {
  fileName: string;
  columns: { field: string; header: string; index: number }[];
  ignored: string[];
  counts: Record<ImportStatus, number>;
  rows: ImportRow[];
  token: string;
  applied: boolean;
}

/** The files the import reads. */
export const IMPORT_ACCEPT = '.xlsx,.csv';

/**
 * Sends file to the set's import: without a token the server answers the review and writes
 * nothing; with the review's token it applies the file. headers are the grid's column headers
 * in the user's language (field → header), so a file exported in that language is read back.
 */
export async function sendImport(set: DataSet, file: File, headers: Record<string, string>, token?: string): Promise<ImportReview> {
  const form = new FormData();
  form.append('headers', JSON.stringify(headers));
  if (token) form.append('token', token);
  form.append('file', file, file.name);
  const res = await fetch(`/api/admin/data/${set}/import${token ? '/apply' : ''}`, {
    method: 'POST',
    credentials: 'include',
    headers: { [CSRF_HEADER]: csrfToken(), Accept: 'application/json' },
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as { data?: ImportReview } & Partial<ErrorBody>;
  if (!res.ok || !body.data) {
    throw new ApiError(res.status, { message: body.message ?? res.statusText, messageCode: body.messageCode ?? '', details: body.details } as ErrorBody);
  }
  return body.data;
}

/** Whether a review has something to write and nothing refused. */
export const canApply = (r: ImportReview) => r.counts.refused === 0 && r.counts.added + r.counts.changed > 0;
