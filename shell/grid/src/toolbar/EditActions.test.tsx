import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditActions } from './EditActions';
import { loaded, memorySource, mount } from '../features/testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const testIds = { add: 'x-add', saveNew: 'x-save-new', delete: 'x-delete' };

describe('EditActions', () => {
  it('adds a row, offers Save new while rows are being added, and deletes the selected rows', async () => {
    const mem = memorySource();
    const { handle } = mount({
      source: mem.source,
      toolbar: (ui, g) => <EditActions ui={ui} grid={g} testIds={testIds} addDefaults={{ status: 'Active' }} addLabel="Add style" deleteLabel="Drop lines" />,
    });
    await loaded(handle, 2);
    expect(screen.queryByTestId('x-save-new')).toBeNull();
    expect((screen.getByTestId('x-delete') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('x-delete').className).toBe('its-btn its-btn--ghost');
    expect(screen.getByTestId('x-add').className).toBe('its-btn its-btn--secondary');
    fireEvent.click(screen.getByTestId('x-add'));
    expect(handle().getRow('new-1')).toMatchObject({ status: 'Active' });
    const save = await screen.findByTestId('x-save-new');
    expect(save.textContent).toBe('Save new row');
    expect(save.className).toBe('its-btn its-btn--primary');
    fireEvent.click(screen.getByTestId('x-add'));
    await waitFor(() => expect(screen.getByTestId('x-save-new').textContent).toBe('Save new rows (2)'));
    act(() => handle().controller.api!.getRowNode('a')!.setSelected(true));
    await waitFor(() => expect((screen.getByTestId('x-delete') as HTMLButtonElement).disabled).toBe(false));
  });

  it("takes the page's words, classes and buttons between Add and Save new", async () => {
    const mem = memorySource();
    const { handle } = mount({
      source: mem.source,
      toolbar: (ui, g) => (
        <EditActions ui={ui} grid={g} testIds={testIds} primary="add" saveNewClassName="si-save-new" deleteClassName="its-btn its-btn--secondary" addLabel="Add sample" deleteLabel="Delete" saveNewLabel={(n) => `Save ${n} samples`}>
          <button type="button" data-testid="x-paste">
            Paste
          </button>
        </EditActions>
      ),
    });
    await loaded(handle, 2);
    fireEvent.click(screen.getByTestId('x-add'));
    const save = await screen.findByTestId('x-save-new');
    expect(save.textContent).toBe('Save 1 samples');
    expect(save.className).toBe('its-btn its-btn--secondary si-save-new');
    expect(screen.getByTestId('x-add').className).toBe('its-btn its-btn--primary');
    const order = [...document.querySelectorAll('[data-testid^="x-"]')].map((el) => el.getAttribute('data-testid'));
    expect(order).toEqual(['x-add', 'x-paste', 'x-save-new', 'x-delete']);
  });
});
