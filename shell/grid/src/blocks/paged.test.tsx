import { createRef } from 'react';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../kit/src/test/render';
import { DataGrid, type DataGridHandle } from '../DataGrid';
import type { GridController, GridSource } from '../controller';
import type { GridRow, GridSchema } from '../types';
import { groupRowId } from '../grouping';
import { isPlaceholder } from './pagedRows';
import { protocolOrder } from './rowOrder';

const schema: GridSchema = {
  grid: 'test.paged',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 250,
  messages: {},
  columns: [
    { field: 'style', headerName: 'Style', type: 'text', editable: false, validators: [] },
    { field: 'price', headerName: 'Price', type: 'number', editable: false, validators: [] },
  ],
};

const TOTAL = 1_000;
const row = (i: number): GridRow => ({ id: `r${i}`, version: 1, style: String(100 + i), price: i });

/** A source of TOTAL rows read in blocks of 50, mounted; resolves once its first block is shown. */
async function mountBlocks(estimated: boolean) {
  const load = vi.fn<GridSource['load']>(async (q, _signal, sink) => {
    sink.total(TOTAL, estimated);
    const from = q.skip;
    const to = Math.min(TOTAL, from + (q.limit ?? 0));
    sink.rows(Array.from({ length: Math.max(0, to - from) }, (_, i) => row(from + i)));
  });
  const handle = createRef<DataGridHandle>();
  renderWithShell(<DataGrid schema={schema} handle={handle} source={{ load, blocks: 50 }} />);
  const ctrl = () => handle.current!.controller;
  await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
  return { load, handle, ctrl };
}

/**
 * A server of TOTAL rows (price 2·i) sorted as the grid protocol sorts them (the user's sort, else
 * by price, then the id), read in blocks of 50 by skip; `add` saves a row (as another user).
 */
async function mountSorted() {
  const stored: GridRow[] = Array.from({ length: TOTAL }, (_, i) => ({ ...row(i), price: 2 * i }));
  const view = (sort: Array<{ field: string; dir: 'asc' | 'desc' }>) => {
    const key = sort[0] ?? { field: 'price', dir: 'asc' };
    const sign = key.dir === 'desc' ? -1 : 1;
    return [...stored].sort((a, b) => sign * (Number(a[key.field]) - Number(b[key.field])) || (a.id < b.id ? -1 : 1));
  };
  const load = vi.fn<GridSource['load']>(async (q, _signal, sink) => {
    const rows = view(q.sort);
    sink.total(rows.length, false);
    sink.rows(rows.slice(q.skip, q.skip + (q.limit ?? 0)));
  });
  const handle = createRef<DataGridHandle>();
  const source: GridSource = { load, blocks: 50, sortOnServer: true, columnFilters: 'server', order: protocolOrder([{ field: 'price', dir: 'asc' }]) };
  renderWithShell(<DataGrid schema={schema} handle={handle} source={source} />);
  const ctrl = () => handle.current!.controller;
  await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
  const add = (r: GridRow) => {
    stored.push(r);
    return r;
  };
  const remove = (id: string) => stored.splice(stored.findIndex((r) => r.id === id), 1);
  /** The ids the grid shows at display positions from..to, placeholders as null. */
  const shownIds = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ctrl().api!.getDisplayedRowAtIndex(from + i)!.data as GridRow).map((d) => (isPlaceholder(d) ? null : d.id));
  return { load, handle, ctrl, add, remove, view, shownIds };
}

vi.setConfig({ testTimeout: 30_000 });

