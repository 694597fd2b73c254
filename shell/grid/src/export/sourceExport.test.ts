import { describe, expect, it } from 'vitest';
import { sourceExport } from './sourceExport';

const body = {
  columns: [
    { field: 'style', headerName: 'Style' },
    { field: 'size_7', headerName: '7' },
    { field: 'quantity', headerName: 'Quantity' },
  ],
  filters: { query: '{"limit":1000}' },
  sort: [{ field: 'style', dir: 'desc' }],
  groupBy: ['status'],
  fileName: 'Order_1',
};

describe('sourceExport', () => {
  it('sends the filter tree instead of the page query and keeps columns, sort, grouping and name', () => {
    const where = { field: 'status', op: 'in' as const, values: ['DRAFT'] };
    const out = sourceExport()({ ...body, where }, where);
    expect(out.filters).toEqual({});
    expect(out.where).toEqual(where);
    expect(out.columns).toEqual(body.columns);
    expect(out.sort).toEqual(body.sort);
    expect(out.groupBy).toEqual(['status']);
    expect(out.fileName).toBe('Order_1');
  });

  it('leaves out the columns the server does not export, in their order', () => {
    const out = sourceExport({ skip: (f) => f.startsWith('size_') })(body, null);
    expect((out.columns as Array<{ field: string }>).map((c) => c.field)).toEqual(['style', 'quantity']);
  });

  it("sends the page's own filters", () => {
    const out = sourceExport({ filters: { title: { contains: 'Run' } } })(body, null);
    expect(out.filters).toEqual({ title: { contains: 'Run' } });
  });

  it('answers an empty column list for a body without columns', () => {
    expect(sourceExport()({}, null).columns).toEqual([]);
  });
});
