import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allRows, loaded, mount } from './testing';
import { protocolOrder } from '../blocks/rowOrder';
import type { GridRow } from '../types';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('live rows', () => {
  it('updates changed rows in place, adds new ones and takes deleted ones out', async () => {
    const src = allRows();
    const { handle } = mount({ source: src.source });
    await loaded(handle, 3);
    let shown: string[] = [];
    act(() => {
      shown = handle().controller.applyLiveRows(
        [
          { id: 'a', version: 2, style: '100', status: 'Inactive', discountPercent: null, netCost: 50 },
          { id: 'd', version: 1, style: '102', status: 'Active', discountPercent: null, netCost: 10 },
        ],
        ['c'],
      );
    });
    expect(shown).toEqual(['a', 'd']);
    expect(handle().getRow('a')).toMatchObject({ version: 2, status: 'Inactive' });
    expect(handle().getConfirmedRow('a')?.version).toBe(2);
    expect(handle().getRow('d')).toMatchObject({ style: '102' });
    expect(handle().getRow('c')).toBeUndefined();
    expect(handle().controller.ui.get().rowCount).toBe(3);
  });

  it('keeps a row with the user’s unsaved edits and a row no newer than confirmed', async () => {
    const src = allRows();
    const { handle } = mount({ source: src.source, saveDelayMs: 60_000 });
    await loaded(handle, 3);
    act(() => void handle().controller.setCells([{ rowId: 'b', field: 'discountPercent', raw: '5' }], 'edit'));
    let shown: string[] = [];
    act(() => {
      shown = handle().controller.applyLiveRows(
        [
          { id: 'b', version: 2, style: '101', status: 'Inactive', discountPercent: 30, netCost: 80 },
          { id: 'a', version: 1, style: '100', status: 'Inactive', discountPercent: null, netCost: 50 },
        ],
        [],
      );
    });
    expect(shown).toEqual([]);
    // The unsaved edit stays, on the version it was made on: its save meets the conflict.
    expect(handle().getRow('b')).toMatchObject({ discountPercent: 5, status: 'Active' });
    expect(handle().getConfirmedRow('b')?.version).toBe(1);
    expect(handle().getPendingChanges('b')).toEqual({ discountPercent: 5 });
    expect(handle().getRow('a')).toMatchObject({ status: 'Active' });
    expect(handle().controller.history.canUndo).toBe(true);
  });

  it('holds rows others add while the user is scrolled into the grid, behind the bar, until shown', async () => {
    const src = allRows();
    const { handle } = mount({ source: src.source });
    await loaded(handle, 3);
    const ctrl = handle().controller;
    // The user has scrolled: the first row on screen is not the grid's first.
    const scrolled = vi.spyOn(ctrl.api!, 'getFirstDisplayedRowIndex').mockReturnValue(2);
    let shown: string[] = [];
    act(() => {
      shown = ctrl.applyLiveRows(
        [
          { id: 'd', version: 1, style: '102', status: 'Active', discountPercent: null, netCost: 10 },
          { id: 'e', version: 1, style: '103', status: 'Active', discountPercent: null, netCost: 11 },
        ],
        [],
      );
    });
    expect(shown).toEqual([]);
    expect(handle().getRow('d')).toBeUndefined();
    expect(ctrl.ui.get().liveHeld).toBe(2);
    // A held row changed again is held as it now is; a held row deleted goes from the bar.
    act(() => void ctrl.applyLiveRows([{ id: 'd', version: 2, style: '102', status: 'Inactive', discountPercent: null, netCost: 10 }], ['e']));
    expect(ctrl.ui.get().liveHeld).toBe(1);
    expect(ctrl.ui.get().rowCount).toBe(3);
    scrolled.mockRestore();
    act(() => ctrl.showHeldRows());
    expect(ctrl.ui.get().liveHeld).toBe(0);
    expect(handle().getRow('d')).toMatchObject({ version: 2, status: 'Inactive' });
    expect(handle().getRow('e')).toBeUndefined();
    expect(ctrl.ui.get().rowCount).toBe(4);
  });

  it('takes out rows that left the view, but for one with the user’s unsaved edits', async () => {
    const src = allRows();
    const { handle } = mount({ source: src.source, saveDelayMs: 60_000 });
    await loaded(handle, 3);
    act(() => void handle().controller.setCells([{ rowId: 'b', field: 'discountPercent', raw: '5' }], 'edit'));
    act(() => {
      // a and b were told of and not read back (their change took them out of the page's filters).
      handle().controller.applyLiveRows([], [], ['a', 'b', 'unknown']);
    });
    expect(handle().getRow('a')).toBeUndefined();
    expect(handle().getRow('b')).toMatchObject({ discountPercent: 5 });
    expect(handle().getRow('c')).toBeDefined();
    expect(handle().controller.ui.get().rowCount).toBe(2);
  });

  it("puts a row others add where the source's own order does in a grid that loads every row and the user did not sort, else where ag-grid's sort does", async () => {
    const src = allRows();
    // The source's server sorts by style (the rows came as 100, 101, 102).
    const { handle } = mount({ source: { ...src.source, order: protocolOrder([{ field: 'style', dir: 'asc' }]) } });
    await loaded(handle, 3);
    const ctrl = handle().controller;
    const api = ctrl.api!;
    const shown = () => Array.from({ length: api.getDisplayedRowCount() }, (_, i) => (api.getDisplayedRowAtIndex(i)!.data as GridRow).id);
    const first = shown();
    act(() => void ctrl.applyLiveRows([{ id: 'd', version: 1, style: '1005', status: 'Active', discountPercent: null, netCost: 10 }], []));
    // '1005' sorts between '100' and '101' as text.
    expect(shown()).toEqual([first[0], 'd', ...first.slice(1)]);
    // Sorted by the user: ag-grid's sort places it.
    act(() => void api.applyColumnState({ state: [{ colId: 'style', sort: 'desc' }] }));
    act(() => void ctrl.applyLiveRows([{ id: 'e', version: 1, style: '1009', status: 'Active', discountPercent: null, netCost: 10 }], []));
    // (The grid's comparator reads numbers in texts by value: 1009 before 1005.)
    expect(shown().slice(0, 2)).toEqual(['e', 'd']);
    expect(shown()).toHaveLength(5);
  });
});