describe('DataGrid source read by scrolling (blocks)', () => {
  it('an empty first block shows no rows and makes ag-grid warn of nothing', async () => {
    const warn = vi.spyOn(console, 'warn');
    const load = vi.fn<GridSource['load']>(async (_q, _signal, sink) => {
      sink.total(0, false);
      sink.rows([]);
    });
    const handle = createRef<DataGridHandle>();
    renderWithShell(<DataGrid schema={schema} handle={handle} source={{ load, blocks: 50 }} />);
    await waitFor(() => expect(load).toHaveBeenCalled(), { timeout: 20_000 });
    await waitFor(() => expect(handle.current!.controller.ui.get()).toMatchObject({ loading: false, total: 0 }));
    expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('AG Grid'))).toEqual([]);
  });

  it('reads the first block with the total, shows placeholders for the rest, fills a block in place and swaps a new view at once', async () => {
    const { load, handle, ctrl } = await mountBlocks(true);
    expect(load.mock.calls[0]![0]).toMatchObject({ skip: 0, limit: 50 });
    expect(ctrl().ui.get()).toMatchObject({ loading: false, total: TOTAL, totalEstimated: true, rowCount: TOTAL });
    const api = ctrl().api!;
    expect(api.getDisplayedRowCount()).toBe(TOTAL);
    expect(isPlaceholder(api.getDisplayedRowAtIndex(50)!.data)).toBe(true);

    // Rows 600 to 620 in view: block 12 (600..649) is read and replaces its placeholders in place.
    act(() => ctrl().onViewport(600, 620));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));
    expect(load.mock.calls.at(-1)![0]).toMatchObject({ skip: 600, limit: 50 });
    expect(api.getDisplayedRowAtIndex(600)!.data).toMatchObject({ id: 'r600' });
    expect(api.getDisplayedRowAtIndex(649)!.data).toMatchObject({ id: 'r649' });
    expect(isPlaceholder(api.getDisplayedRowAtIndex(650)!.data)).toBe(true);
    expect(api.getDisplayedRowCount()).toBe(TOTAL);

    // The end: the last block is full and reaches the estimate, the one after it is empty: exact.
    act(() => ctrl().onViewport(980, 1_000));
    await waitFor(() => expect(ctrl().ui.get().totalEstimated).toBe(false));
    expect(ctrl().ui.get().total).toBe(TOTAL);
    expect(api.getDisplayedRowAtIndex(999)!.data).toMatchObject({ id: 'r999' });

    // loadMore does nothing; a reload shows the old rows until the new first block came.
    await act(() => handle.current!.loadMore());
    const calls = load.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(3);
    await act(() => handle.current!.reload());
    expect(load.mock.calls[calls]![0]).toMatchObject({ skip: 0, limit: 50 });
    expect(ctrl().rows.size).toBe(50);
    expect(api.getDisplayedRowCount()).toBe(TOTAL);
  });

  it('grouped on the server: header rows with the server counts, members read in blocks in place, a collapsed group hides its unread rows too', async () => {
    // 1,000 rows sorted by band: A 120, B 0 rows (not answered), C 500, none 380.
    const band = (i: number) => (i < 120 ? 'A' : i < 620 ? 'C' : null);
    const groups = vi.fn<NonNullable<GridSource['groups']>>(async () => [
      { value: 'A', count: 120 },
      { value: 'C', count: 500 },
      { value: null, count: 380 },
    ]);
    const load = vi.fn<GridSource['load']>(async (q, _signal, sink) => {
      sink.total(TOTAL, true);
      const from = q.skip;
      const to = Math.min(TOTAL, from + (q.limit ?? 0));
      sink.rows(Array.from({ length: Math.max(0, to - from) }, (_, i) => ({ ...row(from + i), band: band(from + i) })));
    });
    const handle = createRef<DataGridHandle>();
    const bandSchema: GridSchema = { ...schema, columns: [...schema.columns, { field: 'band', headerName: 'Band', type: 'text', editable: false, validators: [] }] };
    renderWithShell(<DataGrid schema={bandSchema} handle={handle} source={{ load, groups, blocks: 50 }} groupOptions={[{ field: 'band', label: 'Band' }]} />);
    const ctrl = () => handle.current!.controller;
    await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
    const api = ctrl().api!;

    await act(async () => ctrl().setGroupBy('band'));
    await waitFor(() => expect(groups).toHaveBeenCalledTimes(1));
    expect(groups.mock.calls[0]![0]).toMatchObject({ groupBy: 'band' });
    await waitFor(() => expect(api.getDisplayedRowCount()).toBe(TOTAL + 3));
    expect(load.mock.calls.at(-1)![0]).toMatchObject({ skip: 0, limit: 50, groupBy: 'band' });
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL, totalEstimated: false, groupBy: 'band' });
    const at = (i: number) => api.getDisplayedRowAtIndex(i)!.data as Record<string, unknown>;
    expect(at(0).__group).toMatchObject({ key: 'A', count: 120 });
    expect(at(1)).toMatchObject({ id: 'r0' });
    expect(isPlaceholder(at(51))).toBe(true);
    expect(at(121).__group).toMatchObject({ key: 'C', count: 500 });
    expect(at(622).__group).toMatchObject({ value: null, count: 380 });

    // Rows in view in group C (display 400..420 = data 398..418): their block is read in place.
    act(() => ctrl().onViewport(400, 420));
    await waitFor(() => expect(at(420)).toMatchObject({ id: 'r418', band: 'C' }));
    expect(load.mock.calls.at(-1)![0]).toMatchObject({ skip: 400, groupBy: 'band' });
    expect(at(400)).toMatchObject({ id: 'r398' });

    // Collapsing C hides its 500 rows, read or not; the rows of the NULL group follow its header.
    act(() => ctrl().toggleGroup('C'));
    await waitFor(() => expect(api.getDisplayedRowCount()).toBe(TOTAL + 3 - 500));
    expect(at(122).__group).toMatchObject({ value: null });
    // The view there: the first rows of the NULL group (data 620..) are read.
    act(() => ctrl().onViewport(122, 140));
    await waitFor(() => expect(at(123)).toMatchObject({ id: 'r620' }));

    // Ungrouped again: the plain view is read from its first block.
    await act(async () => ctrl().setGroupBy(null));
    await waitFor(() => expect(api.getDisplayedRowCount()).toBe(TOTAL));
    expect(load.mock.calls.at(-1)![0]).toMatchObject({ skip: 0 });
    expect(load.mock.calls.at(-1)![0].groupBy).toBeUndefined();
  });

  it('a row another user added (live) shows at the top and counts: the view, its total and the rows label are a row longer; a live delete a row shorter, once', async () => {
    const { ctrl } = await mountBlocks(false);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL, rowCount: TOTAL });

    const api = ctrl().api!;
    act(() => void ctrl().applyLiveRows([{ id: 'new1', version: 1, style: '999', price: 5 }], []));
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL + 1, rowCount: TOTAL + 1 });
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 1);
    expect(api.getDisplayedRowAtIndex(0)!.data).toMatchObject({ id: 'new1' });
    expect(api.getDisplayedRowAtIndex(1)!.data).toMatchObject({ id: 'r0' });

    act(() => void ctrl().applyLiveRows([], ['r3']));
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL, rowCount: TOTAL });
  });
  it('a row another user added lands where the server sort puts it among the rows read, and the blocks read after it neither repeat nor lose a row', async () => {
    const { ctrl, handle, add, view, shownIds } = await mountSorted();
    const api = ctrl().api!;
    // Sorted by price, highest first, by the user: read again from the server.
    api.applyColumnState({ state: [{ colId: 'price', sort: 'desc' }] });
    await act(() => handle.current!.reload());
    await waitFor(() => expect(api.getDisplayedRowAtIndex(0)!.data).toMatchObject({ id: 'r999' }));
    // Blocks 0 and 1 read (display 0..99): r999 down to r900.
    act(() => ctrl().onViewport(60, 80));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));

    // Price 1,961 comes between r981 (1,962) and r980 (1,960): display 19.
    const fresh = add({ id: 'new1', version: 1, style: 'X', price: 1961 });
    let shown: string[] = [];
    act(() => void (shown = ctrl().applyLiveRows([fresh], [], [], { added: ['new1'] })));
    expect(shown).toEqual(['new1']);
    expect(shownIds(17, 21)).toEqual(['r982', 'r981', 'new1', 'r980', 'r979']);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL + 1, rowCount: TOTAL + 1 });
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 1);
    // The row pushed out of block 1 (r900) and the rows of later blocks: each once, in the server's place.
    act(() => ctrl().onViewport(90, 160));
    await waitFor(() => expect(shownIds(90, 160)).not.toContain(null));
    const server = view([{ field: 'price', dir: 'desc' }]).map((r) => r.id);
    expect(shownIds(0, 160)).toEqual(server.slice(0, 161));
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 1);
  });

  it('a row another user added in a part of the view not read yet is counted, not shown, and comes once with its block', async () => {
    const { ctrl, add, view, shownIds } = await mountSorted();
    const api = ctrl().api!;
    // Blocks 0 (r0..r49) and 12 (r600..r649) read; price 1,001 comes between r500 and r501.
    act(() => ctrl().onViewport(600, 620));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));
    const fresh = add({ id: 'new2', version: 1, style: 'Y', price: 1001 });
    act(() => void ctrl().applyLiveRows([fresh], [], [], { added: ['new2'] }));
    expect(ctrl().rows.has('new2')).toBe(false);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL + 1, rowCount: TOTAL + 1 });
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 1);
    // The rows read after it moved a place on.
    expect(shownIds(601, 601)).toEqual(['r600']);
    // A changed row whose place is not read yet waits for its block (it was in the view all along).
    act(() => void ctrl().applyLiveRows([{ ...row(300), price: 600, version: 2 }], [], [], { added: [] }));
    expect(ctrl().rows.has('r300')).toBe(false);
    expect(ctrl().ui.get().rowCount).toBe(TOTAL + 1);

    act(() => ctrl().onViewport(480, 560));
    await waitFor(() => expect(shownIds(480, 560)).not.toContain(null));
    expect(shownIds(500, 502)).toEqual(['r500', 'new2', 'r501']);
    const server = view([]).map((r) => r.id);
    expect(shownIds(450, 650)).toEqual(server.slice(450, 651));
    const ids = Array.from({ length: api.getDisplayedRowCount() }, (_, i) => (api.getDisplayedRowAtIndex(i)!.data as GridRow).id);
    expect(ids.filter((id) => id === 'new2')).toHaveLength(1);
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 1);
    expect(ctrl().ui.get().rowCount).toBe(TOTAL + 1);
  });

  it('a row from a first catch-up is shown when its place lies between rows read (the read did not hold it)', async () => {
    const { ctrl, add, shownIds } = await mountSorted();
    const fresh = add({ id: 'late', version: 1, style: 'Z', price: 3 });
    act(() => void ctrl().applyLiveRows([fresh], [], [], { catchUp: true, added: ['late'] }));
    expect(shownIds(0, 3)).toEqual(['r0', 'r1', 'late', 'r2']);
    expect(ctrl().ui.get().rowCount).toBe(TOTAL + 1);
  });

  it('a live row from a block not read yet shows at the top until its block comes, then counts once; none is added from a first catch-up', async () => {
    const { ctrl } = await mountBlocks(false);
    // Added before the page's own read (the catch-up of its first stream): the read holds it if it is in the view.
    act(() => void ctrl().applyLiveRows([{ id: 'early', version: 1, style: '998', price: 4 }], [], [], { catchUp: true }));
    expect(ctrl().rows.has('early')).toBe(false);
    expect(ctrl().ui.get()).toMatchObject({ rowCount: TOTAL });
    // r700 changed (or just came into the view): shown at once, at the top.
    act(() => void ctrl().applyLiveRows([{ ...row(700), version: 2 }], []));
    const api = ctrl().api!;
    expect(api.getDisplayedRowAtIndex(0)!.data).toMatchObject({ id: 'r700', version: 2 });
    expect(ctrl().ui.get()).toMatchObject({ rowCount: TOTAL + 1 });
    // Its block comes: it was in the view all along, so the view is as long as before.
    act(() => ctrl().onViewport(690, 710));
    await waitFor(() => expect(ctrl().rows.has('r690')).toBe(true));
    expect(ctrl().ui.get()).toMatchObject({ rowCount: TOTAL });
    expect(api.getDisplayedRowCount()).toBe(TOTAL);
  });

  it('a row another user deleted from a block read takes out the place it stood at: the blocks read after it bring every row once, none is lost', async () => {
    const { ctrl, remove, view, shownIds } = await mountSorted();
    const api = ctrl().api!;
    // Block 0 (r0..r49) read; r3 and r20 are deleted on the server.
    remove('r3');
    remove('r20');
    act(() => void ctrl().applyLiveRows([], ['r3', 'r20']));
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL - 2, rowCount: TOTAL - 2 });
    expect(api.getDisplayedRowCount()).toBe(TOTAL - 2);
    // Block 1 is read by its place in the server's view now (skip 50 is r52): r50 and r51, pushed
    // back into block 0, come with it read again.
    act(() => ctrl().onViewport(30, 110));
    await waitFor(() => expect(shownIds(30, 110)).not.toContain(null));
    const server = view([]).map((r) => r.id);
    expect(shownIds(0, 110)).toEqual(server.slice(0, 111));
    // The end of the view: every row once, as many as the server has.
    act(() => ctrl().onViewport(960, 1_000));
    await waitFor(() => expect(shownIds(960, TOTAL - 3)).not.toContain(null));
    expect(shownIds(960, TOTAL - 3)).toEqual(server.slice(960));
    expect(api.getDisplayedRowCount()).toBe(TOTAL - 2);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL - 2, rowCount: TOTAL - 2 });
  });

  it('rows another user deleted from blocks not read yet shorten the view where they stood, found by asking the server; a deleted row never in the view changes nothing', async () => {
    const { ctrl, load, remove, view, shownIds } = await mountSorted();
    const api = ctrl().api!;
    // Blocks 0 (r0..r49), 12 (r600..r649) and 16 (r800..r849) read.
    act(() => ctrl().onViewport(600, 620));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));
    act(() => ctrl().onViewport(800, 820));
    await waitFor(() => expect(ctrl().rows.size).toBe(150));
    // r300 and r301 (between blocks 0 and 12), r700 (between 12 and 16) and r900 (after 16) go on the server.
    for (const id of ['r300', 'r301', 'r700', 'r900']) remove(id);
    const calls = load.mock.calls.length;
    await act(async () => {
      ctrl().applyLiveRows([], ['r300', 'r301', 'r700', 'r900']);
      await ctrl().paged.settle(0);
    });
    expect(load.mock.calls.length).toBeGreaterThan(calls);
    expect(api.getDisplayedRowCount()).toBe(TOTAL - 4);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL - 4, rowCount: TOTAL - 4 });
    // The rows read stand where the server has them now.
    const server = view([]).map((r) => r.id);
    expect(shownIds(598, 600)).toEqual(server.slice(598, 601));
    expect(shownIds(797, 797)).toEqual(['r800']);
    // The blocks read after it by skip bring every row once.
    for (const [a, b] of [[250, 350], [650, 760], [940, TOTAL - 5]] as const) {
      act(() => ctrl().onViewport(a, b));
      await waitFor(() => expect(shownIds(a, b)).not.toContain(null));
    }
    const ids = Array.from({ length: api.getDisplayedRowCount() }, (_, i) => api.getDisplayedRowAtIndex(i)!.data as GridRow);
    const readIds = ids.map((d) => (isPlaceholder(d) ? null : d.id));
    readIds.forEach((id, i) => id !== null && expect([i, id]).toEqual([i, server[i]]));
    // A row deleted that was never in the view: the server's view is as long, nothing moves.
    await act(async () => {
      ctrl().applyLiveRows([], ['elsewhere']);
      await ctrl().paged.settle(0);
    });
    expect(api.getDisplayedRowCount()).toBe(TOTAL - 4);
    expect(shownIds(598, 598)).toEqual([server[598]]);
  });

  it('more rows deleted unseen than a block holds: the view is read again from its first block, as long as the server has it', async () => {
    const { ctrl, load, remove, view, shownIds } = await mountSorted();
    const api = ctrl().api!;
    act(() => ctrl().onViewport(600, 620));
    await waitFor(() => expect(ctrl().rows.size).toBe(100));
    const gone = Array.from({ length: 60 }, (_, i) => `r${300 + i}`);
    for (const id of gone) remove(id);
    const calls = load.mock.calls.length;
    await act(async () => {
      ctrl().applyLiveRows([], gone);
      await ctrl().paged.settle(0);
    });
    await waitFor(() => expect(api.getDisplayedRowCount()).toBe(TOTAL - 60));
    expect(load.mock.calls[calls]![0]).toMatchObject({ skip: 0, limit: 50 });
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL - 60, rowCount: TOTAL - 60 });
    act(() => ctrl().onViewport(540, 560));
    await waitFor(() => expect(shownIds(540, 560)).not.toContain(null));
    expect(shownIds(540, 560)).toEqual(view([]).map((r) => r.id).slice(540, 561));
  });

  it('a row dropped and shown again (an undone delete) goes back to its place: the rows after it move on, the blocks read after it stay in place', async () => {
    const { ctrl, view, shownIds } = await mountSorted();
    const api = ctrl().api!;
    const r3 = ctrl().rows.get('r3')!;
    act(() => ctrl().removeRows(['r3']));
    expect(shownIds(2, 3)).toEqual(['r2', 'r4']);
    // As GridController.restore does once the server took the delete back.
    act(() => {
      ctrl().rows.set(r3.id, r3);
      ctrl().paged.restore([r3.id]);
      api.applyTransaction({ add: [r3] });
    });
    expect(shownIds(2, 4)).toEqual(['r2', 'r3', 'r4']);
    expect(api.getDisplayedRowCount()).toBe(TOTAL);
    act(() => ctrl().onViewport(30, 110));
    await waitFor(() => expect(shownIds(30, 110)).not.toContain(null));
    expect(shownIds(0, 110)).toEqual(view([]).map((r) => r.id).slice(0, 111));
  });
});

