import { createRef } from 'react';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../kit/src/test/render';
import { DataGrid, type DataGridHandle } from '../DataGrid';
import { MAX_READ_ROWS } from '../controller';
import type { GridRow, GridSchema } from '../types';
import type { WhereNode } from '../filter/where';
import { CursorBook, protocolSource } from './protocolSource';
import { isPlaceholder } from './pagedRows';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const schema: GridSchema = {
  grid: 'test.protocol',
  idField: 'id',
  versionField: 'version',
  pageSize: 50,
  maxLimit: 1000,
  maxBatch: 250,
  messages: {},
  columns: [
    { field: 'style', headerName: 'Style', type: 'text', editable: false, validators: [], sortable: true },
    { field: 'bin', headerName: 'Bin', type: 'text', editable: true, editableWhen: 'always', validators: [], sortable: true },
  ],
};

interface QueryBody {
  filters?: Record<string, unknown>;
  sort?: Array<{ field: string; dir: string }>;
  limit: number;
  cursor?: string;
  skip?: number;
}

/**
 * A server of the grid protocol over rows in memory: the query pages on keyset cursors (the
 * cursor is the last row's id, rows are in id order) and skips; the batch writes bins.
 */
function protocolServer(n: number) {
  const rows: GridRow[] = Array.from({ length: n }, (_, i) => ({ id: `r${String(i).padStart(5, '0')}`, version: 1, style: String(10000 + i), bin: `B${i}` }));
  const bodies: QueryBody[] = [];
  const batches: Array<{ update: Array<{ id: string; version: number; changes: Record<string, unknown> }> }> = [];
  const fake = fakeFetch({
    'POST /api/test/query': (init) => {
      const q = JSON.parse(String(init.body)) as QueryBody;
      bodies.push(q);
      const desc = q.sort?.[0]?.dir === 'desc';
      const view = desc ? [...rows].reverse() : rows;
      let from = 0;
      if (q.cursor) from = view.findIndex((r) => r.id === q.cursor) + 1;
      from += q.skip ?? 0;
      const page = view.slice(from, from + q.limit);
      const more = from + q.limit < view.length;
      return json(200, { data: { rows: page, totalCount: view.length, nextCursor: more && page.length ? page.at(-1)!.id : null } });
    },
    'PATCH /api/test/batch': (init) => {
      const req = JSON.parse(String(init.body)) as (typeof batches)[number];
      batches.push(req);
      const updated = req.update.map((u) => {
        const r = rows.find((x) => x.id === u.id)!;
        Object.assign(r, u.changes, { version: r.version + 1 });
        return { ...r };
      });
      return json(200, { data: { updated, added: [], deleted: [] } });
    },
  });
  configureApi({ fetch: fake });
  vi.stubGlobal('fetch', fake);
  return { rows, bodies, batches };
}

/** A grid over protocolServer(n), mounted; resolves once its first block is shown. */
async function mountProtocol(n: number) {
  const server = protocolServer(n);
  const handle = createRef<DataGridHandle>();
  renderWithShell(<DataGrid schema={schema} handle={handle} endpoints={{ stream: '/test/stream', query: '/test/query' }} />);
  const ctrl = () => handle.current!.controller;
  await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
  const api = ctrl().api!;
  /** The ids the grid shows at display positions from..to, placeholders as null. */
  const shownIds = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => api.getDisplayedRowAtIndex(from + i)!.data as GridRow).map((d) => (isPlaceholder(d) ? null : d.id));
  return { server, ctrl, api, shownIds };
}


