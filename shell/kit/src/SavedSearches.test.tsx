import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './api';
import { SavedSearches } from './SavedSearches';
import { fakeFetch, json, renderWithShell } from './test/render';
import { clearToasts, getToasts } from './toasts';

afterEach(() => clearToasts());

describe('SavedSearches', () => {
  it("says 'Error: Cannot send message' when the mail of a shared search cannot be sent", async () => {
    const fake = fakeFetch({
      'GET /api/searches': () => json(200, { data: [] }),
      'POST /api/searches/share': () => json(502, { message: 'mail relay unreachable', messageCode: 'ITS_ERR_UPSTREAM' }),
    });
    configureApi({ fetch: fake });
    await act(async () => {
      renderWithShell(<SavedSearches query={{ q: 'runner' }} title="Catalogue" />, { path: '/product/catalog?q=runner' });
    });
    await act(async () => fireEvent.click(screen.getByTestId('saved-searches')));
    await act(async () => fireEvent.click(await screen.findByTestId('saved-searches-share-current')));
    const recipients = document.querySelector<HTMLInputElement>('input[name="recipients"]')!;
    await act(async () => fireEvent.change(recipients, { target: { value: 'buyer@example.com' } }));
    const send = screen.getAllByRole('button').find((b) => b.textContent === 'Send')!;
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(fake.calls.some((c) => c.url.endsWith('/api/searches/share'))).toBe(true));
    await waitFor(() => expect(getToasts().map((t) => String(t.message))).toContain('Error: Cannot send message'));
  });
});