/**
 * A server of TOTAL rows grouped by band (A: price below 240, C: below 1,240, none: the rest),
 * sorted by the group, then price, then id, read in blocks of 50 by skip; the groups counted by
 * the server. `add` and `remove` change it (as another user).
 */
async function mountGrouped() {
  const bandOf = (price: number) => (price < 240 ? 'A' : price < 1240 ? 'C' : null);
  const stored: GridRow[] = Array.from({ length: TOTAL }, (_, i) => ({ ...row(i), price: 2 * i, band: bandOf(2 * i) }));
  // Band B has no rows until a test gives one a B.
  const rank = (b: unknown) => (b === 'A' ? 0 : b === 'B' ? 1 : b === 'C' ? 2 : 3);
  const view = () => [...stored].sort((a, b) => rank(a.band) - rank(b.band) || Number(a.price) - Number(b.price) || (a.id < b.id ? -1 : 1));
  const groups = vi.fn<NonNullable<GridSource['groups']>>(async () =>
    (['A', 'B', 'C', null] as const).filter((value) => stored.some((r) => r.band === value)).map((value) => ({ value, count: stored.filter((r) => r.band === value).length })),
  );
  const load = vi.fn<GridSource['load']>(async (q, _signal, sink) => {
    const rows = view();
    sink.total(rows.length, false);
    sink.rows(rows.slice(q.skip, q.skip + (q.limit ?? 0)));
  });
  const handle = createRef<DataGridHandle>();
  const bandSchema: GridSchema = { ...schema, columns: [...schema.columns, { field: 'band', headerName: 'Band', type: 'text', editable: false, validators: [] }] };
  const source: GridSource = { load, groups, blocks: 50, sortOnServer: true, columnFilters: 'server', order: protocolOrder([{ field: 'price', dir: 'asc' }]) };
  renderWithShell(<DataGrid schema={bandSchema} handle={handle} source={source} groupOptions={[{ field: 'band', label: 'Band' }]} />);
  const ctrl = () => handle.current!.controller;
  await waitFor(() => expect(ctrl().rows.size).toBe(50), { timeout: 20_000 });
  await act(async () => ctrl().setGroupBy('band'));
  await waitFor(() => expect(ctrl().api!.getDisplayedRowCount()).toBe(TOTAL + 3));
  await waitFor(() => expect(ctrl().rows.has('r0')).toBe(true));
  const add = (r: GridRow) => {
    stored.push({ ...r, band: bandOf(Number(r.price)) });
    return stored.at(-1)!;
  };
  const remove = (id: string) => stored.splice(stored.findIndex((r) => r.id === id), 1);
  /** The grid's rows at display positions from..to: a header as `#key count`, a placeholder as null. */
  const shown = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ctrl().api!.getDisplayedRowAtIndex(from + i)!.data as Record<string, unknown>).map((d) => {
      const g = d.__group as { key: string; count: number } | undefined;
      return g ? `#${g.key} ${g.count}` : isPlaceholder(d) ? null : String(d.id);
    });
  /** The server's grouped view as the grid shows it: each group's header, then its rows. */
  const expected = () => {
    const out: string[] = [];
    let last: unknown = undefined;
    const rows = view();
    for (const r of rows) {
      if (r.band !== last) {
        last = r.band;
        out.push(`#${r.band === null ? '\u0000' : String(r.band)} ${rows.filter((x) => x.band === r.band).length}`);
      }
      out.push(r.id);
    }
    return out;
  };
  return { ctrl, add, remove, shown, expected, groups, load };
}

