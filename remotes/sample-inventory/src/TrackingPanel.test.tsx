import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, configureApi, getToasts } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../shell/kit/src/test/render';
import { TrackingPanel } from './TrackingPanel';

afterEach(() => clearToasts());

describe('TrackingPanel', () => {
  it("says 'Cannot return products: {message}' with the server's reason when recording a return fails", async () => {
    configureApi({
      fetch: fakeFetch({
        'GET /api/sampleInventoryTracking/Sales/s1': () => json(200, { data: [] }),
        'POST /api/sampleInventoryTracking/Sales': () => json(409, { message: 'Sample s1 was changed by someone else', messageCode: 'ITS_ERR_CONFLICT' }),
      }),
    });
    const row = { id: 's1', version: 1, style: 'AR100', color: 'Black', size: '9', side: 'L', bin: 'A1' };
    await act(async () => {
      renderWithShell(<TrackingPanel library="Sales" row={row} actions={['Note', 'Returned']} canEdit />);
    });
    await act(async () => fireEvent.change(screen.getByRole('combobox'), { target: { value: 'Returned' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    await waitFor(() => expect(getToasts().map((t) => String(t.message))).toContain('Cannot return products: Sample s1 was changed by someone else'));
  });
});
