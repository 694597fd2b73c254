import { describe, expect, it } from 'vitest';
import type { View } from '../api';
import type { GridRow } from '@its/grid';
import { listSchema } from './columns';
import { LIST_WHOLE_PAGE, ListBlocks, listOrder, queryBody, readWhole, type ListEntry, type ListQueryPage, type PostQuery } from './listSource';

const entry = (n: number): ListEntry => ({ _id: `id${n}`, id: `id${n}`, title: `Entry ${n}`, type: 'item', hierarchy: [], path: '' }) as unknown as ListEntry;

/** A server of `total` entries answering the query protocol on cursors and skips. */
function server(total: number) {
  const calls: Array<Record<string, unknown>> = [];
  const post: PostQuery = async (_view: View, body) => {
    calls.push(body);
    const from = (body.cursor ? Number(String(body.cursor).slice(1)) : 0) + Number(body.skip ?? 0);
    const limit = Number(body.limit);
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => entry(from + i));
    const end = from + rows.length;
    const page: ListQueryPage = { rows, totalCount: total, nextCursor: end < total ? `c${end}` : null };
    return page;
  };
  return { post, calls };
}

const signal = new AbortController().signal;
const noSort = { sort: [], where: null };

describe('the assortment list read by scrolling', () => {
  it('sends the search box as the title filter, with the filter tree and the sort', () => {
    expect(queryBody(noSort, '')).toEqual({});
    const where = { and: [{ field: 'starred', op: 'in' as const, values: ['true'] }] };
    expect(queryBody({ sort: [{ field: 'title', dir: 'desc' }], where }, 'spring')).toEqual({
      filters: { title: { contains: 'spring' } },
      where,
      sort: [{ field: 'title', dir: 'desc' }],
    });
  });

  it('reads each block on the cursor of the block before it, and a block further on by skip', async () => {
    const { post, calls } = server(250);
    const blocks = new ListBlocks(post);
    const first = await blocks.block('all', { ...noSort, skip: 0, limit: 100 }, '', signal);
    expect(first.rows.map((r) => r.id).slice(0, 2)).toEqual(['id0', 'id1']);
    expect(first.totalCount).toBe(250);
    const second = await blocks.block('all', { ...noSort, skip: 100, limit: 100 }, '', signal);
    expect(calls[1]).toEqual({ limit: 100, cursor: 'c100' });
    expect(second.rows[0]!.id).toBe('id100');
    // The last block, after the second's cursor: 50 rows, the end.
    const last = await blocks.block('all', { ...noSort, skip: 200, limit: 100 }, '', signal);
    expect(calls[2]).toEqual({ limit: 100, cursor: 'c200' });
    expect(last.rows.map((r) => r.id).at(-1)).toBe('id249');
    // Another sort is another view: its cursors start over, a jump ahead skips.
    await blocks.block('all', { sort: [{ field: 'title', dir: 'asc' }], where: null, skip: 200, limit: 100 }, '', signal);
    expect(calls[3]).toEqual({ sort: [{ field: 'title', dir: 'asc' }], limit: 100, skip: 200 });
  });

  it('reads a whole top level on the cursors, every entry once', async () => {
    const { post, calls } = server(LIST_WHOLE_PAGE * 2 + 7);
    const rows = await readWhole('all', noSort, 'x', signal, post);
    expect(rows).toHaveLength(LIST_WHOLE_PAGE * 2 + 7);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(calls).toHaveLength(3);
    expect(calls[0]).toEqual({ filters: { title: { contains: 'x' } }, limit: LIST_WHOLE_PAGE });
  });

});

describe("a view's order on the client (an entry another user adds goes where the server puts it)", () => {
  const row = (id: string, fields: Record<string, unknown>) => ({ id, version: 1, ...fields }) as GridRow;
  const ids = (view: View, rows: GridRow[], sort: Array<{ field: string; dir: 'asc' | 'desc' }> = []) =>
    [...rows].sort(listOrder(view)(sort, listSchema(view).columns)!).map((r) => r.id);

  it('recent and quick access: the latest change first, then the id; scheduled: the soonest first', () => {
    const rows = [row('b', { modifiedDate: '2026-03-01T10:00:00Z' }), row('a', { modifiedDate: '2026-03-01T10:00:00Z' }), row('c', { modifiedDate: '2026-03-02T09:00:00Z' })];
    expect(ids('recent', rows)).toEqual(['c', 'a', 'b']);
    expect(ids('quick-access', rows)).toEqual(['c', 'a', 'b']);
    const due = [row('x', { scheduledDate: '2026-05-01T00:00:00Z' }), row('y', { scheduledDate: null }), row('z', { scheduledDate: '2026-04-01T00:00:00Z' })];
    expect(ids('scheduled', due)).toEqual(['z', 'x', 'y']);
  });

  it("the other views: the list grid's type then title (code point order), or the user's sort", () => {
    const rows = [row('1', { type: 'item', title: 'b' }), row('2', { type: 'folder', title: 'Z' }), row('3', { type: 'item', title: 'B' })];
    expect(ids('all', rows)).toEqual(['2', '3', '1']);
    expect(ids('starred', rows, [{ field: 'title', dir: 'desc' }])).toEqual(['1', '2', '3']);
  });
});
