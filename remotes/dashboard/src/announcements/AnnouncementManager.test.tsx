import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmHost, actions, configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import Dashboard from '../Dashboard';
import { chartStatus, type Chart } from './api';

const user = { id: 'u', name: 'Eddie', lastName: 'Editor', fullName: 'Eddie Editor', email: 'editor@example.com' };

const live: Chart = {
  _id: 'c1',
  title: "Spring '26 line sheets are live",
  body: 'Build your assortments now.',
  link: '/product/assortments',
  published: true,
  startDate: '2026-01-05T00:00:00Z',
  modifiedDate: '2026-01-05T10:00:00.123456Z',
};
const draft: Chart = { _id: 'c2', title: 'Draft: Fall 26 kickoff', body: 'Not published yet.', link: '', published: false, modifiedDate: '2026-01-04T10:00:00Z' };

const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

function setup({ canManage = true, routes = {} }: { canManage?: boolean; routes?: Parameters<typeof fakeFetch>[0] } = {}) {
  const fetch = fakeFetch({
    'GET /api/charts': (_init, url) => json(200, { data: url.includes('published=false') ? [live, draft] : [live] }),
    'POST /api/notifications/all/query': () => json(200, { data: { items: [], total: 0, newCount: 0 } }),
    'POST /api/authz/decisions': () => json(200, { decisions: [canManage] }),
    ...routes,
  });
  configureApi({ fetch });
  return fetch;
}

async function renderDashboard() {
  await act(async () => {
    renderWithShell(
      <>
        <Dashboard />
        <ConfirmHost />
      </>,
      { shell: { user, modules: [] } },
    );
  });
  await screen.findByText("Spring '26 line sheets are live");
}

async function openManager() {
  await userEvent.click(await screen.findByTestId('announcements-manage'));
  const dialog = await screen.findByTestId('announcement-manager');
  await within(dialog).findAllByTestId('announcement-item');
  return dialog;
}

