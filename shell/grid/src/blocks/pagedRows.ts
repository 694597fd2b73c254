/**
 * The grid's rows of a source read by scrolling (GridSource `blocks`): every position of the
 * view is a row of ag-grid's client-side model, the ones not read yet a placeholder (`__ph:n`),
 * so that scrolling, the range, copy and the keyboard work over the whole view; a block that
 * comes replaces its placeholders in place. A new view (sort, filter) keeps the old rows on
 * screen until its first block came, then swaps all at once: no empty grid in between.
 * Grouped on the server (a GroupLayout), a header row stands before each group's members and
 * every row's order is its slot; placeholders carry their group's key (`__groupKey`) so that a
 * collapsed group hides them too.
 */
import type { GridApi, IRowNode } from 'ag-grid-community';
import { BlockCache, type BlockPage } from './blockCache';
import { GroupLayout, serverGroupKey, type ServerGroup } from './groupLayout';
import type { GroupRow } from '../grouping';
import type { GridRow } from '../types';
import type { RowCompare } from './rowOrder';

const PH = '__ph:';

/** Whether a row is a position not read yet. */
export const isPlaceholder = (d: unknown): boolean => !!d && typeof d === 'object' && (d as Record<string, unknown>).__placeholder === true;

const placeholder = (pos: number, groupKey?: string): GridRow =>
  (groupKey === undefined ? { id: PH + pos, version: 0, __placeholder: true } : { id: PH + pos, version: 0, __placeholder: true, __groupKey: groupKey }) as GridRow;

/** What the paged rows need of the controller. */
export interface PagedHost {
  api: GridApi<unknown> | null;
  /** Real rows by id (the controller's map). */
  rows: Map<string, GridRow>;
  /** Rows being added (kept on top across reloads). */
  newRows: () => GridRow[];
  /** A row from the server as shown (queued edits laid over) and known to the writer. */
  take: (rows: GridRow[]) => GridRow[];
  /** The view was swapped (the range goes; the groups are the new view's header rows, if any). */
  swapped: (groups: GroupRow[]) => void;
  total: (total: number, estimated: boolean) => void;
  /** Server groups counted again (a row added to or taken from them): their header rows. */
  counted: (headers: GroupRow[]) => void;
  /** `by` rows came into the view at position `at` (negative: went): the source's cursors after it move (GridSource.shifted). */
  shifted: (at: number, by: number) => void;
  loaded: () => void;
  failed: (e: unknown) => void;
}

/**
 * Where a row goes in the view by its order (PagedRows.seat): data position `at`, between two rows
 * read (`known`: it can be shown there) or in a part of the view not read yet.
 */
export interface Seat {
  at: number;
  known: boolean;
  /** Grouped on the server: the group it goes in. */
  group?: number;
}

/** Reads `limit` rows of the view at `skip`; a probe (PagedRows.settle) by skip alone, on no cursor (GridLoadQuery.probe). */
type BlockFetch = (skip: number, limit: number, signal: AbortSignal, probe?: boolean) => Promise<BlockPage<GridRow>>;

/** Counts the groups of a grouped view again (its source's `groups`, the view's filters). */
type GroupsFetch = (signal: AbortSignal) => Promise<ServerGroup[]>;

/** A run of rows read one after another: its first row's data position and id. */
interface Run {
  at: number;
  id: string;
}

/** The runs among rows read, ascending by data position. */
function runsOf(read: ReadonlyArray<readonly [number, string]>): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < read.length; i++) if (i === 0 || read[i]![0] !== read[i - 1]![0] + 1) runs.push({ at: read[i]![0], id: read[i]![1] });
  return runs;
}

/** A place in the view: its data position and its order in the grid (its slot when grouped). */
interface Place {
  data: number;
  order: number;
}

/** What a shift of positions changes in the grid, and the blocks a placeholder came into. */
interface Moved {
  remove: GridRow[];
  add: GridRow[];
  update: GridRow[];
  changed: Set<number>;
}

