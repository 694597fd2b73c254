/**
 * The grid's write queue: cell changes wait (the grid's save delay), then go to the server as
 * batches (docs/grid.md §5), one request at a time, each row with the version last confirmed
 * by the server. Adds and deletes queue behind them. The server's answer replaces the rows.
 */
import { sameValue } from './rules';
import type { ChangeKind } from './history';
import type { BatchInfo, BatchRequest, BatchResult, BatchUpdate, CellErrorDetail, CellValue, GridRow } from './types';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export type WriteFailure =
  | { kind: 'validation'; details: CellErrorDetail[]; message: string }
  | { kind: 'conflict'; rows: Array<{ id: string; version?: number; currentVersion?: number }> }
  | { kind: 'notFound'; ids: string[] }
  | { kind: 'empty' }
  | { kind: 'error'; message: string };

export interface WriterOptions {
  send: (req: BatchRequest, info?: BatchInfo) => Promise<BatchResult>;
  /** Turns a failed send into a WriteFailure (the kit maps ApiError; tests pass plain objects). */
  classify: (e: unknown) => WriteFailure;
  /** Rows confirmed by the server (after updates, adds and deletes). */
  onRows?: (rows: GridRow[], origin: 'update' | 'add' | 'delete') => void;
  /** Changes that were not written: the caller shows the confirmed values again. */
  onRejected?: (changes: PendingChange[], failure: WriteFailure) => void;
  onState?: (state: SaveState) => void;
  /** Wait before cell updates are sent (0: right away). */
  delayMs?: number;
  /** Most rows in one request (the schema's maxBatch caps it). */
  batchRows?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface PendingChange {
  rowId: string;
  field: string;
  value: CellValue;
  /** The history step the change belongs to. */
  stepId?: number;
  /** How the change was made (a paste, an edit, …). */
  kind?: ChangeKind;
}

interface Chunk {
  request: BatchUpdate[];
  taken: PendingChange[];
}

export class Writer {
  private readonly confirmed = new Map<string, GridRow>();
  private pending = new Map<string, Map<string, PendingChange>>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: unknown = null;
  private busy = 0;
  private failed = false;
  private readonly opts: WriterOptions;

  constructor(opts: WriterOptions) {
    this.opts = { ...opts };
  }

  configure(p: Partial<Pick<WriterOptions, 'delayMs' | 'batchRows'>>): void {
    Object.assign(this.opts, p);
  }

  /** Remembers rows as the server has them (after a load); pending changes stay. */
  track(rows: GridRow[]): void {
    for (const r of rows) {
      const known = this.confirmed.get(r.id);
      if (!known || known.version <= r.version) this.confirmed.set(r.id, r);
    }
  }

  forget(ids: string[]): void {
    for (const id of ids) {
      this.confirmed.delete(id);
      this.pending.delete(id);
    }
  }

  confirmedRow(id: string): GridRow | undefined {
    return this.confirmed.get(id);
  }

  /** The value a cell will have once every queued change is written. */
  pendingValue(rowId: string, field: string): { value: CellValue } | undefined {
    const c = this.pending.get(rowId)?.get(field);
    return c ? { value: c.value } : undefined;
  }

  /** The queued, not yet sent changes of a row: field → value. */
  pendingChanges(rowId: string): Record<string, CellValue> {
    const out: Record<string, CellValue> = {};
    for (const [field, c] of this.pending.get(rowId) ?? []) out[field] = c.value;
    return out;
  }

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  get state(): SaveState {
    if (this.busy > 0) return 'saving';
    if (this.pending.size > 0) return 'pending';
    return this.failed ? 'error' : 'idle';
  }

  private emit(state?: SaveState) {
    this.opts.onState?.(state ?? this.state);
  }

  /** Queues cell changes; they are sent after the save delay, or at once with `now`. */
  update(changes: PendingChange[], now = false): void {
    for (const c of changes) {
      let row = this.pending.get(c.rowId);
      if (!row) this.pending.set(c.rowId, (row = new Map()));
      row.set(c.field, c);
    }
    this.emit('pending');
    if (now || !this.opts.delayMs) this.flush();
    else this.schedule();
  }

