import { describe, expect, it } from 'vitest';
import { applyRules, displayText, fillMessage, formatDate, isCellEditable, isNumericKeyAllowed, parseDate, round2, sameValue } from './rules';
import type { GridColumn } from './types';

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
const refused = (rule: string, messageKey = rule) => expect.objectContaining({ ok: false, rule, messageKey });

describe('discount', () => {
  const c = col({ type: 'number', validators: ['discount'], headerName: 'Discount %' });
  it('keeps 0–100, rounded to 2 decimals, a trailing % allowed', () => {
    expect(applyRules(c, '12.345')).toEqual(ok(12.35));
    expect(applyRules(c, '50%')).toEqual(ok(50));
    expect(applyRules(c, 0)).toEqual(ok(0));
    expect(applyRules(c, '100')).toEqual(ok(100));
    expect(applyRules(c, ' 1.005 ')).toEqual(ok(1.01));
  });
  it('refuses anything else and asks the grid to clear the cell', () => {
    for (const v of ['101', '-1', 'abc', '12,5']) expect(applyRules(c, v)).toEqual(expect.objectContaining({ ok: false, rule: 'discount', clear: true }));
  });
  it('empty is null', () => expect(applyRules(c, '')).toEqual(ok(null)));
  it('rounds half away from zero on the digits as written', () => {
    expect(round2(12.345)).toBe(12.35);
    expect(round2(-2.675)).toBe(-2.68);
  });
});

describe('promo code', () => {
  const c = col({ validators: ['promoCode'] });
  it('keeps letters and digits, upper-cased', () => expect(applyRules(c, ' x-9 ')).toEqual(ok('X9')));
  it('refuses more than 3 characters', () => expect(applyRules(c, 'abcd')).toEqual(refused('promoCode')));
  it('empty is null', () => expect(applyRules(c, '--')).toEqual(ok(null)));
});

describe('alphanumeric', () => {
  it('strips everything but A–Z, a–z, 0–9', () => expect(applyRules(col({ validators: ['alphanumeric'] }), 'M-44 71!')).toEqual(ok('M4471')));
  it('nothing left is null', () => expect(applyRules(col({ validators: ['alphanumeric'] }), '-/-')).toEqual(ok(null)));
  it('the no-blank variant refuses nothing left', () => {
    const c = col({ validators: ['alphanumericNoBlank'], headerName: 'Style' });
    expect(applyRules(c, '  ')).toEqual(refused('alphanumericNoBlank'));
    expect(applyRules(c, '12-345')).toEqual(ok('12345'));
  });
});

