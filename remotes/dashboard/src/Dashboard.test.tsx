import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApi, getPreference, type ModuleEntry } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../shell/kit/src/test/render';
import { chromeStore } from '../../../shell/kit/src/chrome';
import Dashboard from './Dashboard';

const modules: ModuleEntry[] = [
  { id: 'dashboard', title: 'module.dashboard', nav: [{ id: 'dashboard', title: 'nav.dashboard', path: '/dashboard', order: 0 }] },
  {
    id: 'libraries',
    title: 'module.libraries',
    nav: [
      { id: 'advertising', title: 'nav.advertisingLibrary', path: '/advertising/libraries', order: 20, icon: 'campaign', group: 'libraries' },
      { id: 'advertisingManage', title: 'nav.advertisingManage', path: '/advertising/libraries/manage', order: 30, icon: 'edit', group: 'manageLibraries' },
    ],
  },
  { id: 'admin', title: 'module.admin', nav: [{ id: 'admin', title: 'nav.admin', path: '/admin/users', order: 90, icon: 'admin' }] },
];

const messages = { 'nav.advertisingLibrary': 'Advertising', 'nav.group.libraries': 'Libraries', 'nav.admin': 'Admin', 'module.admin': 'Admin', 'tool.upcLookup': 'UPC lookup' };

describe('dashboard', () => {
  it('links to every area the user may open, grouped, plus the tools, and lists the announcements', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    configureApi({
      fetch: fakeFetch({
        'GET /api/charts': () =>
          json(200, { data: [{ _id: 'a1', title: "Spring '26 line sheets are live", body: 'Build your assortments now.', startDate: '2026-11-14T00:00:00Z', link: '/product/assortments' }] }),
        'POST /api/notifications/all/query': () => json(200, { data: { items: [], total: 0, newCount: 3 } }),
      }),
    });
    await act(async () => {
      renderWithShell(<Dashboard />, {
        messages,
        shell: {
          user: { id: 'u', name: 'Eddie', lastName: 'Editor', fullName: 'Eddie Editor', email: 'editor@example.com' },
          modules,
          options: { tools: [{ id: 'upcLookup', url: 'https://upc.example.com' }] },
        },
      });
    });
    const links = await screen.findByTestId('quick-links');
    const ids = [...links.querySelectorAll('[data-testid=quick-link]')].map((a) => a.getAttribute('data-nav-id') ?? a.getAttribute('data-tool-id'));
    expect(ids).toEqual(['advertising', 'advertisingManage', 'admin', 'upcLookup']);
    expect(within(links).getByText('Libraries')).toBeTruthy();
    expect(within(links).getByText('External tools')).toBeTruthy();
    expect(links.querySelector('[data-nav-id=advertising]')?.getAttribute('href')).toBe('/advertising/libraries');
    expect(links.querySelector('[data-tool-id=upcLookup]')?.getAttribute('target')).toBe('_blank');
    expect(await screen.findByText("Spring '26 line sheets are live")).toBeTruthy();
    expect(screen.getByTestId('dashboard-greeting').textContent).toMatch(/Eddie/);
  });

  it('shows a dismissible welcome banner once', async () => {
    configureApi({ fetch: fakeFetch({ 'GET /api/charts': () => json(200, { data: [] }), 'POST /api/notifications/all/query': () => json(200, { data: { items: [], total: 0, newCount: 0 } }) }) });
    await act(async () => {
      renderWithShell(<Dashboard />, { shell: { modules } });
    });
    await screen.findByTestId('quick-links');
    const banner = chromeStore.get().banner;
    expect(banner?.id).toBe('welcome');
    act(() => banner?.onDismiss?.());
    expect(getPreference('dashboard.welcomeDismissed')).toBe(true);
    expect(await screen.findByText('No announcements right now.')).toBeTruthy();
  });
});
