import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { base, loaded, memorySource, mount } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('server rows', () => {
  it('sends batches through source.send and takes its answer', async () => {
    const mem = memorySource();
    const { handle } = mount({ source: mem.source });
    await loaded(handle, 2);
    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'discountPercent', raw: '10' }], 'edit'));
    await act(() => handle().flush());
    expect(mem.sent).toEqual([{ update: [{ id: 'a', version: 1, changes: { discountPercent: 10 } }] }]);
    expect(handle().getConfirmedRow('a')).toMatchObject({ version: 2, discountPercent: 10 });
  });

  it('a hard delete takes the rows out of the grid', async () => {
    const mem = memorySource(base(), { hardDelete: true });
    const onRowsDeleted = vi.fn();
    const { handle } = mount({ source: mem.source, deleteDelayMs: 0, onRowsDeleted });
    await loaded(handle, 2);
    await act(async () => {
      await handle().deleteRows(['a']);
      await new Promise((r) => setTimeout(r, 10));
      await handle().flush();
    });
    expect(mem.sent.at(-1)).toEqual({ delete: [{ id: 'a', version: 1 }] });
    expect(onRowsDeleted).toHaveBeenCalledWith([expect.objectContaining({ id: 'a' })]);
    expect(handle().getRow('a')).toBeUndefined();
    expect(handle().getConfirmedRow('a')).toBeUndefined();
    expect(handle().controller.ui.get().rowCount).toBe(1);
  });

  it('removeRows drops rows deleted elsewhere (grouped too) and reloads on request', async () => {
    const mem = memorySource();
    const { handle } = mount({ source: mem.source, groupBy: ['style'] });
    await loaded(handle, 2);
    mem.db.delete('b');
    await act(() => handle().removeRows(['b']));
    expect(handle().getRow('b')).toBeUndefined();
    expect(handle().controller.ui.get().rowCount).toBe(1);
    await act(() => handle().removeRows([], { reload: true }));
    expect(mem.load).toHaveBeenCalledTimes(2);
    expect([...handle().controller.rows.keys()]).toEqual(['a', 'c']);
  });

  it('acceptRows confirms rows answered outside a batch and keeps queued edits on top', async () => {
    const mem = memorySource();
    const { handle } = mount({ source: mem.source, saveDelayMs: 60_000 });
    await loaded(handle, 2);
    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'discountPercent', raw: '5' }], 'edit'));
    act(() => handle().acceptRows([{ id: 'a', version: 3, style: '100', status: 'Inactive', discountPercent: null, netCost: 50 }]));
    expect(handle().getConfirmedRow('a')?.version).toBe(3);
    expect(handle().getRow('a')).toMatchObject({ status: 'Inactive', discountPercent: 5 });
  });
});