describe('DataGrid grouped on the server, read by scrolling: live rows', () => {
  it('a row another user deleted takes out its own place alone: its group counts a row less, the rows after it and later blocks stay in the server’s place', async () => {
    const { ctrl, remove, shown, expected } = await mountGrouped();
    const api = ctrl().api!;
    // Block 0 (r0..r49 of group A) read; r3 and r20 are deleted on the server.
    remove('r3');
    remove('r20');
    act(() => void ctrl().applyLiveRows([], ['r3', 'r20']));
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 3 - 2);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL - 2 });
    expect(shown(0, 4)).toEqual(['#A 118', 'r0', 'r1', 'r2', 'r4']);
    // Blocks read after it (the end of group A, the start of C, the end of the view): by the server's skip.
    act(() => ctrl().onViewport(30, 180));
    await waitFor(() => expect(shown(30, 180)).not.toContain(null));
    act(() => ctrl().onViewport(960, TOTAL));
    await waitFor(() => expect(shown(960, TOTAL)).not.toContain(null));
    const server = expected();
    expect(server).toHaveLength(TOTAL + 1);
    expect(shown(0, 180)).toEqual(server.slice(0, 181));
    expect(shown(960, TOTAL)).toEqual(server.slice(960));
  });

  it('a row dropped from its group and shown again (an undone delete) goes back to its place in its group, which counts it again', async () => {
    const { ctrl, shown, expected } = await mountGrouped();
    const api = ctrl().api!;
    const r5 = ctrl().rows.get('r5')!;
    act(() => ctrl().removeRows(['r5']));
    expect(shown(0, 6)).toEqual(['#A 119', 'r0', 'r1', 'r2', 'r3', 'r4', 'r6']);
    // As GridController.restore does once the server took the delete back.
    act(() => {
      ctrl().rows.set(r5.id, r5);
      ctrl().paged.restore([r5.id]);
      api.applyTransaction({ add: [r5] });
    });
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 3);
    act(() => ctrl().onViewport(30, 180));
    await waitFor(() => expect(shown(30, 180)).not.toContain(null));
    expect(shown(0, 180)).toEqual(expected().slice(0, 181));
  });

  it('a row another user added goes into its group where the group’s order puts it, its group counts it; in a part not read yet or a collapsed group it is counted, and comes once with its block', async () => {
    const { ctrl, add, shown, expected } = await mountGrouped();
    const api = ctrl().api!;
    // Price 7 comes between r3 (6) and r4 (8) in group A, read: shown there.
    const a = add({ id: 'newA', version: 1, style: 'A', price: 7 });
    let told: string[] = [];
    act(() => void (told = ctrl().applyLiveRows([a], [], [], { added: ['newA'] })));
    expect(told).toEqual(['newA']);
    expect(shown(0, 6)).toEqual(['#A 121', 'r0', 'r1', 'r2', 'r3', 'newA', 'r4']);
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 3 + 1);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL + 1 });
    // Price 601 comes between r300 and r301 in group C, not read: counted, not shown.
    const c = add({ id: 'newC', version: 1, style: 'C', price: 601 });
    act(() => void ctrl().applyLiveRows([c], [], [], { added: ['newC'] }));
    expect(ctrl().rows.has('newC')).toBe(false);
    expect(shown(122, 122)).toEqual(['#C 501']);
    // Group C collapsed: a row added to it counts in its header alone.
    act(() => ctrl().toggleGroup('C'));
    const c2 = add({ id: 'newC2', version: 1, style: 'C', price: 241 });
    act(() => void ctrl().applyLiveRows([c2], [], [], { added: ['newC2'] }));
    expect(shown(122, 123)).toEqual(['#C 502', '#\u0000 380']);
    act(() => ctrl().toggleGroup('C'));
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 3 + 3);
    // The blocks read after them: every row once, in the server's place.
    act(() => ctrl().onViewport(100, 200));
    await waitFor(() => expect(shown(100, 200)).not.toContain(null));
    act(() => ctrl().onViewport(400, 480));
    await waitFor(() => expect(shown(400, 480)).not.toContain(null));
    act(() => ctrl().onViewport(960, TOTAL + 5));
    await waitFor(() => expect(shown(960, TOTAL + 5)).not.toContain(null));
    const server = expected();
    expect(server).toHaveLength(TOTAL + 6);
    expect(shown(0, 200)).toEqual(server.slice(0, 201));
    expect(shown(400, 480)).toEqual(server.slice(400, 481));
    expect(shown(960, TOTAL + 5)).toEqual(server.slice(960));
  });
});

