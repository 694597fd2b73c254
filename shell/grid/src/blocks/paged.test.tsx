import { createRef } from 'react';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../kit/src/test/render';
import { DataGrid, type DataGridHandle } from '../DataGrid';
import type { GridSource } from '../controller';
import type { GridRow, GridSchema } from '../types';
import { isPlaceholder } from './pagedRows';

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
});
