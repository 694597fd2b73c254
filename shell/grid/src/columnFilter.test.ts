import { describe, expect, it } from 'vitest';
import { cellPasses, columnOps, dayOf, filterValues, makeColumnFilter, mergeFilters, rowPasses, setColumnFilter, toProtocolFilters } from './columnFilter';
import { columnMenuModel, opensColumnMenu } from './columnMenu';
import type { GridColumn } from './types';

const col = (field: string, type: GridColumn['type'], extra: Partial<GridColumn> = {}): GridColumn => ({ field, headerName: field, type, editable: false, validators: [], ...extra });
const division = col('division', 'list', { filterable: true, filterOps: ['in', 'contains', 'startsWith', 'gte', 'lte', 'gt', 'lt', 'blank'] });
const price = col('wholesalePrice', 'number', { filterable: true });
const year = col('year', 'integer');
const moldDate = col('moldDate', 'date');

describe('column filter operators', () => {
  it('offers operators by type, the schema whitelist in the kit order, nothing for non-filterable server columns', () => {
    expect(columnOps(division, 'server')).toEqual(['contains', 'in', 'startsWith', 'blank', 'gte', 'lte', 'gt', 'lt']);
    expect(columnOps(price, 'server')).toEqual(['in', 'gt', 'gte', 'lt', 'lte', 'blank']);
    expect(columnOps(col('x', 'text'), 'server')).toEqual([]);
    expect(columnOps(col('x', 'text'), 'client')).toEqual(['contains', 'in', 'startsWith', 'blank']);
    expect(columnOps(col('x', 'text', { filterable: false }), 'client')).toEqual([]);
    expect(columnOps(col('tags', 'multiSelect'), 'client')).toEqual(['in', 'blank']);
    expect(columnOps(col('style', 'text', { filterable: true, filterOps: ['in'] }), 'server')).toEqual(['in']);
  });
});

describe('filter values (spec: empty values dropped, duplicates ignored, several only for "is any of")', () => {
  it('splits, trims, drops empty and duplicate values', () => {
    expect(filterValues('in', ' Work, kids ,, WORK,Kids ')).toEqual(['Work', 'kids']);
    expect(filterValues('contains', ' a, b ')).toEqual(['a, b']);
    expect(filterValues('blank', 'x')).toEqual([]);
  });
  it('makes a condition or says why not', () => {
    expect(makeColumnFilter(division, 'in', 'Work, Kids')).toEqual({ filter: { field: 'division', op: 'in', values: ['Work', 'Kids'] } });
    expect(makeColumnFilter(division, 'in', ' , ')).toEqual({ problem: 'empty' });
    expect(makeColumnFilter(price, 'gt', 'fifty')).toEqual({ problem: 'value', value: 'fifty' });
    expect(makeColumnFilter(year, 'in', '2025, 2025.5')).toEqual({ problem: 'value', value: '2025.5' });
    expect(makeColumnFilter(moldDate, 'gte', '13/01/2025')).toEqual({ problem: 'value', value: '13/01/2025' });
    expect(makeColumnFilter(moldDate, 'gte', '1/2/2025')).toEqual({ filter: { field: 'moldDate', op: 'gte', values: ['1/2/2025'] } });
    expect(makeColumnFilter(price, 'blank', 'ignored')).toEqual({ filter: { field: 'wholesalePrice', op: 'blank', values: [] } });
  });
  it('keeps one condition per column', () => {
    const a = setColumnFilter([], 'division', { field: 'division', op: 'in', values: ['Work'] });
    const b = setColumnFilter(a, 'wholesalePrice', { field: 'wholesalePrice', op: 'gt', values: ['50'] });
    const c = setColumnFilter(b, 'division', { field: 'division', op: 'contains', values: ['Sp'] });
    expect(c.map((f) => `${f.field}.${f.op}`)).toEqual(['wholesalePrice.gt', 'division.contains']);
    expect(setColumnFilter(c, 'division', null).map((f) => f.field)).toEqual(['wholesalePrice']);
  });
  it('reads dates in the protocol formats', () => {
    expect(dayOf('01/02/2025')).toBe(20250102);
    expect(dayOf('2025-01-02T10:00:00Z')).toBe(20250102);
    expect(dayOf('2025/01/02')).toBeNull();
    expect(dayOf(5)).toBeNull();
  });
});

