import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi, type ModuleEntry } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import type { Asset, Landing } from '../api/types';
import { AssetsLanding } from './AssetsLanding';

const modules: ModuleEntry[] = [
  {
    id: 'libraries',
    title: 'module.libraries',
    routes: [
      { path: '/advertising/libraries/assets-landing', name: 'al', expose: './AssetsLanding', meta: { manageType: 'AdvertisingAsset' } },
      { path: '/advertising/libraries/assets', name: 'a', expose: './AssetList', meta: { manageType: 'AdvertisingAsset' } },
    ],
  },
];

const asset = (id: string, name: string, assetType: string, thumbnail?: string): Asset => ({
  _id: id,
  libraryType: 'AdvertisingAsset',
  status: 'Published',
  name,
  assetType,
  modifiedDate: '2026-01-15T09:00:00Z',
  locations: [],
  files: [{ _id: `f${id}`, usageType: 'Primary', filename: `${id}.jpg`, content: 'image/jpeg', fileSize: 2048, groups: [], state: 'Success', addMethod: 'Upload', modifiedDate: '', thumbnail }],
});

const hero = asset('1', 'Spring 26 Womens Court Classic Print Ad', 'Print Ad', '/blobs/thumbs/1.jpg');
const banner = asset('2', 'Fall 25 Mens Trail Runner Banner', 'Banner');

// More published items than one browse page: the counts come from the server.
const answer: Landing = {
  total: 1234,
  facet: 'assetType',
  tiles: [
    { value: 'Print Ad', count: 640, sample: hero },
    { value: 'Banner', count: 594, sample: null },
  ],
  recent: [hero, banner],
};

describe('library landing page', () => {
  it('shows the tiles, total and newest items the server computed', async () => {
    const fake = fakeFetch({ 'GET /api/assets/landing': () => json(200, { data: answer }) });
    configureApi({ fetch: fake });
    await act(async () => {
      renderWithShell(<AssetsLanding libraryType="AdvertisingAsset" />, { shell: { modules }, path: '/advertising/libraries/assets-landing' });
    });
    const tiles = await screen.findAllByTestId('landing-tile');
    expect(tiles.map((t) => t.textContent)).toEqual(['Print Ad640 items', 'Banner594 items']);
    // Each tile opens the list filtered by the server's landing field.
    expect(tiles[0]!.getAttribute('href')).toBe('/advertising/libraries/assets?assetType=Print+Ad');
    // The sample's picture, or the folder icon when no item of the value has one.
    expect(tiles[0]!.querySelector('img')?.getAttribute('src')).toBe('/blobs/thumbs/1.jpg');
    expect(tiles[1]!.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Browse by Asset type' })).toBeTruthy();
    expect(screen.getByTestId('library-landing').textContent).toContain('1,234 published items');
    expect(screen.getByTestId('landing-all').getAttribute('href')).toBe('/advertising/libraries/assets');
    const recent = screen.getByRole('heading', { name: 'Recently updated' }).closest('section')!;
    const names = [...recent.querySelectorAll('a')].map((a) => [a.querySelector('.lib-recent__name')?.textContent, a.getAttribute('href')]);
    expect(names).toEqual([
      [hero.name, `/advertising/libraries/assets?asset=${hero._id}`],
      [banner.name, `/advertising/libraries/assets?asset=${banner._id}`],
    ]);
    // One call, for this library; no asset pages are downloaded to count.
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/assets/landing?libraryType=AdvertisingAsset']);
  });

  it('says so when the library has no published items, and when it cannot be loaded', async () => {
    configureApi({ fetch: fakeFetch({ 'GET /api/assets/landing': () => json(200, { data: { total: 0, facet: 'category', tiles: [], recent: [] } }) }) });
    let view!: ReturnType<typeof renderWithShell>;
    await act(async () => {
      view = renderWithShell(<AssetsLanding libraryType="AdvertisingLogo" />, { shell: { modules }, path: '/advertising/libraries/logos-landing' });
    });
    expect((await screen.findByText('No assets available.')).textContent).toBe('No assets available.');
    expect(screen.getByRole('heading', { name: 'Browse by Category' })).toBeTruthy();
    expect(screen.getByTestId('library-landing').textContent).toContain('0 published items');
    expect(screen.queryByTestId('landing-tile')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recently updated' })).toBeNull();
    view.unmount();

    configureApi({ fetch: fakeFetch({ 'GET /api/assets/landing': () => json(500, { message: 'boom', messageCode: 'ITS_ERR_INTERNAL' }) }) });
    await act(async () => {
      renderWithShell(<AssetsLanding libraryType="AdvertisingAsset" />, { shell: { modules }, path: '/advertising/libraries/assets-landing' });
    });
    expect((await screen.findByText('The library could not be loaded.')).textContent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByTestId('library-landing').textContent).not.toContain('published items');
  });
});