describe('CursorBook', () => {
  it('starts a block on the nearest cursor at or before it, skipping the rows between, and forgets the cursors of another view', () => {
    const book = new CursorBook();
    book.use('a');
    expect(book.start(0)).toEqual({ skip: 0 });
    expect(book.start(300)).toEqual({ skip: 300 });
    book.record(0, 100, 'c100');
    expect(book.start(100)).toEqual({ cursor: 'c100', skip: 0 });
    expect(book.start(400)).toEqual({ cursor: 'c100', skip: 300 });
    book.record(400, 100, 'c500');
    expect(book.start(500)).toEqual({ cursor: 'c500', skip: 0 });
    expect(book.start(450)).toEqual({ cursor: 'c100', skip: 350 });
    // The last block of the view has no cursor; an empty block makes none.
    book.record(500, 20, null);
    book.record(600, 0, 'x');
    expect(book.size).toBe(2);
    book.use('a');
    expect(book.size).toBe(2);
    book.use('b');
    expect(book.size).toBe(0);
    expect(book.start(500)).toEqual({ skip: 500 });
    // The first block again is a new read (a reload): an entry added since before a cursor of
    // the old read would be skipped by it, so the old cursors go.
    book.record(0, 100, 'b100');
    expect(book.start(0)).toEqual({ skip: 0 });
    expect(book.size).toBe(0);
    expect(book.start(100)).toEqual({ skip: 100 });
  });

  it('moves the cursors after a row added to the view a place on', () => {
    const book = new CursorBook();
    book.use('a');
    book.record(0, 50, 'c50');
    book.record(50, 50, 'c100');
    book.shift(61, 1);
    expect(book.start(50)).toEqual({ cursor: 'c50', skip: 0 });
    expect(book.start(101)).toEqual({ cursor: 'c100', skip: 0 });
    expect(book.start(100)).toEqual({ cursor: 'c50', skip: 50 });
  });
});

describe('protocolSource', () => {
  it('continues on cursors, jumps with a skip, and keeps every row when one before a block goes', async () => {
    const server = protocolServer(250);
    const src = protocolSource({ query: '/test/query' }, 50);
    expect(src).toMatchObject({ blocks: 50, columnFilters: 'server', sortOnServer: true });
    const read = async (skip: number, sort: Array<{ field: string; dir: 'asc' | 'desc' }> = []) => {
      const got: GridRow[] = [];
      let total = 0;
      await src.load({ filters: { status: 'Available' }, sort, skip, limit: 50, where: null }, new AbortController().signal, {
        total: (n) => (total = n),
        rows: (r) => got.push(...r),
      });
      return { got, total };
    };
    const first = await read(0);
    expect(first.total).toBe(250);
    expect(first.got.map((r) => r.id)).toEqual(server.rows.slice(0, 50).map((r) => r.id));
    expect(server.bodies[0]).toEqual({ filters: { status: 'Available' }, limit: 50 });
    // A row of the first block goes (deleted elsewhere): the next block still starts right after it.
    const gone = server.rows.splice(10, 1);
    expect(gone).toHaveLength(1);
    const second = await read(50);
    expect(server.bodies[1]).toMatchObject({ cursor: 'r00049', limit: 50 });
    expect(server.bodies[1]!.skip).toBeUndefined();
    expect(second.got[0]!.id).toBe('r00050');
    // A jump: the nearest cursor and the rows in between.
    await read(200);
    expect(server.bodies[2]).toMatchObject({ cursor: 'r00099', skip: 100, limit: 50 });
    // Another sort is another view: no cursor of the old one.
    await read(100, [{ field: 'style', dir: 'desc' }]);
    expect(server.bodies[3]).toEqual({ filters: { status: 'Available' }, sort: [{ field: 'style', dir: 'desc' }], limit: 50, skip: 100 });
  });

  it('grouped: asks the groups call for the counts and reads blocks sorted by the group column first', async () => {
    const server = protocolServer(10);
    const posted: unknown[] = [];
    const fake = fakeFetch({
      'POST /api/test/groups': (init) => {
        posted.push(JSON.parse(String(init.body)));
        return json(200, { data: { groups: [{ value: 'A', count: 4 }, { value: null, count: 6 }], totalCount: 10 } });
      },
      'POST /api/test/query': (init) => {
        server.bodies.push(JSON.parse(String(init.body)) as QueryBody);
        return json(200, { data: { rows: server.rows.slice(0, 5), totalCount: 10, nextCursor: 'r00004' } });
      },
    });
    configureApi({ fetch: fake });
    const src = protocolSource({ query: '/test/query', groups: '/test/groups' }, 5);
    const where: WhereNode = { field: 'bin', op: 'contains', values: ['B'] };
    const q = { filters: { status: 'Available' }, sort: [{ field: 'style', dir: 'desc' as const }, { field: 'bin', dir: 'desc' as const }], skip: 0, where, groupBy: 'bin' };
    expect(await src.groups!(q, new AbortController().signal)).toEqual([{ value: 'A', count: 4 }, { value: null, count: 6 }]);
    expect(posted).toEqual([{ filters: { status: 'Available' }, where, field: 'bin' }]);
    await src.load({ ...q, limit: 5 }, new AbortController().signal, { total: () => {}, rows: () => {} });
    // The group column leads, ascending, and is not sorted a second time.
    expect(server.bodies.at(-1)).toEqual({ filters: { status: 'Available' }, where, sort: [{ field: 'bin', dir: 'asc' }, { field: 'style', dir: 'desc' }], limit: 5 });
    // The user sorted nothing: the schema's default order, within the groups too.
    const byDefault = protocolSource({ query: '/test/query', groups: '/test/groups' }, 5, [{ field: 'bin', dir: 'desc' }, { field: 'style', dir: 'asc' }]);
    await byDefault.load({ ...q, sort: [], limit: 5 }, new AbortController().signal, { total: () => {}, rows: () => {} });
    expect(server.bodies.at(-1)!.sort).toEqual([{ field: 'bin', dir: 'asc' }, { field: 'style', dir: 'asc' }]);
    await byDefault.load({ ...q, sort: [], groupBy: null, limit: 5 }, new AbortController().signal, { total: () => {}, rows: () => {} });
    expect(server.bodies.at(-1)!.sort).toEqual([{ field: 'bin', dir: 'desc' }, { field: 'style', dir: 'asc' }]);
    // Without a groups call the grid reads a grouped view whole (no groups function).
    expect(protocolSource({ query: '/test/query' }, 5).groups).toBeUndefined();
  });
});