export class PagedRows {
  private cache: BlockCache<GridRow> | null = null;
  private shown = false;
  /** Positions of the view (real rows and placeholders). */
  slots = 0;
  /** Each row's order in the grid: its data position, or its slot when grouped (group headers too). */
  private readonly pos = new Map<string, number>();
  /** The view's server groups (null: not grouped). */
  private layout: GroupLayout | null = null;
  /** Where rows dropped from the view stood (for an undone delete): data position (-1: none) and group. */
  private readonly dropped = new Map<string, { data: number; group: number }>();
  /** Rows others added shown at their seat (place): found again in a block, they were in the view already. */
  private readonly livePlaced = new Set<string>();
  private viewTimer: ReturnType<typeof setTimeout> | null = null;
  /** How the view's blocks are read (open). */
  private fetch: BlockFetch | null = null;
  /** Grouped: how its groups are counted again (open). */
  private fetchGroups: GroupsFetch | null = null;
  /** The places of rows gone unseen being found (settle), one after another. */
  private settling: Promise<void> = Promise.resolve();
  private lastView: [number, number] = [0, 0];

  constructor(private readonly host: PagedHost) {}

  /**
   * Reads a new view: its first block is read (resolves when it is shown), then the blocks in
   * view as the user scrolls. Grouped, `fetchGroups` counts its groups again (rows gone unseen).
   */
  async open(size: number, fetch: BlockFetch, layout: GroupLayout | null = null, fetchGroups: GroupsFetch | null = null): Promise<void> {
    this.cache?.close();
    this.shown = false;
    this.layout = layout;
    this.fetch = fetch;
    this.fetchGroups = layout ? fetchGroups : null;
    const cache: BlockCache<GridRow> = new BlockCache<GridRow>({
      blockSize: size,
      fetch,
      // Grouped, the groups' counts are the exact total before any block.
      ...(layout ? { total: layout.total } : {}),
      onTotal: (total, estimated) => {
        if (cache !== this.cache) return;
        this.host.total(total, estimated);
        if (this.shown) this.resize(total);
      },
      onBlock: (skip, rows) => {
        if (cache === this.cache) this.takeBlock(skip, rows);
      },
      onError: (e) => {
        if (cache === this.cache) this.host.failed(e);
      },
    });
    this.cache = cache;
    await cache.start();
    if (cache === this.cache) this.ensure(...this.lastView);
  }

  /** The view's exact total, counted elsewhere: it replaces the estimate (BlockCache.setExact). */
  exact(total: number): void {
    this.cache?.setExact(total);
  }

  close(): void {
    this.cache?.close();
    this.cache = null;
    if (this.viewTimer) clearTimeout(this.viewTimer);
  }

  /**
   * Reads the blocks of the grid rows `first` to `last` (display positions) not read yet and
   * resolves when they are shown in place of their placeholders.
   */
  async load(first: number, last: number): Promise<void> {
    const span = this.dataSpan(first, last);
    if (span) await this.cache?.load(span[0], span[1]);
  }

  /** The rows in view changed (ag-grid's viewportChanged); read their blocks soon. */
  onViewport(first: number, last: number): void {
    this.lastView = [first, last];
    if (this.viewTimer) clearTimeout(this.viewTimer);
    // A drag of the scrollbar passes thousands of rows: only where it stops is read.
    this.viewTimer = setTimeout(() => this.ensure(first, last), 40);
  }

  private ensure(first: number, last: number): void {
    if (!this.shown) return;
    const span = this.dataSpan(first, last);
    if (span) this.cache?.ensure(span[0], span[1]);
  }

  /**
   * The data positions (the server's order, what a block's skip counts) of the grid rows
   * `first` to `last`: past the rows being added; grouped, the rows shown there (collapsed
   * groups' members are not shown, header rows hold none). Null when none is there.
   */
  private dataSpan(first: number, last: number): [number, number] | null {
    const layout = this.layout;
    if (!layout) {
      const lead = this.host.newRows().length;
      return [Math.max(0, first - lead), Math.max(0, last - lead)];
    }
    const api = this.host.api;
    if (!api || api.isDestroyed()) return null;
    let lo = Infinity;
    let hi = -Infinity;
    const n = Math.min(last, api.getDisplayedRowCount() - 1);
    for (let i = Math.max(0, first); i <= n; i++) {
      const id = (api.getDisplayedRowAtIndex(i)?.data as GridRow | undefined)?.id;
      const slot = id === undefined ? undefined : this.pos.get(id);
      const p = slot === undefined ? -1 : layout.dataPos(slot);
      if (p < 0) continue;
      lo = Math.min(lo, p);
      hi = Math.max(hi, p);
    }
    return lo <= hi ? [lo, hi] : null;
  }

  /** A data position's order in the grid (its slot when grouped). */
  private orderOf(at: number): number {
    return this.layout ? this.layout.slot(at) : at;
  }