describe('DataGrid grouped on the server, read by scrolling: rows added out of sight', () => {
  it('while the user is scrolled into the grid, a row added to a collapsed group or to rows not read below the view counts in its header at once; one that would move the rows in view waits behind the bar', async () => {
    const { ctrl, add, shown, expected } = await mountGrouped();
    const api = ctrl().api!;
    /** A group's header count as the grid shows it. */
    const count = (key: string) => (api.getRowNode(groupRowId('band', key))?.data as { __group: { count: number } } | undefined)?.__group.count;
    // The rows in view: display rows 30 to 60 (in group A).
    const first = vi.spyOn(api, 'getFirstDisplayedRowIndex').mockReturnValue(30);
    const last = vi.spyOn(api, 'getLastDisplayedRowIndex').mockReturnValue(60);
    act(() => ctrl().toggleGroup('\u0000'));
    // The rows without a band, collapsed: counted in its header, nothing in view moves.
    const none = add({ id: 'newNone', version: 1, style: 'N', price: 1501 });
    act(() => void ctrl().applyLiveRows([none], [], [], { added: ['newNone'] }));
    expect(count('\u0000')).toBe(381);
    // Group C, its rows not read, below the view: counted, a placeholder where it goes.
    const c = add({ id: 'newC', version: 1, style: 'C', price: 601 });
    act(() => void ctrl().applyLiveRows([c], [], [], { added: ['newC'] }));
    expect(count('C')).toBe(501);
    expect(ctrl().ui.get()).toMatchObject({ liveHeld: 0, total: TOTAL + 2 });
    // Group A, between rows read above the view: it would move them, so it waits.
    const a = add({ id: 'newA', version: 1, style: 'A', price: 7 });
    act(() => void ctrl().applyLiveRows([a], [], [], { added: ['newA'] }));
    expect(ctrl().ui.get().liveHeld).toBe(1);
    expect(count('A')).toBe(120);
    act(() => ctrl().showHeldRows());
    expect(count('A')).toBe(121);
    act(() => ctrl().toggleGroup('\u0000'));
    first.mockRestore();
    last.mockRestore();
    const server = expected();
    expect(api.getDisplayedRowCount()).toBe(server.length);
    // Read at once (the held row brought into view scrolls the grid, whose own viewport then wins).
    for (const [from, to] of [[0, 200], [400, 480], [960, server.length - 1]] as const) {
      await act(() => ctrl().paged.load(from, to));
      expect(shown(from, to)).toEqual(server.slice(from, to + 1));
    }
  });
});

