/**
 * The product library keeps the grid's filter tree in the address: the grid starts from it,
 * history navigation and the filter bar put it back into the grid, and what the grid's chips,
 * builder or views change goes into it.
 */
import { useEffect, useRef } from 'react';
import type { GridController, WhereNode } from '@its/grid';
import { encodeWhere } from './urlState';

/**
 * Keeps the grid's tree and the page's `where` (the address) the same, both ways. The grid takes
 * the page's tree in an effect, so for a moment after a change of the address (a navigation is a
 * transition: its render may wait and yield before it is committed) the grid still has the tree
 * before it. Only a change of the grid's own tree goes into the address, never its tree as it is
 * whenever something else of the grid changes (rows or a total arriving): that would write the
 * older tree back over the newer pick (two quick picks in a bar field kept only the first).
 */
export function useGridWhere(ctrl: GridController | null, where: WhereNode | null, setWhere: (tree: WhereNode | null) => void): void {
  const whereRef = useRef(where);
  whereRef.current = where;
  useEffect(() => {
    if (!ctrl) return;
    if (encodeWhere(ctrl.ui.get().where) !== encodeWhere(whereRef.current)) ctrl.setWhere(whereRef.current);
    let last = ctrl.ui.get().where;
    return ctrl.ui.subscribe(() => {
      const now = ctrl.ui.get().where;
      if (now === last) return;
      last = now;
      if (encodeWhere(now) !== encodeWhere(whereRef.current)) {
        whereRef.current = now;
        setWhere(now);
      }
    });
  }, [ctrl, setWhere]);
  useEffect(() => {
    if (ctrl && encodeWhere(ctrl.ui.get().where) !== encodeWhere(where)) ctrl.setWhere(where);
  }, [ctrl, where]);
}
