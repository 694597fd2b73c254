/**
 * The page's one upload queue and one download queue (module singletons: they outlive the
 * route that started a transfer), their panels' display modes, and the hooks reading them.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api, createStore, useStore } from '@its/kit';
import type { Job } from '../api/types';
import { DownloadQueue, type DownloadItem, type SavedFile } from './downloadQueue';
import { UploadQueue, localPersistence, type InterruptedUpload, type UploadEntry, type UploadTotals } from './uploadQueue';
import { httpTransport } from './uploadTransport';

/** Hands a finished file to the browser's downloads. */
export function saveFile({ url, blob, filename }: SavedFile): void {
  const href = blob ? URL.createObjectURL(blob) : url;
  if (!href) return;
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (blob) setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

type Finished<T> = (item: T) => void;
const uploadFinished = new Set<Finished<UploadEntry>>();
const downloadFinished = new Set<Finished<DownloadItem>>();

export const uploads = new UploadQueue(httpTransport, {
  // A server restarting (a deploy, a crash) is waited for; the upload then resumes.
  reconnectMs: 180_000,
  persistence: typeof window !== 'undefined' ? localPersistence() : undefined,
  onFinished: (e) => uploadFinished.forEach((f) => f(e)),
});

export const downloads = new DownloadQueue(
  {
    getJob: (id, signal) => api.get<Job>(`/jobs/${encodeURIComponent(id)}`, { silent: true, signal }),
    cancelJob: (id) => api.post<Job>(`/jobs/${encodeURIComponent(id)}/cancel`, {}, { silent: true }),
    save: saveFile,
  },
  { onFinished: (d) => downloadFinished.forEach((f) => f(d)) },
);

/** Global uploader display (spec §4.7): hidden, expanded, mini or collapsed. */
export type UploaderMode = 'hidden' | 'expanded' | 'mini' | 'collapsed';
/** The download panel: hidden, mini or expanded. */
export type DownloadPanelMode = 'hidden' | 'mini' | 'expanded';

export const uploaderMode = createStore<UploaderMode>('hidden');
export const downloadPanelMode = createStore<DownloadPanelMode>('hidden');

// A new transfer brings its panel up; an empty queue hides it.
uploads.subscribe(() => {
  const n = uploads.entries().length + uploads.interruptedUploads().length;
  if (n === 0) uploaderMode.set('hidden');
  else if (uploaderMode.get() === 'hidden') uploaderMode.set('expanded');
});
downloads.subscribe(() => {
  const n = downloads.items().length;
  if (n === 0) downloadPanelMode.set('hidden');
  else if (downloadPanelMode.get() === 'hidden') downloadPanelMode.set('expanded');
});
if (uploads.interruptedUploads().length) uploaderMode.set('expanded');

export const useUploads = (): UploadEntry[] => useSyncExternalStore(uploads.subscribe, uploads.entries, uploads.entries);
export const useInterrupted = (): InterruptedUpload[] => useSyncExternalStore(uploads.subscribe, uploads.interruptedUploads, uploads.interruptedUploads);
export const useDownloads = (): DownloadItem[] => useSyncExternalStore(downloads.subscribe, downloads.items, downloads.items);
export const useUploaderMode = () => useStore(uploaderMode);
export const useDownloadPanelMode = () => useStore(downloadPanelMode);

export function useUploadTotals(): UploadTotals {
  useUploads();
  return uploads.totals();
}

/** Calls back when an upload completes or fails (e.g. to refresh the Pending list). */
export function useUploadFinished(cb: Finished<UploadEntry>): void {
  useEffect(() => {
    uploadFinished.add(cb);
    return () => {
      uploadFinished.delete(cb);
    };
  }, [cb]);
}

export function useDownloadFinished(cb: Finished<DownloadItem>): void {
  useEffect(() => {
    downloadFinished.add(cb);
    return () => {
      downloadFinished.delete(cb);
    };
  }, [cb]);
}

let reattached = false;

/** Follows again the zips still running from before a reload (GET /api/jobs). */
export function reattachJobs(titleOf: (job: Job) => string): void {
  if (reattached) return;
  reattached = true;
  void api
    .get<Job[]>('/jobs', { silent: true })
    .then((jobs) => {
      for (const j of Array.isArray(jobs) ? jobs : []) {
        if (j.kind !== 'libraries.zip' || (j.status !== 'pending' && j.status !== 'started') || downloads.has(j.id)) continue;
        downloads.add(titleOf(j), { kind: 'job', jobId: j.id });
      }
    })
    .catch(() => {
      reattached = false;
    });
}

// Leaving the page while files upload loses them (they can be resumed, but only by choosing
// the files again): the browser asks first.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (e) => {
    if (uploads.busy()) {
      e.preventDefault();
      e.returnValue = '';
    }
  });
}
