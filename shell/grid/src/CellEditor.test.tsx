import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { CellEditor, type AutocompleteFetch } from './CellEditor';
import type { GridColumn } from './types';

const style: GridColumn = { field: 'style', headerName: 'Style', type: 'text', editable: true, editableWhen: 'always', validators: [] };

function editor(autocomplete: AutocompleteFetch) {
  const onValueChange = vi.fn();
  const stopEditing = vi.fn();
  const props = { column: style, autocomplete, onValueChange, stopEditing, eventKey: null, initialValue: '' } as unknown as CustomCellEditorProps & { column: GridColumn; autocomplete: AutocompleteFetch };
  render(<CellEditor {...props} />);
  return { onValueChange, stopEditing };
}

describe('cell editor suggestions', () => {
  it('shows a suggestion with its name and picture, and puts its value in the cell', async () => {
    const fetch = vi.fn<AutocompleteFetch>(async () => [{ value: '10306', label: 'Trail Runner', image: '/thumbs/10306.jpg' }, '10307']);
    const { onValueChange, stopEditing } = editor(fetch);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '103' } });
    const list = await screen.findByTestId('grid-choices', {}, { timeout: 2000 });
    expect(fetch).toHaveBeenCalledWith('103', expect.any(AbortSignal));
    const [rich, plain] = Array.from(list.querySelectorAll('li'));
    expect(rich?.textContent).toBe('10306Trail Runner');
    expect(rich?.querySelector('img')?.getAttribute('src')).toBe('/thumbs/10306.jpg');
    expect(plain?.textContent).toBe('10307');
    expect(plain?.querySelector('img')).toBeNull();
    act(() => rich?.click());
    expect(onValueChange).toHaveBeenLastCalledWith('10306');
    await waitFor(() => expect(stopEditing).toHaveBeenCalled());
  });
});
