import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouteContext, configureApi, setRemoteLoader } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { product } from './fixtures';
import { PrototypesPage } from './PrototypesPage';

// In the shell the products remote's viewer comes through module federation; here its exposed
// module is read directly.
setRemoteLoader(async (_remote, expose) => (await import('../../../products/src/catalog/exposed'))[expose.slice(2) as 'ProductViewer']);

const full = {
  style: '1001',
  color: '001',
  name: 'Court Classic',
  image: '/api/products/images/1001_001/image.png',
  thumbnail: '/api/products/images/1001_001/thumbnail.png',
  colorDescription: 'Black',
  division: 'Footwear',
  gender: 'Womens',
  productType: 'Footwear',
  season: 'Spring',
  year: 2026,
  locations: [],
};

describe('prototypes page', () => {
  it('shows the playground its route names, under its title and the four tabs', async () => {
    const fake = fakeFetch({
      'GET /api/products': () => json(200, { data: { rows: [product('1001', '001', 'Court Classic')], totalCount: 1 } }),
      'POST /api/products/fetch': () => json(200, { data: [{ id: '1001_001', ...full }] }),
    });
    configureApi({ fetch: fake });
    await act(async () => {
      renderWithShell(
        <RouteContext.Provider value={{ moduleId: 'libraries', name: 'prototypes--product-detail', path: '/prototypes/product-detail', layout: 'main', meta: { page: 'product-detail' } }}>
          <PrototypesPage />
        </RouteContext.Provider>,
        { path: '/prototypes/product-detail' },
      );
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Product detail');
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/prototypes/product-detail');
    // Until a style is searched, the catalog's first product is in the detail viewer.
    const viewer = await screen.findByTestId('product-viewer');
    expect(viewer.getAttribute('data-product')).toBe('1001_001');
    expect(await screen.findByRole('heading', { name: 'Court Classic' })).toBeTruthy();
  });

  it('falls back to drag and drop for a route without a known page', async () => {
    configureApi({ fetch: fakeFetch({ 'GET /api/products': () => json(200, { data: { rows: [], totalCount: 0 } }) }) });
    await act(async () => {
      renderWithShell(
        <RouteContext.Provider value={{ moduleId: 'libraries', name: 'prototypes', path: '/prototypes', layout: 'main', meta: {} }}>
          <PrototypesPage />
        </RouteContext.Provider>,
        { path: '/prototypes' },
      );
    });
    expect(screen.getByTestId('prototype-dragdrop')).toBeTruthy();
    expect(await screen.findByText('No products match.')).toBeTruthy();
  });
});