  /** The view's order for postSortRows: rows being added, then by position. */
  order(nodes: IRowNode<unknown>[]): void {
    const at = (n: IRowNode<unknown>) => {
      const id = (n.data as GridRow | undefined)?.id ?? '';
      return this.pos.get(id) ?? -1;
    };
    let sorted = true;
    for (let i = 1; i < nodes.length && sorted; i++) sorted = at(nodes[i - 1]!) <= at(nodes[i]!);
    if (!sorted) nodes.sort((a, b) => at(a) - at(b));
  }

  private takeBlock(skip: number, incoming: GridRow[]): void {
    const api = this.host.api;
    if (!api || api.isDestroyed()) return;
    const rows = this.host.take(incoming);
    if (!this.shown) {
      // The first block of a new view: everything is swapped at once.
      const total = this.cache?.total ?? rows.length;
      const keepNew = this.host.newRows();
      this.host.rows.clear();
      this.pos.clear();
      this.livePlaced.clear();
      for (const r of keepNew) this.host.rows.set(r.id, r);
      const data: GridRow[] = [...keepNew];
      const layout = this.layout;
      const headers = layout?.headers() ?? [];
      // Grouped: each group's header before its first member (empty groups' headers too).
      let group = 0;
      const headersBefore = (slot: number) => {
        for (; group < headers.length && layout!.headerSlot(group) < slot; group++) {
          this.pos.set(headers[group]!.id, layout!.headerSlot(group));
          data.push(headers[group] as unknown as GridRow);
        }
      };
      const at = (i: number, row: GridRow) => {
        const slot = this.orderOf(i);
        headersBefore(slot);
        this.pos.set(row.id, slot);
        data.push(row);
      };
      rows.forEach((r, i) => {
        this.host.rows.set(r.id, r);
        at(i, r);
      });
      for (let i = rows.length; i < total; i++) at(i, placeholder(i, layout ? layout.keys[layout.groupOf(i)] : undefined));
      headersBefore(Infinity);
      this.slots = Math.max(total, rows.length);
      this.shown = true;
      // The new view starts at the top (the rows in view are reported again as it scrolls).
      this.lastView = [0, 0];
      if (layout) this.host.total(total, false);
      this.host.swapped(headers);
      api.setGridOption('rowData', data);
      // An empty view has no row 0 to show (ag-grid warns of an invalid index, #88).
      if (data.length > 0) api.ensureIndexVisible(0, 'top');
      this.host.loaded();
      return;
    }
    const remove: GridRow[] = [];
    const add: GridRow[] = [];
    rows.forEach((r, i) => {
      const at = skip + i;
      const ph = PH + at;
      const filled = this.pos.delete(ph);
      if (filled) remove.push({ id: ph } as GridRow);
      if (this.host.rows.has(r.id)) {
        // A row a live event put at the top (insert) was in the view all along: its place goes,
        // and the view is as long as before the insert counted it.
        if (filled && (this.pos.get(r.id) === -1 || this.livePlaced.has(r.id))) this.slots--;
        return;
      }
      this.host.rows.set(r.id, r);
      this.pos.set(r.id, this.orderOf(at));
      add.push(r);
    });
    if (skip + rows.length > this.slots) this.slots = skip + rows.length;
    api.applyTransaction({ remove, add, addIndex: this.host.newRows().length + this.orderOf(skip) });
    this.host.loaded();
  }

  /**
   * Rows of the view went (deleted, or moved out of it by an edit): the view is that many rows
   * shorter. The rows and placeholders after each move back a position, as the server's view
   * now has them (a block read after it by its skip brings the rows that follow it, not one
   * row further on); the blocks a placeholder moved into are read again when in view. Grouped,
   * its group counts a row less (its header shows it) and the groups after it start a position
   * earlier. A row shown at the top (insert) held no position: the view is a row shorter alone.
   * Returns how many of the rows were in the view.
   */
  drop(ids: string[]): number {
    const at: Place[] = [];
    let n = 0;
    const was = this.layout;
    for (const id of ids) {
      const p = this.pos.get(id);
      if (p === undefined) continue;
      this.pos.delete(id);
      this.livePlaced.delete(id);
      const data = p < 0 ? -1 : was ? was.dataPos(p) : p;
      const group = was && data >= 0 ? was.groupOf(data) : -1;
      this.dropped.set(id, { data, group });
      if (data >= 0) at.push({ data, order: p });
      n++;
    }
    if (n === 0) return 0;
    at.sort((a, b) => a.data - b.data);
    if (was) {
      let layout = was;
      for (const p of at) layout = layout.counted(was.groupOf(p.data), -1);
      this.layout = layout;
    }
    // The source's cursors first (the blocks read again are read at once), the last place first.
    for (let i = at.length - 1; i >= 0; i--) this.host.shifted(at[i]!.data, -1);
    const moved = this.shift(at, -1, was);
    this.slots = Math.max(0, this.slots - n);
    this.cache?.grow(-n, [...moved.changed]);
    this.apply(moved);
    return n;
  }

