import { describe, expect, it } from 'vitest';
import type { GridRow } from '@its/grid';
import type { AssortmentBatchResult } from '../api';
import { fromAssortmentBatch, toAssortmentBatch } from './source';

describe('grid batches as assortment product batches', () => {
  it('maps updates, deletes and typed rows (new, with their style and colour)', () => {
    expect(
      toAssortmentBatch({
        update: [{ id: '4', version: 2, changes: { discountPercent: 10 } }],
        delete: [{ id: '5', version: 1 }],
        add: [{ tempId: 'new-1', values: { style: '100513', color: 'BLU', label: 'Hero' } }],
      }),
    ).toEqual({
      updateProducts: [{ id: '4', version: 2, changes: { discountPercent: 10 } }],
      deleteProducts: [{ id: '5', version: 1 }],
      addProducts: [{ tempId: 'new-1', style: '100513', color: 'BLU', isNew: true, values: { label: 'Hero' } }],
      source: 'style',
    });
  });

  it('hands the kit every changed row (colours the style note reached too), the added ones and the deleted', () => {
    const rows = new Map<string, GridRow>([['5', { id: '5', version: 1, style: 'X' }]]);
    const res = {
      rows: [
        { id: '4', version: 3, styleNote: 'n' },
        { id: '6', version: 2, styleNote: 'n' },
        { id: '9', version: 1, style: '100513' },
      ],
      tempIds: { 'new-1': '9' },
      deletedIds: ['5'],
    } as unknown as AssortmentBatchResult;
    const out = fromAssortmentBatch(res, (id) => rows.get(id));
    expect(out.updated.map((r) => r.id)).toEqual(['4', '6']);
    expect(out.added).toEqual([{ tempId: 'new-1', row: { id: '9', version: 1, style: '100513' } }]);
    expect(out.deleted).toEqual([{ id: '5', version: 1, style: 'X' }]);
  });
});
