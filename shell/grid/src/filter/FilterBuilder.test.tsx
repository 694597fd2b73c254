import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../kit/src/test/render';
import { GridController, type GridSettings } from '../controller';
import type { GridSchema } from '../types';
import { FilterBuilder } from './FilterBuilder';
import { FilterChips } from './FilterChips';

const schema: GridSchema = {
  grid: 'test',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 100,
  messages: {},
  columns: [
    { field: 'division', headerName: 'Division', type: 'list', editable: false, validators: [], options: ['Work', 'Kids', 'POP'] },
    { field: 'price', headerName: 'Price', type: 'number', editable: false, validators: [] },
    { field: 'season', headerName: 'Season', type: 'text', editable: false, validators: [] },
    { field: 'note', headerName: 'Note', type: 'text', editable: false, validators: [], filterable: false },
  ],
};

/** A controller over rows loaded in the browser (the builder filters them there). */
function setup() {
  const ctrl = new GridController();
  ctrl.settings = {
    schema,
    endpoints: {},
    source: { load: async () => {} },
    filters: {},
    canEdit: false,
    pending: false,
    siteUpdating: false,
    headerName: (c) => c.headerName,
    saveDelayMs: 0,
    deleteDelayMs: 0,
  } as GridSettings;
  renderWithShell(
    <>
      <FilterBuilder ctrl={ctrl} />
      <FilterChips ctrl={ctrl} />
    </>,
  );
  return ctrl;
}

const open = () => {
  fireEvent.click(screen.getByTestId('grid-filter-builder'));
  return screen.getByTestId('grid-filter-builder-panel');
};

describe('FilterBuilder', () => {
  it('builds AND with a nested OR from labelled controls, applies on Enter and gives the focus back', () => {
    const ctrl = setup();
    const button = screen.getByTestId('grid-filter-builder');
    expect(button.textContent).toBe('Filter');
    const panel = open();
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(panel.getAttribute('aria-label')).toBe('Filter rows');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // One empty condition to start with, on the first filterable column; "Note" is not offered.
    const fields = within(panel).getByLabelText('Column of condition 1') as HTMLSelectElement;
    expect([...fields.options].map((o) => o.textContent)).toEqual(['Division', 'Price', 'Season']);
    expect([...(within(panel).getByLabelText('Condition 1') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['is any of', 'is none of', 'is empty', 'is not empty']);
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Work' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Kids' }));
    fireEvent.click(within(panel).getAllByTestId('grid-fb-add-group')[0]!);
    fireEvent.change(within(panel).getByLabelText('Column of condition 2'), { target: { value: 'price' } });
    expect([...(within(panel).getByLabelText('Condition 2') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['=', '≠', '<', '≤', '>', '≥', 'is between', 'is empty']);
    fireEvent.change(within(panel).getByLabelText('Condition 2'), { target: { value: 'gt' } });
    fireEvent.change(within(panel).getByLabelText('Value of condition 2'), { target: { value: '50' } });
    const group = within(panel).getAllByTestId('grid-fb-group')[1]!;
    fireEvent.click(within(group).getByTestId('grid-fb-add-condition'));
    fireEvent.change(within(panel).getByLabelText('Column of condition 3'), { target: { value: 'season' } });
    fireEvent.change(within(panel).getByLabelText('Condition 3'), { target: { value: 'in' } });
    const value3 = within(panel).getByLabelText('Value of condition 3');
    fireEvent.change(value3, { target: { value: ' SP ' } });
    act(() => void fireEvent.keyDown(value3, { key: 'Enter' }));
    expect(ctrl.ui.get().where).toEqual({
      and: [
        { field: 'division', op: 'in', values: ['Work', 'Kids'] },
        { or: [{ field: 'price', op: 'gt', values: ['50'] }, { field: 'season', op: 'in', values: ['SP'] }] },
      ],
    });
    expect(screen.queryByTestId('grid-filter-builder-panel')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe('Filter (3)');
    // The chips: one per condition, the OR group as a group chip; the column filter is the top condition.
    expect(screen.getAllByTestId('grid-filter-chip').map((c) => c.textContent)).toEqual(['Division is any of Work, Kids', 'Price > 50', 'Season is SP']);
    expect(screen.getByTestId('grid-filter-group').getAttribute('data-join')).toBe('or');
    expect(ctrl.ui.get().columnFilters).toEqual([{ field: 'division', op: 'in', values: ['Work', 'Kids'] }]);
    // Removing a chip of the group leaves a group of one: it goes.
    fireEvent.click(within(screen.getAllByTestId('grid-filter-chip')[1]!).getByTestId('grid-filter-chip-remove'));
    expect(ctrl.ui.get().where).toEqual({ and: [{ field: 'division', op: 'in', values: ['Work', 'Kids'] }, { field: 'season', op: 'in', values: ['SP'] }] });
    expect(screen.queryByTestId('grid-filter-group')).toBeNull();
  });

  it('opens the applied filter (a column filter is a condition), drops an unfinished one, closes on Escape, clears', () => {
    const ctrl = setup();
    act(() => ctrl.setColumnCondition('season', { field: 'season', op: 'contains', values: ['S'] }));
    let panel = open();
    // The applied filter opens in the panel.
    expect((within(panel).getByLabelText('Column of condition 1') as HTMLSelectElement).value).toBe('season');
    fireEvent.click(within(panel).getAllByTestId('grid-fb-add-condition')[0]!);
    fireEvent.change(within(panel).getByLabelText('Column of condition 2'), { target: { value: 'price' } });
    fireEvent.change(within(panel).getByLabelText('Condition 2'), { target: { value: 'between' } });
    fireEvent.change(within(panel).getByLabelText('From (condition 2)'), { target: { value: '10' } });
    // Between needs both bounds: without the second the condition is not applied.
    fireEvent.click(within(panel).getByTestId('grid-filter-builder-apply'));
    expect(ctrl.ui.get().where).toEqual({ field: 'season', op: 'contains', values: ['S'] });
    panel = open();
    expect(within(panel).getAllByTestId('grid-fb-condition')).toHaveLength(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('grid-filter-builder-panel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('grid-filter-builder'));
    // Clear all in the panel, then Apply: no filter.
    panel = open();
    fireEvent.click(within(panel).getByTestId('grid-filter-builder-clear'));
    expect(within(panel).getByText('No conditions yet: add one to filter the rows.')).toBeTruthy();
    fireEvent.click(within(panel).getByTestId('grid-filter-builder-apply'));
    expect(ctrl.ui.get().where).toBeNull();
    expect(screen.queryByTestId('grid-filter-chips')).toBeNull();
  });
});