describe('DataGrid on a protocol query', () => {
  it('reads blocks as it scrolls, edits a cell of a late block, pastes and copies across blocks, undoes, and reads again on a sort', async () => {
    const server = protocolServer(400);
    const handle = createRef<DataGridHandle>();
    renderWithShell(<DataGrid schema={schema} handle={handle} endpoints={{ stream: '/test/stream', query: '/test/query', batch: '/test/batch' }} canEdit />);
    const ctrl = () => handle.current!.controller;
    /** Every change made so far sent and answered. */
    const settle = () =>
      act(async () => {
        ctrl().history.flush();
        await ctrl().writer.flush();
        await ctrl().writer.idle();
      });
    await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
    const api = ctrl().api!;
    expect(ctrl().ui.get()).toMatchObject({ total: 400, totalEstimated: false, rowCount: 400 });
    expect(isPlaceholder(api.getDisplayedRowAtIndex(399)!.data)).toBe(true);

    // The end of the view, then the block before it.
    act(() => ctrl().onViewport(380, 399));
    await waitFor(() => expect(api.getDisplayedRowAtIndex(399)!.data).toMatchObject({ id: 'r00399' }));
    act(() => ctrl().onViewport(340, 360));
    await waitFor(() => expect(api.getDisplayedRowAtIndex(349)!.data).toMatchObject({ id: 'r00349' }));
    expect(server.bodies.at(-1)).toMatchObject({ cursor: 'r00049', skip: 250 });

    // An edit in the last block goes out with the row's version.
    act(() => void ctrl().setCells([{ rowId: 'r00390', field: 'bin', raw: 'Z-9' }], 'edit'));
    await settle();
    expect(server.batches.at(-1)!.update).toEqual([{ id: 'r00390', version: 1, changes: { bin: 'Z-9' } }]);
    expect(ctrl().rows.get('r00390')).toMatchObject({ bin: 'Z-9', version: 2 });

    // A range over the boundary of two blocks (rows 348..351, the bin column): copy, paste, undo.
    ctrl().refreshIndex();
    act(() => ctrl().setRange({ anchor: { row: 348, col: 1 }, focus: { row: 351, col: 1 } }));
    expect(ctrl().copyText()).toBe('B348\r\nB349\r\nB350\r\nB351\r\n');
    await act(async () => void (await ctrl().paste('P1\nP2\nP3\nP4')));
    await settle();
    expect(server.rows[351]).toMatchObject({ bin: 'P4' });
    act(() => ctrl().undo());
    await settle();
    expect(server.rows[348]).toMatchObject({ bin: 'B348' });
    expect(server.rows[351]).toMatchObject({ bin: 'B351' });

    // A paste from row 95 down over 160 rows: blocks 2 and 3 (100..199) were never read; they are
    // read first, then every pasted cell is written.
    act(() => ctrl().setRange({ anchor: { row: 95, col: 1 }, focus: { row: 95, col: 1 } }));
    const lines = Array.from({ length: 160 }, (_, i) => `Q${95 + i}`);
    let res = { changed: 0, rejected: 0 };
    await act(async () => void (res = await ctrl().paste(lines.join('\n'))));
    expect(res).toEqual({ changed: 160, rejected: 0 });
    expect(api.getDisplayedRowAtIndex(180)!.data).toMatchObject({ id: 'r00180', bin: 'Q180' });
    await settle();
    expect(server.rows[254]).toMatchObject({ bin: 'Q254' });
    expect(server.rows[255]).toMatchObject({ bin: 'B255' });

    // A sort by a header reads the view again from the server, the old rows shown meanwhile.
    const before = server.bodies.length;
    api.applyColumnState({ state: [{ colId: 'style', sort: 'desc' }] });
    await act(() => handle.current!.reload());
    expect(server.bodies[before]).toMatchObject({ sort: [{ field: 'style', dir: 'desc' }], limit: 50 });
    await waitFor(() => expect(api.getDisplayedRowAtIndex(0)!.data).toMatchObject({ id: 'r00399' }));
    expect(api.getDisplayedRowCount()).toBe(400);
  });

  it('places rows others added in the server order (by id when the view has no sort): blocks read on cursors afterwards repeat and lose none', async () => {
    const { server, ctrl, shownIds } = await mountProtocol(300);
    // Blocks 0, 1 and 4 read (cursors after rows 49, 99 and 249).
    act(() => ctrl().onViewport(60, 90));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));
    act(() => ctrl().onViewport(210, 240));
    await waitFor(() => expect(ctrl().rows.size).toBe(150));
    /** Another user saves a row: the server has it in id order. */
    const save = (id: string) => {
      const r: GridRow = { id, version: 1, style: 'N', bin: 'new' };
      server.rows.splice(server.rows.findIndex((x) => x.id > id), 0, r);
      return r;
    };
    const a = save('r00060x');
    const b = save('r00170x');
    act(() => void ctrl().applyLiveRows([a, b], [], [], { added: [a.id, b.id] }));
    // One between rows read (shown there), one in a part not read yet (counted).
    expect(shownIds(60, 62)).toEqual(['r00060', 'r00060x', 'r00061']);
    expect(ctrl().rows.has('r00170x')).toBe(false);
    expect(ctrl().ui.get()).toMatchObject({ total: 302, rowCount: 302 });
    act(() => ctrl().onViewport(100, 301));
    await waitFor(() => expect(shownIds(0, 301)).not.toContain(null));
    expect(shownIds(0, 301)).toEqual(server.rows.map((r) => r.id));
  });

  it('takes rows others deleted out of the place they stood at: blocks read on cursors or skips afterwards repeat and lose none', async () => {
    const { server, ctrl, api, shownIds } = await mountProtocol(300);
    // Blocks 0 and 4 read (cursors after rows 49 and 249).
    act(() => ctrl().onViewport(210, 240));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));
    // Another user deletes a row of each block read.
    const gone = ['r00010', 'r00220'];
    for (const id of gone) server.rows.splice(server.rows.findIndex((x) => x.id === id), 1);
    act(() => void ctrl().applyLiveRows([], gone));
    expect(ctrl().ui.get()).toMatchObject({ total: 298, rowCount: 298 });
    expect(api.getDisplayedRowCount()).toBe(298);
    act(() => ctrl().onViewport(0, 297));
    await waitFor(() => expect(shownIds(0, 297)).not.toContain(null));
    expect(shownIds(0, 297)).toEqual(server.rows.map((r) => r.id));
    expect(api.getDisplayedRowCount()).toBe(298);
  });

  it('finds where rows others deleted in blocks not read yet stood by probes by skip (no cursor): blocks read on cursors afterwards repeat and lose none', async () => {
    const { server, ctrl, api, shownIds } = await mountProtocol(300);
    // Blocks 0, 2 and 4 read (cursors after rows 49, 149 and 249).
    act(() => ctrl().onViewport(110, 140));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));
    act(() => ctrl().onViewport(210, 240));
    await waitFor(() => expect(ctrl().rows.size).toBe(150));
    // Another user deletes rows of blocks 1 and 3, not read.
    const gone = ['r00060', 'r00061', 'r00170'];
    for (const id of gone) server.rows.splice(server.rows.findIndex((x) => x.id === id), 1);
    await act(async () => {
      ctrl().applyLiveRows([], gone);
      await ctrl().paged.settle(0);
    });
    expect(ctrl().ui.get()).toMatchObject({ total: 297, rowCount: 297 });
    expect(api.getDisplayedRowCount()).toBe(297);
    expect(shownIds(97, 98)).toEqual([null, 'r00100']);
    act(() => ctrl().onViewport(0, 296));
    await waitFor(() => expect(shownIds(0, 296)).not.toContain(null));
    expect(shownIds(0, 296)).toEqual(server.rows.map((r) => r.id));
  });

  it('copies and opens Edit Cells over rows never scrolled to: their blocks are read first', async () => {
    const server = protocolServer(400);
    const handle = createRef<DataGridHandle>();
    renderWithShell(<DataGrid schema={schema} handle={handle} endpoints={{ stream: '/test/stream', query: '/test/query', batch: '/test/batch' }} canEdit />);
    const ctrl = () => handle.current!.controller;
    await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
    const api = ctrl().api!;

    // Rows 40..260: blocks 1 to 5 were never read. The copy reads them, then copies every row.
    ctrl().refreshIndex();
    act(() => ctrl().setRange({ anchor: { row: 40, col: 1 }, focus: { row: 260, col: 1 } }));
    expect(ctrl().rangeUnread()).toBe(true);
    expect(ctrl().copyText()).toContain('\r\n\r\n'); // the unread rows copy as blanks without the read
    let text: string | null = null;
    await act(async () => void (text = await ctrl().copyTextRead()));
    expect(text).toBe(Array.from({ length: 221 }, (_, i) => `B${40 + i}\r\n`).join(''));
    expect(ctrl().rangeUnread()).toBe(false);
    expect(isPlaceholder(api.getDisplayedRowAtIndex(260)!.data)).toBe(false);
    expect(isPlaceholder(api.getDisplayedRowAtIndex(300)!.data)).toBe(true);

    // Edit Cells over rows 280..399 (never read): the dialog opens once they came, starting blank
    // (their bins differ), and writes every one of them.
    act(() => ctrl().setRange({ anchor: { row: 280, col: 1 }, focus: { row: 399, col: 1 } }));
    expect(ctrl().rangeUnread()).toBe(true);
    await act(() => ctrl().openEditCells());
    expect(ctrl().ui.get().editCells).toMatchObject({ fields: ['bin'], rows: 120, initial: { bin: '' } });
    let res: { changed: number } = { changed: 0 };
    act(() => void (res = ctrl().applyEditCells({ bin: { change: true, value: 'E-1' } })));
    expect(res.changed).toBe(120);
    await act(async () => {
      ctrl().history.flush();
      await ctrl().writer.flush();
      await ctrl().writer.idle();
    });
    expect(server.rows[280]).toMatchObject({ bin: 'E-1' });
    expect(server.rows[399]).toMatchObject({ bin: 'E-1' });
    expect(server.rows[279]).toMatchObject({ bin: 'B279' });
  });

  it('refuses to read more rows than MAX_READ_ROWS for a copy, and reads nothing', async () => {
    const server = protocolServer(MAX_READ_ROWS + 60);
    const handle = createRef<DataGridHandle>();
    renderWithShell(<DataGrid schema={schema} handle={handle} endpoints={{ stream: '/test/stream', query: '/test/query', batch: '/test/batch' }} canEdit />);
    const ctrl = () => handle.current!.controller;
    await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
    const reads = server.bodies.length;
    ctrl().refreshIndex();
    act(() => ctrl().setRange({ anchor: { row: 0, col: 1 }, focus: { row: MAX_READ_ROWS + 59, col: 1 } }));
    let text: string | null = 'x';
    await act(async () => void (text = await ctrl().copyTextRead()));
    expect(text).toBeNull();
    expect(server.bodies.length).toBe(reads);
  });
});
