import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProposedChange } from '../controller';
import type { DataGridHandle } from '../DataGrid';
import { loaded, memorySource, mount } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('editing', () => {
  it('afterCells hears of taken cells with their rows and may show linked values', async () => {
    const mem = memorySource();
    const afterCells = vi.fn((ids: string[], grid: DataGridHandle) => {
      const rows = ids.map((id) => {
        const pct = Number(grid.getPendingChanges(id).discountPercent ?? 0);
        const confirmed = grid.getConfirmedRow(id)!;
        return { ...grid.getRow(id)!, netCost: (confirmed.netCost as number) * (1 - pct / 100) };
      });
      grid.showRows(rows);
    });
    const { handle } = mount({ source: mem.source, afterCells, saveDelayMs: 60_000 });
    await loaded(handle, 2);
    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'discountPercent', raw: '10' }, { rowId: 'b', field: 'discountPercent', raw: '50' }], 'paste'));
    expect(afterCells).toHaveBeenCalledWith(['a', 'b'], expect.anything(), 'paste');
    expect(handle().getRow('a')).toMatchObject({ discountPercent: 10, netCost: 45 });
    expect(handle().getRow('b')).toMatchObject({ discountPercent: 50, netCost: 40 });
    // Display only: the confirmed row stays the base of the write.
    expect(handle().getConfirmedRow('a')).toMatchObject({ netCost: 50 });
    act(() => handle().undo());
    expect(afterCells).toHaveBeenLastCalledWith(['a', 'b'], expect.anything(), 'undo');
  });

  it('confirmChanges: the old value shows while asked; no drops the edit, yes takes it as an undoable edit', async () => {
    const mem = memorySource();
    let answer: (ok: boolean) => void = () => undefined;
    const asked: ProposedChange[][] = [];
    const confirmChanges = vi.fn(
      (changes: ProposedChange[]) =>
        new Promise<boolean>((resolve) => {
          asked.push(changes);
          answer = resolve;
        }),
    );
    const { handle } = mount({ source: mem.source, confirmChanges });
    await loaded(handle, 2);

    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'status', raw: 'Inactive' }], 'edit'));
    expect(asked[0]).toEqual([expect.objectContaining({ rowId: 'a', field: 'status', before: 'Active', after: 'Inactive', row: expect.objectContaining({ id: 'a' }) })]);
    expect(handle().getRow('a')?.status).toBe('Active');
    await act(async () => answer(false));
    await act(() => handle().flush());
    expect(handle().getRow('a')?.status).toBe('Active');
    expect(handle().controller.ui.get().canUndo).toBe(false);
    expect(mem.sent).toEqual([]);

    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'status', raw: 'Inactive' }], 'edit'));
    await act(async () => answer(true));
    expect(handle().getRow('a')?.status).toBe('Inactive');
    await act(() => handle().flush());
    expect(mem.sent).toEqual([{ update: [{ id: 'a', version: 1, changes: { status: 'Inactive' } }] }]);
    expect(handle().controller.ui.get().canUndo).toBe(true);
    act(() => handle().undo());
    expect(confirmChanges).toHaveBeenCalledTimes(2); // undo is not asked
    await act(() => handle().flush());
    expect(handle().getRow('a')?.status).toBe('Active');
  });

  it('announces an edit with its column, row and value; several as a count; undo and refusals too', async () => {
    const mem = memorySource();
    const { handle } = mount({ source: mem.source, saveDelayMs: 60_000 });
    await loaded(handle, 2);
    const live = screen.getByTestId('grid-announcer');
    expect(live.getAttribute('aria-live')).toBe('polite');
    act(() => void handle().controller.setCells([{ rowId: 'b', field: 'status', raw: 'Inactive' }], 'edit'));
    expect(live.textContent?.trim()).toBe('Status, row 2: Inactive');
    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'discountPercent', raw: '10' }, { rowId: 'b', field: 'discountPercent', raw: '5' }], 'paste'));
    expect(live.textContent?.trim()).toBe('2 cells changed');
    act(() => handle().undo());
    expect(live.textContent?.trim()).toBe('2 cells changed');
    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'discountPercent', raw: '7' }], 'edit'));
    expect(live.textContent?.trim()).toBe('Discount %, row 1: 7');
    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'discountPercent', raw: '' }], 'edit'));
    expect(live.textContent?.trim()).toBe('Discount %, row 1: empty');
    act(() => void handle().controller.setCells([{ rowId: 'a', field: 'style', raw: '999' }], 'edit'));
    expect(live.textContent?.trim()).not.toMatch(/^Discount %/);
    expect(live.textContent?.trim()).not.toBe('');
    await act(() => handle().flush());
    await waitFor(() => expect(live.textContent?.trim()).toBe('All changes saved.'));
  });
});
