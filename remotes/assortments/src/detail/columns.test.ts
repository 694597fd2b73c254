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
  columns: ['style', 'color', 'cost', 'suggestedRetail', 'quantity', 'productId'].map(col),
  messages: {},
};

describe('the detail grid’s columns', () => {
  it('keep every column of a regular assortment, the catalog’s initialMarkup added', () => {
    const fields = detailSchema(server, []).columns.map((c) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['style', 'cost', 'suggestedRetail', 'initialMarkup', 'quantity', 'productId']));
  });

  it('leave out the fields an internal assortment hides, from the chooser too', () => {
    const fields = detailSchema(server, [], ['initialMarkup', 'suggestedRetail']).columns.map((c) => c.field);
    expect(fields).not.toContain('initialMarkup');
    expect(fields).not.toContain('suggestedRetail');
    expect(fields).toEqual(expect.arrayContaining(['style', 'color', 'cost', 'quantity', 'productId']));
  });
});
