import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { renderWithShell } from '../../../kit/src/test/render';
import { DataGrid, type DataGridHandle } from '../DataGrid';
import { allRows, item, loaded, memorySource, mount, openMenu, schema } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('grouping', () => {
  it('groupBy applies the page grouping; onGroupingChange hears only the user', async () => {
    const mem = memorySource();
    const onGroupingChange = vi.fn();
    const ref = createRef<DataGridHandle>();
    const props = { schema, canEdit: true, source: mem.source, onGroupingChange, handle: ref, groupOptions: [{ field: 'style', label: 'Style' }] };
    const { rerender } = renderWithShell(<DataGrid {...props} groupBy={['style']} />);
    const handle = () => ref.current!;
    await loaded(handle, 2);
    expect(handle().controller.groupBy).toBe('style');
    rerender(<DataGrid {...props} groupBy={[]} />);
    await waitFor(() => expect(handle().controller.groupBy).toBeNull());
    expect(onGroupingChange).not.toHaveBeenCalled();
    act(() => handle().controller.chooseGroupBy('style'));
    expect(onGroupingChange).toHaveBeenCalledWith(['style']);
  });

  it('a group row words its value as the column does (an enumeration in the user language)', async () => {
    const mem = memorySource();
    const words: Record<string, string> = { Active: '有効', Inactive: '無効' };
    const columnExtras = { status: { valueFormatter: (p: { value?: unknown }) => words[String(p.value)] ?? String(p.value ?? '') } };
    const { handle } = mount({ source: mem.source, groupBy: ['status'], columnExtras });
    await loaded(handle, 2);
    await act(() => handle().loadMore());
    const labels = await waitFor(() => {
      const rows = screen.getAllByTestId('grid-group-row');
      expect(rows.length).toBe(2);
      return rows.map((r) => r.textContent);
    });
    expect(labels).toEqual(['Status: 有効 (2)', 'Status: 無効 (1)']);
    expect(screen.getAllByTestId('grid-group-row').map((r) => r.getAttribute('data-group-key'))).toEqual(['Active', 'Inactive']);
  });

  it('groups by the column where the grid allows it', async () => {
    const src = allRows();
    const onGroupingChange = vi.fn();
    const { handle } = mount({ source: src.source, onGroupingChange, groupOptions: [{ field: 'style', label: 'Style' }] });
    await loaded(handle, 3);
    expect(item(await openMenu('status'), 'group')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(item(await openMenu('style'), 'group'));
    expect(handle().controller.groupBy).toBe('style');
    expect(onGroupingChange).toHaveBeenLastCalledWith(['style']);
    fireEvent.click(item(await openMenu('style'), 'ungroup'));
    expect(handle().controller.groupBy).toBeNull();
  });
});
