import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GridSource } from '../controller';
import type { GridSchema } from '../types';
import { allRows, item, loaded, mount, openMenu, schema } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('filtering', () => {
  it('filters loaded rows by a column (a source that loads every row) and shows a removable chip', async () => {
    const src = allRows();
    const { handle } = mount({ source: src.source });
    await loaded(handle, 3);
    fireEvent.click(item(await openMenu('netCost'), 'filter'));
    const editor = screen.getByTestId('grid-filter-editor');
    fireEvent.change(within(editor).getByTestId('grid-filter-op'), { target: { value: 'gt' } });
    fireEvent.change(within(editor).getByTestId('grid-filter-value'), { target: { value: 'lots' } });
    fireEvent.click(within(editor).getByTestId('grid-filter-apply'));
    expect(within(editor).getByRole('alert').textContent).toBe('Net cost must be a number');
    fireEvent.change(within(editor).getByTestId('grid-filter-value'), { target: { value: '30' } });
    fireEvent.click(within(editor).getByTestId('grid-filter-apply'));
    await waitFor(() => expect(handle().controller.ui.get().rowCount).toBe(2));
    expect(src.load).toHaveBeenCalledTimes(1);
    const chip = screen.getByTestId('grid-filter-chip');
    expect(chip.textContent).toBe('Net cost > 30');
    const api = handle().controller.api!;
    expect(api.getDisplayedRowCount()).toBe(2);
    fireEvent.click(within(chip).getByTestId('grid-filter-chip-remove'));
    await waitFor(() => expect(api.getDisplayedRowCount()).toBe(3));
    expect(screen.queryByTestId('grid-filter-chip')).toBeNull();
  });

  it('hands the conditions to a source that filters on the server, which loads again', async () => {
    const src = allRows();
    const source: GridSource = { ...src.source, columnFilters: 'server' };
    const filterSchema: GridSchema = { ...schema, columns: schema.columns.map((c) => (c.field === 'status' ? { ...c, filterable: true, filterOps: ['in'] } : c)) };
    const { handle } = mount({ source, schema: filterSchema });
    await loaded(handle, 3);
    expect(item(await openMenu('style'), 'filter')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(item(await openMenu('status'), 'filter'));
    const editor = screen.getByTestId('grid-filter-editor');
    expect(within(editor).getByTestId('grid-filter-op').querySelectorAll('option')).toHaveLength(1);
    fireEvent.change(within(editor).getByTestId('grid-filter-value'), { target: { value: 'Inactive, inactive, ' } });
    fireEvent.click(within(editor).getByTestId('grid-filter-apply'));
    await waitFor(() => expect(src.load).toHaveBeenCalledTimes(2));
    expect(src.load.mock.calls[1]![0].where).toEqual({ field: 'status', op: 'in', values: ['Inactive'] });
    expect(screen.getByTestId('grid-filter-chip').textContent).toBe('Status is any of Inactive');
  });
});