  private schedule() {
    if (this.timer !== null) (this.opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    const set = this.opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.timer = set(() => {
      this.timer = null;
      this.flush();
    }, this.opts.delayMs ?? 0);
  }

  /** Sends every queued change now (behind any request in flight). Resolves when written. */
  flush(): Promise<void> {
    if (this.timer !== null) {
      (this.opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
      this.timer = null;
    }
    return this.enqueue(() => this.sendPending());
  }

  /** Resolves once everything queued so far has been answered. */
  idle(): Promise<void> {
    return this.chain.then(
      () => undefined,
      () => undefined,
    );
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    this.busy++;
    this.emit('saving');
    const run = this.chain.then(job, job);
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      this.busy--;
      if (this.busy === 0) this.emit(this.failed ? 'error' : this.pending.size > 0 ? 'pending' : 'saved');
    });
  }

  private takePending(): Chunk[] {
    const size = Math.max(1, this.opts.batchRows ?? 250);
    const chunks: Chunk[] = [];
    let current: Chunk = { request: [], taken: [] };
    const rows = this.pending;
    this.pending = new Map();
    for (const [rowId, fields] of rows) {
      const base = this.confirmed.get(rowId);
      if (!base) continue;
      const changes: Record<string, CellValue> = {};
      const taken: PendingChange[] = [];
      for (const c of fields.values()) {
        if (sameValue(base[c.field], c.value)) continue;
        changes[c.field] = c.value;
        taken.push(c);
      }
      if (taken.length === 0) continue;
      current.request.push({ id: rowId, version: base.version, changes });
      current.taken.push(...taken);
      if (current.request.length >= size) {
        chunks.push(current);
        current = { request: [], taken: [] };
      }
    }
    if (current.request.length) chunks.push(current);
    return chunks;
  }

  private async sendPending(): Promise<void> {
    const chunks = this.takePending();
    for (const chunk of chunks) {
      try {
        const pasted = chunk.taken.every((c) => c.kind === 'paste');
        const res = await this.opts.send({ update: chunk.request }, pasted ? { via: 'paste' } : undefined);
        this.failed = false;
        this.accept(res.updated ?? [], 'update');
      } catch (e) {
        this.failed = true;
        const failure = this.opts.classify(e);
        this.opts.onRejected?.(chunk.taken, failure);
      }
    }
  }

  private accept(rows: GridRow[], origin: 'update' | 'add' | 'delete') {
    for (const r of rows) this.confirmed.set(r.id, r);
    if (rows.length) this.opts.onRows?.(rows, origin);
  }

  /** Adds rows (after the queued updates). */
  add(rows: Array<{ tempId: string; values: Record<string, CellValue> }>): Promise<BatchResult['added']> {
    return this.enqueue(async () => {
      try {
        const res = await this.opts.send({ add: rows });
        this.failed = false;
        const added = res.added ?? [];
        this.accept(
          added.map((a) => a.row),
          'add',
        );
        return added;
      } catch (e) {
        this.failed = true;
        throw this.opts.classify(e);
      }
    });
  }

  /** Deletes rows with the versions last confirmed (after the queued updates). */
  delete(ids: string[]): Promise<GridRow[]> {
    return this.enqueue(async () => {
      const req = ids.flatMap((id) => {
        const r = this.confirmed.get(id);
        return r ? [{ id, version: r.version }] : [];
      });
      if (req.length === 0) return [];
      try {
        const res = await this.opts.send({ delete: req });
        this.failed = false;
        const deleted = res.deleted ?? [];
        this.accept(deleted, 'delete');
        return deleted;
      } catch (e) {
        this.failed = true;
        throw this.opts.classify(e);
      }
    });
  }

  /** Writes field values on rows right away (e.g. the undo of a delete). */
  write(updates: Array<{ id: string; changes: Record<string, CellValue> }>): Promise<GridRow[]> {
    return this.enqueue(async () => {
      const req = updates.flatMap((u) => {
        const r = this.confirmed.get(u.id);
        return r ? [{ id: u.id, version: r.version, changes: u.changes }] : [];
      });
      if (req.length === 0) return [];
      try {
        const res = await this.opts.send({ update: req });
        this.failed = false;
        this.accept(res.updated ?? [], 'update');
        return res.updated ?? [];
      } catch (e) {
        this.failed = true;
        throw this.opts.classify(e);
      }
    });
  }
}