describe('chartStatus', () => {
  it('tells drafts, scheduled, live and expired announcements apart by calendar day', () => {
    expect(chartStatus({ published: false }, '2026-03-01')).toBe('draft');
    expect(chartStatus({ published: true }, '2026-03-01')).toBe('live');
    expect(chartStatus({ published: true, startDate: '2026-03-02T00:00:00Z' }, '2026-03-01')).toBe('scheduled');
    expect(chartStatus({ published: true, startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-01T00:00:00Z' }, '2026-03-01')).toBe('live');
    expect(chartStatus({ published: true, endDate: '2026-02-28T00:00:00Z' }, '2026-03-01')).toBe('expired');
  });
});

// Typing a form through user-event takes a few seconds in jsdom.
describe('announcements manager', { timeout: 30_000 }, () => {
  it('is offered only to users the policies let manage announcements', async () => {
    const fetch = setup({ canManage: false });
    await renderDashboard();
    await waitFor(() => expect(fetch.calls.some((c) => c.url.endsWith('/api/authz/decisions'))).toBe(true));
    const check = fetch.calls.find((c) => c.url.endsWith('/api/authz/decisions'))!;
    expect(body(check.init)).toEqual({ checks: [{ action: actions.announcementsManage.id }] });
    expect(screen.queryByTestId('announcements-manage')).toBeNull();
  });

  it('lists every announcement with its status, and creates one after showing the server’s field errors', async () => {
    let attempts = 0;
    const created: Chart = { ...draft, _id: 'c3', title: 'Sample count closes Friday', link: '/product/libraries/samples', modifiedDate: '2026-01-06T09:00:00Z' };
    const fetch = setup({
      routes: {
        'POST /api/assets/AdvertisingAsset/announcement': () =>
          ++attempts === 1
            ? json(400, {
                message: 'Validation failed',
                messageCode: 'ITS_ERR_VALIDATION',
                details: [
                  { field: 'title', rule: 'required', message: 'Title is required' },
                  { field: 'link', rule: 'url', message: 'Link must be a path (/...) or an http(s) URL' },
                ],
              })
            : json(201, { data: created }),
      },
    });
    await renderDashboard();
    const dialog = await openManager();
    const items = within(dialog).getAllByTestId('announcement-item');
    expect(items.map((i) => i.getAttribute('data-id'))).toEqual(['c1', 'c2']);
    expect(within(items[1]!).getByTestId('announcement-status').getAttribute('data-status')).toBe('draft');

    await userEvent.type(within(dialog).getByLabelText('Link'), 'ftp://nope');
    await userEvent.click(within(dialog).getByTestId('announcement-save'));
    expect((await within(dialog).findByTestId('error-title')).textContent).toBe('Enter a title.');
    expect(within(dialog).getByTestId('error-link').textContent).toMatch(/starts with \//);
    expect(within(dialog).getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Sample count closes Friday');
    expect(within(dialog).queryByTestId('error-title')).toBeNull();
    const link = within(dialog).getByLabelText('Link');
    await userEvent.clear(link);
    await userEvent.type(link, '/product/libraries/samples');
    await userEvent.click(within(dialog).getByTestId('announcement-save'));
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Edit announcement' })).toBeTruthy());
    const posts = fetch.calls.filter((c) => c.url.endsWith('/announcement'));
    expect(body(posts[1]!.init)).toEqual({ title: 'Sample count closes Friday', body: '', link: '/product/libraries/samples', published: false, startDate: null, endDate: null });
  });

  it('saves only the changed fields with the version it edited, publishes and unpublishes, and says when someone else saved first', async () => {
    let patches = 0;
    const fetch = setup({
      routes: {
        'PATCH /api/charts/c1': (init) => {
          patches++;
          const b = body(init);
          if (patches === 1) return json(200, { data: { ...live, ...b, modifiedDate: '2026-01-07T08:00:00Z' } });
          if (patches === 2) return json(200, { data: { ...live, title: 'Line sheets are live', published: false, modifiedDate: '2026-01-07T09:00:00Z' } });
          return json(409, { message: 'changed', messageCode: 'ITS_ERR_CONFLICT', details: { errorType: 'userLock' } });
        },
      },
    });
    await renderDashboard();
    const dialog = await openManager();
    await userEvent.click(within(dialog).getAllByTestId('announcement-item')[0]!);
    const title = within(dialog).getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.value).toBe(live.title);
    await userEvent.clear(title);
    await userEvent.type(title, 'Line sheets are live');
    await userEvent.click(within(dialog).getByTestId('announcement-save'));
    await waitFor(() => expect(patches).toBe(1));
    const calls = fetch.calls.filter((c) => c.url.endsWith('/api/charts/c1'));
    expect(body(calls[0]!.init)).toEqual({ title: 'Line sheets are live', modifiedDate: live.modifiedDate });

    await userEvent.click(within(dialog).getByTestId('announcement-toggle-published'));
    await waitFor(() => expect(patches).toBe(2));
    expect(body(fetch.calls.filter((c) => c.url.endsWith('/api/charts/c1'))[1]!.init)).toEqual({ published: false, modifiedDate: '2026-01-07T08:00:00Z' });
    await waitFor(() => expect(within(dialog).getByTestId('announcement-toggle-published').textContent).toMatch(/^Publish/));

    await userEvent.type(title, '!');
    await userEvent.click(within(dialog).getByTestId('announcement-save'));
    expect((await within(dialog).findByTestId('announcement-form-error')).textContent).toMatch(/Someone else changed this announcement/);
  });

  it('deletes after the confirmation dialog, and asks before dropping unsaved changes', async () => {
    const fetch = setup({ routes: { 'DELETE /api/charts/c2': () => json(200, { data: { _id: 'c2' } }) } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDashboard();
    const dialog = await openManager();
    await userEvent.click(within(dialog).getAllByTestId('announcement-item')[1]!);
    await userEvent.type(within(dialog).getByLabelText(/^Title/), ' (edited)');
    await userEvent.click(within(dialog).getAllByTestId('announcement-item')[0]!);
    const discard = await screen.findByTestId('confirm-dialog');
    expect(within(discard).getByText('Discard your changes?')).toBeTruthy();
    await userEvent.click(within(discard).getByRole('button', { name: 'Keep editing' }));
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Draft: Fall 26 kickoff (edited)');

    await userEvent.click(within(dialog).getByTestId('announcement-delete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toMatch(/Draft: Fall 26 kickoff/);
    expect(fetch.calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.init.method === 'DELETE' && c.url.endsWith('/api/charts/c2'))).toBe(true));
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'New announcement' })).toBeTruthy());
  });
});
