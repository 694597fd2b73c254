import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DataGridProps } from '../DataGrid';
import type { GridRow, GridSchema } from '../types';
import { loaded, memorySource, mount, schema } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('Edit Cells', () => {
  // A folder row (read only) and more column types than the base schema.
  const editSchema: GridSchema = {
    ...schema,
    folderField: 'kind',
    columns: [
      ...schema.columns,
      { field: 'kind', headerName: 'Kind', type: 'text', editable: false, validators: [] },
      { field: 'due', headerName: 'Due', type: 'date', editable: true, editableWhen: 'always', validators: ['date'] },
    ],
  };
  const editRows = (): GridRow[] => [
    { id: 'a', version: 1, style: '100', status: 'Active', discountPercent: null, netCost: 50, kind: 'Item', due: null },
    { id: 'b', version: 1, style: '101', status: 'Active', discountPercent: 5, netCost: 80, kind: 'Item', due: '2026-01-02' },
    { id: 'c', version: 1, style: 'F', status: null, discountPercent: null, netCost: null, kind: 'Folder', due: null },
  ];

  async function openOverAll(props: Partial<DataGridProps> = {}) {
    const mem = memorySource(editRows());
    const r = mount({ source: mem.source, schema: editSchema, ...props });
    await loaded(r.handle, 2);
    await act(() => r.handle().loadMore());
    await waitFor(() => expect(r.handle().controller.bounds().rows).toBe(3));
    const ctrl = r.handle().controller;
    act(() => ctrl.setRange({ anchor: { row: 0, col: 0 }, focus: { row: 2, col: ctrl.bounds().cols - 1 } }));
    act(() => void ctrl.openEditCells());
    const dialog = await screen.findByTestId('grid-edit-cells');
    return { ...r, mem, ctrl, dialog };
  }

  it('offers the editable columns of the range; apply writes the ticked ones into every editable row as one undo step', async () => {
    const { mem, ctrl, dialog, handle } = await openOverAll();
    expect(within(dialog).getByRole('heading').textContent).toBe('Edit Cells');
    // Read-only columns (style, net cost, kind) are not offered.
    const offered = within(dialog).getAllByTestId(/^grid-edit-field-/).map((el) => el.getAttribute('data-testid'));
    expect(offered).toEqual(['grid-edit-field-status', 'grid-edit-field-discountPercent', 'grid-edit-field-due']);
    // The shared value is the starting one; changing an input ticks its field.
    expect((within(dialog).getByTestId('grid-edit-input-status') as HTMLSelectElement).value).toBe('Active');
    fireEvent.change(within(dialog).getByTestId('grid-edit-input-status'), { target: { value: 'Inactive' } });
    // The date through the kit's date picker: the first day of the month it opens on (this month).
    const now = new Date();
    const due = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
    fireEvent.click(within(dialog).getByTestId('grid-edit-input-due'));
    fireEvent.click(document.querySelector(`[data-day="${due}"] button`)!);
    expect(within(dialog).getByTestId('grid-edit-input-due').textContent).toContain(`${due.slice(5, 7)}/01/${due.slice(0, 4)}`);
    expect((within(dialog).getByTestId('grid-edit-change-due') as HTMLInputElement).checked).toBe(true);
    // Typed into but unticked again: left unchanged.
    fireEvent.change(within(dialog).getByTestId('grid-edit-input-discountPercent'), { target: { value: '99' } });
    fireEvent.click(within(dialog).getByTestId('grid-edit-change-discountPercent'));
    fireEvent.click(within(dialog).getByTestId('grid-edit-apply'));
    expect(screen.queryByTestId('grid-edit-cells')).toBeNull();
    await act(() => handle().flush());

    // One batch with versions; the folder row is skipped as a paste skips it.
    expect(mem.sent).toEqual([
      {
        update: [
          { id: 'a', version: 1, changes: { status: 'Inactive', due } },
          { id: 'b', version: 1, changes: { status: 'Inactive', due } },
        ],
      },
    ]);
    expect(mem.db.get('c')).toMatchObject({ status: null, due: null });
    expect(ctrl.history.undoDepth).toBe(1);

    act(() => handle().undo());
    await act(() => handle().flush());
    expect(handle().getRow('a')).toMatchObject({ status: 'Active', due: null, discountPercent: null });
    expect(handle().getRow('b')).toMatchObject({ status: 'Active', due: '2026-01-02', discountPercent: 5 });
    expect(mem.db.get('a')).toMatchObject({ status: 'Active', due: null });
    expect(mem.db.get('b')).toMatchObject({ status: 'Active', due: '2026-01-02' });
    expect(mem.sent).toHaveLength(2);
  });

  it("a ticked date of a required column reads Select Date with 'Required' and keeps Apply off until a date is picked", async () => {
    const required = { ...editSchema, columns: editSchema.columns.map((c) => (c.field === 'due' ? { ...c, required: true } : c)) };
    const { dialog } = await openOverAll({ schema: required });
    // Unticked: no rule yet.
    expect(within(dialog).queryByTestId('grid-edit-input-due-error')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('grid-edit-change-due'));
    expect(within(dialog).getByTestId('grid-edit-input-due').textContent).toContain('Select Date');
    expect(within(dialog).getByTestId('grid-edit-input-due-error').textContent).toBe('Required');
    expect((within(dialog).getByTestId('grid-edit-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByTestId('grid-edit-input-due'));
    fireEvent.click(document.querySelector('[data-day$="-15"] button')!);
    expect(within(dialog).queryByTestId('grid-edit-input-due-error')).toBeNull();
    expect((within(dialog).getByTestId('grid-edit-apply') as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancel changes nothing', async () => {
    const { mem, ctrl, dialog, handle } = await openOverAll();
    fireEvent.change(within(dialog).getByTestId('grid-edit-input-status'), { target: { value: 'Inactive' } });
    fireEvent.click(within(dialog).getByTestId('grid-edit-cancel'));
    expect(screen.queryByTestId('grid-edit-cells')).toBeNull();
    await act(() => handle().flush());
    expect(mem.sent).toEqual([]);
    expect(handle().getRow('a')?.status).toBe('Active');
    expect(ctrl.ui.get().canUndo).toBe(false);
  });

  it('refused values are reported like a refused paste and nothing is sent', async () => {
    const { mem, ctrl, dialog, handle } = await openOverAll();
    fireEvent.change(within(dialog).getByTestId('grid-edit-input-discountPercent'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByTestId('grid-edit-apply'));
    await act(() => handle().flush());
    expect(mem.sent).toEqual([]);
    expect(ctrl.ui.get().rejected.map((r) => [r.row, r.column])).toEqual([
      ['1', 'Discount %'],
      ['2', 'Discount %'],
    ]);
    expect(await screen.findAllByTestId('grid-rejected-row')).toHaveLength(2);
  });

  it('opens from the context menu with the grid’s own title', async () => {
    const mem = memorySource(editRows());
    const { handle } = mount({ source: mem.source, schema: editSchema, editCellsTitle: 'Source/Working File Merge' });
    await loaded(handle, 2);
    const ctrl = handle().controller;
    act(() => ctrl.setRange({ anchor: { row: 0, col: 1 }, focus: { row: 1, col: 1 } }));
    act(() => ctrl.openMenu(10, 10, 'a'));
    fireEvent.click(within(await screen.findByTestId('grid-context-menu')).getByRole('menuitem', { name: /Edit cells/ }));
    const dialog = await screen.findByTestId('grid-edit-cells');
    expect(within(dialog).getByRole('heading').textContent).toBe('Source/Working File Merge');
    expect(within(dialog).getAllByTestId(/^grid-edit-field-/)).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('grid-edit-cancel'));
    expect(screen.queryByTestId('grid-edit-cells')).toBeNull();
    // Ctrl+Shift+E on the grid opens it again.
    fireEvent.keyDown(document.querySelector('.ag-root-wrapper')!, { key: 'E', ctrlKey: true, shiftKey: true });
    expect(await screen.findByTestId('grid-edit-cells')).toBeTruthy();
  });
});
