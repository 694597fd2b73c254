/**
 * Every row by scrolling: the rows of a view read in blocks as the user scrolls to them. The
 * cache knows which blocks are loaded or on their way, asks only for the blocks of the rows in
 * view (a block the user scrolled past before it came is cancelled, spec §4.2: newer requests
 * cancel older ones), and keeps the total: exact, or the server's estimate until the end is
 * reached. It holds no rows: each block is handed on as it comes (`onBlock`).
 */

/** What one block read answers: its rows and the view's total (estimated past the count cap). */
export interface BlockPage<R> {
  rows: R[];
  total: number;
  estimated: boolean;
}

export interface BlockCacheOptions<R> {
  /** Rows per block (spec §9: a grid load is 100 rows). */
  blockSize: number;
  /** Blocks read at the same time. */
  maxConcurrent?: number;
  /** The view's exact total when known before the first block (groups counted on the server). */
  total?: number;
  fetch: (skip: number, limit: number, signal: AbortSignal) => Promise<BlockPage<R>>;
  /** A block came: its first row's position and its rows. */
  onBlock: (skip: number, rows: R[]) => void;
  /** The total changed (the first block, an estimate corrected, the end reached). */
  onTotal: (total: number, estimated: boolean) => void;
  /** A block failed (not when cancelled). */
  onError?: (e: unknown) => void;
}

type BlockState = 'queued' | 'loading' | 'loaded';

export class BlockCache<R> {
  private readonly state = new Map<number, BlockState>();
  private readonly inflight = new Map<number, AbortController>();
  private queue: number[] = [];
  /** Blocks a caller waits for (a paste over rows not read yet): never cancelled by scrolling. */
  private readonly pinned = new Map<number, number>();
  private readonly reading = new Map<number, Promise<void>>();
  private closed = false;
  private view: [number, number] | null = null;
  total: number | null = null;
  estimated = false;

  constructor(private readonly opts: BlockCacheOptions<R>) {
    if (opts.total !== undefined) this.total = opts.total;
  }

  get blockSize(): number {
    return this.opts.blockSize;
  }

  /** The block a row position falls in. */
  blockOf(row: number): number {
    return Math.floor(row / this.opts.blockSize);
  }

  /** Whether a block's rows have come. */
  isLoaded(block: number): boolean {
    return this.state.get(block) === 'loaded';
  }

  /** Blocks asked for and not yet come (queued or loading). */
  pending(): number[] {
    return [...this.state.entries()].filter(([, s]) => s !== 'loaded').map(([b]) => b).sort((a, b) => a - b);
  }

  /** Reads the first block (the view's first rows and its total); resolves when it came. */
  async start(): Promise<void> {
    await this.read(0);
  }

  /**
   * The rows `first` to `last` (positions) are in view: their missing blocks are asked for, in
   * view order; blocks asked for earlier and no longer in view are dropped or cancelled.
   */
  ensure(first: number, last: number): void {
    if (this.closed || this.total === null) return;
    this.view = [first, last];
    const end = Math.max(0, Math.min(last, this.total - 1));
    const from = this.blockOf(Math.max(0, Math.min(first, end)));
    const to = this.blockOf(end);
    const wanted = new Set<number>();
    for (let b = from; b <= to; b++) wanted.add(b);
    // No longer in view: queued ones are dropped, loading ones cancelled.
    this.queue = this.queue.filter((b) => {
      if (wanted.has(b)) return true;
      this.state.delete(b);
      return false;
    });
    for (const [b, ctl] of this.inflight) {
      if (wanted.has(b) || this.pinned.has(b)) continue;
      ctl.abort();
      this.inflight.delete(b);
      this.state.delete(b);
    }
    for (const b of wanted) {
      if (this.state.has(b)) continue;
      this.state.set(b, 'queued');
      this.queue.push(b);
    }
    this.pump();
  }

