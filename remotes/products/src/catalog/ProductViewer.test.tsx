import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ProductViewer, productAngles, type ViewerRow } from './ProductViewer';
import type { Product, ProductLocation } from '../api';

const loc = (code: string, lineStatus: string): ProductLocation => ({
  code,
  currencySymbol: code === 'JP' ? '¥' : '$',
  decimalPlaces: code === 'JP' ? 0 : 2,
  lineStatus,
  sizeRange: '7-12',
  wholesalePrice: 50,
  originalCost: 40,
  suggestedRetail: 100,
  markupPercent: 50,
  statusDate: null,
  lastProdDate: null,
  addDate: null,
  firstAvailDate: null,
  totalInventory: 30,
  availability: [{ size: '9', inventory: 30, date: '2025-03-01', upc: '1' }],
});

const product = {
  id: '12345_BLK',
  version: 0,
  style: '12345',
  color: 'BLK',
  name: 'Trail Boot',
  image: '/api/products/images/12345_BLK/image.png',
  thumbnail: '/api/products/images/12345_BLK/thumbnail.png',
  colorDescription: 'Black',
  division: 'Mens Footwear',
  gender: 'Mens',
  productType: 'Footwear',
  season: 'FA',
  year: 2025,
  region: 'Domestic',
  channel: 'Wholesale',
  description: 'A waterproof boot for the trail.',
  features: ['Waterproof', 'Vibram sole'],
  cost: 40,
  netCost: 38,
  suggestedRetail: 100,
  discountPercent: null,
  initialMarkup: 60,
  locations: [loc('US', 'A'), loc('JP', 'D')],
} as Product;

function show(ui: React.ReactNode) {
  const qc = new QueryClient();
  qc.setQueryData(['products', 'fetch', product.id], product);
  return render(
    <QueryClientProvider client={qc}>
      <IntlProvider locale="en-US">{ui}</IntlProvider>
    </QueryClientProvider>,
  );
}

describe('the angle gallery', () => {
  it('offers the server three angles of a catalog image, and one of any other picture', () => {
    expect(productAngles('/api/products/images/1_A/image.png', 'print')).toEqual([
      { angle: 'side', src: '/api/products/images/1_A/print.png', thumb: '/api/products/images/1_A/thumbnail.png' },
      { angle: 'medial', src: '/api/products/images/1_A/print-medial.png', thumb: '/api/products/images/1_A/thumbnail-medial.png' },
      { angle: 'detail', src: '/api/products/images/1_A/print-detail.png', thumb: '/api/products/images/1_A/thumbnail-detail.png' },
    ]);
    expect(productAngles('/api/blobs/upload/x.jpg')).toEqual([{ angle: 'side', src: '/api/blobs/upload/x.jpg', thumb: '/api/blobs/upload/x.jpg' }]);
    expect(productAngles('')).toEqual([]);
  });
});

describe('the product detail viewer', () => {
  it('in the side panel: info, prices, availability and marketing, no assortment panels', () => {
    show(<ProductViewer id={product.id} layout="panel" />);
    expect(screen.getByTestId('product-panel')).toBeTruthy();
    expect(screen.queryByTestId('panel-tab-notes')).toBeNull();
    expect(screen.queryByTestId('panel-tab-quantities')).toBeNull();
    fireEvent.click(screen.getByTestId('panel-tab-marketing'));
    expect(screen.getByTestId('product-marketing').textContent).toContain('Vibram sole');
    fireEvent.click(screen.getByTestId('panel-tab-prices'));
    expect(screen.getAllByTestId('product-price-row').map((r) => r.getAttribute('data-location'))).toEqual(['US', 'JP']);
  });

  it("in the showroom: the assortment's notes and quantities, and only its location when asked", () => {
    const row: ViewerRow = { styleNote: 'Lead the meeting with it', quantity: 24, quantityOnHand: 8, sellThru: 75, cost: 41 };
    show(<ProductViewer id={product.id} layout="full" row={row} locationOnly="US" />);
    expect(screen.getByTestId('product-viewer').getAttribute('data-layout')).toBe('full');
    fireEvent.click(screen.getByTestId('panel-tab-notes'));
    expect(screen.getByTestId('product-notes').textContent).toContain('Lead the meeting with it');
    fireEvent.click(screen.getByTestId('panel-tab-quantities'));
    expect(screen.getByTestId('product-quantities').textContent).toContain('24');
    expect(screen.getByTestId('product-quantities').textContent).toContain('75%');
    fireEvent.click(screen.getByTestId('panel-tab-prices'));
    expect(screen.getAllByTestId('product-price-row').map((r) => r.getAttribute('data-location'))).toEqual(['US']);
    expect(screen.getByTestId('product-assortment-prices').textContent).toContain('$41.00');
  });

  it('switches the angle from the strip', () => {
    show(<ProductViewer id={product.id} layout="full" />);
    const gallery = screen.getByTestId('product-gallery');
    expect(gallery.getAttribute('data-angle')).toBe('side');
    fireEvent.click(screen.getAllByTestId('product-angle')[2]!);
    expect(gallery.getAttribute('data-angle')).toBe('detail');
    expect(gallery.querySelector('figure img')?.getAttribute('src')).toBe('/api/products/images/12345_BLK/print-detail.png');
  });
});
