import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allRows, loaded, mount } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('selection', () => {
  it('a range grows by pointer and by Shift+arrows from its anchor; its cells and editable cells are counted', async () => {
    const src = allRows();
    const { handle } = mount({ source: src.source });
    await loaded(handle, 3);
    const ctrl = handle().controller;
    await waitFor(() => expect(ctrl.bounds()).toEqual({ rows: 3, cols: 4 }));
    act(() => {
      ctrl.pointerDown('a', 'style', false);
      ctrl.pointerOver('b', 'status');
      ctrl.pointerUp();
    });
    expect(ctrl.isDragging).toBe(false);
    expect(ctrl.getRect()).toEqual({ top: 0, bottom: 1, left: 0, right: 1 });
    // Style is read only, status editable: 2 of the 4 cells.
    expect(ctrl.ui.get()).toMatchObject({ rangeCells: 4, editableCells: 2 });
    expect(ctrl.rangeClass('a', 'style', 'top')).toBe(true);
    expect(ctrl.rangeClass('b', 'style', 'top')).toBe(false);
    expect(ctrl.rangeClass('c', 'style')).toBe(false);
    act(() => ctrl.extendRange('right', true));
    expect(ctrl.getRect()).toEqual({ top: 0, bottom: 1, left: 0, right: 3 });
    act(() => ctrl.pointerDown('c', 'netCost', true));
    expect(ctrl.getRange()).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 2, col: 3 } });
    act(() => ctrl.selectAllCells());
    expect(ctrl.ui.get().rangeCells).toBe(12);
    act(() => ctrl.setRange(null));
    expect(ctrl.ui.get()).toMatchObject({ rangeCells: 0, editableCells: 0, rangeSummary: null });
  });

  it('selected rows are counted and handed to the page; a delete targets them', async () => {
    const src = allRows();
    const onSelectionChange = vi.fn();
    const { handle } = mount({ source: src.source, onSelectionChange });
    await loaded(handle, 3);
    const ctrl = handle().controller;
    act(() => ctrl.api!.getRowNode('b')!.setSelected(true));
    await waitFor(() => expect(ctrl.ui.get().selectedRows).toBe(1));
    expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 'b' })]);
    expect(handle().selectedRows().map((r) => r.id)).toEqual(['b']);
    expect(ctrl.targetRowIds()).toEqual(['b']);
    expect(ctrl.targetRowIds('c')).toEqual(['c']);
    act(() => handle().clearSelection());
    await waitFor(() => expect(ctrl.ui.get().selectedRows).toBe(0));
  });
});
