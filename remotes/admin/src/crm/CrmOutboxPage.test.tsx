import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import CrmOutboxPage, { type CrmOutboxEntry } from './CrmOutboxPage';

const entry = (id: number, status: string, extra: Partial<CrmOutboxEntry> = {}): CrmOutboxEntry => ({
  id,
  assortmentId: `as-${id}`,
  title: `Spring ${id}`,
  requestedBy: 'u1',
  driver: 'http',
  status,
  requested: '2026-11-25T10:00:00Z',
  sentAt: null,
  attempts: 0,
  lastAttemptAt: null,
  lastStatus: null,
  lastError: '',
  ...extra,
});

describe('CRM outbox page', () => {
  it('lists the outbox with state, attempts and last result, filters by state and refreshes', async () => {
    const urls: string[] = [];
    let rows = [entry(2, 'failed', { attempts: 3, lastStatus: 502, lastError: 'CRM answered 502 Bad Gateway' }), entry(1, 'sent', { attempts: 1, lastStatus: 200, lastAttemptAt: '2026-11-25T10:01:00Z' })];
    configureApi({
      fetch: fakeFetch({
        'GET /api/assortments/admin/crmOutbox': (_init, url) => {
          urls.push(url);
          const st = new URL(url, 'http://x').searchParams.get('status');
          return json(200, { data: { items: st ? rows.filter((r) => r.status === st) : rows } });
        },
        'POST /api/authz/decisions': () => json(200, { decisions: [true, true, true, true] }),
      }),
    });
    await act(async () => {
      renderWithShell(<CrmOutboxPage />, { path: '/admin/crm', shell: { user: { id: 'a1', name: 'Ada', lastName: 'Admin', fullName: 'Ada Admin', email: 'admin@example.com' } } });
    });
    await waitFor(() => expect(screen.getAllByTestId('crm-row')).toHaveLength(2));
    const first = screen.getAllByTestId('crm-row')[0]!.textContent!;
    expect(first).toContain('Spring 2');
    expect(first).toContain('Failed');
    expect(first).toContain('3');
    expect(first).toContain('CRM answered 502 Bad Gateway');
    expect(screen.getAllByTestId('crm-row')[1]!.textContent).toContain('HTTP 200');

    await act(async () => fireEvent.change(screen.getByTestId('crm-status'), { target: { value: 'failed' } }));
    await waitFor(() => expect(screen.getAllByTestId('crm-row')).toHaveLength(1));
    expect(urls.at(-1)).toContain('status=failed');

    rows = [entry(3, 'failed'), ...rows];
    await act(async () => fireEvent.click(screen.getByTestId('crm-refresh')));
    await waitFor(() => expect(screen.getAllByTestId('crm-row')).toHaveLength(2));
    expect(await screen.findByTestId('admin-tab-crm')).toBeTruthy();
  });
});
