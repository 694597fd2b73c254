/** What every popup of the kit does (menus, the filter editor): stay inside the window, take the focus, close on Escape, a click outside or a resize. */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

export function useFloating(ref: RefObject<HTMLElement | null>, x: number, y: number, focus: string, onClose: () => void): { left: number; top: number } {
  const [pos, setPos] = useState({ left: x, top: y });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Kept inside the window when it opens and whenever it grows (a filter builder's new row).
    const place = () => {
      const r = el.getBoundingClientRect();
      setPos({ left: Math.max(4, Math.min(x, window.innerWidth - r.width - 8)), top: Math.max(4, Math.min(y, window.innerHeight - r.height - 8)) });
    };
    place();
    el.querySelector<HTMLElement>(focus)?.focus();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(place);
    watch.observe(el);
    return () => watch.disconnect();
  }, [ref, x, y, focus]);
  useEffect(() => {
    const away = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    };
    document.addEventListener('mousedown', away, true);
    document.addEventListener('keydown', key, true);
    window.addEventListener('resize', onClose);
    return () => {
      document.removeEventListener('mousedown', away, true);
      document.removeEventListener('keydown', key, true);
      window.removeEventListener('resize', onClose);
    };
  }, [ref, onClose]);
  return pos;
}

/**
 * Where a popup opens under the element that opens it, 4 px below: its left edge under the
 * element's, or (a toolbar button near the grid's right edge) its right edge under the element's
 * for a popup `width` px wide. useFloating then keeps it inside the window.
 */
export function below(el: Element, align: 'left' | 'right' = 'left', width = 0): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: align === 'right' ? r.right - width : r.left, y: r.bottom + 4 };
}