describe('DataGrid grouped on the server, read by scrolling: a row in a group the view does not have', () => {
  it('a row another user added with a value no group has yet makes its group, where the groups’ order puts it, counting it', async () => {
    const { ctrl, add, shown, expected, groups } = await mountGrouped();
    const asked = groups.mock.calls.length;
    const b = add({ id: 'newB', version: 1, style: 'B', price: 300 });
    b.band = 'B';
    let told: string[] = [];
    act(() => void (told = ctrl().applyLiveRows([b], [], [], { added: ['newB'] })));
    expect(told).toEqual(['newB']);
    expect(shown(120, 124)).toEqual([null, '#B 1', 'newB', '#C 500', null]);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL + 1 });
    // No read of the view again: the rows read stay, and the blocks read after it by skip bring every row once.
    expect(groups.mock.calls.length).toBe(asked);
    const server = expected();
    expect(ctrl().api!.getDisplayedRowCount()).toBe(server.length);
    for (const [from, to] of [[0, 200], [560, 700], [960, server.length - 1]] as const) {
      await act(() => ctrl().paged.load(from, to));
      expect(shown(from, to)).toEqual(server.slice(from, to + 1));
    }
  });
});

describe('DataGrid grouped on the server, read by scrolling: rows deleted unseen', () => {
  /** Reads the whole view by scrolling and answers it as the grid shows it. */
  const readAll = async (ctrl: () => GridController, shown: (a: number, b: number) => Array<string | null>) => {
    const n = ctrl().api!.getDisplayedRowCount();
    for (let a = 0; a < n; a += 100) {
      const b = Math.min(n - 1, a + 99);
      act(() => ctrl().onViewport(a, b));
      await waitFor(() => expect(shown(a, b)).not.toContain(null));
    }
    return shown(0, n - 1);
  };

  it('rows another user deleted in blocks not read yet shorten their groups where they stood: the headers count them out, the rows close up', async () => {
    const { ctrl, remove, shown, expected, groups } = await mountGrouped();
    const api = ctrl().api!;
    // Block 0 (r0..r49 of group A) and block 8 (r400..r449 of group C) read.
    act(() => ctrl().onViewport(401, 420));
    await waitFor(() => expect(ctrl().rows.has('r420')).toBe(true));
    // r100 (A, after the rows read), r200 (C, before them), r500 (C, after them) and r800 (the
    // rows without a band, none read) go on the server.
    for (const id of ['r100', 'r200', 'r500', 'r800']) remove(id);
    const asked = groups.mock.calls.length;
    await act(async () => {
      ctrl().applyLiveRows([], ['r100', 'r200', 'r500', 'r800']);
      await ctrl().paged.settle(0);
    });
    expect(groups.mock.calls.length).toBeGreaterThan(asked);
    expect(api.getDisplayedRowCount()).toBe(TOTAL + 3 - 4);
    expect(ctrl().ui.get()).toMatchObject({ total: TOTAL - 4 });
    const server = expected();
    expect(shown(0, 0)).toEqual(['#A 119']);
    expect(shown(120, 120)).toEqual(['#C 498']);
    expect(shown(619, 619)).toEqual(['#\u0000 379']);
    // The rows read stand where the server has them now, and every block read after it by skip
    // brings its rows once.
    expect(shown(0, 50)).toEqual(server.slice(0, 51));
    expect(shown(398, 420)).toEqual(server.slice(398, 421));
    expect(await readAll(ctrl, shown)).toEqual(server);
  });

  it('a row deleted unseen whose place the server does not confirm (other changes not told yet) reads the view again, groups and all', async () => {
    const { ctrl, remove, add, shown, expected } = await mountGrouped();
    act(() => ctrl().onViewport(401, 420));
    await waitFor(() => expect(ctrl().rows.has('r420')).toBe(true));
    // r200 went, and a row nobody told of yet came into group A: the counts say otherwise than the event.
    remove('r200');
    add({ id: 'untold', version: 1, style: 'A', price: 9 });
    await act(async () => {
      ctrl().applyLiveRows([], ['r200']);
      await ctrl().paged.settle(0);
    });
    await waitFor(() => expect(shown(0, 0)).toEqual(['#A 121']));
    const server = expected();
    expect(ctrl().api!.getDisplayedRowCount()).toBe(server.length);
    expect(await readAll(ctrl, shown)).toEqual(server);
  });
});
