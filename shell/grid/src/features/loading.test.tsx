import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loaded, memorySource, mount } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('loading', () => {
  it('loads through source.load with the filters, the sort and skip; loadMore appends', async () => {
    const mem = memorySource();
    const { handle } = mount({ source: mem.source, filters: { q: 'x' } });
    await loaded(handle, 2);
    expect(mem.load).toHaveBeenCalledTimes(1);
    expect(mem.load.mock.calls[0]![0]).toEqual({ filters: { q: 'x' }, sort: [], skip: 0, where: null });
    expect(handle().controller.ui.get()).toMatchObject({ loading: false, total: 3, rowCount: 2 });
    await act(() => handle().loadMore());
    expect(mem.load.mock.calls[1]![0]).toMatchObject({ skip: 2 });
    expect(handle().controller.rows.size).toBe(3);
    await act(() => handle().reload());
    expect(mem.load.mock.calls[2]![0]).toMatchObject({ skip: 0 });
    expect(handle().controller.rows.size).toBe(2);
  });
});
