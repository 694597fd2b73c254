/**
 * A grid protocol view read by scrolling (docs/grid.md §3.8): each block is one `POST …/query`
 * on the keyset cursors. The block right after one already read continues on that block's
 * cursor (rows added, edited or deleted before it neither repeat nor vanish); a block further
 * on starts at the nearest cursor before it and skips the rows in between (or skips from the
 * start when none was read). While the grid is grouped it reads every row through the stream:
 * a group needs all of its rows.
 */
import { useMemo } from 'react';
import { api } from '@its/kit';
import type { GridLoadQuery, GridSource } from '../controller';
import { streamRows } from '../stream';
import type { GridEndpoints, GridRow } from '../types';

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

  /** The block at `skip`: on the nearest cursor at or before it, skipping the rows between. */
  start(skip: number): BlockStart {
    let best = -1;
    for (const pos of this.at.keys()) if (pos <= skip && pos > best) best = pos;
    if (best < 0) return { skip };
    return { cursor: this.at.get(best), skip: skip - best };
  }

  /** A block of `count` rows read at `skip` ended with `next` (null: the view's end). */
  record(skip: number, count: number, next: string | null): void {
    if (next && count > 0) this.at.set(skip + count, next);
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

/**
 * The grid protocol's rows as a source read by scrolling, in blocks of `blockSize` (the
 * schema's pageSize, spec §9: a grid load is 100 rows), sorted and filtered on the server.
 */
export function protocolSource(endpoints: Partial<Pick<GridEndpoints, 'query' | 'stream'>>, blockSize: number): GridSource {
  const book = new CursorBook();
  const body = (q: GridLoadQuery) => ({
    filters: q.filters,
    ...(q.where ? { where: q.where } : {}),
    ...(q.sort.length ? { sort: q.sort } : {}),
  });
  return {
    blocks: blockSize,
    columnFilters: 'server',
    sortOnServer: true,
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
      const start = book.start(q.skip);
      const page = await api.post<Page>(
        endpoints.query,
        { ...base, limit: q.limit, ...(start.cursor ? { cursor: start.cursor } : {}), ...(start.skip ? { skip: start.skip } : {}) },
        { signal, silent: true },
      );
      book.record(q.skip, page.rows.length, page.nextCursor);
      sink.total(page.totalCount, false);
      sink.rows(page.rows);
    },
  };
}

/** The protocol source of a grid's endpoints when they have a query call (else undefined). */
export function useProtocolSource(endpoints: Partial<GridEndpoints> | undefined, pageSize: number | undefined): GridSource | undefined {
  const query = endpoints?.query;
  const stream = endpoints?.stream;
  return useMemo(() => (query ? protocolSource({ query, stream }, pageSize || 100) : undefined), [query, stream, pageSize]);
}
