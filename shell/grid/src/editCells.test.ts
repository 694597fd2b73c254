import { describe, expect, it } from 'vitest';
import { buildEditEntries, commonValue, inputFor } from './editCells';
import type { GridColumn, GridRow } from './types';

const col = (field: string, type: GridColumn['type'], editable = true): GridColumn => ({ field, headerName: field, type, editable, editableWhen: 'always', validators: [] });
const cols = [col('style', 'text', false), col('status', 'list'), col('qty', 'integer'), col('due', 'date'), col('tags', 'multiSelect')];
const rows: GridRow[] = [
  { id: 'a', version: 1, style: '100', status: 'Active', qty: 1, due: '2026-01-02', tags: ['x'] },
  { id: 'b', version: 1, style: '101', status: 'Active', qty: 2, due: null, tags: ['x'] },
  { id: 'f', version: 1, style: 'folder', status: null, qty: null, due: null, tags: null },
];
const labelled = rows.map((row, i) => ({ row, label: String(i + 1) }));
const canEdit = (row: GridRow, c: GridColumn) => c.editable && row.id !== 'f';

describe('buildEditEntries', () => {
  it('writes each ticked field into every editable cell of the range, row by row', () => {
    const entries = buildEditEntries(labelled, cols, { status: { change: true, value: 'Inactive' }, qty: { change: true, value: '7' }, due: { change: true, value: '2026-03-01' }, tags: { change: true, value: ['y', 'z'] } }, canEdit);
    expect(entries).toEqual([
      { rowId: 'a', field: 'status', raw: 'Inactive', rowLabel: '1' },
      { rowId: 'a', field: 'qty', raw: '7', rowLabel: '1' },
      { rowId: 'a', field: 'due', raw: '2026-03-01', rowLabel: '1' },
      { rowId: 'a', field: 'tags', raw: ['y', 'z'], rowLabel: '1' },
      { rowId: 'b', field: 'status', raw: 'Inactive', rowLabel: '2' },
      { rowId: 'b', field: 'qty', raw: '7', rowLabel: '2' },
      { rowId: 'b', field: 'due', raw: '2026-03-01', rowLabel: '2' },
      { rowId: 'b', field: 'tags', raw: ['y', 'z'], rowLabel: '2' },
    ]);
  });

  it('leaves unticked fields, read-only columns and read-only rows alone; an empty list clears', () => {
    const entries = buildEditEntries(labelled, cols, { style: { change: true, value: 'X' }, status: { change: false, value: 'Inactive' }, tags: { change: true, value: [] } }, canEdit);
    expect(entries).toEqual([
      { rowId: 'a', field: 'tags', raw: null, rowLabel: '1' },
      { rowId: 'b', field: 'tags', raw: null, rowLabel: '2' },
    ]);
    expect(buildEditEntries(labelled, cols, {}, canEdit)).toEqual([]);
  });
});

describe('commonValue and inputFor', () => {
  it('starts a field with the value every row shares, else blank', () => {
    expect(commonValue(cols[1]!, rows.slice(0, 2))).toBe('Active');
    expect(commonValue(cols[2]!, rows.slice(0, 2))).toBe('');
    expect(commonValue(cols[4]!, rows.slice(0, 2))).toEqual(['x']);
    expect(commonValue(cols[4]!, rows)).toEqual([]);
    expect(commonValue(col('flag', 'boolean'), [{ id: 'a', version: 1, flag: true }])).toBe('true');
  });

  it('gives each column type its input', () => {
    expect(['text', 'integer', 'number', 'list', 'multiSelect', 'date', 'boolean', 'datetime'].map((t) => inputFor(t as GridColumn['type']))).toEqual(['text', 'number', 'number', 'choice', 'multi', 'date', 'boolean', 'text']);
  });
});
