import { describe, expect, it } from 'vitest';
import { buildGroups, compareKeys, groupKey, isGroupRow, orderGrouped } from './grouping';

const rows = [
  { id: '1', style: '200', bin: 'B' },
  { id: '2', style: '100', bin: 'A' },
  { id: '3', style: null, bin: 'C' },
  { id: '4', style: '200', bin: 'D' },
  { id: '5', style: '30', bin: 'E' },
];

describe('grouping', () => {
  it('one header per value with its count, ordered by value, blanks last', () => {
    const g = buildGroups(rows, 'style');
    expect(g.map((x) => [x.__group.key, x.__group.count])).toEqual([
      ['30', 1],
      ['100', 1],
      ['200', 2],
      ['', 1],
    ]);
    expect(isGroupRow(g[0])).toBe(true);
    expect(isGroupRow(rows[0])).toBe(false);
  });
  it('orders each header before its members, members in the sorted order, new rows first', () => {
    const items = [...buildGroups(rows, 'style'), { id: 'n', __new: true }, ...rows] as unknown as Array<Record<string, unknown>>;
    orderGrouped(items, { field: 'style', data: (x) => x, first: (x) => x.__new === true });
    expect(items.map((x) => x.id)).toEqual(['n', '__group:style:30', '5', '__group:style:100', '2', '__group:style:200', '1', '4', '__group:style:', '3']);
  });
  it('compares keys as numbers when both are numbers', () => {
    expect(compareKeys('9', '10')).toBeLessThan(0);
    expect(compareKeys('b', 'A')).toBeGreaterThan(0);
    expect(compareKeys('', 'a')).toBeGreaterThan(0);
    expect(groupKey(['a', 'b'])).toBe('a, b');
  });
});
