import { describe, expect, it } from 'vitest';
import { emptyFilterState } from '@its/remote-products/api';
import { assortmentGate, gate, hiddenFields, landingPath, readQuery, seasonsPath, stateOptions, toSearch, variantSlug } from './gate';
import { internalSearchQuery } from './search';

const q = (s: string) => readQuery(new URLSearchParams(s));

describe('the internal screens’ gate', () => {
  it('reads a season code and a four-digit year, the tab defaulting to browse', () => {
    expect(q('season=fa&year=2026&locations=us&title=Mens')).toEqual({ season: 'FA', year: 2026, locations: 'US', tab: 'browse', title: 'Mens' });
    expect(q('season=XX&year=26')).toMatchObject({ season: '', year: null });
  });

  it('sends a screen without season or year to the channel’s seasons screen', () => {
    expect(gate(q('year=2026&title=x'), 'Wholesale', 'International')).toBe('/product/libraries/internal/seasons-wholesale');
    expect(gate(q('season=FA&title=x'), 'Retail', 'Domestic')).toBe(seasonsPath('Retail'));
    expect(gate(q('season=ZZ&year=2026&title=x'), 'Retail', 'Domestic')).toBe(seasonsPath('Retail'));
  });

  it('sends a browse tab without a title, or a domestic wholesale one without locations, to the landing screen', () => {
    expect(gate(q('season=FA&year=2026&locations=US'), 'Wholesale', 'Domestic')).toBe('/product/libraries/internal/landing-wholesale?season=FA&year=2026&locations=US');
    expect(gate(q('season=FA&year=2026&title=Mens'), 'Wholesale', 'Domestic')).toBe(landingPath('Wholesale', { season: 'FA', year: 2026 }));
    expect(gate(q('season=FA&year=2026&tab=browse'), 'Retail', 'International')).toBe(landingPath('Retail', { season: 'FA', year: 2026 }));
  });

  it('lets a screen with what it needs show', () => {
    expect(gate(q('season=FA&year=2026&locations=US&title=Mens'), 'Wholesale', 'Domestic')).toBeNull();
    expect(gate(q('season=SP&year=2027&tab=assortments'), 'Retail', 'International')).toBeNull();
    expect(variantSlug('Wholesale', 'International')).toBe('international-wholesale');
  });
});

describe('an internal assortment’s pages against their address', () => {
  const a = { title: 'Key initiatives', channel: 'Wholesale', region: 'Domestic', season: 'FA', year: 2026, locationId: 'US' };

  it('fill in what is missing from the assortment', () => {
    expect(assortmentGate(new URLSearchParams(''), a)).toEqual({ search: 'season=FA&year=2026&locations=US&title=Key+initiatives' });
    expect(assortmentGate(new URLSearchParams('season=FA&year=2026'), { ...a, region: 'International' })).toEqual({ search: 'season=FA&year=2026&title=Key+initiatives' });
    expect(assortmentGate(new URLSearchParams('q=run&mode=video'), a)).toEqual({ search: 'q=run&mode=video&season=FA&year=2026&locations=US&title=Key+initiatives' });
  });

  it('leave a complete address alone', () => {
    expect(assortmentGate(new URLSearchParams(toSearch({ season: 'FA', year: 2026, locations: 'US', title: 'Key initiatives' })), a)).toBeNull();
  });

  it('send a season or year that is not the assortment’s to the seasons screen', () => {
    expect(assortmentGate(new URLSearchParams('season=SP&year=2026'), a)).toEqual({ redirect: '/product/libraries/internal/seasons-wholesale' });
    expect(assortmentGate(new URLSearchParams('season=FA&year=20x6'), a)).toEqual({ redirect: seasonsPath('Wholesale') });
  });
});

describe('internal assortments’ columns and states', () => {
  it('hide initialMarkup, and suggestedRetail in the US', () => {
    expect(hiddenFields('US')).toEqual(['initialMarkup', 'suggestedRetail']);
    expect(hiddenFields('ca')).toEqual(['initialMarkup']);
  });

  it('offer only published to the editors with publishedStateOnly', () => {
    expect(stateOptions(true)).toEqual(['published']);
    expect(stateOptions(false)).toEqual(['published', 'archived', 'unpublished']);
  });
});

describe('the search-all filter bar', () => {
  const a = { gender: 'Kids', productType: 'Footwear', locationId: 'CA' };
  const filters = { text: 'run', conditions: { division: ['Sport'] } };

  it('keeps to the assortment’s gender and product type', () => {
    expect(internalSearchQuery(filters, a, false)).toEqual({ locationId: 'CA', text: 'run', conditions: { gender: ['Boys', 'Girls', 'Kids'], productType: ['Footwear'], division: ['Sport'] } });
  });

  it('searches the whole catalog with search all, a bar filter winning over the base', () => {
    expect(internalSearchQuery(filters, a, true)).toEqual({ locationId: 'CA', text: 'run', conditions: { division: ['Sport'] } });
    expect(internalSearchQuery({ text: '', conditions: { productType: ['Apparel'] } }, a, false).conditions?.productType).toEqual(['Apparel']);
    expect(internalSearchQuery(emptyFilterState, { gender: 'Unisex', productType: 'All', locationId: 'US' }, false)).toEqual({ locationId: 'US' });
  });
});
