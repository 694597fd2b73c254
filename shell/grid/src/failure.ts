/** What a failed grid write was: the kit's ApiError (or a plain failure) as the write queue's WriteFailure. */
import { ApiError } from '@its/kit';
import type { CellErrorDetail } from './types';
import type { WriteFailure } from './writer';

export function classifyFailure(e: unknown): WriteFailure {
  if (e instanceof ApiError) {
    if (e.status === 409) {
      const d = (e.details ?? {}) as { rows?: Array<{ id: string; version?: number; currentVersion?: number }> };
      return { kind: 'conflict', rows: d.rows ?? [] };
    }
    if (e.status === 404) return { kind: 'notFound', ids: ((e.details ?? {}) as { ids?: string[] }).ids ?? [] };
    if (e.messageCode === 'ITS_ERR_EMPTY_REQUEST') return { kind: 'empty' };
    if (e.status === 400 && Array.isArray(e.details)) return { kind: 'validation', details: e.details as CellErrorDetail[], message: e.message };
    return { kind: 'error', message: e.message };
  }
  if (e && typeof e === 'object' && 'kind' in e) return e as WriteFailure;
  return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
}
