import { describe, expect, it } from 'vitest';
import { layoutFromState, moveColumn, stateFromLayout } from './layout';

describe('grid layout', () => {
  const state = [
    { colId: 'ag-Grid-SelectionColumn', width: 40 },
    { colId: 'style', width: 96, pinned: 'left' as const },
    { colId: 'color', width: 84.4 },
    { colId: 'name', hide: true, width: 5000 },
  ];

  it('keeps order, hidden, widths within the limits and pinning, not the kit\'s own columns', () => {
    expect(layoutFromState(state, 'tall')).toEqual({
      columns: [{ field: 'style', width: 96, pinned: 'left' }, { field: 'color', width: 84 }, { field: 'name', hide: true, width: 2000 }],
      rowHeight: 'tall',
    });
    expect(layoutFromState(state, 'normal').rowHeight).toBeUndefined();
  });

  it('shows a layout: its columns in order after the kit\'s, unknown fields skipped, the rest after', () => {
    const out = stateFromLayout({ columns: [{ field: 'name' }, { field: 'gone', hide: true }, { field: 'color', hide: true, width: 120 }] }, state);
    expect(out.map((s) => s.colId)).toEqual(['ag-Grid-SelectionColumn', 'name', 'color', 'style']);
    expect(out[1]).toEqual({ colId: 'name', hide: false, pinned: null });
    expect(out[2]).toEqual({ colId: 'color', hide: true, pinned: null, width: 120 });
  });

  it('moves a column by the keyboard, not past either end', () => {
    const cols = [{ field: 'a' }, { field: 'b' }, { field: 'c' }];
    expect(moveColumn(cols, 2, -1).map((c) => c.field)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(cols, 0, -1)).toBe(cols);
    expect(moveColumn(cols, 2, 1)).toBe(cols);
  });
});
