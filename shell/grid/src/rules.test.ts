import { describe, expect, it } from 'vitest';
import { applyRules, displayText, fillMessage, formatDate, isCellEditable, isNumericKeyAllowed, parseDate, sameValue } from './rules';
import type { GridColumn } from './types';

// The values each rule keeps or refuses are the shared vectors (vectors.test.ts, read by the
// server's tests too); this file holds what only the browser does.

const col = (p: Partial<GridColumn>): GridColumn => ({
  field: 'f',
  headerName: 'Field',
  type: 'text',
  editable: true,
  editableWhen: 'always',
  validators: [],
  ...p,
});

const ok = (v: unknown) => ({ ok: true, value: v });

describe('refusals tell the grid what to do', () => {
  it('a refused discount clears the cell', () => {
    const c = col({ type: 'number', validators: ['discount'], headerName: 'Discount %' });
    for (const v of ['101', '-1', 'abc', '12,5', '1e999']) expect(applyRules(c, v)).toEqual(expect.objectContaining({ ok: false, rule: 'discount', clear: true }));
  });
  it('a refused number keeps the old value and names the value as typed', () => {
    const c = col({ type: 'number', validators: ['numeric'] });
    for (const v of ['0x10', '12abc', 'NaN', '1e999']) expect(applyRules(c, ` ${v}`)).toEqual({ ok: false, rule: 'numeric', messageKey: 'numeric', input: ` ${v}`, clear: false });
  });
  it('a refused list value names the value as typed', () => {
    const list = col({ type: 'list', validators: ['list'], options: ['L', 'R', 'Pair'], headerName: 'Side' });
    expect(applyRules(list, 'Both')).toEqual(expect.objectContaining({ ok: false, rule: 'list', input: 'Both' }));
  });
});

describe('numeric keys', () => {
  it('blocks keys other than digits, dot, comma and control keys', () => {
    for (const key of ['1', '0', '.', ',', 'Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'Home', 'Shift']) expect(isNumericKeyAllowed({ key })).toBe(true);
    for (const key of ['-', 'a', 'e', '+', ' ', '$']) expect(isNumericKeyAllowed({ key })).toBe(false);
    expect(isNumericKeyAllowed({ key: 'v', ctrlKey: true })).toBe(true);
    expect(isNumericKeyAllowed({ key: 'z', metaKey: true })).toBe(true);
  });
});

describe('multi-select without options', () => {
  it('keeps any value, de-duplicated ignoring case', () => {
    const free = col({ type: 'multiSelect', validators: ['multiSelect'] });
    expect(applyRules(free, 'a, b, A')).toEqual(ok(['a', 'b']));
  });
});

describe('dates', () => {
  it('knows leap years', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2023-02-29')).toBeUndefined();
  });
  it('shows dates as MM/DD/YYYY', () => {
    expect(formatDate('2025-03-07')).toBe('03/07/2025');
    expect(displayText({ type: 'date' }, '2025-03-07')).toBe('03/07/2025');
  });
});

describe('editability, messages', () => {
  it('follows editableWhen', () => {
    expect(isCellEditable(col({ editableWhen: 'always' }))).toBe(true);
    expect(isCellEditable(col({ editableWhen: 'newRows' }))).toBe(false);
    expect(isCellEditable(col({ editableWhen: 'newRows' }), { isNew: true })).toBe(true);
    expect(isCellEditable(col({ editableWhen: 'pending' }), { pending: true })).toBe(true);
    expect(isCellEditable(col({ editableWhen: undefined }))).toBe(false);
    expect(isCellEditable(col({}), { folder: true })).toBe(false);
  });
  it('fills header and value', () => expect(fillMessage("'{value}' is not a valid {header}", { value: 'x', header: 'Side' })).toBe("'x' is not a valid Side"));
  it('compares values', () => {
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
  });
});
