import { describe, expect, it } from 'vitest';
import { emptyPromoFilters, promoFilterCount, promoFilters, promoStatuses } from './promoFilters';

describe('promo order filter bar (product spec §2.6)', () => {
  it('sends nothing while no filter is set', () => {
    expect(promoFilters(emptyPromoFilters)).toEqual({});
    expect(promoFilterCount(emptyPromoFilters)).toBe(0);
  });

  it('turns the bar into the list grid filters, run on the server', () => {
    const f = promoFilters({ status: 'REQUIRES APPROVER', requester: ' Dana ', coordinator: 'c01', productType: 'Apparel', created: ['2026-03-02', '2026-03-05'] });
    expect(f).toEqual({
      status: ['REQUIRES APPROVER'],
      requesterName: { contains: 'Dana' },
      coordinatorCode: { contains: 'c01' },
      productType: ['Apparel'],
      // The user's days as instants (created is a timestamp): the whole last day is in, before the next midnight.
      createdDate: { gte: new Date(2026, 2, 2).toISOString(), lt: new Date(2026, 2, 6).toISOString() },
    });
    expect(promoFilterCount({ ...emptyPromoFilters, requester: 'x', created: ['2026-03-02', '2026-03-05'] })).toBe(2);
  });

  it('leaves out an incomplete date range and crosses month ends', () => {
    expect(promoFilters({ ...emptyPromoFilters, created: ['2026-03-02'] })).toEqual({});
    expect(promoFilters({ ...emptyPromoFilters, created: ['2026-01-20', '2026-01-31'] }).createdDate).toEqual({ gte: new Date(2026, 0, 20).toISOString(), lt: new Date(2026, 1, 1).toISOString() });
  });

  it('offers the statuses of the view', () => {
    expect(promoStatuses('needs-review')).toEqual(['DRAFT', 'REQUIRES APPROVER', 'REQUIRES SENIOR']);
    expect(promoStatuses('reviewed')).toEqual(['REVIEW COMPLETE', 'PROCESSED', 'FINALIZED']);
    expect(promoStatuses('nope')).toEqual([]);
  });
});
