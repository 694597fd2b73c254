/**
 * The upload queue (spec product §4.5, platform §4 and §9): files wait queued, at most
 * `maxFiles` upload at once (the next starts whenever fewer run), each in parts of `chunkSize`
 * bytes with `maxParts` parts in flight, a failed part retried with backoff. An upload is
 * completed only when every part succeeded; finished entries leave after a short delay.
 *
 * The scheduling here is plain TypeScript over a transport (the HTTP calls), so that it can be
 * tested without a browser; uploadTransport.ts is the real transport.
 */
import type { CompletedUpload, CreatedUpload, LibraryType, ResumeInfo } from '../api/types';

export const CHUNK_SIZE = 10_485_760;
export const MAX_FILES = 3;
export const MAX_PARTS = 4;
export const MAX_RETRIES = 3;
/** How long a finished entry stays in the list (the spec's file progress pop delay). */
export const COMPLETED_REMOVE_MS = 3000;
export const FAILED_REMOVE_MS = 15_000;

export type UploadState = 'queued' | 'uploading' | 'completed' | 'failed';
export type UploadPhase = 'checking' | 'creating' | 'parts' | 'completing' | 'reconnecting';
export type PartState = 'pending' | 'inProgress' | 'success' | 'error';

/** Why an upload failed; the UI turns the code into a message. */
export type UploadErrorCode = 'duplicate' | 'fileType' | 'content' | 'tooLarge' | 'parts' | 'rejected' | 'network' | 'mismatch';

export interface UploadError {
  code: UploadErrorCode;
  /** The server's message, when it gave one. */
  message?: string;
}

/** What a file is uploaded as (the create call's usage type and library type). */
export interface UploadTarget {
  usageType: 'libraryAsset';
  libraryType: LibraryType;
}

/** A File, or anything that can be sliced like one. */
export interface UploadSource {
  name: string;
  size: number;
  lastModified?: number;
  slice(start: number, end: number): Blob;
}

export interface UploadPart {
  n: number;
  size: number;
  state: PartState;
  loaded: number;
  attempts: number;
  etag?: string;
}

export interface UploadEntry {
  id: string;
  filename: string;
  size: number;
  target: UploadTarget;
  state: UploadState;
  phase?: UploadPhase;
  loaded: number;
  parts: UploadPart[];
  error?: UploadError;
  uploadId?: string;
  bucket?: string;
  key?: string;
  chunkSize?: number;
  resumed?: boolean;
  result?: CompletedUpload['result'];
  addedToQueue: number;
}

/** An upload a previous page left unfinished: resumable once its file is chosen again. */
export interface InterruptedUpload {
  id: string;
  uploadId: string;
  bucket: string;
  key: string;
  filename: string;
  size: number;
  lastModified?: number;
  target: UploadTarget;
  chunkSize: number;
  savedAt: number;
}

/** A refusal the server (or the filename check) gave: not worth retrying. */
export class UploadRefusedError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'UploadRefusedError';
  }
}

/** The server did not answer (down, restarting, or a proxy in front of it said so). */
export class ServerUnreachableError extends Error {
  constructor(message = 'The server did not answer') {
    super(message);
    this.name = 'ServerUnreachableError';
  }
}

/** The server no longer has an upload to resume (aborted meanwhile, or unknown). */
export class UploadGoneError extends Error {
  constructor(message = 'The upload is gone') {
    super(message);
    this.name = 'UploadGoneError';
  }
}

/** A part request that failed with an HTTP status (403: its signed URL expired). */
export class PartHttpError extends Error {
  constructor(readonly status: number) {
    super(`part upload failed with HTTP ${status}`);
    this.name = 'PartHttpError';
  }
}

