import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import type { CrmSync } from '../api';
import { CrmSyncStatus } from './CrmSyncStatus';

const base: CrmSync = {
  id: 7,
  driver: 'http',
  status: 'pending',
  requested: '2026-03-02T10:00:00Z',
  sentAt: null,
  attempts: 0,
  lastAttemptAt: null,
  lastStatus: null,
  lastError: '',
};

async function show(last: CrmSync | null, messages: Record<string, string> = {}) {
  configureApi({ fetch: fakeFetch({ 'GET /api/assortments/crmSync/a-1': () => json(200, { data: last }) }) });
  let view!: ReturnType<typeof renderWithShell>;
  await act(async () => {
    view = renderWithShell(<CrmSyncStatus id="a-1" />, { messages });
  });
  return view;
}

describe('the CRM sync status of the manage page', () => {
  it('says where each driver left the last sync: in the outbox, sent with its HTTP status, being retried, failed with its error', async () => {
    const cases: [CrmSync, string, RegExp][] = [
      [{ ...base, driver: 'outbox' }, 'pending', /^In the CRM outbox since .*2026/],
      [{ ...base, status: 'sent', attempts: 2, lastStatus: 200, sentAt: '2026-03-02T10:00:02Z', lastAttemptAt: '2026-03-02T10:00:02Z' }, 'sent', /^Sent to the CRM .*2026.* \(HTTP 200\)$/],
      [{ ...base, attempts: 1, lastStatus: 500, lastError: 'CRM answered 500: down', lastAttemptAt: '2026-03-02T10:00:01Z' }, 'pending', /^CRM attempt 1 failed .*: CRM answered 500: down\. Retrying…$/],
      [{ ...base, status: 'failed', attempts: 8, lastError: 'CRM not reached: connection refused', lastAttemptAt: '2026-03-02T11:00:00Z' }, 'failed', /^CRM sync failed after 8 attempts \(.*\): CRM not reached: connection refused$/],
    ];
    for (const [last, status, text] of cases) {
      const view = await show(last);
      const el = await waitFor(() => screen.getByTestId('crm-sync-status'));
      expect(el.dataset.status).toBe(status);
      expect(el.textContent).toMatch(text);
      view.unmount();
    }
  });

  it('shows nothing for an assortment never synced', async () => {
    await show(null);
    await waitFor(() => expect(screen.queryByTestId('crm-sync-status')).toBeNull());
  });

  it("speaks the user's language", async () => {
    await show({ ...base, driver: 'outbox' }, { 'assortments.crmSync.outbox': 'Seit {date} im CRM-Postausgang' });
    expect((await waitFor(() => screen.getByTestId('crm-sync-status'))).textContent).toMatch(/^Seit .* im CRM-Postausgang$/);
  });
});
