/**
 * The multipart upload of core/uploads from a page: create (the usage's fields), each part PUT
 * to its signed URL through XMLHttpRequest (fetch reports no upload progress), then complete,
 * answering the usage's result.
 */
import { api } from './api';

interface CreatedUpload {
  uploadId: string;
  bucket: string;
  key: string;
  urls: string[];
  chunkSize: number;
}

/** The object storage refused or never received a part (not a refusal of ITS's server). */
export class StorageUploadError extends Error {
  constructor(readonly status: number) {
    super(status ? `HTTP ${status}` : 'network');
    this.name = 'StorageUploadError';
  }
}

/** PUTs one part, reporting the bytes sent; answers its ETag. */
function putPart(url: string, body: Blob, onProgress: (sent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (ev) => onProgress(ev.loaded);
    xhr.onload = () => (xhr.status < 300 ? resolve(xhr.getResponseHeader('ETag') ?? '') : reject(new StorageUploadError(xhr.status)));
    xhr.onerror = () => reject(new StorageUploadError(0));
    xhr.send(body);
  });
}

/**
 * Uploads file with the usage's fields (usageType and its own, e.g. attachTo); progress goes
 * 0..1. Answers the completed upload's result. A refusal of the server is its ApiError; a part
 * the storage did not take is a StorageUploadError.
 */
export async function uploadFile<R>(file: File, fields: Record<string, string>, onProgress: (p: number) => void = () => undefined): Promise<R> {
  const created = await api.post<CreatedUpload>('/upload/aws/s3/create', { filename: file.name, fileSize: file.size, ...fields }, { silent: true });
  const sent = new Array<number>(created.urls.length).fill(0);
  const etags: string[] = [];
  for (let i = 0; i < created.urls.length; i++) {
    const part = file.slice(i * created.chunkSize, Math.min(file.size, (i + 1) * created.chunkSize));
    etags.push(
      await putPart(created.urls[i]!, part, (n) => {
        sent[i] = n;
        onProgress(sent.reduce((a, b) => a + b, 0) / Math.max(1, file.size));
      }),
    );
  }
  const done = await api.post<{ result: R }>('/upload/aws/s3/complete', { bucket: created.bucket, key: created.key, uploadId: created.uploadId, etags }, { silent: true });
  onProgress(1);
  return done.result;
}