  /**
   * Reads every block of the rows `first` to `last` that has not come yet and resolves when all
   * came (a paste or a fill over rows the user never scrolled to); rejects when one fails.
   */
  async load(first: number, last: number): Promise<void> {
    if (this.closed || this.total === null) return;
    const end = Math.min(last, this.total - 1);
    if (end < first) return;
    const waits: Promise<void>[] = [];
    const blocks: number[] = [];
    for (let b = this.blockOf(Math.max(0, first)); b <= this.blockOf(end); b++) {
      if (this.isLoaded(b)) continue;
      blocks.push(b);
      this.pinned.set(b, (this.pinned.get(b) ?? 0) + 1);
      this.queue = this.queue.filter((q) => q !== b);
      waits.push(this.reading.get(b) ?? this.read(b));
    }
    try {
      await Promise.all(waits);
    } finally {
      for (const b of blocks) {
        const n = (this.pinned.get(b) ?? 1) - 1;
        if (n > 0) this.pinned.set(b, n);
        else this.pinned.delete(b);
      }
    }
  }

  /**
   * The view's exact total, counted elsewhere (the footer's summary of the same view): it
   * replaces an estimate; an exact total stays as it is.
   */
  setExact(total: number): void {
    if (this.closed || this.total === null || !this.estimated) return;
    this.total = total;
    this.estimated = false;
    this.opts.onTotal(total, false);
    if (this.view) this.ensure(...this.view);
  }

  /**
   * Rows were added to the view (a row another user added, placed by the view's order) or taken
   * out of it (negative `by`: deleted): the view is `by` rows longer, and the blocks `changed`
   * (those a row not read yet moved into) are read again when in view.
   */
  grow(by: number, changed: number[]): void {
    if (this.closed || this.total === null) return;
    this.total += by;
    for (const b of changed) if (this.state.get(b) === 'loaded') this.state.delete(b);
    if (this.view) this.ensure(...this.view);
  }

  /** Forgets everything and cancels what is on its way (a new sort or filter). */
  close(): void {
    this.closed = true;
    for (const ctl of this.inflight.values()) ctl.abort();
    this.inflight.clear();
    this.queue = [];
    this.state.clear();
  }

  private pump(): void {
    const max = this.opts.maxConcurrent ?? 2;
    while (!this.closed && this.inflight.size < max && this.queue.length) {
      const b = this.queue.shift()!;
      void this.read(b).catch((e) => this.opts.onError?.(e));
    }
  }

  private read(block: number): Promise<void> {
    const p = this.readNow(block).finally(() => {
      if (this.reading.get(block) === p) this.reading.delete(block);
    });
    this.reading.set(block, p);
    return p;
  }

  private async readNow(block: number): Promise<void> {
    const ctl = new AbortController();
    this.inflight.set(block, ctl);
    this.state.set(block, 'loading');
    const size = this.opts.blockSize;
    const skip = block * size;
    try {
      const page = await this.opts.fetch(skip, size, ctl.signal);
      if (ctl.signal.aborted || this.closed) return;
      this.inflight.delete(block);
      this.state.set(block, 'loaded');
      const before = this.total;
      this.takeTotal(skip, page);
      this.opts.onBlock(skip, page.rows);
      // An estimate grown past the rows in view: the view reaches further now.
      if (this.view && before !== null && (this.total ?? 0) > before) this.ensure(...this.view);
    } catch (e) {
      if (this.inflight.get(block) === ctl) {
        this.inflight.delete(block);
        this.state.delete(block);
      }
      if (ctl.signal.aborted || this.closed) return;
      throw e;
    } finally {
      this.pump();
    }
  }

  /**
   * The total after a block: a short block is the end (exact); a full block reaching past an
   * estimate means there is more (one row more is assumed, whose block is read when in view).
   */
  private takeTotal(skip: number, page: BlockPage<R>): void {
    const size = this.opts.blockSize;
    let total = this.total === null ? page.total : this.estimated ? page.total : this.total;
    let estimated = this.total === null ? page.estimated : this.estimated && page.estimated;
    if (page.rows.length < size) {
      total = skip + page.rows.length;
      estimated = false;
    } else if (estimated && skip + size >= total) {
      total = Math.max(page.total, skip + size + 1);
    }
    if (total !== this.total || estimated !== this.estimated) {
      this.total = total;
      this.estimated = estimated;
      this.opts.onTotal(total, estimated);
    }
  }
}
