import { describe, expect, it } from 'vitest';
import { compareIds, compareValues, rowOrder } from './rowOrder';
import type { ColumnType, GridRow } from '../types';

const columns: Array<{ field: string; type: ColumnType }> = [
  { field: 'style', type: 'text' },
  { field: 'price', type: 'number' },
  { field: 'due', type: 'date' },
  { field: 'seen', type: 'datetime' },
  { field: 'active', type: 'boolean' },
];

const r = (id: string, fields: Record<string, unknown> = {}): GridRow => ({ id, version: 1, ...fields });

/** The ids of rows sorted by the order. */
const ids = (rows: GridRow[], sort: Parameters<typeof rowOrder>[0]) => [...rows].sort(rowOrder(sort, columns)).map((x) => x.id);

describe('rowOrder (the server order of core/grid orderBy)', () => {
  it('sorts texts by code point, as the C collation: upper case first, the empty text before any other', () => {
    const rows = [r('1', { style: 'b' }), r('2', { style: 'B' }), r('3', { style: '' }), r('4', { style: 'a' }), r('5', { style: 'Ä' }), r('6', { style: '😀' })];
    expect(ids(rows, [{ field: 'style', dir: 'asc' }])).toEqual(['3', '2', '4', '1', '5', '6']);
    expect(compareValues('\uffff', '😀', 'text')).toBeLessThan(0);
  });

  it('puts empty values (null) last in both directions', () => {
    const rows = [r('1', { price: null }), r('2', { price: 5 }), r('3', { price: 10 }), r('4', {})];
    expect(ids(rows, [{ field: 'price', dir: 'asc' }])).toEqual(['2', '3', '1', '4']);
    expect(ids(rows, [{ field: 'price', dir: 'desc' }])).toEqual(['3', '2', '1', '4']);
  });

  it('compares numbers by value, dates and times in time order, false before true', () => {
    expect(ids([r('1', { price: 10 }), r('2', { price: 9.5 }), r('3', { price: -1 })], [{ field: 'price' }])).toEqual(['3', '2', '1']);
    expect(ids([r('1', { due: '2026-10-01' }), r('2', { due: '2026-09-30' })], [{ field: 'due', dir: 'asc' }])).toEqual(['2', '1']);
    expect(ids([r('1', { seen: '2026-01-01T10:00:00+02:00' }), r('2', { seen: '2026-01-01T09:30:00Z' })], [{ field: 'seen', dir: 'asc' }])).toEqual(['1', '2']);
    expect(ids([r('1', { active: true }), r('2', { active: false })], [{ field: 'active', dir: 'asc' }])).toEqual(['2', '1']);
  });

  it('breaks ties by the next key, then by the id ascending whatever the direction', () => {
    const rows = [r('b', { style: 'X', price: 1 }), r('a', { style: 'X', price: 1 }), r('c', { style: 'X', price: 2 }), r('d', { style: 'W', price: 1 })];
    expect(ids(rows, [{ field: 'style', dir: 'desc' }, { field: 'price', dir: 'asc' }])).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(rows, [{ field: 'style', dir: 'desc' }, { field: 'price', dir: 'desc' }])).toEqual(['c', 'a', 'b', 'd']);
    // No sort: the id alone.
    expect(ids(rows, [])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('orders whole-number ids (bigint) by value and uuids as text', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('10', '10')).toBe(0);
    expect(compareIds('12345678901234567890', '12345678901234567891')).toBeLessThan(0);
    expect(compareIds('0b4a0d5e-0000-4000-8000-000000000000', '0b4a0d5e-0000-4000-8000-00000000000a')).toBeLessThan(0);
    expect(compareIds('f0000000-0000-4000-8000-000000000000', '10000000-0000-4000-8000-000000000000')).toBeGreaterThan(0);
  });
});
