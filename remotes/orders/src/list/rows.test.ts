import { describe, expect, it } from 'vitest';
import type { GridColumn, GridSchema } from '@its/grid';
import { orderMeta } from '../api';
import { orderListSchema, stylesSchema } from './columns';
import { orderRef } from './rows';

const col = (field: string, type: GridColumn['type'] = 'text'): GridColumn => ({
  field,
  headerName: field,
  type,
  editable: false,
  validators: [],
  filterable: true,
  filterOps: type === 'text' ? ['in', 'contains', 'startsWith', 'gte', 'lte', 'gt', 'lt', 'blank'] : ['in', 'gte', 'lte', 'gt', 'lt', 'blank'],
  sortable: true,
});

/** The list views' schema as the server answers it: every area's columns. */
const served: GridSchema = {
  grid: 'orderList',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 5000,
  defaultSort: [{ field: 'orderNumber', dir: 'desc' }],
  columns: [
    col('orderNumber', 'integer'),
    col('status'),
    col('orderApprovalStatus'),
    col('approverName'),
    col('seniorApproverName'),
    col('customerName'),
    col('po'),
    col('currency'),
    col('requesterName'),
    col('coordinatorCode'),
    col('purpose'),
    col('productType'),
    col('productCount', 'integer'),
    col('createdDate', 'datetime'),
    col('submittedDate', 'datetime'),
  ],
  messages: {},
};

describe('order list rows', () => {
  it('names the order of a protocol row for the actions, and none for a row not read yet', () => {
    expect(orderRef({ id: 'o12', version: 3, orderNumber: 12, status: 'DRAFT', purpose: 'Trade show' })).toEqual({ _id: 'o12', orderNumber: 12, status: 'DRAFT' });
    expect(orderRef({ id: '__ph:140', version: 0 })).toBeNull();
    expect(orderRef(null)).toBeNull();
  });

  it("shows each area's columns of the server's schema, filtered and sorted on the server in blocks of its page size", () => {
    const promos = orderListSchema('promos', 'needs-review', served);
    expect(promos.grid).toBe('orders.list.promos.needs-review');
    expect(promos.pageSize).toBe(100);
    expect(promos.columns.map((c) => c.field)).toEqual([
      'orderNumber',
      'status',
      'orderApprovalStatus',
      'approverName',
      'seniorApproverName',
      'requesterName',
      'purpose',
      'productType',
      'productCount',
      'createdDate',
      'submittedDate',
    ]);
    expect(orderListSchema('wholesale', 'active', served).columns.map((c) => c.field)).toContain('customerName');
    expect(orderListSchema('samples', 'active-orders', served).columns.map((c) => c.field)).toContain('coordinatorCode');
    for (const c of promos.columns) {
      expect(c.filterable && c.sortable).toBe(true);
      expect(c.filterOps).toEqual(served.columns.find((s) => s.field === c.field)?.filterOps);
      expect(c.width).toBeGreaterThan(0);
    }
    // A column the server no longer has is left out rather than shown empty.
    expect(orderListSchema('samples', 'active-orders', { ...served, columns: served.columns.filter((c) => c.field !== 'purpose') }).columns.map((c) => c.field)).not.toContain('purpose');
    // The sample styles view: the server's columns over the lines, in the view's order.
    const lines = stylesSchema({ ...served, grid: 'orderStyles', columns: ['tracking', 'style', 'orderNumber', 'quantity'].map((f) => col(f)) });
    expect(lines.grid).toBe('orders.list.samples.sample-styles');
    expect(lines.columns.map((c) => c.field)).toEqual(['orderNumber', 'style', 'quantity', 'tracking']);
    expect(lines.columns[0]?.footerFigure).toBe('count');
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
