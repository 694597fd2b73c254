/** The grid's own keys on a focused cell (not while a cell is edited). */
import type { KeyboardEvent } from 'react';
import type { SuppressKeyboardEventParams } from 'ag-grid-community';
import type { GridController, GridData } from '../controller';
import type { Direction } from '../range';

export const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** Shift+arrows, undo, redo, Edit Cells, select all, clear and Escape on the grid. */
export function gridKeyDown(ctrl: GridController, e: KeyboardEvent, canEdit: boolean): void {
  const api = ctrl.api;
  if (!api || api.getEditingCells().length) return;
  const target = e.target as HTMLElement;
  if (!target.closest('.ag-root-wrapper') || target.closest('input, textarea, select')) return;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (e.shiftKey && ARROWS[e.key]) {
    e.preventDefault();
    ctrl.extendRange(ARROWS[e.key]!, mod);
  } else if (mod && key === 'z' && !e.shiftKey) {
    e.preventDefault();
    ctrl.undo();
  } else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) {
    e.preventDefault();
    ctrl.redo();
  } else if (mod && e.shiftKey && key === 'e') {
    e.preventDefault();
    if (canEdit) void ctrl.openEditCells();
  } else if (mod && key === 'a') {
    e.preventDefault();
    ctrl.selectAllCells();
  } else if ((e.key === 'Delete' || e.key === 'Backspace') && !mod) {
    e.preventDefault();
    ctrl.clearRange();
  } else if (e.key === 'Escape') {
    ctrl.closeMenu();
    const f = api.getFocusedCell();
    if (f) ctrl.onCellFocused(f.rowIndex, f.column.getColId(), false);
  }
}

/** ag-grid leaves to the grid the keys gridKeyDown handles. */
export function suppressGridKeys(p: SuppressKeyboardEventParams<GridData>): boolean {
  if (p.editing) return false;
  const e = p.event;
  const mod = e.ctrlKey || e.metaKey;
  if (e.shiftKey && ARROWS[e.key]) return true;
  if (e.key === 'Delete' || e.key === 'Backspace') return true;
  if (mod && e.shiftKey && e.key.toLowerCase() === 'e') return true;
  return mod && ['z', 'y', 'a'].includes(e.key.toLowerCase());
}
