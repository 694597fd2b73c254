import { describe, expect, it } from 'vitest';
import { orderMeta, type Order } from '../api';
import { orderRows, styleRows } from './rows';

const order = (n: number, extra: Partial<Order> = {}) => ({ _id: `o${n}`, orderNumber: n, version: 2, status: 'SUBMITTED', customer: null, ...extra }) as Order;

describe('order list rows', () => {
  it('keeps the server order (newest number first) and carries the order for the actions', () => {
    const rows = orderRows([order(12, { customer: { name: 'Bayside Footwear' } }), order(11)]);
    expect(rows.map((r) => r.orderNumber)).toEqual([12, 11]);
    expect(rows[0]?.customerName).toBe('Bayside Footwear');
    expect((rows[1]?.order as Order)._id).toBe('o11');
  });

  it('lists each line of each order in the sample styles view', () => {
    const rows = styleRows([order(5, { products: [{ id: 'a', version: 1, style: '10306' }, { id: 'b', version: 4, style: '12000' }] })]);
    expect(rows.map((r) => [r.id, r.orderNumber, r.style, r.version])).toEqual([
      ['o5:a', 5, '10306', 1],
      ['o5:b', 5, '12000', 4],
    ]);
  });

  it('reads the route meta of §2.5', () => {
    expect(orderMeta({ orderType: 'promos', orderSubtype: 'needs-review', allowCoordinatorChange: false, queryRequest: { limit: 1000 } })).toEqual({
      area: 'promos',
      subtype: 'needs-review',
      allowCoordinatorChange: false,
      queryRequest: { limit: 1000 },
    });
    expect(orderMeta(undefined).subtype).toBe('active-orders');
  });
});
