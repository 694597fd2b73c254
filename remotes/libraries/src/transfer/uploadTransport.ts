/**
 * The upload queue's HTTP side: the filename check, the multipart calls of core/uploads, and
 * part PUTs through XMLHttpRequest (fetch reports no upload progress).
 */
import { ApiError, NetworkError, api, isCancelled } from '@its/kit';
import type { CompletedUpload, CreatedUpload, ResumeInfo } from '../api/types';
import { checkFilename } from '../api/assets';
import { PartHttpError, ServerUnreachableError, UploadGoneError, UploadRefusedError, type UploadEntry, type UploadErrorCode, type UploadTransport } from './uploadQueue';

interface FieldError {
  field?: string;
  rule?: string;
  message?: string;
}

/** Maps a refusal of the server onto the queue's error codes. */
export function refusal(e: unknown, phase: 'create' | 'complete'): UploadRefusedError | null {
  if (!(e instanceof ApiError)) return null;
  const details = e.details as FieldError[] | { errorType?: string } | undefined;
  if (e.status === 409) {
    const type = !Array.isArray(details) ? details?.errorType : undefined;
    return new UploadRefusedError(type === 'duplicateFilename' ? 'duplicate' : 'rejected', e.message);
  }
  if (e.status === 400 || e.status === 413 || e.status === 403) {
    const rules = Array.isArray(details) ? details.map((d) => d.rule) : [];
    let code: UploadErrorCode = 'rejected';
    if (rules.includes('fileType')) code = phase === 'complete' ? 'content' : 'fileType';
    else if (rules.includes('max') || e.status === 413) code = 'tooLarge';
    return new UploadRefusedError(code, e.message);
  }
  return null;
}

/** The server has no upload to resume: unknown (404), or aborted or failed (409 uploadState). */
function gone(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  const details = e.details as { errorType?: string; status?: string } | undefined;
  return e.status === 404 || (e.status === 409 && details?.errorType === 'uploadState' && (details.status === 'aborted' || details.status === 'failed'));
}

function rethrow(e: unknown, phase: 'create' | 'complete'): never {
  if (isCancelled(e)) throw new DOMException('Aborted', 'AbortError');
  // No answer, or a proxy's answer for a server that is down or restarting: worth waiting for.
  if (e instanceof NetworkError || (e instanceof ApiError && [502, 503, 504].includes(e.status))) throw new ServerUnreachableError(e.message);
  throw refusal(e, phase) ?? e;
}

/** PUTs a body to a signed URL, reporting progress; answers the ETag header. */
export function putWithProgress(url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.open('PUT', url);
    xhr.upload.onprogress = (ev) => onProgress(ev.loaded);
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300) {
        const etag = xhr.getResponseHeader('ETag');
        if (etag) resolve(etag);
        else reject(new Error('The part was stored but its ETag is not readable'));
      } else reject(new PartHttpError(xhr.status));
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', onAbort);
      reject(new ServerUnreachableError('Network error while uploading a part'));
    };
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.send(body);
  });
}

export const httpTransport: UploadTransport = {
  async check(entry: UploadEntry, signal: AbortSignal) {
    try {
      const res = await checkFilename(entry.target.libraryType, entry.filename, signal);
      if (res?.exists || res?.asset?._id) throw new UploadRefusedError('duplicate');
    } catch (e) {
      if (e instanceof UploadRefusedError) throw e;
      rethrow(e, 'create');
    }
  },
  async create(entry, signal) {
    try {
      return await api.post<CreatedUpload>(
        '/upload/aws/s3/create',
        { filename: entry.filename, fileSize: entry.size, usageType: entry.target.usageType, libraryType: entry.target.libraryType },
        { silent: true, signal },
      );
    } catch (e) {
      rethrow(e, 'create');
    }
  },
  async resume(uploadId, signal) {
    try {
      return await api.get<ResumeInfo>(`/upload/aws/s3/${encodeURIComponent(uploadId)}/parts`, { silent: true, signal });
    } catch (e) {
      if (gone(e)) throw new UploadGoneError(e instanceof Error ? e.message : undefined);
      rethrow(e, 'create');
    }
  },
  putPart: putWithProgress,
  async complete(body, signal) {
    try {
      return await api.post<CompletedUpload>('/upload/aws/s3/complete', body, { silent: true, signal });
    } catch (e) {
      rethrow(e, 'complete');
    }
  },
  async abort(uploadId) {
    await api.post('/upload/aws/s3/abort', { uploadId }, { silent: true });
  },
};