describe('protocol filters', () => {
  const cols = [division, price, year];
  it('writes the conditions in the protocol shape with typed values', () => {
    const list = [
      { field: 'division', op: 'in' as const, values: ['Work', 'Kids'] },
      { field: 'wholesalePrice', op: 'gt' as const, values: ['50'] },
      { field: 'year', op: 'blank' as const, values: [] },
    ];
    expect(toProtocolFilters(list, cols)).toEqual({ division: { in: ['Work', 'Kids'] }, wholesalePrice: { gt: 50 }, year: { blank: true } });
  });
  it('ANDs them with the page filters: operators join, two value lists keep what both have', () => {
    expect(mergeFilters({ division: ['Work', 'POP'], q: 'x' }, { division: { in: ['work', 'Kids'] }, year: { gte: 2024 } })).toEqual({
      division: { in: ['Work'] },
      q: 'x',
      year: { gte: 2024 },
    });
    expect(mergeFilters({ division: { contains: 'o' } }, { division: { in: ['Work'] } })).toEqual({ division: { contains: 'o', in: ['Work'] } });
    expect(mergeFilters({ division: 'POP' }, { division: { in: ['Work'] } })).toBeNull();
    expect(mergeFilters({ division: null }, { division: { in: ['Work'] } })).toEqual({ division: { in: ['Work'] } });
  });
});

describe('filters on loaded rows (as the server answers them)', () => {
  it('compares by type, ignores case for text, treats empty cells as blank', () => {
    expect(cellPasses(division, 'Work', { field: 'division', op: 'in', values: ['work', 'Kids'] })).toBe(true);
    expect(cellPasses(division, "Men's Sport", { field: 'division', op: 'contains', values: ['SPORT'] })).toBe(true);
    expect(cellPasses(division, "Men's Sport", { field: 'division', op: 'startsWith', values: ['sport'] })).toBe(false);
    expect(cellPasses(price, 60, { field: 'wholesalePrice', op: 'gt', values: ['50'] })).toBe(true);
    expect(cellPasses(price, 50, { field: 'wholesalePrice', op: 'gt', values: ['50'] })).toBe(false);
    expect(cellPasses(price, '50.00', { field: 'wholesalePrice', op: 'in', values: ['50'] })).toBe(true);
    expect(cellPasses(price, null, { field: 'wholesalePrice', op: 'lt', values: ['50'] })).toBe(false);
    expect(cellPasses(price, null, { field: 'wholesalePrice', op: 'blank', values: [] })).toBe(true);
    expect(cellPasses(moldDate, '02/01/2025', { field: 'moldDate', op: 'lte', values: ['2025-01-15'] })).toBe(false);
    expect(cellPasses(col('tags', 'multiSelect'), ['A', 'B'], { field: 'tags', op: 'in', values: ['b'] })).toBe(true);
    expect(cellPasses(col('tags', 'multiSelect'), [], { field: 'tags', op: 'blank', values: [] })).toBe(true);
  });
  it('needs every condition', () => {
    const list = [
      { field: 'division', op: 'in' as const, values: ['Work'] },
      { field: 'wholesalePrice', op: 'gte' as const, values: ['50'] },
    ];
    expect(rowPasses({ division: 'Work', wholesalePrice: 50 }, list, [division, price])).toBe(true);
    expect(rowPasses({ division: 'Work', wholesalePrice: 49.99 }, list, [division, price])).toBe(false);
  });
});

describe('column menu', () => {
  const state = { sortable: true, sort: null, filterable: true, filtered: false, groupable: false, grouped: false, pinned: null, hidden: 0, visible: 5 } as const;
  const ids = (s: Parameters<typeof columnMenuModel>[0]) => columnMenuModel(s).map((e) => (e.separator ? '|' : `${e.id}${e.disabled ? '-' : ''}`));
  it('offers sort, filter, pin, autosize and hide', () => {
    expect(ids(state)).toEqual(['sortAsc', 'sortDesc', 'sortNone-', '|', 'filter', '|', 'pinLeft', 'pinRight', '|', 'autosize', 'autosizeAll', '|', 'hide']);
  });
  it('follows the column state', () => {
    expect(ids({ ...state, sortable: false, sort: null, filterable: false, filtered: true, groupable: true, grouped: true, pinned: 'left', hidden: 2, visible: 1 })).toEqual([
      'clearFilter',
      'ungroup',
      '|',
      'pinLeft-',
      'pinRight',
      'unpin',
      '|',
      'autosize',
      'autosizeAll',
      '|',
      'hide-',
      'showAll',
    ]);
    expect(ids({ ...state, sort: 'desc', groupable: true })).toContain('group');
    expect(ids({ ...state, sort: 'desc' }).slice(0, 3)).toEqual(['sortAsc', 'sortDesc-', 'sortNone']);
  });
  it('opens from the keyboard with the menu key, Shift+F10 or Alt+Down', () => {
    expect(opensColumnMenu({ key: 'ContextMenu', shiftKey: false, altKey: false })).toBe(true);
    expect(opensColumnMenu({ key: 'F10', shiftKey: true, altKey: false })).toBe(true);
    expect(opensColumnMenu({ key: 'ArrowDown', shiftKey: false, altKey: true })).toBe(true);
    expect(opensColumnMenu({ key: 'ArrowDown', shiftKey: false, altKey: false })).toBe(false);
    expect(opensColumnMenu({ key: 'Enter', shiftKey: false, altKey: false })).toBe(false);
  });
});
