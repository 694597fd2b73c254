import { describe, expect, it } from 'vitest';
import { initialText, matchOptions } from './CellEditor';
import { fileNameFrom } from './export';
import type { GridColumn } from './types';

const date: GridColumn = { field: 'moldDate', headerName: 'Mold Date', type: 'date', editable: true, editableWhen: 'always', validators: ['date'] };

describe('cell editor', () => {
  it('starts from the typed key, empty on Delete/Backspace, else the cell text', () => {
    expect(initialText(date, '2025-03-07', null)).toBe('03/07/2025');
    expect(initialText(date, '2025-03-07', 'F2')).toBe('03/07/2025');
    expect(initialText(date, '2025-03-07', '4')).toBe('4');
    expect(initialText(date, '2025-03-07', 'Backspace')).toBe('');
  });
  it('offers matching options, those starting with the text first', () => {
    expect(matchOptions(['Available', 'On Hold', 'Damaged'], 'a')).toEqual(['Available', 'Damaged']);
    expect(matchOptions(['L', 'R', 'Pair'], 'p')).toEqual(['Pair']);
    expect(matchOptions(['L', 'R'], '')).toEqual(['L', 'R']);
  });
});

describe('export', () => {
  it('reads the file name of the answer', () => {
    expect(fileNameFrom(`attachment; filename="a b.xlsx"; filename*=UTF-8''Samples%20%C3%A9.xlsx`)).toBe('Samples é.xlsx');
    expect(fileNameFrom('attachment; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(fileNameFrom(null)).toBeNull();
  });
});