export interface UploadTransport {
  /** Refuses (UploadRefusedError 'duplicate') a file another asset already holds. */
  check(entry: UploadEntry, signal: AbortSignal): Promise<void>;
  create(entry: UploadEntry, signal: AbortSignal): Promise<CreatedUpload>;
  /** The parts stored so far and fresh URLs for the missing ones. */
  resume(uploadId: string, signal: AbortSignal): Promise<ResumeInfo>;
  /** PUTs one part, reporting bytes sent; answers its ETag. */
  putPart(url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<string>;
  complete(body: { bucket: string; key: string; uploadId: string; etags: { PartNumber: number; ETag: string }[] }, signal: AbortSignal): Promise<CompletedUpload>;
  abort(uploadId: string): Promise<void>;
}

/** Where unfinished uploads are remembered across page loads. */
export interface UploadPersistence {
  load(): InterruptedUpload[];
  save(list: InterruptedUpload[]): void;
}

export interface UploadQueueOptions {
  maxFiles?: number;
  maxParts?: number;
  chunkSize?: number;
  maxRetries?: number;
  /** Milliseconds to wait before retry number `attempt` (1-based). */
  backoff?: (attempt: number) => number;
  completedRemoveMs?: number;
  /** null keeps failed entries until removed by hand. */
  failedRemoveMs?: number | null;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  persistence?: UploadPersistence;
  /**
   * How long an upload whose server stopped answering waits for it to come back (ms), asking
   * every `reconnectIntervalMs` for the parts it stored, then goes on with the missing ones.
   * 0 fails the upload at once (it can still be retried by hand).
   */
  reconnectMs?: number;
  reconnectIntervalMs?: number;
  /** Coalesces progress-only notifications (ms); 0 notifies on every change. */
  progressThrottleMs?: number;
  onFinished?: (entry: UploadEntry) => void;
}

export interface UploadTotals {
  loaded: number;
  total: number;
  percent: number;
  uploading: number;
  queued: number;
  completed: number;
  failed: number;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/** Splits a size into parts of chunkSize (the last one shorter). */
export function planParts(size: number, chunkSize: number, count?: number): UploadPart[] {
  const n = count ?? Math.max(1, Math.ceil(size / chunkSize));
  return Array.from({ length: n }, (_, i) => ({
    n: i + 1,
    size: Math.max(0, Math.min(chunkSize, size - i * chunkSize)),
    state: 'pending' as PartState,
    loaded: 0,
    attempts: 0,
  }));
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** A failure that says nothing about the upload, only that the server is not there right now. */
export const isUnreachable = (e: unknown) => e instanceof ServerUnreachableError || (e instanceof PartHttpError && [0, 502, 503, 504].includes(e.status));

let seq = 0;
const newId = () => `u${Date.now().toString(36)}${(++seq).toString(36)}`;

export class UploadQueue {
  private list: UploadEntry[] = [];
  private interrupted: InterruptedUpload[] = [];
  private readonly sources = new Map<string, UploadSource>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Entries whose last part failure was the server not answering. */
  private readonly unreachable = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly idle = new Set<() => void>();
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly o: Required<Omit<UploadQueueOptions, 'persistence' | 'onFinished'>> & Pick<UploadQueueOptions, 'persistence' | 'onFinished'>;

  constructor(
    private readonly transport: UploadTransport,
    options: UploadQueueOptions = {},
  ) {
    this.o = {
      maxFiles: MAX_FILES,
      maxParts: MAX_PARTS,
      chunkSize: CHUNK_SIZE,
      maxRetries: MAX_RETRIES,
      backoff: (attempt) => 500 * 2 ** (attempt - 1),
      completedRemoveMs: COMPLETED_REMOVE_MS,
      failedRemoveMs: FAILED_REMOVE_MS,
      sleep: defaultSleep,
      progressThrottleMs: 100,
      reconnectMs: 0,
      reconnectIntervalMs: 2000,
      ...options,
    };
    this.interrupted = this.o.persistence?.load() ?? [];
  }

  // ---- reading -------------------------------------------------------------------------

  entries = (): UploadEntry[] => this.list;
  interruptedUploads = (): InterruptedUpload[] => this.interrupted;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  totals(): UploadTotals {
    let loaded = 0;
    let total = 0;
    const count = { uploading: 0, queued: 0, completed: 0, failed: 0 };
    for (const e of this.list) {
      count[e.state]++;
      if (e.state === 'failed') continue;
      loaded += e.state === 'completed' ? e.size : e.loaded;
      total += e.size;
    }
    return { loaded, total, percent: total > 0 ? Math.floor((loaded / total) * 100) : 0, ...count };
  }

  /** Resolves once nothing is queued or uploading (tests, and the page-leave guard). */
  whenIdle(): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  busy = () => this.list.some((e) => e.state === 'queued' || e.state === 'uploading');

  // ---- commands ------------------------------------------------------------------------

  /** Queues files; a file matching an interrupted upload resumes it. */
  add(files: UploadSource[], target: UploadTarget): UploadEntry[] {
    const added: UploadEntry[] = [];
    for (const file of files) {
      const match = this.interrupted.find(
        (r) => r.filename === file.name && r.size === file.size && r.target.libraryType === target.libraryType && (r.lastModified === undefined || file.lastModified === undefined || r.lastModified === file.lastModified),
      );
      const entry: UploadEntry = {
        id: newId(),
        filename: file.name,
        size: file.size,
        target,
        state: 'queued',
        loaded: 0,
        parts: [],
        addedToQueue: Date.now(),
      };
      if (match) {
        Object.assign(entry, { uploadId: match.uploadId, bucket: match.bucket, key: match.key, chunkSize: match.chunkSize, resumed: true });
        this.interrupted = this.interrupted.filter((r) => r !== match);
      }
      this.sources.set(entry.id, file);
      added.push(entry);
    }
    this.list = [...this.list, ...added];
    this.persist();
    this.notify();
    this.pump();
    return added;
  }

  /** Resumes an interrupted upload with its file chosen again (same name and size). */
  resumeWith(interruptedId: string, file: UploadSource): UploadEntry | UploadError {
    const r = this.interrupted.find((x) => x.id === interruptedId);
    if (!r) return { code: 'mismatch' };
    if (r.filename !== file.name || r.size !== file.size) return { code: 'mismatch' };
    return this.add([file], r.target)[0]!;
  }

  /** Forgets an interrupted upload and removes its stored parts from the server. */
  async discardInterrupted(interruptedId: string): Promise<void> {
    const r = this.interrupted.find((x) => x.id === interruptedId);
    if (!r) return;
    this.interrupted = this.interrupted.filter((x) => x !== r);
    this.persist();
    this.notify();
    await this.transport.abort(r.uploadId).catch(() => undefined);
  }

  /** Stops an entry: a queued one just leaves, a running one is aborted on the server too. */
  cancel(id: string): void {
    const e = this.get(id);
    if (!e) return;
    this.controllers.get(id)?.abort();
    this.drop(id);
    if (e.uploadId && e.state !== 'completed') void this.transport.abort(e.uploadId).catch(() => undefined);
  }

  /** Queues a failed entry again; its stored parts are kept (resumed) when the server has them. */
  retry(id: string): void {
    const e = this.get(id);
    if (!e || e.state !== 'failed' || !this.sources.has(id)) return;
    this.clearTimer(id);
    const resumable = !!e.uploadId && e.error?.code !== 'content';
    this.update(id, {
      state: 'queued',
      error: undefined,
      phase: undefined,
      resumed: resumable,
      ...(resumable ? {} : { uploadId: undefined, bucket: undefined, key: undefined, parts: [], loaded: 0 }),
    });
    this.pump();
  }

  /** Removes a finished entry (a failed one's stored parts are aborted). */
  remove(id: string): void {
    const e = this.get(id);
    if (!e || e.state === 'uploading') return;
    if (e.state === 'queued') return this.cancel(id);
    this.drop(id);
    if (e.state === 'failed' && e.uploadId && e.error?.code !== 'content') void this.transport.abort(e.uploadId).catch(() => undefined);
  }

  // ---- scheduling ----------------------------------------------------------------------

  private pump(): void {
    let running = this.list.filter((e) => e.state === 'uploading').length;
    for (const e of this.list) {
      if (running >= this.o.maxFiles) break;
      if (e.state !== 'queued') continue;
      running++;
      this.update(e.id, { state: 'uploading', phase: e.uploadId ? 'parts' : 'checking', error: undefined });
      void this.run(e.id);
    }
    if (!this.busy()) {
      const waiting = [...this.idle];
      this.idle.clear();
      for (const w of waiting) w();
    }
  }

  private async run(id: string): Promise<void> {
    const ctrl = new AbortController();
    this.controllers.set(id, ctrl);
    const signal = ctrl.signal;
    try {
      let urls = await this.begin(id, signal);
      const deadline = Date.now() + this.o.reconnectMs;
      for (;;) {
        this.update(id, { phase: 'parts' });
        this.unreachable.delete(id);
        // No part is in flight once this answers: the upload completes only if every part succeeded.
        if (await this.runParts(id, urls, signal)) break;
        const next = this.unreachable.has(id) ? await this.reconnect(id, deadline, signal) : null;
        if (!next) throw new UploadRefusedError('parts');
        urls = next;
      }
      let done: CompletedUpload;
      for (;;) {
        const e = this.get(id)!;
        this.update(id, { phase: 'completing' });
        try {
          done = await this.transport.complete(
            { bucket: e.bucket!, key: e.key!, uploadId: e.uploadId!, etags: e.parts.map((p) => ({ PartNumber: p.n, ETag: p.etag! })) },
            signal,
          );
          break;
        } catch (err) {
          // Completing again is harmless: the server answers a completed upload as it is.
          if (!isUnreachable(err) || signal.aborted || Date.now() >= deadline) throw err;
          this.update(id, { phase: 'reconnecting' });
          await this.o.sleep(this.o.reconnectIntervalMs, signal);
        }
      }
      const e = this.get(id)!;
      this.update(id, { state: 'completed', phase: undefined, loaded: e.size, result: done.result });
      this.sources.delete(id);
      this.scheduleRemoval(id, this.o.completedRemoveMs);
    } catch (err) {
      if (signal.aborted || !this.get(id)) return;
      const error: UploadError =
        err instanceof UploadRefusedError ? { code: err.code, message: err.message === err.code ? undefined : err.message } : { code: 'network', message: err instanceof Error ? err.message : undefined };
      // The server removed a refused content upload itself; nothing to resume.
      this.update(id, { state: 'failed', phase: undefined, error, ...(error.code === 'content' ? { uploadId: undefined } : {}) });
      if (this.o.failedRemoveMs !== null) this.scheduleRemoval(id, this.o.failedRemoveMs);
    } finally {
      this.controllers.delete(id);
      this.unreachable.delete(id);
      const e = this.get(id);
      if (e && (e.state === 'completed' || e.state === 'failed')) this.o.onFinished?.(e);
      this.persist();
      this.notify();
      this.pump();
    }
  }

  /**
   * Answers the URLs of the parts to send: the missing ones of a resumed upload, or all of a new
   * one, also when the server no longer has the resumed one (aborted as stale, say): the file is
   * at hand, so it starts over rather than fail.
   */
  private async begin(id: string, signal: AbortSignal): Promise<string[]> {
    const start = this.get(id)!;
    if (start.uploadId && start.resumed) {
      try {
        return await this.resumeParts(id, signal);
      } catch (err) {
        if (!(err instanceof UploadGoneError)) throw err;
        this.update(id, { uploadId: undefined, bucket: undefined, key: undefined, chunkSize: undefined, parts: [], loaded: 0, resumed: false });
        this.persist();
      }
    }
    this.update(id, { phase: 'checking' });
    await this.transport.check(start, signal);
    this.update(id, { phase: 'creating' });
    const c = await this.transport.create(start, signal);
    const chunk = c.chunkSize || this.o.chunkSize;
    this.update(id, {
      uploadId: c.uploadId,
      bucket: c.bucket,
      key: c.key,
      chunkSize: chunk,
      parts: planParts(start.size, chunk, c.parts || c.urls.length),
      loaded: 0,
    });
    this.persist();
    return c.urls;
  }

  /** Asks the server what an interrupted upload already holds; answers the URLs of the rest. */
  private async resumeParts(id: string, signal: AbortSignal): Promise<string[]> {
    const e = this.get(id)!;
    const info = await this.transport.resume(e.uploadId!, signal);
    const chunk = info.chunkSize || e.chunkSize || this.o.chunkSize;
    const stored = new Map(info.stored.map((p) => [p.partNumber, p.etag]));
    const parts = planParts(e.size, chunk, info.parts || info.urls.length).map((p) =>
      stored.has(p.n) ? { ...p, state: 'success' as PartState, loaded: p.size, etag: stored.get(p.n) } : p,
    );
    this.update(id, { parts, chunkSize: chunk, bucket: info.bucket || e.bucket, key: info.key || e.key, loaded: parts.reduce((n, p) => n + p.loaded, 0) });
    return info.urls;
  }

  /**
   * Waits for a server that stopped answering: asks it for the upload's stored parts until it
   * answers or the deadline passes; answers the URLs of the parts still missing, or null.
   */
  private async reconnect(id: string, deadline: number, signal: AbortSignal): Promise<string[] | null> {
    this.update(id, { phase: 'reconnecting' });
    while (Date.now() < deadline) {
      await this.o.sleep(this.o.reconnectIntervalMs, signal);
      try {
        this.update(id, { resumed: true });
        const urls = await this.begin(id, signal);
        this.update(id, { phase: 'parts' });
        return urls;
      } catch (err) {
        // A refusal (e.g. the upload was aborted meanwhile) ends the upload; silence goes on.
        if (!isUnreachable(err)) throw err;
      }
    }
    return null;
  }

  /** Runs the missing parts, maxParts at a time; answers whether all of them succeeded. */
  private async runParts(id: string, urls: string[], signal: AbortSignal): Promise<boolean> {
    const todo = this.get(id)!.parts.filter((p) => p.state !== 'success').map((p) => p.n);
    let next = 0;
    let failed = false;
    const ref = { urls };
    const worker = async () => {
      while (next < todo.length && !failed && !signal.aborted) {
        const n = todo[next++]!;
        if (!(await this.runPart(id, n, ref, signal))) failed = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.maxParts, todo.length) }, worker));
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
    return this.get(id)?.parts.every((p) => p.state === 'success') ?? false;
  }

