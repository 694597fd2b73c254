import { describe, expect, it } from 'vitest';
import { cellsOf, extend, inRect, planPaste, rectCells, single, step, toRect } from './range';

const bounds = { rows: 10, cols: 5 };

describe('range selection', () => {
  it('normalises anchor and focus into a rectangle', () => {
    expect(toRect({ anchor: { row: 4, col: 3 }, focus: { row: 1, col: 0 } })).toEqual({ top: 1, bottom: 4, left: 0, right: 3 });
    expect(rectCells(toRect({ anchor: { row: 0, col: 0 }, focus: { row: 2, col: 3 } }))).toBe(12);
  });
  it('shift+arrows move the focus and keep the anchor, inside the grid', () => {
    let r = single({ row: 2, col: 2 });
    r = extend(r, 'down', bounds);
    r = extend(r, 'right', bounds);
    expect(r).toEqual({ anchor: { row: 2, col: 2 }, focus: { row: 3, col: 3 } });
    r = extend(r, 'up', bounds);
    r = extend(r, 'up', bounds);
    expect(toRect(r)).toEqual({ top: 1, bottom: 2, left: 2, right: 3 });
    expect(step({ row: 0, col: 0 }, 'up', bounds)).toEqual({ row: 0, col: 0 });
    expect(step({ row: 9, col: 4 }, 'right', bounds)).toEqual({ row: 9, col: 4 });
    expect(extend(single({ row: 3, col: 1 }), 'down', bounds, true).focus).toEqual({ row: 9, col: 1 });
  });
  it('lists and tests cells', () => {
    const rect = { top: 1, bottom: 2, left: 0, right: 1 };
    expect([...cellsOf(rect)]).toEqual([
      { row: 1, col: 0 },
      { row: 1, col: 1 },
      { row: 2, col: 0 },
      { row: 2, col: 1 },
    ]);
    expect(inRect(rect, 2, 1)).toBe(true);
    expect(inRect(rect, 3, 1)).toBe(false);
  });
});

describe('paste plan', () => {
  const block = [
    ['a', 'b'],
    ['c', 'd'],
  ];
  it('pastes a block once from the top-left of the target', () => {
    const p = planPaste(block, { top: 3, bottom: 3, left: 1, right: 1 }, { cols: 5 });
    expect(p.cells).toEqual([
      { dr: 0, dc: 0, text: 'a' },
      { dr: 0, dc: 1, text: 'b' },
      { dr: 1, dc: 0, text: 'c' },
      { dr: 1, dc: 1, text: 'd' },
    ]);
    expect([p.rows, p.cols, p.clippedCols]).toEqual([2, 2, 0]);
  });
  it('fills a selected range with one value', () => {
    const p = planPaste([['x']], { top: 0, bottom: 2, left: 0, right: 1 }, { cols: 5 });
    expect(p.cells).toHaveLength(6);
    expect(p.cells.every((c) => c.text === 'x')).toBe(true);
  });
  it('repeats a block over a range that is a whole multiple of it', () => {
    const p = planPaste(block, { top: 0, bottom: 3, left: 0, right: 1 }, { cols: 5 });
    expect(p.cells.map((c) => c.text).join('')).toBe('abcdabcd');
  });
  it('clips columns past the last one and skips short rows', () => {
    const p = planPaste([['1', '2', '3'], ['4']], { top: 0, bottom: 0, left: 3, right: 3 }, { cols: 5 });
    expect(p.cells).toEqual([
      { dr: 0, dc: 0, text: '1' },
      { dr: 0, dc: 1, text: '2' },
      { dr: 1, dc: 0, text: '4' },
    ]);
    expect(p.clippedCols).toBe(1);
  });
  it('an empty block pastes nothing', () => expect(planPaste([], { top: 0, bottom: 0, left: 0, right: 0 }, { cols: 3 }).cells).toEqual([]));
});