describe('numeric', () => {
  const c = col({ type: 'number', validators: ['numeric'] });
  it('strips all but digits and dot', () => {
    expect(applyRules(c, '$1,234.50')).toEqual(ok(1234.5));
    expect(applyRules(c, 'abc')).toEqual(ok(null));
  });
  it('refuses negatives with the negative message', () => {
    expect(applyRules(c, '-4')).toEqual(refused('numeric', 'negative'));
    expect(applyRules(c, -2)).toEqual(refused('numeric', 'negative'));
  });
  it('refuses two dots', () => expect(applyRules(c, '1.2.3')).toEqual(refused('numeric')));
  it('an integer column takes whole numbers only', () => {
    const i = col({ type: 'integer', validators: ['numeric', 'nonClearable'] });
    expect(applyRules(i, '7')).toEqual(ok(7));
    expect(applyRules(i, '7.0')).toEqual(ok(7));
    expect(applyRules(i, '2.5')).toEqual(refused('type', 'type.integer'));
    expect(applyRules(i, '')).toEqual(refused('nonClearable'));
  });
  it('blocks keys other than digits, dot, comma and control keys', () => {
    for (const key of ['1', '0', '.', ',', 'Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'Home', 'Shift']) expect(isNumericKeyAllowed({ key })).toBe(true);
    for (const key of ['-', 'a', 'e', '+', ' ', '$']) expect(isNumericKeyAllowed({ key })).toBe(false);
    expect(isNumericKeyAllowed({ key: 'v', ctrlKey: true })).toBe(true);
    expect(isNumericKeyAllowed({ key: 'z', metaKey: true })).toBe(true);
  });
});

describe('no spaces and non-clearable', () => {
  it('refuses whitespace inside, after trimming', () => {
    const c = col({ validators: ['noSpaces'], headerName: 'Color' });
    expect(applyRules(c, ' BLK ')).toEqual(ok('BLK'));
    expect(applyRules(c, 'BLK WHT')).toEqual(refused('noSpaces'));
  });
  it('refuses an empty value, except in a pending view', () => {
    const c = col({ validators: ['noSpaces', 'nonClearable'] });
    expect(applyRules(c, '')).toEqual(refused('nonClearable'));
    expect(applyRules(c, null)).toEqual(refused('nonClearable'));
    expect(applyRules(c, '', { pending: true })).toEqual(ok(null));
  });
  it('required cells of a row being added', () => {
    const c = col({ required: true });
    expect(applyRules(c, '', { isNew: true })).toEqual(refused('required'));
    expect(applyRules(c, '')).toEqual(ok(null));
  });
});

describe('list and multi-select', () => {
  const list = col({ type: 'list', validators: ['list'], options: ['L', 'R', 'Pair'], headerName: 'Side' });
  it('matches an option ignoring case, in its own casing', () => {
    expect(applyRules(list, 'pair')).toEqual(ok('Pair'));
    expect(applyRules(list, ' r ')).toEqual(ok('R'));
  });
  it('refuses other values (the edit is rejected)', () => expect(applyRules(list, 'Both')).toEqual(expect.objectContaining({ ok: false, rule: 'list', input: 'Both' })));
  it('splits multi-select on commas, de-duplicated ignoring case', () => {
    const ms = col({ type: 'multiSelect', validators: ['multiSelect'], options: ['Waterproof', 'Vegan'] });
    expect(applyRules(ms, 'vegan, Waterproof,VEGAN')).toEqual(ok(['Vegan', 'Waterproof']));
    expect(applyRules(ms, ['vegan', 'waterproof, vegan'])).toEqual(ok(['Vegan', 'Waterproof']));
    expect(applyRules(ms, ' , ')).toEqual(ok(null));
    expect(applyRules(ms, 'Vegan, Leather')).toEqual(refused('multiSelect'));
    const free = col({ type: 'multiSelect', validators: ['multiSelect'] });
    expect(applyRules(free, 'a, b, A')).toEqual(ok(['a', 'b']));
  });
});

describe('dates', () => {
  const c = col({ type: 'date', validators: ['date'], headerName: 'Mold Date' });
  it('reads MM/DD/YYYY, M/D/YYYY and YYYY-MM-DD into YYYY-MM-DD', () => {
    expect(applyRules(c, '03/07/2025')).toEqual(ok('2025-03-07'));
    expect(applyRules(c, '3/7/2025')).toEqual(ok('2025-03-07'));
    expect(applyRules(c, '2025-03-07')).toEqual(ok('2025-03-07'));
  });
  it('refuses dates that do not exist', () => {
    expect(applyRules(c, '02/30/2026')).toEqual(refused('date'));
    expect(applyRules(c, '13/01/2026')).toEqual(refused('date'));
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2023-02-29')).toBeUndefined();
  });
  it('shows dates as MM/DD/YYYY', () => {
    expect(formatDate('2025-03-07')).toBe('03/07/2025');
    expect(displayText({ type: 'date' }, '2025-03-07')).toBe('03/07/2025');
  });
});

describe('types, editability, messages', () => {
  it('coerces text, numbers and booleans', () => {
    expect(applyRules(col({}), 12)).toEqual(ok('12'));
    expect(applyRules(col({ type: 'number' }), '1.5')).toEqual(ok(1.5));
    expect(applyRules(col({ type: 'number' }), 'x')).toEqual(refused('type', 'type.number'));
    expect(applyRules(col({ type: 'boolean' }), 'TRUE')).toEqual(ok(true));
  });
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