  private async runPart(id: string, n: number, ref: { urls: string[] }, signal: AbortSignal): Promise<boolean> {
    const file = this.sources.get(id);
    const e = this.get(id);
    if (!file || !e) return false;
    const chunk = e.chunkSize ?? this.o.chunkSize;
    const body = file.slice((n - 1) * chunk, Math.min(e.size, n * chunk));
    for (let attempt = 0; attempt <= this.o.maxRetries; attempt++) {
      if (attempt > 0) {
        try {
          await this.o.sleep(this.o.backoff(attempt), signal);
        } catch {
          return false;
        }
      }
      this.setPart(id, n, { state: 'inProgress', loaded: 0, attempts: attempt + 1 });
      try {
        const url = ref.urls[n - 1];
        if (!url) throw new PartHttpError(403);
        const etag = await this.transport.putPart(url, body, (loaded) => this.setPart(id, n, { loaded: Math.min(loaded, body.size) }, true), signal);
        this.setPart(id, n, { state: 'success', loaded: body.size, etag });
        return true;
      } catch (err) {
        if (signal.aborted || isAbort(err)) return false;
        if (isUnreachable(err)) this.unreachable.add(id);
        else this.unreachable.delete(id);
        this.setPart(id, n, { loaded: 0, state: attempt < this.o.maxRetries ? 'inProgress' : 'error' });
        // An expired signed URL: ask for fresh ones before the next attempt.
        const cur = this.get(id);
        if (err instanceof PartHttpError && err.status === 403 && cur?.uploadId && attempt < this.o.maxRetries) {
          try {
            ref.urls = (await this.transport.resume(cur.uploadId, signal)).urls.map((u, i) => u || ref.urls[i] || '');
          } catch {
            // the retry reports the failure
          }
        }
      }
    }
    return false;
  }

