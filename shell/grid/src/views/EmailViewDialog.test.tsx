import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, configureApi, getToasts } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../kit/src/test/render';
import { EmailViewDialog } from './EmailViewDialog';
import type { SavedView } from './viewState';

afterEach(() => clearToasts());

const view = {
  _id: 'v1',
  grid: 'test.products',
  name: 'Spring runners',
  query: {},
  layout: {},
  ownerEmail: 'me@example.com',
  mine: true,
  sharedWith: ['buyer@example.com'],
  modifiedDate: '2026-11-25T10:00:00Z',
} as unknown as SavedView;

describe('EmailViewDialog', () => {
  it("says 'Error: Cannot send message' when the view's mail cannot be sent", async () => {
    const fake = fakeFetch({ 'POST /api/searches/share': () => json(502, { message: 'mail relay unreachable', messageCode: 'ITS_ERR_UPSTREAM' }) });
    configureApi({ fetch: fake });
    let closed = false;
    await act(async () => {
      renderWithShell(<EmailViewDialog view={view} onClose={() => (closed = true)} />);
    });
    await act(async () => fireEvent.click(screen.getByTestId('grid-view-email-send')));
    await waitFor(() => expect(fake.calls.length).toBe(1));
    await waitFor(() => expect(getToasts().map((t) => String(t.message))).toContain('Error: Cannot send message'));
    expect(closed).toBe(false);
  });
});
