import { describe, expect, it, vi } from 'vitest';
import type { CompletedUpload, CreatedUpload, ResumeInfo } from '../api/types';
import { PartHttpError, ServerUnreachableError, UploadGoneError, UploadQueue, UploadRefusedError, planParts, type InterruptedUpload, type UploadEntry, type UploadPersistence, type UploadTransport } from './uploadQueue';

const CHUNK = 100;

/** A file of `size` bytes. */
const file = (name: string, size: number, lastModified = 1) => Object.assign(new Blob([new Uint8Array(size)]), { name, lastModified });

interface Put {
  uploadId: string;
  part: number;
  resolve: (etag: string) => void;
  reject: (e: unknown) => void;
  progress: (n: number) => void;
}

/** A transport whose part PUTs wait until the test settles them, recording concurrency. */
function fakeTransport(opts: { duplicate?: string[]; autoParts?: boolean; failPart?: (uploadId: string, part: number, attempt: number) => boolean } = {}) {
  const puts: Put[] = [];
  const calls: string[] = [];
  const attempts = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const perUpload = new Map<string, number>();
  let maxPerUpload = 0;
  let creating = 0;
  const completed: { uploadId: string; etags: { PartNumber: number; ETag: string }[] }[] = [];
  const aborted: string[] = [];
  const stored = new Map<string, Map<number, string>>();
  const t: UploadTransport = {
    async check(entry) {
      calls.push(`check ${entry.filename}`);
      if (opts.duplicate?.includes(entry.filename)) throw new UploadRefusedError('duplicate');
    },
    async create(entry): Promise<CreatedUpload> {
      creating++;
      calls.push(`create ${entry.filename}`);
      const parts = Math.ceil(entry.size / CHUNK);
      const uploadId = `up-${entry.filename}`;
      stored.set(uploadId, new Map());
      return { uploadId, bucket: 'local', key: `uploads/x/${entry.filename}`, parts, chunkSize: CHUNK, filename: entry.filename, fileSize: entry.size, urls: Array.from({ length: parts }, (_, i) => `/blobs/part/${uploadId}/${i + 1}`) };
    },
    async resume(uploadId): Promise<ResumeInfo> {
      calls.push(`resume ${uploadId}`);
      const have = stored.get(uploadId) ?? new Map();
      const parts = 3;
      return {
        uploadId,
        bucket: 'local',
        key: 'k',
        parts,
        chunkSize: CHUNK,
        filename: '',
        fileSize: 0,
        stored: [...have].map(([partNumber, etag]) => ({ partNumber, etag, size: CHUNK })),
        missing: [],
        urls: Array.from({ length: parts }, (_, i) => (have.has(i + 1) ? '' : `/blobs/part/${uploadId}/${i + 1}`)),
      };
    },
    putPart(url, body, onProgress) {
      const [, , , uploadId, n] = url.split('/');
      const part = Number(n);
      const key = `${uploadId}#${part}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      perUpload.set(uploadId!, (perUpload.get(uploadId!) ?? 0) + 1);
      maxPerUpload = Math.max(maxPerUpload, perUpload.get(uploadId!)!);
      const done = () => {
        inFlight--;
        perUpload.set(uploadId!, perUpload.get(uploadId!)! - 1);
      };
      return new Promise<string>((resolve, reject) => {
        const p: Put = {
          uploadId: uploadId!,
          part,
          progress: onProgress,
          resolve: (etag) => {
            done();
            stored.get(uploadId!)?.set(part, etag);
            resolve(etag);
          },
          reject: (e) => {
            done();
            reject(e);
          },
        };
        if (opts.failPart?.(uploadId!, part, attempt)) {
          queueMicrotask(() => p.reject(new PartHttpError(500)));
          return;
        }
        if (opts.autoParts) {
          queueMicrotask(() => {
            onProgress(body.size);
            p.resolve(`etag-${part}`);
          });
          return;
        }
        puts.push(p);
      });
    },
    async complete(body): Promise<CompletedUpload> {
      completed.push({ uploadId: body.uploadId, etags: body.etags });
      return { uploadId: body.uploadId, status: 'completed', result: { asset: { _id: `asset-${body.uploadId}` } } };
    },
    async abort(uploadId) {
      aborted.push(uploadId);
    },
  };
  return {
    t,
    puts,
    calls,
    completed,
    aborted,
    stored,
    get maxInFlight() {
      return maxInFlight;
    },
    get maxPerUpload() {
      return maxPerUpload;
    },
    get inFlight() {
      return inFlight;
    },
    get creating() {
      return creating;
    },
  };
}

/** Lets pending promise callbacks run. */
const flush = async (rounds = 20) => {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
};

const noSleep = async () => {};
const target = { usageType: 'libraryAsset' as const, libraryType: 'AdvertisingAsset' as const };

const state = (q: UploadQueue) => q.entries().map((e) => `${e.filename}:${e.state}`);

describe('planParts', () => {
  it('splits a file into chunk-sized parts, the last one shorter', () => {
    expect(planParts(250, 100).map((p) => p.size)).toEqual([100, 100, 50]);
    expect(planParts(10_485_760 * 5, 10_485_760)).toHaveLength(5);
    expect(planParts(0, 100)).toHaveLength(1);
  });
});

describe('upload queue scheduling', () => {
  it('uploads at most 3 files at once with 4 parts each, starting the next file when one finishes', async () => {
    const f = fakeTransport();
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, completedRemoveMs: 60_000 });
    q.add([file('a.png', 600), file('b.png', 600), file('c.png', 600), file('d.png', 600), file('e.png', 250)], target);
    await flush();
    expect(state(q)).toEqual(['a.png:uploading', 'b.png:uploading', 'c.png:uploading', 'd.png:queued', 'e.png:queued']);
    // 3 files × 4 parts in flight, never more.
    expect(f.puts).toHaveLength(12);
    expect(f.maxPerUpload).toBe(4);
    expect(f.calls.filter((c) => c.startsWith('create'))).toEqual(['create a.png', 'create b.png', 'create c.png']);

    // Finishing one part of a starts its fifth part, not a new file.
    f.puts.find((p) => p.uploadId === 'up-a.png' && p.part === 1)!.resolve('e1');
    await flush();
    expect(f.puts.filter((p) => p.uploadId === 'up-a.png').map((p) => p.part)).toEqual([1, 2, 3, 4, 5]);
    expect(f.inFlight).toBe(12);

    // Settle every part of a: it completes, and d starts while b and c still run.
    const settleAll = async (uploadId: string) => {
      for (let guard = 0; guard < 20; guard++) {
        const open = f.puts.filter((p) => p.uploadId === uploadId && !(p as Put & { done?: boolean }).done);
        if (open.length === 0) break;
        for (const p of open) {
          (p as Put & { done?: boolean }).done = true;
          p.resolve(`etag-${p.part}`);
        }
        await flush();
      }
    };
    (f.puts[0] as Put & { done?: boolean }).done = true;
    await settleAll('up-a.png');
    expect(state(q)).toEqual(['a.png:completed', 'b.png:uploading', 'c.png:uploading', 'd.png:uploading', 'e.png:queued']);
    expect(f.completed[0]).toEqual({ uploadId: 'up-a.png', etags: [1, 2, 3, 4, 5, 6].map((n) => ({ PartNumber: n, ETag: n === 1 ? 'e1' : `etag-${n}` })) });
    expect(f.maxInFlight).toBe(12);

    for (const id of ['up-b.png', 'up-c.png', 'up-d.png', 'up-e.png']) await settleAll(id);
    await q.whenIdle();
    expect(state(q).every((s) => s.endsWith(':completed'))).toBe(true);
    expect(q.entries()[0]!.result).toEqual({ asset: { _id: 'asset-up-a.png' } });
    expect(q.totals()).toMatchObject({ percent: 100, completed: 5, uploading: 0, queued: 0 });
    expect(f.maxInFlight).toBeLessThanOrEqual(12);
  });

  it('reports progress per file and overall from the bytes each part has sent', async () => {
    const f = fakeTransport();
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0 });
    q.add([file('a.png', 200), file('b.png', 200)], target);
    await flush();
    f.puts[0]!.progress(50);
    f.puts[1]!.progress(100);
    expect(q.entries()[0]!.loaded).toBe(150);
    expect(q.totals()).toMatchObject({ loaded: 150, total: 400, percent: 37 });
  });

  it('retries a failed part up to 3 times with growing backoff, then completes', async () => {
    const f = fakeTransport({ autoParts: true, failPart: (_, part, attempt) => part === 2 && attempt <= 3 });
    const waits: number[] = [];
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, progressThrottleMs: 0, sleep: async (ms) => void waits.push(ms) });
    q.add([file('a.png', 300)], target);
    await q.whenIdle();
    expect(state(q)).toEqual(['a.png:completed']);
    expect(q.entries()[0]!.parts.find((p) => p.n === 2)!.attempts).toBe(4);
    expect(waits).toEqual([500, 1000, 2000]);
    expect(f.completed).toHaveLength(1);
  });

  it('fails the upload, and never completes it, when a part still fails after 3 retries', async () => {
    const f = fakeTransport({ autoParts: true, failPart: (_, part) => part === 3 });
    const finished: UploadEntry[] = [];
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, failedRemoveMs: null, onFinished: (e) => finished.push(e) });
    q.add([file('a.png', 500)], target);
    await q.whenIdle();
    const e = q.entries()[0]!;
    expect(e.state).toBe('failed');
    expect(e.error?.code).toBe('parts');
    expect(e.parts.map((p) => p.state)).toEqual(['success', 'success', 'error', 'success', 'success']);
    expect(e.parts[2]!.attempts).toBe(4);
    expect(f.completed).toHaveLength(0);
    expect(finished.map((x) => x.state)).toEqual(['failed']);
  });

  it('waits for the parts in flight before deciding, and completes only when all succeeded', async () => {
    const f = fakeTransport();
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, maxRetries: 0, failedRemoveMs: null });
    q.add([file('a.png', 400)], target);
    await flush();
    expect(f.puts).toHaveLength(4);
    f.puts[0]!.reject(new Error('network'));
    await flush();
    // Still uploading: three parts are in progress.
    expect(q.entries()[0]!.state).toBe('uploading');
    for (const p of f.puts.slice(1)) p.resolve('ok');
    await q.whenIdle();
    expect(q.entries()[0]!.state).toBe('failed');
    expect(f.completed).toHaveLength(0);
  });

  it('refuses a duplicate filename at the check, before anything is created, and goes on with the next file', async () => {
    const f = fakeTransport({ autoParts: true, duplicate: ['dup.png'] });
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, failedRemoveMs: null });
    q.add([file('dup.png', 100), file('ok.png', 100)], target);
    await q.whenIdle();
    expect(state(q)).toEqual(['dup.png:failed', 'ok.png:completed']);
    expect(q.entries()[0]!.error).toEqual({ code: 'duplicate', message: undefined });
    expect(f.calls).not.toContain('create dup.png');
  });

  it('a retried failed upload resumes: only the missing parts are sent again', async () => {
    let failing = true;
    const f = fakeTransport({ autoParts: true, failPart: (_, part) => failing && part === 2 });
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, failedRemoveMs: null });
    q.add([file('a.png', 300)], target);
    await q.whenIdle();
    expect(q.entries()[0]!.state).toBe('failed');
    failing = false;
    q.retry(q.entries()[0]!.id);
    await q.whenIdle();
    expect(q.entries()[0]!.state).toBe('completed');
    expect(f.calls).toContain('resume up-a.png');
    expect(f.calls.filter((c) => c.startsWith('create'))).toHaveLength(1);
    expect(f.completed[0]!.etags.map((e) => e.PartNumber)).toEqual([1, 2, 3]);
  });

  it('cancelling aborts the upload on the server and lets the next file start', async () => {
    const f = fakeTransport();
    const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, maxFiles: 1 });
    q.add([file('a.png', 200), file('b.png', 200)], target);
    await flush();
    q.cancel(q.entries()[0]!.id);
    await flush();
    expect(f.aborted).toEqual(['up-a.png']);
    expect(state(q)).toEqual(['b.png:uploading']);
  });

  it('removes finished entries after a short delay', async () => {
    vi.useFakeTimers();
    try {
      const f = fakeTransport({ autoParts: true });
      const q = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, completedRemoveMs: 3000 });
      q.add([file('a.png', 100)], target);
      await vi.advanceTimersByTimeAsync(0);
      expect(state(q)).toEqual(['a.png:completed']);
      await vi.advanceTimersByTimeAsync(3000);
      expect(q.entries()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('remembers unfinished uploads and resumes one when its file is chosen again after a reload', async () => {
    let saved: InterruptedUpload[] = [];
    const persistence: UploadPersistence = { load: () => saved, save: (l) => void (saved = l) };
    const f = fakeTransport();
    const q1 = new UploadQueue(f.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, persistence });
    q1.add([file('big.png', 300, 42)], target);
    await flush();
    f.puts[0]!.resolve('etag-1');
    await flush();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ uploadId: 'up-big.png', filename: 'big.png', size: 300, lastModified: 42 });

    // A new page: the upload is offered for resuming; the same file resumes it.
    const f2 = fakeTransport({ autoParts: true });
    f2.stored.set('up-big.png', new Map([[1, 'etag-1']]));
    const q2 = new UploadQueue(f2.t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, persistence });
    expect(q2.interruptedUploads().map((r) => r.filename)).toEqual(['big.png']);
    expect(q2.resumeWith(q2.interruptedUploads()[0]!.id, file('other.png', 300))).toEqual({ code: 'mismatch' });
    q2.add([file('big.png', 300, 42)], target);
    await q2.whenIdle();
    expect(state(q2)).toEqual(['big.png:completed']);
    expect(f2.calls).toEqual(['resume up-big.png']);
    expect(f2.completed[0]!.etags).toEqual([
      { PartNumber: 1, ETag: 'etag-1' },
      { PartNumber: 2, ETag: 'etag-2' },
      { PartNumber: 3, ETag: 'etag-3' },
    ]);
    expect(saved).toEqual([]);
  });

  it('an interrupted upload the server no longer has starts over when its file is chosen again', async () => {
    let saved: InterruptedUpload[] = [
      { id: 'x', uploadId: 'up-old', bucket: 'local', key: 'k', filename: 'old.png', size: 300, target, chunkSize: CHUNK, savedAt: Date.now() },
    ];
    const f = fakeTransport({ autoParts: true });
    const t: UploadTransport = { ...f.t, resume: () => Promise.reject(new UploadGoneError()) };
    const q = new UploadQueue(t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, persistence: { load: () => saved, save: (l) => void (saved = l) } });
    q.resumeWith('x', file('old.png', 300));
    await q.whenIdle();
    expect(state(q)).toEqual(['old.png:completed']);
    expect(f.calls).toEqual(['check old.png', 'create old.png']);
    expect(f.completed.map((c) => c.uploadId)).toEqual(['up-old.png']);
    expect(saved).toEqual([]);
  });

  it('discarding an interrupted upload aborts it on the server', async () => {
    let saved: InterruptedUpload[] = [
      { id: 'x', uploadId: 'up-old', bucket: 'local', key: 'k', filename: 'old.png', size: 10, target, chunkSize: CHUNK, savedAt: Date.now() },
    ];
    const f = fakeTransport();
    const q = new UploadQueue(f.t, { persistence: { load: () => saved, save: (l) => void (saved = l) } });
    await q.discardInterrupted('x');
    expect(f.aborted).toEqual(['up-old']);
    expect(saved).toEqual([]);
    expect(q.interruptedUploads()).toEqual([]);
  });

  describe('a server that stops answering mid-upload', () => {
    const RECONNECT = 7777;
    /** The fake transport behind a switch: while down, every call fails as an unreachable server would. */
    function flaky(f: ReturnType<typeof fakeTransport>, downFor: (part: number) => boolean) {
      const s = { down: false, completeFailures: 0 };
      const t: UploadTransport = {
        ...f.t,
        putPart: (url, body, onProgress, signal) =>
          s.down && downFor(Number(url.split('/')[4])) ? Promise.reject(new ServerUnreachableError()) : f.t.putPart(url, body, onProgress, signal),
        resume: (id, signal) => (s.down ? Promise.reject(new ServerUnreachableError()) : f.t.resume(id, signal)),
        complete: (body, signal) => (s.completeFailures-- > 0 ? Promise.reject(new PartHttpError(502)) : f.t.complete(body, signal)),
      };
      return { t, s };
    }

    it('waits for it, then resumes with the parts it stored, sending only the missing ones', async () => {
      const f = fakeTransport({ autoParts: true });
      const { t, s } = flaky(f, (part) => part >= 2);
      s.down = true;
      let reconnects = 0;
      const sleep = async (ms: number) => {
        if (ms === RECONNECT && ++reconnects === 3) s.down = false;
      };
      const phases: (string | undefined)[] = [];
      const q = new UploadQueue(t, { chunkSize: CHUNK, sleep, progressThrottleMs: 0, reconnectMs: 60_000, reconnectIntervalMs: RECONNECT, failedRemoveMs: null });
      q.subscribe(() => phases.push(q.entries()[0]?.phase));
      q.add([file('a.png', 300)], target);
      await q.whenIdle();
      expect(state(q)).toEqual(['a.png:completed']);
      expect(phases).toContain('reconnecting');
      // Asked twice while it was down, then it answered with part 1 stored.
      expect(f.calls.filter((c) => c === 'resume up-a.png')).toHaveLength(1);
      expect(reconnects).toBe(3);
      expect(f.calls.filter((c) => c.startsWith('create'))).toHaveLength(1);
      expect(f.completed).toHaveLength(1);
      expect(f.completed[0]!.etags.map((e) => e.PartNumber)).toEqual([1, 2, 3]);
    });

    it('gives up after reconnectMs and leaves the upload to be retried by hand', async () => {
      const f = fakeTransport({ autoParts: true });
      const { t, s } = flaky(f, () => true);
      s.down = true;
      const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms === RECONNECT ? 5 : 0));
      const q = new UploadQueue(t, { chunkSize: CHUNK, sleep, progressThrottleMs: 0, reconnectMs: 40, reconnectIntervalMs: RECONNECT, failedRemoveMs: null });
      q.add([file('a.png', 300)], target);
      await q.whenIdle();
      const e = q.entries()[0]!;
      expect(e.state).toBe('failed');
      expect(e.error?.code).toBe('parts');
      expect(e.uploadId).toBe('up-a.png');
      expect(f.completed).toHaveLength(0);
      s.down = false;
      q.retry(e.id);
      await q.whenIdle();
      expect(state(q)).toEqual(['a.png:completed']);
    });

    it('fails cleanly when the server comes back having aborted the upload', async () => {
      const f = fakeTransport({ autoParts: true });
      const { t, s } = flaky(f, (part) => part >= 2);
      s.down = true;
      const aborted: UploadTransport = {
        ...t,
        resume: (id, signal) => (s.down ? t.resume(id, signal) : Promise.reject(new UploadRefusedError('rejected', 'This upload is aborted'))),
      };
      const sleep = async (ms: number) => {
        if (ms === RECONNECT) s.down = false;
      };
      const q = new UploadQueue(aborted, { chunkSize: CHUNK, sleep, progressThrottleMs: 0, reconnectMs: 60_000, reconnectIntervalMs: RECONNECT, failedRemoveMs: null });
      q.add([file('a.png', 300)], target);
      await q.whenIdle();
      expect(q.entries()[0]).toMatchObject({ state: 'failed', error: { code: 'rejected', message: 'This upload is aborted' } });
      expect(f.completed).toHaveLength(0);
    });

    it('starts over when the server comes back without the upload (aborted as stale meanwhile)', async () => {
      const f = fakeTransport({ autoParts: true });
      const { t, s } = flaky(f, (part) => part >= 2);
      s.down = true;
      const gone: UploadTransport = {
        ...t,
        resume: (id, signal) => (s.down ? t.resume(id, signal) : Promise.reject(new UploadGoneError('This upload is aborted'))),
      };
      const sleep = async (ms: number) => {
        if (ms === RECONNECT) s.down = false;
      };
      const q = new UploadQueue(gone, { chunkSize: CHUNK, sleep, progressThrottleMs: 0, reconnectMs: 60_000, reconnectIntervalMs: RECONNECT, failedRemoveMs: null });
      q.add([file('a.png', 300)], target);
      await q.whenIdle();
      expect(state(q)).toEqual(['a.png:completed']);
      expect(f.calls.filter((c) => c.startsWith('create'))).toHaveLength(2);
      expect(f.completed[0]!.etags.map((e) => e.PartNumber)).toEqual([1, 2, 3]);
    });

    it('completes again when the answer to complete was lost', async () => {
      const f = fakeTransport({ autoParts: true });
      const { t, s } = flaky(f, () => false);
      s.completeFailures = 2;
      const q = new UploadQueue(t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, reconnectMs: 60_000, reconnectIntervalMs: RECONNECT });
      q.add([file('a.png', 300)], target);
      await q.whenIdle();
      expect(state(q)).toEqual(['a.png:completed']);
      expect(f.completed).toHaveLength(1);
    });

    it('fails at once without reconnectMs, as before', async () => {
      const f = fakeTransport({ autoParts: true });
      const { t, s } = flaky(f, () => true);
      s.down = true;
      const q = new UploadQueue(t, { chunkSize: CHUNK, sleep: noSleep, progressThrottleMs: 0, failedRemoveMs: null });
      q.add([file('a.png', 300)], target);
      await q.whenIdle();
      expect(q.entries()[0]!.error?.code).toBe('parts');
      expect(f.calls).not.toContain('resume up-a.png');
    });
  });
});
