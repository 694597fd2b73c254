import { describe, expect, it } from 'vitest';
import { customerRef } from '../api';
import { detailsRequest } from './CustomerPicker';

describe('the wholesale customer lookup', () => {
  it('asks for details only with email, region and id (spec §5.7)', () => {
    expect(detailsRequest({ email: ' buyer@x.example ', region: 'EU', id: 'C2001' })).toEqual({ email: 'buyer@x.example', region: 'EU', id: 'C2001' });
    expect(detailsRequest({ email: '', region: 'EU', id: 'C2001' })).toBeNull();
    expect(detailsRequest({ email: 'buyer@x.example', region: ' ', id: 'C2001' })).toBeNull();
    expect(detailsRequest({ email: 'buyer@x.example', region: 'US' })).toBeNull();
  });

  it('names an order’s customer by region, id and the picked term only', () => {
    expect(customerRef({ id: 'C2001', region: 'EU', name: 'Schuhhaus Berger', currency: 'EUR', termsInfo: { code: 'S30', description: '2% 10 days' } })).toEqual({
      id: 'C2001',
      region: 'EU',
      termsInfo: { code: 'S30' },
    });
    expect(customerRef({ id: 'C1001', region: 'US', termsInfo: null })).toEqual({ id: 'C1001', region: 'US' });
  });
});