  // ---- state ---------------------------------------------------------------------------

  private get(id: string): UploadEntry | undefined {
    return this.list.find((e) => e.id === id);
  }

  private update(id: string, patch: Partial<UploadEntry>, progressOnly = false): void {
    let changed = false;
    this.list = this.list.map((e) => {
      if (e.id !== id) return e;
      changed = true;
      return { ...e, ...patch };
    });
    if (changed) this.notify(progressOnly);
  }

  private setPart(id: string, n: number, patch: Partial<UploadPart>, progressOnly = false): void {
    const e = this.get(id);
    if (!e) return;
    const parts = e.parts.map((p) => (p.n === n ? { ...p, ...patch } : p));
    this.update(id, { parts, loaded: parts.reduce((sum, p) => sum + p.loaded, 0) }, progressOnly);
  }

  private drop(id: string): void {
    this.clearTimer(id);
    this.controllers.delete(id);
    this.sources.delete(id);
    this.list = this.list.filter((e) => e.id !== id);
    this.persist();
    this.notify();
    this.pump();
  }

  private scheduleRemoval(id: string, ms: number): void {
    this.clearTimer(id);
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        this.remove(id);
      }, ms),
    );
  }

  private clearTimer(id: string): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
  }

  /** Remembers the uploads that have parts on the server and are not finished. */
  private persist(): void {
    if (!this.o.persistence) return;
    const live: InterruptedUpload[] = this.list
      .filter((e) => e.uploadId && e.bucket && e.key && (e.state === 'uploading' || e.state === 'queued'))
      .map((e) => {
        const src = this.sources.get(e.id);
        return {
          id: e.id,
          uploadId: e.uploadId!,
          bucket: e.bucket!,
          key: e.key!,
          filename: e.filename,
          size: e.size,
          lastModified: src?.lastModified,
          target: e.target,
          chunkSize: e.chunkSize ?? this.o.chunkSize,
          savedAt: Date.now(),
        };
      });
    this.o.persistence.save([...this.interrupted, ...live]);
  }

  private notify(progressOnly = false): void {
    if (progressOnly && this.o.progressThrottleMs > 0) {
      if (this.progressTimer) return;
      this.progressTimer = setTimeout(() => {
        this.progressTimer = null;
        this.emit();
      }, this.o.progressThrottleMs);
      return;
    }
    this.emit();
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}

/** Remembers unfinished uploads in the browser's storage (a week at most). */
export function localPersistence(key = 'its.libraries.uploads', maxAgeMs = 7 * 24 * 3600_000): UploadPersistence {
  return {
    load() {
      try {
        const raw = JSON.parse(window.localStorage.getItem(key) ?? '[]') as InterruptedUpload[];
        return Array.isArray(raw) ? raw.filter((r) => r && r.uploadId && Date.now() - r.savedAt < maxAgeMs) : [];
      } catch {
        return [];
      }
    },
    save(list) {
      try {
        if (list.length) window.localStorage.setItem(key, JSON.stringify(list));
        else window.localStorage.removeItem(key);
      } catch {
        // storage full or blocked: resuming after a reload is then not offered
      }
    },
  };
}
