import { describe, expect, it } from 'vitest';
import type { GridRow } from '@its/grid';
import { fromOrderBatch, lineSchema, matrixSizes, mergeSizes, parsePastedStyles, sizeField, toGridRow, toOrderBatch } from './lines';

const row = (fields: Record<string, unknown>): GridRow => ({ id: 'l1', version: 3, ...fields });

describe('order lines in the grid kit', () => {
  it('spreads a wholesale size matrix over its size columns with the total', () => {
    const r = toGridRow(row({ style: '10306', color: 'BLK', sizes: '{"9":4,"9.5":2,"10":0}' }));
    expect(r[sizeField('9')]).toBe(4);
    expect(r[sizeField('9.5')]).toBe(2);
    expect(r[sizeField('10')]).toBeUndefined();
    expect(r.totalUnits).toBe(6);
    expect(r.sizes).toEqual({ '9': 4, '9.5': 2 });
  });

  it('shows the size run and any other size a line holds', () => {
    const sizes = matrixSizes([row({ sizes: { '15': 1, '9': 2 } })]);
    expect(sizes).toContain('9');
    expect(sizes[sizes.length - 1]).toBe('15');
  });

  it('offers the sizes of the lines\' ranges when the server names them, not the shoe run', () => {
    expect(matrixSizes([row({ sizes: { M: 2 } })], ['S', 'M', 'L'])).toEqual(['S', 'M', 'L']);
    expect(matrixSizes([row({ sizes: { '6': 1 } })], ['7', '8'])).toEqual(['7', '8', '6']);
  });

  it('merges edited size cells into the confirmed matrix; emptied cells leave it', () => {
    const confirmed = row({ sizes: { '9': 4, '10': 1 } });
    expect(mergeSizes(confirmed, { [sizeField('9')]: 6, [sizeField('10')]: null, [sizeField('11.5')]: '3' })).toEqual({ '9': 6, '11.5': 3 });
  });

  it('turns a kit batch into an order batch: fields, the matrix, promo statuses, adds and drops', () => {
    const confirmed = new Map([['l1', row({ sizes: { '9': 4 } })]]);
    const batch = toOrderBatch(
      {
        update: [
          { id: 'l1', version: 3, changes: { packCode: 'm12', [sizeField('10')]: 2 } },
          { id: 'l2', version: 1, changes: { status: 'DENIED' } },
        ],
        add: [{ tempId: 't1', values: { style: ' 10306 ', color: 'blk', quantity: 2 } }],
        delete: [{ id: 'l3', version: 7 }],
      },
      (id) => confirmed.get(id),
    );
    expect(batch.updateProducts).toEqual([{ id: 'l1', version: 3, changes: { packCode: 'm12', sizes: { '9': 4, '10': 2 } } }]);
    expect(batch.status).toEqual([{ id: 'l2', version: 1, status: 'DENIED' }]);
    expect(batch.addProducts).toEqual([{ tempId: 't1', style: '10306', color: 'BLK', values: { quantity: 2 } }]);
    expect(batch.dropProducts).toEqual([{ id: 'l3', version: 7 }]);
  });

  it('answers the server rows as grid rows', () => {
    const res = fromOrderBatch({ updated: [row({ sizes: { '8': 1 } })], added: [{ tempId: 't', row: row({ id: 'n', sizes: null }) }], deleted: [] });
    expect(res.updated[0]?.totalUnits).toBe(1);
    expect(res.added[0]?.tempId).toBe('t');
  });

  it('lets only an approver edit the promo status column, and never the sample one', () => {
    const status = (area: 'promos' | 'samples', approver: boolean) => lineSchema(area, [], approver).columns.find((c) => c.field === 'status');
    expect(status('promos', true)?.editable).toBe(true);
    expect(status('promos', true)?.options).toEqual(['APPROVED', 'DENIED']);
    expect(status('promos', false)?.editable).toBe(false);
    expect(status('samples', true)?.editable).toBe(false);
    const style = lineSchema('wholesale', ['9'], false).columns.find((c) => c.field === 'style');
    expect(style?.editableWhen).toBe('newRows');
  });

  it('reads pasted style/colour lines with an optional quantity', () => {
    expect(parsePastedStyles('10306\tblk/wht\t2\r\n\n12345, RED\nonly\n99 GRY x')).toEqual([
      { style: '10306', color: 'BLK/WHT', quantity: 2 },
      { style: '12345', color: 'RED' },
      { style: '99', color: 'GRY' },
    ]);
  });
});
