/**
 * The range by mouse: captured before ag-grid moves the focus, so Shift+click keeps the anchor;
 * a right click inside the range keeps it for the context menu (`menuRange`).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { SELECTION_COL, type GridController } from '../controller';
import type { CellRange } from '../range';

export interface RangePointer {
  /** A Shift+click is extending the range (the focus it moves does not start a new one). */
  extending: RefObject<boolean>;
  /** The range a right click inside it kept for the context menu. */
  menuRange: RefObject<CellRange | null>;
}

export function useRangePointer(ctrl: GridController, wrapper: RefObject<HTMLDivElement | null>): RangePointer {
  const extending = useRef(false);
  const menuRange = useRef<CellRange | null>(null);
  useEffect(() => {
    const box = wrapper.current;
    if (!box) return;
    const cellOf = (t: EventTarget | null) => {
      const el = t instanceof Element ? t.closest('.ag-cell') : null;
      if (!el || el.closest('.its-grid-editor')) return null;
      const colId = el.getAttribute('col-id') ?? undefined;
      const rowId = el.closest('.ag-row')?.getAttribute('row-id') ?? undefined;
      if (!colId || colId === SELECTION_COL) return null;
      return { rowId, colId };
    };
    const down = (e: MouseEvent) => {
      // A right click inside the range keeps it (the context menu acts on the range), whatever
      // the focus does meanwhile.
      if (e.button === 2) {
        const c = cellOf(e.target);
        menuRange.current = c && ctrl.rangeClass(c.rowId, c.colId) ? ctrl.getRange() : null;
        return;
      }
      if (e.button !== 0) return;
      const c = cellOf(e.target);
      if (!c) return;
      if (ctrl.api?.getEditingCells().length) return;
      extending.current = e.shiftKey;
      ctrl.pointerDown(c.rowId, c.colId, e.shiftKey);
      if (e.shiftKey) e.preventDefault();
    };
    const over = (e: MouseEvent) => {
      if (!ctrl.isDragging) return;
      const c = cellOf(e.target);
      if (c) ctrl.pointerOver(c.rowId, c.colId);
    };
    const up = () => {
      ctrl.pointerUp();
      extending.current = false;
    };
    box.addEventListener('mousedown', down, true);
    box.addEventListener('mouseover', over);
    document.addEventListener('mouseup', up);
    return () => {
      box.removeEventListener('mousedown', down, true);
      box.removeEventListener('mouseover', over);
      document.removeEventListener('mouseup', up);
    };
  }, [ctrl, wrapper]);
  return { extending, menuRange };
}
