import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allRows, base, loaded, memorySource, mount } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('clipboard', () => {
  it('copies the range as TSV, as the cells show', async () => {
    const src = allRows();
    const { handle } = mount({ source: src.source });
    await loaded(handle, 3);
    const ctrl = handle().controller;
    await waitFor(() => expect(ctrl.bounds().rows).toBe(3));
    act(() => ctrl.setRange({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } }));
    expect(ctrl.copyText()).toBe('100\tActive\r\n101\tActive\r\n');
    expect(ctrl.rangeUnread()).toBe(false);
    expect(await ctrl.copyTextRead()).toBe(ctrl.copyText());
  });

  it('pastes a block as one undo step, refusing cells the rules refuse; the block becomes the range', async () => {
    const mem = memorySource(base());
    const { handle } = mount({ source: mem.source, saveDelayMs: 60_000 });
    await loaded(handle, 2);
    const ctrl = handle().controller;
    await waitFor(() => expect(ctrl.bounds().rows).toBe(2));
    act(() => ctrl.setRange({ anchor: { row: 0, col: 1 }, focus: { row: 0, col: 1 } }));
    let res = { changed: 0, rejected: 0 };
    await act(async () => {
      res = await ctrl.paste('Inactive\t10\nBogus\t20');
    });
    expect(res).toEqual({ changed: 3, rejected: 1 });
    expect(handle().getRow('a')).toMatchObject({ status: 'Inactive', discountPercent: 10 });
    expect(handle().getRow('b')).toMatchObject({ status: 'Active', discountPercent: 20 });
    expect(ctrl.getRect()).toEqual({ top: 0, bottom: 1, left: 1, right: 2 });
    expect(ctrl.ui.get().rejected).toEqual([expect.objectContaining({ row: '2', column: 'Status', value: 'Bogus' })]);
    expect(ctrl.history.undoDepth).toBe(1);
    await act(() => handle().flush());
    expect(mem.sent).toEqual([
      {
        update: [
          { id: 'a', version: 1, changes: { status: 'Inactive', discountPercent: 10 } },
          { id: 'b', version: 1, changes: { discountPercent: 20 } },
        ],
      },
    ]);
  });

  it('Delete clears the editable cells of the range and leaves read-only ones', async () => {
    const mem = memorySource([{ id: 'a', version: 1, style: '100', status: 'Active', discountPercent: 4, netCost: 50 }]);
    const { handle } = mount({ source: mem.source, saveDelayMs: 60_000 });
    await loaded(handle, 1);
    const ctrl = handle().controller;
    await waitFor(() => expect(ctrl.bounds().rows).toBe(1));
    act(() => ctrl.setRange({ anchor: { row: 0, col: 0 }, focus: { row: 0, col: 3 } }));
    act(() => ctrl.clearRange());
    expect(handle().getRow('a')).toMatchObject({ style: '100', discountPercent: null, netCost: 50 });
  });
});
