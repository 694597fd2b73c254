import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import type { AuditEntry } from '../api';
import AuditPage from './AuditPage';

const entry = (id: number, action: string, data: unknown, actorEmail = 'admin@example.com'): AuditEntry => ({
  id,
  at: '2026-11-25T10:00:00Z',
  actorId: actorEmail ? 'a1' : null,
  actorName: 'Ada Admin',
  actorEmail,
  action,
  modelType: 'User',
  modelId: 'u1',
  data,
});

describe('audit page', () => {
  it('filters by kind and date, shows an entry with its before and after, and exports what the filters select', async () => {
    const urls: string[] = [];
    configureApi({
      fetch: fakeFetch({
        'GET /api/admin/audit': (_init, url) => {
          urls.push(url);
          const kind = new URL(url, 'http://x').searchParams.get('kind');
          const all = [entry(2, 'admin.users.update', { before: { flags: [] }, patch: { flags: ['wof'] } }), entry(1, 'policies.version.shipped', { after: { version: 1 } }, '')];
          return json(200, { data: kind ? all.filter((e) => e.action.startsWith(kind)) : all });
        },
        'POST /api/authz/decisions': () => json(200, { decisions: [true] }),
      }),
    });
    await act(async () => {
      renderWithShell(<AuditPage />, { path: '/admin/audit', shell: { user: { id: 'a1', name: 'Ada', lastName: 'Admin', fullName: 'Ada Admin', email: 'admin@example.com' } } });
    });
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(screen.getAllByTestId('audit-row')[1]!.textContent).toMatch(/ITS itself/);

    await act(async () => fireEvent.change(screen.getByTestId('audit-kind'), { target: { value: 'policies.' } }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    await act(async () => fireEvent.change(screen.getByTestId('audit-from'), { target: { value: '2026-11-01' } }));
    await waitFor(() => expect(urls.at(-1)).toContain('from=2026-11-01'));
    expect(urls.at(-1)).toContain('kind=policies.');

    await act(async () => fireEvent.change(screen.getByTestId('audit-kind'), { target: { value: '' } }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    await act(async () => fireEvent.click(screen.getAllByTestId('audit-row')[0]!));
    expect(screen.getByTestId('audit-data').textContent).toContain('"wof"');

    const href = screen.getByTestId('audit-export').getAttribute('href')!;
    expect(href).toMatch(/^\/api\/admin\/audit\/xlsx\?/);
    const q = new URL(href, 'http://x').searchParams;
    expect(q.get('from')).toBe('2026-11-01');
    expect(q.get('headers')!.split('|')).toHaveLength(7);
  });
});
