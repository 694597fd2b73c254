/**
 * The download queue (spec product §4.5, platform §4): zips and reports are server jobs that the
 * queue follows (GET /api/jobs/{id}) from pending through started to success (the file is then
 * saved, spaces in its name replaced by underscores), failed or cancelled. At most `maxActive`
 * run at once; the rest wait. Finished items leave after a short delay.
 */
import type { Job } from '../api/types';
import { downloadName } from '../format';

export const MAX_DOWNLOADS = 3;
export const POLL_MS = 1000;
/** The first polls come quicker: small zips are ready in well under a second. */
export const FIRST_POLLS_MS = [300, 500, 700];
/** The report queue clears one second after its download fires (spec §4.5). */
export const DIRECT_CLEAR_MS = 1000;
export const COMPLETED_CLEAR_MS = 3000;
export const FAILED_CLEAR_MS = 8000;

export type DownloadState = 'pending' | 'started' | 'completed' | 'failed' | 'cancelled';

export interface DownloadItem {
  id: string;
  /** job: a server job followed by polling; direct: a file answered by one request. */
  kind: 'job' | 'direct';
  title: string;
  state: DownloadState;
  progress: number;
  jobId?: string;
  filename?: string;
  message?: string;
  addedToQueue: number;
}

export interface SavedFile {
  url?: string;
  blob?: Blob;
  filename: string;
}

export interface DownloadTransport {
  getJob(id: string, signal: AbortSignal): Promise<Job>;
  cancelJob(id: string): Promise<Job | undefined>;
  /** Hands the finished file to the browser. */
  save(file: SavedFile): void;
}

/** What a queued download does once it may run. */
export type DownloadTask =
  | { kind: 'job'; start: (signal: AbortSignal) => Promise<{ jobId: string }> }
  | { kind: 'job'; jobId: string }
  | { kind: 'direct'; run: (signal: AbortSignal) => Promise<SavedFile> };

export interface DownloadQueueOptions {
  maxActive?: number;
  pollMs?: number;
  firstPollsMs?: number[];
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  clearMs?: { direct: number; completed: number; failed: number };
  onFinished?: (item: DownloadItem) => void;
}

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
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

let seq = 0;

export class DownloadQueue {
  private list: DownloadItem[] = [];
  private readonly tasks = new Map<string, DownloadTask>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private readonly o: Required<Omit<DownloadQueueOptions, 'onFinished'>> & Pick<DownloadQueueOptions, 'onFinished'>;

  constructor(
    private readonly transport: DownloadTransport,
    options: DownloadQueueOptions = {},
  ) {
    this.o = {
      maxActive: MAX_DOWNLOADS,
      pollMs: POLL_MS,
      firstPollsMs: FIRST_POLLS_MS,
      sleep: sleepFor,
      clearMs: { direct: DIRECT_CLEAR_MS, completed: COMPLETED_CLEAR_MS, failed: FAILED_CLEAR_MS },
      ...options,
    };
  }

  items = (): DownloadItem[] => this.list;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  has = (jobId: string) => this.list.some((i) => i.jobId === jobId);

  /** Queues a download; it starts at once when fewer than maxActive run. */
  add(title: string, task: DownloadTask): DownloadItem {
    const item: DownloadItem = {
      id: `d${Date.now().toString(36)}${(++seq).toString(36)}`,
      kind: task.kind,
      title,
      state: 'pending',
      progress: 0,
      jobId: 'jobId' in task ? task.jobId : undefined,
      addedToQueue: Date.now(),
    };
    this.tasks.set(item.id, task);
    this.list = [...this.list, item];
    this.emit();
    this.pump();
    return item;
  }

  /** Cancels: a waiting item just leaves; a running job is cancelled on the server. */
  async cancel(id: string): Promise<void> {
    const item = this.get(id);
    if (!item || item.state === 'completed' || item.state === 'failed' || item.state === 'cancelled') return;
    this.controllers.get(id)?.abort();
    const waiting = !this.controllers.has(id) && item.state === 'pending' && !item.jobId;
    if (waiting) {
      this.drop(id);
      return;
    }
    let message: string | undefined;
    if (item.jobId) {
      const job = await this.transport.cancelJob(item.jobId).catch(() => undefined);
      message = job?.message;
    }
    this.finish(id, { state: 'cancelled', message });
  }

  remove(id: string): void {
    const item = this.get(id);
    if (!item) return;
    if (item.state === 'pending' || item.state === 'started') {
      void this.cancel(id);
      return;
    }
    this.drop(id);
  }

  private active(): number {
    return this.list.filter((i) => this.controllers.has(i.id)).length;
  }

  private pump(): void {
    for (const item of this.list) {
      if (this.active() >= this.o.maxActive) break;
      if (item.state !== 'pending' || this.controllers.has(item.id)) continue;
      void this.run(item.id);
    }
  }

  private async run(id: string): Promise<void> {
    const task = this.tasks.get(id);
    if (!task) return;
    const ctrl = new AbortController();
    this.controllers.set(id, ctrl);
    const signal = ctrl.signal;
    try {
      if (task.kind === 'direct') {
        this.update(id, { state: 'started' });
        const file = await task.run(signal);
        const filename = downloadName(file.filename);
        this.transport.save({ ...file, filename });
        this.finish(id, { state: 'completed', progress: 100, filename });
        return;
      }
      let jobId: string;
      if ('jobId' in task) jobId = task.jobId;
      else {
        jobId = (await task.start(signal)).jobId;
        this.update(id, { jobId });
      }
      let polls = 0;
      for (;;) {
        const job = await this.transport.getJob(jobId, signal);
        if (signal.aborted) return;
        if (job.status === 'success') {
          const filename = downloadName(job.filename || job.title || 'download');
          if (job.url) this.transport.save({ url: job.url, filename });
          this.finish(id, { state: 'completed', progress: 100, filename });
          return;
        }
        if (job.status === 'failed' || job.status === 'cancelled') {
          this.finish(id, { state: job.status, message: job.message });
          return;
        }
        this.update(id, { state: job.status === 'started' ? 'started' : 'pending', progress: job.progress ?? 0 });
        await this.o.sleep(this.o.firstPollsMs[polls++] ?? this.o.pollMs, signal);
      }
    } catch (e) {
      if (signal.aborted) return;
      this.finish(id, { state: 'failed', message: e instanceof Error ? e.message : undefined });
    } finally {
      this.controllers.delete(id);
      this.pump();
    }
  }

  private finish(id: string, patch: Partial<DownloadItem>): void {
    this.controllers.get(id)?.abort();
    this.controllers.delete(id);
    this.update(id, patch);
    const item = this.get(id);
    if (!item) return;
    this.o.onFinished?.(item);
    const ms = item.state === 'completed' ? (item.kind === 'direct' ? this.o.clearMs.direct : this.o.clearMs.completed) : this.o.clearMs.failed;
    const old = this.timers.get(id);
    if (old) clearTimeout(old);
    this.timers.set(
      id,
      setTimeout(() => this.drop(id), ms),
    );
    this.pump();
  }

  private get(id: string) {
    return this.list.find((i) => i.id === id);
  }

  private update(id: string, patch: Partial<DownloadItem>): void {
    this.list = this.list.map((i) => (i.id === id ? { ...i, ...patch } : i));
    this.emit();
  }

  private drop(id: string): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    this.tasks.delete(id);
    this.controllers.get(id)?.abort();
    this.controllers.delete(id);
    this.list = this.list.filter((i) => i.id !== id);
    this.emit();
    this.pump();
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}
