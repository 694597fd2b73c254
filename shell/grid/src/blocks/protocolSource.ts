/**
 * A grid protocol view read by scrolling (docs/grid.md §3.8): each block is one `POST …/query`
 * on the keyset cursors. The block right after one already read continues on that block's
 * cursor (rows added, edited or deleted before it neither repeat nor vanish); a block further
 * on starts at the nearest cursor before it and skips the rows in between (or skips from the
 * start when none was read). While the grid is grouped, the groups call counts the groups and
 * the blocks come sorted by the group column first (docs/grid.md §3.9); a grid without a groups
 * call reads every row through the stream then: a group needs all of its rows.
 */
import { useMemo } from 'react';
import { api } from '@its/kit';
import type { GridLoadQuery, GridSource } from '../controller';
import type { ServerGroup } from './groupLayout';
import { streamRows } from '../stream';
import { protocolOrder } from './rowOrder';
import type { GridEndpoints, GridRow, GridSchema } from '../types';

/** Where a block read starts: after a cursor and/or a number of rows. */
export interface BlockStart {
  cursor?: string;
  skip: number;
}

/**
 * The cursors of one view by the position they continue at (the rows before it), forgotten when
 * the view (sort, filters, where) changes.
 */
export class CursorBook {
  private view = '';
  private readonly at = new Map<number, string>();

  /** Starts over when `view` differs from the one the cursors were made in. */
  use(view: string): void {
    if (view === this.view) return;
    this.view = view;
    this.at.clear();
  }

  /**
   * The block at `skip`: on the nearest cursor at or before it, skipping the rows between. The
   * first block starts a new read of the view (a reload, or the view opened again): the cursors of
   * the read before are forgotten, since a row added before one of them since would be skipped.
   * A probe (GridLoadQuery.probe) starts at `skip` from the view's start and forgets nothing.
   */
  start(skip: number, probe = false): BlockStart {
    if (probe) return { skip };
    if (skip === 0) {
      this.at.clear();
      return { skip };
    }
    let best = -1;
    for (const pos of this.at.keys()) if (pos <= skip && pos > best) best = pos;
    if (best < 0) return { skip };
    return { cursor: this.at.get(best), skip: skip - best };
  }

  /** A block of `count` rows read at `skip` ended with `next` (null: the view's end); a probe's is not kept. */
  record(skip: number, count: number, next: string | null, probe = false): void {
    if (next && count > 0 && !probe) this.at.set(skip + count, next);
  }

  /**
   * `by` rows were added to the view at position `at` (a row another user added, placed by the
   * view's order): the cursors after it continue that many rows further on.
   */
  shift(at: number, by: number): void {
    const moved = [...this.at.entries()].filter(([pos]) => pos > at);
    for (const [pos] of moved) this.at.delete(pos);
    for (const [pos, cursor] of moved) this.at.set(pos + by, cursor);
  }

  /** Cursors known (for tests). */
  get size(): number {
    return this.at.size;
  }
}

interface Page {
  rows: GridRow[];
  totalCount: number;
  nextCursor: string | null;
}

/** The sort of a view grouped by `groupBy`: the group column first (ascending, as the groups call counts), then the user's. */
export function groupFirst(groupBy: string | null | undefined, sort: GridLoadQuery['sort']): GridLoadQuery['sort'] {
  if (!groupBy) return sort;
  return [{ field: groupBy, dir: 'asc' }, ...sort.filter((s) => s.field !== groupBy)];
}

/**
 * The grid protocol's rows as a source read by scrolling, in blocks of `blockSize` (the
 * schema's pageSize, spec §9: a grid load is 100 rows), sorted and filtered on the server. When
 * the user sorted nothing the view is in `defaultSort` (the schema's), also within the groups of
 * a grouped view.
 */
export function protocolSource(
  endpoints: Partial<Pick<GridEndpoints, 'query' | 'stream' | 'groups'>>,
  blockSize: number,
  defaultSort: GridLoadQuery['sort'] = [],
): GridSource {
  const book = new CursorBook();
  const filter = (q: GridLoadQuery) => ({ filters: q.filters, ...(q.where ? { where: q.where } : {}) });
  const body = (q: GridLoadQuery) => {
    const sort = groupFirst(q.groupBy, q.sort.length ? q.sort : defaultSort);
    return { ...filter(q), ...(sort.length ? { sort } : {}) };
  };
  const groupsCall = endpoints.groups;
  return {
    ...(groupsCall
      ? {
          groups: async (q: GridLoadQuery & { groupBy: string }, signal: AbortSignal): Promise<ServerGroup[]> =>
            (await api.post<{ groups: ServerGroup[] }>(groupsCall, { ...filter(q), field: q.groupBy }, { signal })).groups,
        }
      : {}),
    blocks: blockSize,
    columnFilters: 'server',
    sortOnServer: true,
    order: protocolOrder(defaultSort),
    shifted: (at, by) => book.shift(at, by),
    load: async (q, signal, sink) => {
      const base = body(q);
      if (q.limit === undefined) {
        // The whole view (a grouped grid).
        if (!endpoints.stream) throw new Error('This grid has no stream endpoint');
        await streamRows(endpoints.stream, base, { signal, onTotal: sink.total, onRows: sink.rows });
        return;
      }
      if (!endpoints.query) throw new Error('This grid has no query endpoint');
      book.use(JSON.stringify(base));
      const start = book.start(q.skip, q.probe);
      const page = await api.post<Page>(
        endpoints.query,
        { ...base, limit: q.limit, ...(start.cursor ? { cursor: start.cursor } : {}), ...(start.skip ? { skip: start.skip } : {}) },
        { signal, silent: true },
      );
      book.record(q.skip, page.rows.length, page.nextCursor, q.probe);
      sink.total(page.totalCount, false);
      sink.rows(page.rows);
    },
  };
}

/** The schema's default order as a load query's sort (a key without a direction is ascending). */
export const schemaSort = (schema: Pick<GridSchema, 'defaultSort'>): GridLoadQuery['sort'] =>
  (schema.defaultSort ?? []).map((s) => ({ field: s.field, dir: s.dir ?? 'asc' }));

/** The protocol source of a grid's endpoints when they have a query call (else undefined). */
export function useProtocolSource(endpoints: Partial<GridEndpoints> | undefined, schema: Pick<GridSchema, 'pageSize' | 'defaultSort'>): GridSource | undefined {
  const query = endpoints?.query;
  const stream = endpoints?.stream;
  const groups = endpoints?.groups;
  const { pageSize, defaultSort } = schema;
  return useMemo(
    () => (query ? protocolSource({ query, stream, groups }, pageSize || 100, schemaSort({ defaultSort })) : undefined),
    [query, stream, groups, pageSize, defaultSort],
  );
}
