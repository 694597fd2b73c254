import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, type ModuleEntry } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { chromeStore } from '../../../../shell/kit/src/chrome';
import type { Asset } from '../api/types';
import { BrowsePage } from './BrowsePage';

const modules: ModuleEntry[] = [
  {
    id: 'libraries',
    title: 'module.libraries',
    routes: [
      { path: '/advertising/libraries/assets', name: 'a', expose: './AssetList', meta: { manageType: 'AdvertisingAsset' } },
      { path: '/advertising/libraries/logos', name: 'l', expose: './AssetList', meta: { manageType: 'AdvertisingLogo' } },
    ],
  },
];

const hero: Asset = {
  _id: '11111111-1111-4111-8111-111111111111',
  libraryType: 'AdvertisingAsset',
  status: 'Published',
  name: 'Spring hero',
  assetType: 'Print Ad',
  gender: 'Womens',
  modifiedDate: '2026-01-15T09:00:00Z',
  locations: [],
  files: [{ _id: 'f1', usageType: 'Primary', filename: 'hero.jpg', content: 'image/jpeg', fileSize: 2048, groups: [], state: 'Success', addMethod: 'Upload', modifiedDate: '' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('library listing', () => {
  it('lists published items, keeps the filters in the URL, and says so when nothing matches', async () => {
    const collection = () => json(200, { data: { collectionType: 'advertisingAsset', items: [], viewType: 'grid', totalSize: 0, tooLarge: false, sizeLimit: 1 } });
    const fake = fakeFetch({
      'GET /api/assets/collection/advertisingAsset': collection,
      'GET /api/assets/filters': () => json(200, { data: { gender: [{ value: 'Mens', count: 4 }, { value: 'Womens', count: 9 }], category: [{ value: 'Running', count: 13 }] } }),
      'GET /api/assets': (_init, url) => {
        const q = new URL(url, 'http://x').searchParams;
        const matches = !q.get('gender') || q.get('gender') === 'Womens';
        return json(200, { data: { rows: matches ? [hero] : [], totalCount: matches ? 1 : 0 } });
      },
    });
    configureApi({ fetch: fake });
    await act(async () => {
      renderWithShell(<BrowsePage libraryType="AdvertisingAsset" collectionType="advertisingAsset" />, { shell: { modules }, path: '/advertising/libraries/assets?gender=Mens' });
    });
    expect((await screen.findByTestId('assets-empty')).textContent).toContain('No assets available.');
    const listCall = fake.calls.map((c) => c.url).find((c) => c.startsWith('/api/assets?') && c.includes('limit=60'))!;
    expect(listCall).toContain('libraryType=AdvertisingAsset');
    expect(listCall).toContain('gender=Mens');
    expect(listCall).not.toContain('status=');

    // The filter bar lives in the shell's sub-header; its options come from the server.
    const subHeader = chromeStore.get().subHeader;
    expect(subHeader).toBeTruthy();
    const bar = renderWithShell(<>{subHeader}</>, { shell: { modules }, path: '/advertising/libraries/assets?gender=Mens' });
    expect((await within(bar.container).findByTestId('filter-chips')).textContent).toContain('Gender: Mens');
    // The chips come from the URL at once; the options are asked for by the bar's own query.
    await waitFor(() => expect(fake.calls.some((c) => c.url === '/api/assets/filters?libraryType=AdvertisingAsset')).toBe(true));
    await act(async () => fireEvent.click(within(bar.container).getByTestId('filter-gender')));
    // A group of checkboxes named by the field, each named by its value and count.
    const choices = await screen.findByRole('group', { name: 'Gender' });
    const womens = within(choices).getByRole('checkbox', { name: /Womens/ });
    expect(womens.closest('label')!.textContent).toBe('Womens9');
    expect(within(choices).getByRole('checkbox', { name: /^Mens/ }).closest('label')!.textContent).toBe('Mens4');
    bar.unmount();
  });

  it('shows cards with their actions', async () => {
    configureApi({
      fetch: fakeFetch({
        'GET /api/assets': () => json(200, { data: { rows: [hero], totalCount: 1 } }),
        'GET /api/assets/filters': () => json(200, { data: {} }),
        'GET /api/assets/collection/advertisingAsset': () => json(200, { data: { collectionType: 'advertisingAsset', items: [hero._id], viewType: 'grid', totalSize: 2048, tooLarge: false, sizeLimit: 1 } }),
      }),
    });
    await act(async () => {
      renderWithShell(<BrowsePage libraryType="AdvertisingAsset" collectionType="advertisingAsset" />, { shell: { modules }, path: '/advertising/libraries/assets' });
    });
    const card = await screen.findByTestId('asset-card');
    expect((card).textContent).toContain('Spring hero');
    expect((card).textContent).toContain('Print Ad · Womens');
    expect((card).textContent).toContain('JPG · 2.00 kB');
    expect((await screen.findByTestId('collection-badge')).textContent).toContain('1');
    expect((within(card).getByTestId('collection-toggle')).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('asset-count')).textContent).toContain('1 asset');
    // Both advertising libraries are offered as tabs.
    expect((screen.getByTestId('library-tab-AdvertisingLogo')).getAttribute('href')).toBe('/advertising/libraries/logos');
    fireEvent.click(screen.getByTestId('view-list'));
    expect((await screen.findByTestId('asset-row')).textContent).toContain('Spring hero');
  });
});