  /** Whether a row was taken out of the view by drop (its place is known). */
  wasDropped(id: string): boolean {
    return this.dropped.has(id);
  }

  /**
   * `n` rows were deleted (or left the view) that were not read: each stood in a block not read
   * yet, or not in the view at all, and its place is not known on the client (a live event names
   * ids alone). The server is asked: the first row of each run of rows read is read again by its
   * place with the `n` rows before it, so that how far the run moved back tells how many of them
   * stood before it (the runs of rows read first to last move back as many or more); a row's
   * place in a part not read yet is one of placeholders alone, so the last position of the gap
   * before the first run moved that far goes. Rows gone after the last run read shorten the
   * view's end, by the server's total when it is exact. When the places cannot be known (more
   * rows gone than a block holds, or a run's first row not within that many of where it was), the
   * view is read again from its first block. Grouped on the server, the groups are counted again
   * first (settleGrouped): the groups that count fewer rows are where they stood, and each is
   * settled the same way among its own rows read. Resolves when the view is settled; a new view
   * meanwhile leaves it alone.
   */
  settle(n: number): Promise<void> {
    const next = this.settling.then(() => this.settleNow(n))
      // The view stays as it was (its places as before the event): not an error of its read.
      .catch((e: unknown) => console.warn('Grid rows gone unseen not placed', e));
    this.settling = next;
    return next;
  }

  private async settleNow(n: number): Promise<void> {
    const cache = this.cache;
    const fetch = this.fetch;
    if (n <= 0 || !cache || !fetch || !this.shown || cache.total === null) return;
    if (this.layout) return this.settleGrouped(cache, fetch, this.layout);
    const runs = runsOf(this.readRows());
    if (!runs.length) return;
    // More rows gone than a block holds: a probe would be wider than a block. The view is read
    // again from its first block instead (the rows shown stay until it came).
    if (n >= cache.blockSize) return this.open(cache.blockSize, fetch, null);
    const found = await this.gaps(runs, n, 0, cache, fetch);
    if (found === undefined) return;
    if (found === null) return this.open(cache.blockSize, fetch, null);
    const { gaps, total } = found;
    const t = total;
    const after = t && !t.estimated && !cache.estimated ? Math.max(0, Math.min(n - gaps.length, (cache.total ?? 0) - gaps.length - t.total)) : 0;
    // The last place first: the places before it stay where they are.
    // The places that go: in a gap, its last positions (a second row gone in the same gap stood
    // a position before the first); after the last run, the view's last ones. All are
    // placeholders: the rows read do not move among themselves.
    const places: number[] = [];
    const used = new Map<number, number>();
    for (const q of gaps) {
      const k = used.get(q) ?? 0;
      used.set(q, k + 1);
      places.push(q - k);
    }
    const end = cache.total ?? this.slots;
    for (let i = 1; i <= after; i++) places.push(end - i);
    const gone = places.filter((q) => q >= 0 && this.pos.delete(PH + q)).sort((x, y) => x - y);
    if (!gone.length) return;
    // The source's cursors first (the blocks read again are read at once), the last place first.
    for (let i = gone.length - 1; i >= 0; i--) this.host.shifted(gone[i]!, -1);
    const moved = this.shift(
      gone.map((q) => ({ data: q, order: q })),
      -1,
      null,
    );
    for (const q of gone) moved.remove.push({ id: PH + q } as GridRow);
    this.slots = Math.max(0, this.slots - gone.length);
    this.cache?.grow(-gone.length, [...moved.changed]);
    this.apply(moved);
    this.host.total(cache.total ?? this.slots, cache.estimated);
    this.host.loaded();
  }

  /** The rows read (no placeholder, no header, none at the top): data position and id, ascending. */
  private readRows(): Array<[number, string]> {
    const layout = this.layout;
    const read: Array<[number, string]> = [];
    for (const [id, p] of this.pos) {
      if (p < 0 || id.startsWith(PH) || !this.host.rows.has(id)) continue;
      const at = layout ? layout.dataPos(p) : p;
      if (at >= 0) read.push([at, id]);
    }
    return read.sort((a, b) => a[0] - b[0]);
  }

