import { describe, expect, it } from 'vitest';
import { initialInternalForm, internalAttributes, internalFormErrors, internalQuery, needsLocation } from './form';

describe('the new internal assortment form', () => {
  const base = { ...initialInternalForm('Wholesale', new Date(2026, 0, 1)), title: 'Key initiatives' };

  it('starts as a domestic wholesale men’s footwear assortment of next year', () => {
    expect(base.year).toBe('2027');
    expect(needsLocation(base)).toBe(true);
    expect(internalFormErrors(base)).toEqual({});
  });

  it('refuses a missing title, a year out of range and a domestic wholesale one without location', () => {
    expect(internalFormErrors({ ...base, title: ' ', year: '1999', locationId: '' })).toEqual({
      title: 'titleRequired',
      year: 'yearRange',
      locationId: 'locationRequired',
    });
    expect(internalFormErrors({ ...base, channel: 'Retail', locationId: '' })).toEqual({});
  });

  it('sends the attributes with a number year and the location', () => {
    expect(internalAttributes({ ...base, title: ' Key ' })).toEqual({
      title: 'Key',
      channel: 'Wholesale',
      region: 'Domestic',
      season: 'SP',
      year: 2027,
      gender: 'Mens',
      productType: 'Footwear',
      locationId: 'US',
    });
    expect(internalAttributes({ ...base, region: 'International', locationId: '' }).locationId).toBeUndefined();
  });

  it('queries the gender (kids as boys and girls), the product type and the chosen filters', () => {
    expect(internalQuery({ ...base, pillar: 'Performance', productSeason: 'FA' })).toEqual({
      conditions: { gender: ['Mens'], productType: ['Footwear'], pillar: ['Performance'], season: ['FA'] },
    });
    expect(internalQuery({ ...base, gender: 'Kids', productType: 'All' })).toEqual({ conditions: { gender: ['Boys', 'Girls', 'Kids'] } });
    expect(internalQuery({ ...base, gender: 'Unisex', productType: 'All' })).toEqual({ conditions: {} });
  });
});
