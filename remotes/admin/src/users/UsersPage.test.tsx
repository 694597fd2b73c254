import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi, getToasts } from '@its/kit';
import { chromeStore } from '../../../../shell/kit/src/chrome';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import type { AdminUser } from '../api';
import UsersPage from './UsersPage';

const person = (id: string, email: string, status: AdminUser['status'], n = 0): AdminUser => ({
  id,
  name: email.split('@')[0]!,
  lastName: 'Doe',
  fullName: `${email.split('@')[0]} Doe`,
  email,
  status,
  userCode: status === 'active' ? id.toUpperCase() : '',
  permissions: Array.from({ length: n }, () => ({ domain: 'its:products', role: 'user', channel: 'All', region: 'All', productType: 'All' })),
  flags: [],
  departmentAccess: [],
});

describe('users page', () => {
  it('lists access requests first and approves one with a toast', async () => {
    let pat = person('p1', 'pat@partner.example', 'pendingApproval');
    const patches: unknown[] = [];
    configureApi({
      fetch: fakeFetch({
        'GET /api/admin/users': () => {
          return json(200, { data: [pat, person('a1', 'admin@example.com', 'active', 13), person('u1', 'user@example.com', 'active', 2)] });
        },
        'PATCH /api/admin/users/p1': (init) => {
          patches.push(JSON.parse(String(init.body)));
          pat = { ...pat, status: 'active' };
          return json(200, { data: pat });
        },
      }),
    });
    await act(async () => {
      renderWithShell(<UsersPage />, { path: '/admin/users', shell: { user: { id: 'a1', name: 'Ada', lastName: 'Admin', fullName: 'Ada Admin', email: 'admin@example.com' } } });
    });
    const pending = await screen.findByTestId('pending-group');
    expect(within(pending).getAllByTestId('user-row').map((r) => r.getAttribute('data-email'))).toEqual(['pat@partner.example']);
    const accounts = screen.getByTestId('accounts-group');
    expect(within(accounts).getAllByTestId('user-row')).toHaveLength(2);
    expect(within(accounts).getAllByTestId('perm-count').map((c) => c.textContent)).toEqual(['13', '2']);
    expect(screen.getByTestId('user-count').textContent).toBe('3 accounts');
    expect(screen.getByTestId('pending-notice').textContent).toMatch(/One access request waits/);

    await act(async () => fireEvent.click(within(pending).getByTestId('approve')));
    await waitFor(() => expect(patches).toEqual([{ status: 'active' }]));
    await waitFor(() => expect(getToasts().find((t) => t.type === 'success')?.message).toMatch(/We e-mailed pat@partner.example a link to set a password/));
    // The list is read again: nothing waits any more.
    await waitFor(() => expect(screen.queryByTestId('pending-group')).toBeNull());
    expect(chromeStore.get().sidePanel).toBeNull();
  });

  it('searches as the admin types and opens an account in the side panel', async () => {
    const queries: string[] = [];
    configureApi({
      fetch: fakeFetch({
        'GET /api/admin/users': (_init, url) => {
          const q = new URL(url, 'http://x').searchParams;
          queries.push(q.toString());
          const all = [person('u1', 'user@example.com', 'active', 3), person('e1', 'editor@example.com', 'active', 5)];
          const text = q.get('text') ?? '';
          return json(200, { data: all.filter((u) => u.email.includes(text)) });
        },
      }),
    });
    await act(async () => {
      renderWithShell(<UsersPage />, { path: '/admin/users' });
    });
    await screen.findAllByTestId('user-row');
    fireEvent.change(screen.getByTestId('user-search'), { target: { value: 'editor' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row').map((r) => r.getAttribute('data-email'))).toEqual(['editor@example.com']));
    expect(queries).toContain('text=editor');

    fireEvent.click(screen.getByTestId('user-row'));
    expect(chromeStore.get().sidePanel).not.toBeNull();
    expect(screen.getByTestId('user-row').getAttribute('aria-current')).toBe('true');
  });
});
