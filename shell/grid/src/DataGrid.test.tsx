import { createRef } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ColDef } from 'ag-grid-community';
import { renderWithShell } from '../../kit/src/test/render';
import { DataGrid, withColumnExtras, type DataGridHandle } from './DataGrid';
import type { GridSource } from './controller';

import { allRows, item, loaded, memorySource, mount, openMenu, schema } from './features/testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('DataGrid columns the user changed', () => {
  it('a hidden column and a width stay when the page gives new column definitions (its rights arrived)', async () => {
    const mem = memorySource();
    const ref = createRef<DataGridHandle>();
    const props = { schema, source: mem.source, handle: ref };
    const { rerender } = renderWithShell(<DataGrid {...props} canEdit={false} />);
    const handle = () => ref.current!;
    await loaded(handle, 2);
    const api = handle().controller.api!;
    act(() => {
      api.setColumnsVisible(['netCost'], false);
      api.setColumnWidths([{ key: 'style', newWidth: 333 }]);
    });
    rerender(<DataGrid {...props} canEdit />);
    await waitFor(() => expect(api.getColumnDef('status')?.headerClass).toBe('its-grid-header--editable'));
    expect(api.getColumn('netCost')?.isVisible()).toBe(false);
    expect(api.getColumn('style')?.getActualWidth()).toBe(333);
  });

  it("a column the user unpinned stays so when the page's extras pin it and new definitions come", async () => {
    const mem = memorySource();
    const ref = createRef<DataGridHandle>();
    const props = { schema, source: mem.source, handle: ref, columnExtras: { style: { pinned: 'left' as const } } };
    const { rerender } = renderWithShell(<DataGrid {...props} canEdit={false} />);
    const handle = () => ref.current!;
    await loaded(handle, 2);
    const api = handle().controller.api!;
    expect(api.getColumn('style')?.getPinned()).toBe('left');
    act(() => api.setColumnsPinned(['style'], null));
    rerender(<DataGrid {...props} canEdit />);
    await waitFor(() => expect(api.getColumnDef('status')?.headerClass).toBe('its-grid-header--editable'));
    expect(api.getColumn('style')?.getPinned()).toBeFalsy();
  });
});

describe('column extras', () => {
  it('lay over the kit column; classes and class rules are added, not replaced', () => {
    const render = () => null;
    const rule = () => true;
    const kit: ColDef = { colId: 'thumbnail', cellClass: 'its-grid-cell--num', cellClassRules: { 'its-grid-cell--range': rule }, initialWidth: 120 };
    const out = withColumnExtras(kit, { cellRenderer: render, cellClass: 'pr-thumb', cellClassRules: { 'pr-star': rule }, width: 56, pinned: 'left' });
    expect(out).toMatchObject({ colId: 'thumbnail', cellRenderer: render, initialWidth: 56, initialPinned: 'left', cellClass: ['its-grid-cell--num', 'pr-thumb'] });
    expect(out).not.toHaveProperty('pinned');
    expect(out).not.toHaveProperty('width');
    expect(Object.keys(out.cellClassRules ?? {})).toEqual(['its-grid-cell--range', 'pr-star']);
    expect(withColumnExtras(kit, undefined)).toBe(kit);
  });

  it('reach the column definitions ag-grid gets', async () => {
    const mem = memorySource();
    const render = () => null;
    const { handle } = mount({ source: mem.source, columnExtras: { style: { cellRenderer: render, pinned: 'left' } } });
    await loaded(handle, 2);
    expect(handle().controller.api?.getColumnDef('style')).toMatchObject({ cellRenderer: render, initialPinned: 'left', headerName: 'Style' });
    expect(handle().controller.api?.getColumn('style')?.getPinned()).toBe('left');
  });
});

describe('column menu', () => {
  it('sorts, pins, hides and shows columns again from the header', async () => {
    const src = allRows();
    const onSortChange = vi.fn();
    const { handle } = mount({ source: src.source, onSortChange });
    await loaded(handle, 3);
    let menu = await openMenu('netCost');
    expect(within(menu).getAllByRole('menuitem').map((b) => b.dataset.menuId)).toEqual(['sortAsc', 'sortDesc', 'sortNone', 'filter', 'pinLeft', 'pinRight', 'autosize', 'autosizeAll', 'hide']);
    expect(item(menu, 'sortNone').disabled).toBe(true);
    fireEvent.click(item(menu, 'sortDesc'));
    expect(onSortChange).toHaveBeenLastCalledWith([{ field: 'netCost', dir: 'desc' }]);
    expect(screen.queryByTestId('grid-column-menu')).toBeNull();
    const api = handle().controller.api!;
    await waitFor(() => expect(api.getDisplayedRowAtIndex(0)?.data?.id).toBe('b'));

    menu = await openMenu('netCost');
    fireEvent.click(item(menu, 'pinLeft'));
    expect(api.getColumn('netCost')?.getPinned()).toBe('left');
    menu = await openMenu('style');
    fireEvent.click(item(menu, 'hide'));
    expect(api.getColumn('style')?.isVisible()).toBe(false);
    menu = await openMenu('netCost');
    expect(item(menu, 'unpin')).not.toBeNull();
    expect(item(menu, 'showAll').textContent).toContain('1 hidden');
    fireEvent.click(item(menu, 'showAll'));
    expect(api.getColumn('style')?.isVisible()).toBe(true);
  }, 60_000);

  it('a sort from the menu reads the rows again from a source that sorts on the server', async () => {
    const src = allRows();
    const source = { ...src.source, sortOnServer: true } satisfies GridSource;
    const { handle } = mount({ source });
    await loaded(handle, 3);
    const before = src.load.mock.calls.length;
    fireEvent.click(item(await openMenu('netCost'), 'sortDesc'));
    await waitFor(() => expect(src.load.mock.calls.length).toBe(before + 1));
    expect(src.load.mock.calls.at(-1)![0].sort).toEqual([{ field: 'netCost', dir: 'desc' }]);
    fireEvent.click(item(await openMenu('netCost'), 'sortNone'));
    await waitFor(() => expect(src.load.mock.calls.length).toBe(before + 2));
    expect(src.load.mock.calls.at(-1)![0].sort).toEqual([]);
  });
});

describe('DataGrid for screen readers', () => {
  it('is an ARIA grid whose rows and cells carry their positions', async () => {
    const mem = memorySource();
    const { handle } = mount({ source: mem.source });
    await loaded(handle, 2);
    const grid = await screen.findByRole('treegrid').catch(() => screen.getByRole('grid'));
    expect(grid.getAttribute('aria-rowcount')).toBeTruthy();
    expect(grid.getAttribute('aria-colcount')).toBeTruthy();
    await waitFor(() => expect(within(grid).getAllByRole('gridcell').length).toBeGreaterThan(0));
    const cell = within(grid).getAllByRole('gridcell')[0]!;
    expect(cell.getAttribute('aria-colindex')).toMatch(/^\d+$/);
    expect(cell.closest('[role=row]')?.getAttribute('aria-rowindex')).toMatch(/^\d+$/);
  });
});
