import { describe, expect, it } from 'vitest';
import { columnOps, dayOf, filterValues, makeColumnFilter } from './columnFilter';
import { columnMenuModel, opensColumnMenu } from './columnMenu';
import type { GridColumn } from './types';

const col = (field: string, type: GridColumn['type'], extra: Partial<GridColumn> = {}): GridColumn => ({ field, headerName: field, type, editable: false, validators: [], ...extra });
const division = col('division', 'list', { filterable: true, filterOps: ['in', 'contains', 'startsWith', 'gte', 'lte', 'gt', 'lt', 'blank'] });
const price = col('wholesalePrice', 'number', { filterable: true });
const year = col('year', 'integer');
const moldDate = col('moldDate', 'date');

describe('column filter operators', () => {
  it('offers operators by type (those the where tree takes), the schema whitelist in the kit order, nothing for non-filterable server columns', () => {
    expect(columnOps(division, 'server')).toEqual(['contains', 'in', 'startsWith', 'blank']);
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
  it('reads dates in the protocol formats', () => {
    expect(dayOf('01/02/2025')).toBe(20250102);
    expect(dayOf('2025-01-02T10:00:00Z')).toBe(20250102);
    expect(dayOf('2025/01/02')).toBeNull();
    expect(dayOf(5)).toBeNull();
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
