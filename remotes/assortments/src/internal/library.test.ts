import { describe, expect, it } from 'vitest';
import type { TocEntry } from './api';
import { readQuery } from './gate';
import { assortmentParam, assortmentSearch, cardPath, landingSections, libraryLinks, titleEntries, withoutAssortment } from './library';

const entry = (over: Partial<TocEntry>): TocEntry => ({
  _id: '00000000-0000-0000-0000-000000000001',
  title: 'Mens Wholesale FA26',
  channel: 'Wholesale',
  region: 'Domestic',
  season: 'FA',
  year: 2026,
  gender: 'Mens',
  productType: 'Footwear',
  locationId: 'US',
  productCount: 10,
  modifiedDate: '2026-01-01T00:00:00Z',
  editable: true,
  ...over,
});

const toc = [
  entry({ _id: 'a', title: 'Key items', gender: 'Womens', productCount: 4 }),
  entry({ _id: 'b', title: 'Key items', gender: 'Mens', productCount: 6 }),
  entry({ _id: 'c', title: 'Key items', gender: 'Mens', locationId: 'PR', productCount: 2 }),
  entry({ _id: 'd', title: 'Best sellers', region: 'International', locationId: 'CA', productCount: 3 }),
  entry({ _id: 'e', title: 'Retail only', channel: 'Retail', productCount: 9 }),
];

describe('the product library’s internal landing', () => {
  it('lists every region of the channel, titles alphabetically, domestic wholesale apart per location', () => {
    const s = landingSections(toc, 'Wholesale');
    expect(s.map((x) => x.region)).toEqual(['Domestic', 'International']);
    expect(s[0]!.cards.map((c) => [c.title, c.locations, c.products, c.genders])).toEqual([
      ['Key items', 'PR', 2, ['Mens']],
      ['Key items', 'US', 10, ['Womens', 'Mens']],
    ]);
    expect(s[1]!.cards.map((c) => [c.title, c.locations])).toEqual([['Best sellers', '']]);
  });

  it('keeps an empty region (its empty state) and the asked location only', () => {
    const s = landingSections(toc, 'Retail', 'US');
    expect(s.map((x) => x.cards.length)).toEqual([1, 0]);
    expect(s[0]!.cards[0]!.locations).toBe('');
    expect(landingSections(toc, 'Wholesale', 'PR')[0]!.cards.map((c) => c.locations)).toEqual(['PR']);
  });

  it('links a card to its variant screen with the browse tab, its title and its location', () => {
    const [dom, intl] = landingSections(toc, 'Wholesale');
    expect(cardPath('Wholesale', { season: 'FA', year: 2026 }, dom!.cards[1]!)).toBe(
      '/product/libraries/internal/domestic-wholesale?season=FA&year=2026&locations=US&tab=browse&title=Key+items',
    );
    expect(cardPath('Wholesale', { season: 'FA', year: 2026 }, intl!.cards[0]!)).toBe('/product/libraries/internal/international-wholesale?season=FA&year=2026&tab=browse&title=Best+sellers');
  });
});

describe('the product library’s variant screen', () => {
  it('shows the title’s assortments of the variant, season, year and (domestic wholesale) location, by gender', () => {
    const q = readQuery(new URLSearchParams('season=FA&year=2026&locations=US&title=Key items'));
    expect(titleEntries(toc, 'Wholesale', 'Domestic', q).map((e) => e._id)).toEqual(['b', 'a']);
    expect(titleEntries(toc, 'Wholesale', 'Domestic', { ...q, year: 2025 })).toEqual([]);
    expect(titleEntries(toc, 'Wholesale', 'International', { ...q, title: 'Best sellers', locations: '' }).map((e) => e._id)).toEqual(['d']);
  });

  it('carries the screen query and the assortment to the divider and detail pages', () => {
    const search = assortmentSearch({ season: 'FA', year: 2026, title: 'Key items', locations: 'US', tab: '' }, 'abc');
    expect(search).toBe('?season=FA&year=2026&locations=US&tab=browse&title=Key+items&assortment=abc');
    const links = libraryLinks('/home', search);
    expect(links.divider('run & trail')).toBe(`/product/libraries/internal/divider/run%20%26%20trail${search}`);
    expect(links.detail('1234_BLK')).toBe(`/product/libraries/internal/detail/1234_BLK${search}`);
  });

  it('reads only a well-formed assortment id; without one the page goes to the channel’s seasons', () => {
    expect(assortmentParam(new URLSearchParams('assortment=8c0f7a52-1d3e-4a55-9b5e-0c9f2d7e1a10'))).toBe('8c0f7a52-1d3e-4a55-9b5e-0c9f2d7e1a10');
    expect(assortmentParam(new URLSearchParams('assortment=../x'))).toBe('');
    expect(withoutAssortment(new URLSearchParams('channel=retail'))).toBe('/product/libraries/internal/seasons-retail');
    expect(withoutAssortment(new URLSearchParams(''))).toBe('/product/libraries/internal/seasons-wholesale');
  });
});
