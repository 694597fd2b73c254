import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job, JobStatus } from '../api/types';
import { DownloadQueue, type DownloadTransport, type SavedFile } from './downloadQueue';

/** Jobs whose status the test moves along. */
function fakeJobs() {
  const jobs = new Map<string, Job>();
  const saved: SavedFile[] = [];
  const cancelled: string[] = [];
  let polls = 0;
  const t: DownloadTransport = {
    async getJob(id) {
      polls++;
      return { ...jobs.get(id)! };
    },
    async cancelJob(id) {
      cancelled.push(id);
      const j = { ...jobs.get(id)!, status: 'cancelled' as JobStatus, message: 'Your ZIP download has been cancelled' };
      jobs.set(id, j);
      return j;
    },
    save: (f) => void saved.push(f),
  };
  let next = 1;
  const start = () => {
    const id = String(next++);
    jobs.set(id, { id, kind: 'libraries.zip', title: 'x', status: 'pending', progress: 0 });
    return Promise.resolve({ jobId: id });
  };
  const set = (id: string, patch: Partial<Job>) => jobs.set(id, { ...jobs.get(id)!, ...patch });
  return { t, jobs, saved, cancelled, start, set, polls: () => polls };
}

const states = (q: DownloadQueue) => q.items().map((i) => `${i.title}:${i.state}`);

describe('download queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows a zip job from pending through started to success, then saves it with underscores and clears it', async () => {
    const f = fakeJobs();
    const q = new DownloadQueue(f.t, { pollMs: 1000, firstPollsMs: [] });
    q.add('My collection', { kind: 'job', start: f.start });
    await vi.advanceTimersByTimeAsync(0);
    expect(states(q)).toEqual(['My collection:pending']);
    expect(q.items()[0]!.jobId).toBe('1');

    f.set('1', { status: 'started', progress: 40 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(q.items()[0]).toMatchObject({ state: 'started', progress: 40 });

    f.set('1', { status: 'success', progress: 100, url: '/blobs/o/downloads/1/x.zip', filename: 'advertising asset collection.zip' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(q.items()[0]).toMatchObject({ state: 'completed', progress: 100 });
    expect(f.saved).toEqual([{ url: '/blobs/o/downloads/1/x.zip', filename: 'advertising_asset_collection.zip' }]);

    await vi.advanceTimersByTimeAsync(3000);
    expect(q.items()).toEqual([]);
  });

  it('runs at most 3 downloads at once; the fourth waits until one finishes', async () => {
    const f = fakeJobs();
    const q = new DownloadQueue(f.t, { pollMs: 1000, firstPollsMs: [] });
    for (const n of ['a', 'b', 'c', 'd']) q.add(n, { kind: 'job', start: f.start });
    await vi.advanceTimersByTimeAsync(0);
    expect([...f.jobs.keys()]).toEqual(['1', '2', '3']);
    expect(q.items()[3]!.jobId).toBeUndefined();

    f.set('2', { status: 'failed', message: 'No assets available.' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(q.items()[1]).toMatchObject({ state: 'failed', message: 'No assets available.' });
    expect(q.items()[3]!.jobId).toBe('4');
  });

  it('cancel asks the server and shows the cancellation message; a waiting item just leaves', async () => {
    const f = fakeJobs();
    const q = new DownloadQueue(f.t, { pollMs: 1000, firstPollsMs: [], maxActive: 1 });
    const a = q.add('a', { kind: 'job', start: f.start });
    const b = q.add('b', { kind: 'job', start: f.start });
    await vi.advanceTimersByTimeAsync(0);
    await q.cancel(b.id);
    expect(states(q)).toEqual(['a:pending']);
    await q.cancel(a.id);
    expect(f.cancelled).toEqual(['1']);
    expect(q.items()[0]).toMatchObject({ state: 'cancelled', message: 'Your ZIP download has been cancelled' });
    const polls = f.polls();
    await vi.advanceTimersByTimeAsync(5000);
    expect(f.polls()).toBe(polls);
  });

  it('a job cancelled elsewhere ends cancelled', async () => {
    const f = fakeJobs();
    const q = new DownloadQueue(f.t, { pollMs: 1000, firstPollsMs: [] });
    q.add('a', { kind: 'job', start: f.start });
    await vi.advanceTimersByTimeAsync(0);
    f.set('1', { status: 'cancelled', message: 'Your ZIP download has been cancelled' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(q.items()[0]).toMatchObject({ state: 'cancelled', message: 'Your ZIP download has been cancelled' });
  });

  it('a direct download (the xlsx report) saves its file and clears after 1 second', async () => {
    const f = fakeJobs();
    const q = new DownloadQueue(f.t);
    const blob = new Blob(['x']);
    q.add('Report', { kind: 'direct', run: async () => ({ blob, filename: 'Advertising Asset report.xlsx' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.items()[0]!.state).toBe('completed');
    expect(f.saved).toEqual([{ blob, filename: 'Advertising_Asset_report.xlsx' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(q.items()).toEqual([]);
  });

  it('a failing start fails the item with its message', async () => {
    const f = fakeJobs();
    const q = new DownloadQueue(f.t);
    q.add('a', { kind: 'job', start: () => Promise.reject(new Error('The collection is too large to download (20 GB or more).')) });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.items()[0]).toMatchObject({ state: 'failed', message: 'The collection is too large to download (20 GB or more).' });
  });

  it('follows an existing job (reattached after a reload)', async () => {
    const f = fakeJobs();
    await f.start();
    f.set('1', { status: 'success', url: '/u', filename: 'z.zip' });
    const q = new DownloadQueue(f.t);
    q.add('z', { kind: 'job', jobId: '1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.items()[0]!.state).toBe('completed');
    expect(f.saved[0]!.filename).toBe('z.zip');
  });
});
