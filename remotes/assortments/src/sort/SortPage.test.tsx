import { describe, expect, it } from 'vitest';
import { dropMove } from './SortPage';
import { sortKeys } from './AutoSortDialog';
import { applyMoves, layout, type GroupSortState } from './model';

const st = (s: string, colors = ['BLK', 'WHT']) => ({
  style: s,
  name: s,
  productType: 'Footwear',
  styleNumeric: Number(s),
  origIndex: 0,
  gender: '',
  division: '',
  pillar: '',
  outsole: '',
  upper: '',
  colors: colors.map((c) => ({ id: s + c, color: c, colorDescription: c })),
});
const g = (id: string, styles: string[], extra = {}) => ({ id, index: 0, key: id, title: id, openState: true, alwaysOpen: false, locked: false, uncategorized: false, styles: styles.map((s) => st(s)), ...extra });
const state: GroupSortState = {
  assortmentId: 'a',
  groupBy: 'pillar',
  version: 1,
  groups: [g('A', ['1', '2', '3']), g('B', ['4']), g('uncategorized', [], { title: 'Uncategorized', locked: true, uncategorized: true })],
};

describe('a drop is the move naming the item and the one it must precede', () => {
  it('style down within its group goes after the target', () => {
    const b = dropMove(state, 's|1', 's|2');
    expect(b).toEqual({ type: 'moveStyle', moves: [{ item: '1', before: '3', displayGroup: 'A' }] });
    expect(layout(applyMoves(state, b!))).toBe('A: 2 1 3 | B: 4 | Uncategorized:');
  });
  it('style up, or into another group, goes before the target', () => {
    expect(dropMove(state, 's|3', 's|1')).toEqual({ type: 'moveStyle', moves: [{ item: '3', before: '1', displayGroup: 'A' }] });
    expect(dropMove(state, 's|4', 's|2')).toEqual({ type: 'moveStyle', moves: [{ item: '4', before: '2', displayGroup: 'A' }] });
  });
  it('style on a group header or its area goes to its end; on its own group, nothing', () => {
    expect(dropMove(state, 's|1', 'g|B')).toEqual({ type: 'moveStyle', moves: [{ item: '1', before: null, displayGroup: 'B' }] });
    expect(dropMove(state, 's|1', 'z|uncategorized')).toEqual({ type: 'moveStyle', moves: [{ item: '1', before: null, displayGroup: 'uncategorized' }] });
    expect(dropMove(state, 's|1', 'z|A')).toBeNull();
  });
  it('groups: down goes after the target, before Uncategorized means the end; locked groups stay', () => {
    expect(dropMove(state, 'g|A', 'g|B')).toEqual({ type: 'moveDisplayGroup', moves: [{ item: 'A', before: null }] });
    expect(dropMove(state, 'g|B', 'g|A')).toEqual({ type: 'moveDisplayGroup', moves: [{ item: 'B', before: 'A' }] });
    expect(dropMove(state, 'g|uncategorized', 'g|A')).toBeNull();
  });
  it('colours move within their style only', () => {
    expect(dropMove(state, 'c|1|BLK', 'c|1|WHT')).toEqual({ type: 'moveColor', moves: [{ item: 'BLK', before: null, style: '1' }] });
    expect(dropMove(state, 'c|1|BLK', 'c|2|WHT')).toBeNull();
  });
});

describe('auto-sort keys', () => {
  it('keeps the rows that name a field, in order', () => {
    expect(
      sortKeys([
        { field: 'gender', direction: 'asc' },
        { field: '', direction: 'asc' },
        { field: 'styleNumeric', direction: 'desc' },
      ]),
    ).toEqual([
      { field: 'gender', direction: 'asc' },
      { field: 'styleNumeric', direction: 'desc' },
    ]);
  });
});