  /**
   * Where `n` rows gone unseen stood among the runs of rows read (ascending), asked of the server:
   * the first row of each run is read again by its place (`base` rows gone before the runs' part
   * of the view moved it back already) with the `n` positions before it, so that how far it moved
   * back tells how many of the `n` stood before it (the runs first to last move back as many or
   * more). Answers, for each of those rows, the last place of the gap before the first run that
   * moved that far (places before the rows went), and the server's total; null when a run's first
   * row is not where those moves put it (other changes not told yet); undefined when a new view
   * came meanwhile.
   */
  private async gaps(
    runs: Run[],
    n: number,
    base: number,
    cache: BlockCache<GridRow>,
    fetch: BlockFetch,
  ): Promise<{ gaps: number[]; total: { total: number; estimated: boolean } | null } | null | undefined> {
    const ctl = new AbortController();
    let total: { total: number; estimated: boolean } | null = null;
    const shifts = new Map<number, number | null>();
    // How far run r moved back (null: its first row is not where a move of at most n puts it).
    const probe = async (r: number): Promise<number | null> => {
      if (shifts.has(r)) return shifts.get(r)!;
      const { id } = runs[r]!;
      const at = runs[r]!.at - base;
      const from = Math.max(0, at - n);
      const page = await fetch(from, at - from + 1, ctl.signal, true);
      total ??= { total: page.total, estimated: page.estimated };
      const i = page.rows.findIndex((row) => row.id === id);
      const by = i < 0 ? null : at - (from + i);
      shifts.set(r, by);
      return by;
    };
    const last = runs.length - 1;
    const before = await probe(last);
    if (cache !== this.cache) return undefined;
    // A run's first row not where the rows gone can have moved it (other changes not told yet):
    // the places cannot be known.
    if (before === null) return null;
    // Where each of the rows gone before the last run stood: the gap before the first run moved that far.
    const gaps: number[] = [];
    for (let k = 1; k <= before; k++) {
      let lo = 0;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const by = await probe(mid);
        if (cache !== this.cache) return undefined;
        if (by !== null && by >= k) hi = mid;
        else lo = mid + 1;
      }
      gaps.push(runs[lo]!.at - 1);
    }
    if ([...shifts.values()].includes(null)) return null;
    return { gaps, total };
  }

  /**
   * settle for a view grouped on the server: its groups are counted again, and each group that
   * counts fewer rows than its header lost them among its own positions: where its runs of rows
   * read moved back (gaps, past the rows gone from the groups before it), the rest at its end.
   * Those places (placeholders all) go, the rows after them close up, the headers show the new
   * counts. When that cannot be told (the groups are not the same, a group counts more rows, as many went in a group as a block holds, or a run of rows read is
   * not where the server has it), the view is read again with its groups counted anew.
   */
  private async settleGrouped(cache: BlockCache<GridRow>, fetch: BlockFetch, layout: GroupLayout): Promise<void> {
    const fetchGroups = this.fetchGroups;
    if (!fetchGroups) return;
    const reopen = async () => {
      const groups = await fetchGroups(new AbortController().signal);
      if (cache === this.cache) await this.open(cache.blockSize, fetch, new GroupLayout(layout.field, groups), fetchGroups);
    };
    const groups = await fetchGroups(new AbortController().signal);
    if (cache !== this.cache) return;
    // A row placed meanwhile (a live add): the counts read are not of the layout compared.
    if (this.layout !== layout) return reopen();
    // The server names no group that has no rows left (the view keeps its header, counting none).
    const counts = new Map(groups.map((g) => [serverGroupKey(g.value), Math.max(0, g.count)]));
    if ([...counts.keys()].some((k) => layout.indexOf(k) < 0)) return reopen();
    const next = new GroupLayout(
      layout.field,
      layout.groups.map((g, i) => ({ value: g.value, count: counts.get(layout.keys[i]!) ?? 0 })),
    );
    // Rows gone that no event told yet are placed alike (their event then finds nothing to do).
    const fewer = layout.groups.map((g, i) => Math.max(0, g.count) - next.groups[i]!.count);
    if (fewer.some((d) => d < 0)) return reopen();
    if (fewer.every((d) => d === 0)) return;
    const read = this.readRows();
    const places: number[] = [];
    let base = 0;
    for (let g = 0; g < fewer.length; g++) {
      const d = fewer[g]!;
      if (d === 0) continue;
      const from = layout.start(g);
      const to = layout.end(g);
      const runs = runsOf(read.filter(([at]) => at >= from && at < to));
      let gaps: number[] = [];
      if (runs.length) {
        if (d >= cache.blockSize) return reopen();
        const found = await this.gaps(runs, d, base, cache, fetch);
        if (found === undefined) return;
        if (found === null || this.layout !== layout) return reopen();
        gaps = found.gaps;
      }
      // A second row gone in the same gap stood a position before the first.
      const used = new Map<number, number>();
      for (const q of gaps) {
        const k = used.get(q) ?? 0;
        used.set(q, k + 1);
        places.push(q - k);
      }
      // The rest went after the group's last run read: its last positions.
      for (let i = 1; i <= d - gaps.length; i++) places.push(to - i);
      base += d;
    }
    // Every place a placeholder of its group, each once: else the rows read do not agree with it.
    const unique = new Set(places);
    if (unique.size !== places.length || places.some((q) => !this.pos.has(PH + q))) return reopen();
    places.sort((x, y) => x - y);
    for (const q of places) this.pos.delete(PH + q);
    this.layout = next;
    // The source's cursors first (the blocks read again are read at once), the last place first.
    for (let i = places.length - 1; i >= 0; i--) this.host.shifted(places[i]!, -1);
    const moved = this.shift(
      places.map((q) => ({ data: q, order: layout.slot(q) })),
      -1,
      layout,
    );
    for (const q of places) moved.remove.push({ id: PH + q } as GridRow);
    this.slots = Math.max(0, this.slots - places.length);
    cache.grow(-places.length, [...moved.changed]);
    this.apply(moved);
    this.host.total(next.total, false);
    this.host.loaded();
  }

  /**
   * Rows dropped and shown again (an undone delete): back at their place (the rows and
   * placeholders from there on a position further; grouped, in their group, which counts them
   * again), the view longer. The caller adds the rows to the grid.
   */
  restore(ids: string[]): number {
    let n = 0;
    for (const id of ids) {
      if (this.pos.has(id)) continue;
      const d = this.dropped.get(id);
      this.dropped.delete(id);
      if (!d || d.data < 0) {
        this.pos.set(id, d ? -1 : this.slots);
        this.slots++;
      } else {
        const group = this.layout ? Math.min(d.group, this.layout.groups.length - 1) : -1;
        const data = this.layout ? Math.max(this.layout.start(group), Math.min(d.data, this.layout.end(group))) : Math.min(d.data, this.slots);
        this.pos.set(id, this.room(data, group));
        this.slots++;
        this.cache?.grow(1, []);
      }
      n++;
    }
    return n;
  }

  /**
   * Rows others added, told by a live stream, when the view's order is not known on the client
   * (LiveRows.addLiveRows; else `place`): shown at the top of the view with the rows being added,
   * the view that many rows longer. Returns how many were new to it.
   */
  insert(ids: string[]): number {
    let n = 0;
    for (const id of ids) {
      if (this.pos.has(id)) continue;
      this.pos.set(id, -1);
      n++;
    }
    this.slots += n;
    return n;
  }

  /**
   * Where `row` goes among the rows read, by the view's order `compare` (the server's,
   * blocks/rowOrder.ts): before the first row read that comes after it. Its place is known when
   * the rows on both sides of it were read (or it comes first, or last of a view read to its
   * end, its total exact); else it lies in a part not read yet, and `at` is the position of the
   * first row read after it (or the view's end). Grouped on the server, it goes in its group
   * (the rows sorted by the group column first, `compare` the order within a group) among the
   * group's rows read, between the group's start and end. Null when the view is not shown yet,
   * or its group is not one of the view's (the groups were counted without it).
   */
  seat(row: GridRow, compare: RowCompare): Seat | null {
    if (!this.shown) return null;
    const layout = this.layout;
    let group = -1;
    let from = 0;
    let to = this.slots;
    if (layout) {
      group = layout.indexOf(serverGroupKey(row[layout.field]));
      if (group < 0) return null;
      from = layout.start(group);
      to = layout.end(group);
    }
    const read: Array<[GridRow, number]> = [];
    for (const [id, p] of this.pos) {
      if (p < 0 || id === row.id) continue;
      const r = this.host.rows.get(id);
      if (!r) continue;
      const at = layout ? layout.dataPos(p) : p;
      if (at >= from && at < to) read.push([r, at]);
    }
    read.sort((a, b) => a[1] - b[1]);
    // The first row read that comes after it.
    let lo = 0;
    let hi = read.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(read[mid]![0], row) < 0) lo = mid + 1;
      else hi = mid;
    }
    const before = lo > 0 ? read[lo - 1]![1] : from - 1;
    const after = lo < read.length ? read[lo]![1] : null;
    const seat = (at: number, known: boolean): Seat => (layout ? { at, known, group } : { at, known });
    // Grouped, the group's end is exact (the groups' counts); else the view's when its total is.
    if (after === null) return seat(to, before === to - 1 && (!!layout || this.cache?.estimated === false));
    return seat(after, after === before + 1);
  }

  /** Grouped on the server: whether the view has no group for the row's value (seat answers null). */
  lacksGroup(row: GridRow): boolean {
    const layout = this.layout;
    return !!layout && this.shown && layout.indexOf(serverGroupKey(row[layout.field])) < 0;
  }

  /**
   * Grouped on the server, a group for the value of `row` when the view has none (another user
   * added a row with a value no row of the view had): an empty group where `compare` (the order
   * of rows by the group column, as the server sorts them) puts it among the groups, its header
   * row shown and the slots after it a row further; `seat` then places the row in it. The data
   * positions stay, so the blocks read and those read later by skip keep their places.
   */
  makeGroup(row: GridRow, compare: RowCompare): void {
    const layout = this.layout;
    if (!layout || !this.lacksGroup(row)) return;
    const value = row[layout.field] ?? null;
    const of = (v: unknown) => ({ id: row.id, version: 0, [layout.field]: v }) as GridRow;
    let j = layout.groups.findIndex((g) => compare(of(value), of(g.value)) < 0);
    if (j < 0) j = layout.groups.length;
    const next = new GroupLayout(layout.field, [...layout.groups.slice(0, j), { value, count: 0 }, ...layout.groups.slice(j)]);
    const at = next.headerSlot(j);
    for (const [id, p] of this.pos) if (p >= at) this.pos.set(id, p + 1);
    this.layout = next;
    const header = next.headers()[j]!;
    this.pos.set(header.id, at);
    this.host.counted([header]);
    const api = this.host.api;
    if (api && !api.isDestroyed()) api.applyTransaction({ add: [header as unknown as GridRow], addIndex: this.host.newRows().length + at });
  }

  /**
   * Whether a row placed at `seat` leaves the rows in view where they are: grouped on the server,
   * its group is collapsed (`collapsed` of its key), or its place comes after the row shown at
   * display index `last`. Such a row need not wait while the user is scrolled into the grid: its
   * group's header counts it at once.
   */
  outOfView(seat: Seat, last: number, collapsed: (key: string) => boolean): boolean {
    const layout = this.layout;
    const group = seat.group ?? -1;
    if (!layout || !this.shown || group < 0) return false;
    if (collapsed(layout.keys[group]!)) return true;
    const id = (this.host.api?.getDisplayedRowAtIndex(last)?.data as GridRow | undefined)?.id;
    const shownAt = id === undefined ? undefined : this.pos.get(id);
    // Its slot once its group counts it: after its group's header and every earlier group.
    return shownAt !== undefined && shownAt >= 0 && seat.at + group + 1 > shownAt;
  }

  /**
   * A row others added, at its seat: the rows and placeholders from `seat.at` on move a position
   * further, and the row takes it (a known seat: shown there, through one grid transaction) or a
   * placeholder does (the block read there brings it, once). The view is a row longer; the
   * blocks where a placeholder came are read again when in view (BlockCache.grow).
   */
  place(row: GridRow, seat: Seat): void {
    const at = seat.at;
    const group = seat.group ?? -1;
    const was = this.layout;
    if (was && group >= 0) this.layout = was.counted(group, 1);
    // The source's cursors first: the blocks read again after the place are read at once.
    this.host.shifted(at, 1);
    const order = this.layout ? this.layout.slot(at) : at;
    const moved = this.shift([{ data: at, order }], 1, was);
    if (seat.known) {
      this.pos.set(row.id, order);
      this.livePlaced.add(row.id);
      moved.add.push(row);
    } else {
      const p = placeholder(at, this.layout ? this.layout.keys[group] : undefined);
      this.pos.set(p.id, order);
      moved.add.push(p);
      moved.changed.add(Math.floor(at / (this.cache?.blockSize ?? 1)));
    }
    this.slots++;
    this.cache?.grow(1, [...moved.changed]);
    this.apply(moved, this.host.newRows().length + order);
  }

  /**
   * Makes data position `at` free (grouped: in group `group`, which counts a row more): the rows
   * and placeholders from there on move a position further, at once in the grid. Answers the
   * position's order (its slot when grouped).
   */
  private room(at: number, group: number): number {
    const was = this.layout;
    if (was && group >= 0) this.layout = was.counted(group, 1);
    this.host.shifted(at, 1);
    const order = this.layout ? this.layout.slot(at) : at;
    const moved = this.shift([{ data: at, order }], 1, was);
    this.apply(moved);
    return order;
  }

  /**
   * Moves the rows and placeholders of the view by `by` positions for each place in `at` at or
   * before them (ascending): a positive `by` makes room at each place, a negative one closes the
   * places of rows that went (out of the map already). The rows' orders move with the places'
   * (`order`: slots when grouped, so the header rows of later groups move too); placeholder ids
   * name their data position, so those whose position went are taken out and those whose
   * position came are added (with their group in the layout now; one whose id stays but whose
   * group changed, `was` the layout before, is updated). Answers the grid's changes and the
   * blocks a placeholder came into (read again when in view). Grouped, the groups whose count
   * changed have their header rows updated too.
   */
  private shift(at: readonly Place[], by: number, was: GroupLayout | null): Moved {
    const out: Moved = { remove: [], add: [], update: [], changed: new Set() };
    if (!at.length) return out;
    const datas = at.map((p) => p.data);
    const orders = at.map((p) => p.order).sort((a, b) => a - b);
    // How many places are at or before a position.
    const upTo = (xs: readonly number[], p: number) => {
      let lo = 0;
      let hi = xs.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (xs[mid]! <= p) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const layout = this.layout;
    const holes: number[] = [];
    for (const [id, p] of this.pos) {
      if (id.startsWith(PH)) {
        const q = Number(id.slice(PH.length));
        if (q >= datas[0]!) holes.push(q);
        continue;
      }
      if (p < orders[0]!) continue;
      const k = upTo(orders, p);
      if (k) this.pos.set(id, p + by * k);
    }
    const had = new Set(holes);
    const now = new Set(holes.map((q) => q + by * upTo(datas, q)));
    const keyOf = (l: GroupLayout | null, q: number) => (l ? l.keys[l.groupOf(q)] : undefined);
    const blockSize = this.cache?.blockSize ?? 1;
    for (const q of had) {
      if (now.has(q)) continue;
      this.pos.delete(PH + q);
      out.remove.push({ id: PH + q } as GridRow);
    }
    for (const q of now) {
      const order = layout ? layout.slot(q) : q;
      this.pos.set(PH + q, order);
      if (!had.has(q)) {
        out.add.push(placeholder(q, keyOf(layout, q)));
        out.changed.add(Math.floor(q / blockSize));
      } else if (keyOf(layout, q) !== keyOf(was, q)) out.update.push(placeholder(q, keyOf(layout, q)));
    }
    if (layout && was) {
      const headers = layout.headers();
      headers.forEach((h, i) => {
        this.pos.set(h.id, layout.headerSlot(i));
        if (h.__group.count !== was.groups[i]?.count) out.update.push(h as unknown as GridRow);
      });
      const counted = headers.filter((h, i) => h.__group.count !== was.groups[i]?.count);
      if (counted.length) this.host.counted(counted);
    }
    return out;
  }

  private apply(moved: Moved, addIndex?: number): void {
    const api = this.host.api;
    const { remove, add, update } = moved;
    if (!(remove.length || add.length || update.length) || !api || api.isDestroyed()) return;
    api.applyTransaction({ remove, add, update, addIndex: addIndex ?? this.host.newRows().length });
  }

  /** The total changed after the view was shown: placeholders added at the end or taken off. */
  private resize(total: number): void {
    const api = this.host.api;
    // Grouped, the groups' counts fixed the view's length.
    if (!api || api.isDestroyed() || total === this.slots || this.layout) return;
    if (total > this.slots) {
      const add: GridRow[] = [];
      for (let i = this.slots; i < total; i++) {
        const p = placeholder(i);
        this.pos.set(p.id, i);
        add.push(p);
      }
      this.slots = total;
      api.applyTransaction({ add });
      return;
    }
    const remove: GridRow[] = [];
    for (let i = total; i < this.slots; i++) {
      if (this.pos.delete(PH + i)) remove.push({ id: PH + i } as GridRow);
    }
    this.slots = total;
    api.applyTransaction({ remove });
  }
}
