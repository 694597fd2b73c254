import { describe, expect, it } from 'vitest';
import { applyMoves, layout, restoreMoves, styleSpot, type DisplayGroup, type GroupSortState, type GroupStyle } from './model';

const style = (s: string, colors = ['BLK', 'WHT']): GroupStyle => ({
  style: s,
  name: `Style ${s}`,
  productType: 'Footwear',
  styleNumeric: Number(s),
  origIndex: 0,
  gender: 'Mens',
  division: '',
  pillar: '',
  outsole: '',
  upper: '',
  colors: colors.map((c) => ({ id: s + c, color: c, colorDescription: c })),
});
const group = (id: string, styles: string[], extra: Partial<DisplayGroup> = {}): DisplayGroup => ({
  id,
  index: 0,
  key: id,
  title: id,
  openState: true,
  alwaysOpen: false,
  locked: false,
  uncategorized: false,
  styles: styles.map((s) => style(s)),
  ...extra,
});
const state = (): GroupSortState => ({
  assortmentId: 'a',
  groupBy: 'pillar',
  version: 1,
  groups: [group('Kids', ['9']), group('Work', ['10', '100']), group('uncategorized', ['7'], { title: 'Uncategorized', locked: true, alwaysOpen: true, uncategorized: true })],
});

describe('group sort moves', () => {
  it('moves a style before another in another group, and to the end', () => {
    const s = applyMoves(state(), { type: 'moveStyle', moves: [{ item: '100', before: '9', displayGroup: 'Kids' }, { item: '7', before: null, displayGroup: 'Work' }] });
    expect(layout(s)).toBe('Kids: 100 9 | Work: 10 7 | Uncategorized:');
  });
  it('moves groups; Uncategorized stays last and never moves', () => {
    const s = applyMoves(state(), { type: 'moveDisplayGroup', moves: [{ item: 'Kids', before: null }] });
    expect(layout(s)).toBe('Work: 10 100 | Kids: 9 | Uncategorized: 7');
    expect(s.groups.map((g) => g.index)).toEqual([0, 1, 2]);
    expect(() => applyMoves(state(), { type: 'moveDisplayGroup', moves: [{ item: 'uncategorized', before: 'Kids' }] })).toThrow();
  });
  it('moves colours within their style', () => {
    const s = applyMoves(state(), { type: 'moveColor', moves: [{ item: 'WHT', before: 'BLK', style: '10' }] });
    expect(s.groups[1]?.styles[0]?.colors.map((c) => c.color)).toEqual(['WHT', 'BLK']);
  });
  it('undo: the restoring moves bring the earlier order back, moving only what is out of place', () => {
    const before = state();
    const after = applyMoves(
      applyMoves(applyMoves(before, { type: 'moveStyle', moves: [{ item: '100', before: '9', displayGroup: 'Kids' }] }), { type: 'moveDisplayGroup', moves: [{ item: 'Kids', before: null }] }),
      { type: 'moveColor', moves: [{ item: 'WHT', before: 'BLK', style: '9' }] },
    );
    const undo = restoreMoves(after, before);
    const back = undo.reduce(applyMoves, after);
    expect(layout(back)).toBe(layout(before));
    expect(back.groups[0]?.styles[0]?.colors.map((c) => c.color)).toEqual(['BLK', 'WHT']);
    expect(undo.flatMap((b) => b.moves)).toHaveLength(3);
    expect(styleSpot(back, '100')).toEqual({ item: '100', displayGroup: 'Work', before: null });
  });
  it('no change, no moves', () => {
    expect(restoreMoves(state(), state())).toEqual([]);
  });
});
