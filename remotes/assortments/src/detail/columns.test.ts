import { describe, expect, it } from 'vitest';
import type { GridColumn, GridSchema } from '@its/grid';
import { detailSchema } from './columns';

const col = (field: string): GridColumn => ({ field, headerName: field, type: 'number', editable: true, validators: [], sortable: true });
const server: GridSchema = {
  grid: 'assortments.detail',
  idField: 'id',
  versionField: 'version',
  pageSize: 1000,
  maxLimit: 1000,
  maxBatch: 500,
  // The schema call answers the catalog's read-only values too (initialMarkup, sizeScale).
  columns: [...['style', 'color', 'cost', 'suggestedRetail', 'quantity', 'productId'].map(col), { ...col('initialMarkup'), editable: false }, { ...col('sizeScale'), type: 'text', editable: false }],
  messages: {},
};

describe('the detail grid’s columns', () => {
  it('keep every column of a regular assortment in a buyer’s order; one it does not place is hidden', () => {
    const cols = detailSchema(server, []).columns;
    expect(cols.map((c) => c.field)).toEqual(['style', 'color', 'cost', 'suggestedRetail', 'initialMarkup', 'quantity', 'productId', 'sizeScale']);
    expect(cols.find((c) => c.field === 'initialMarkup')).toMatchObject({ editable: false, width: 116 });
    expect(cols.find((c) => c.field === 'sizeScale')).toMatchObject({ hide: true });
  });

  it('leave out the fields an internal assortment hides, from the chooser too', () => {
    const fields = detailSchema(server, [], ['initialMarkup', 'suggestedRetail']).columns.map((c) => c.field);
    expect(fields).not.toContain('initialMarkup');
    expect(fields).not.toContain('suggestedRetail');
    expect(fields).toEqual(expect.arrayContaining(['style', 'color', 'cost', 'quantity', 'productId']));
  });
});
