/** Keyboard and touch navigation of the showroom's viewers (the rules are in model.ts). */
import { useEffect, useRef, type RefObject } from 'react';
import { navKey, swipeAction, type NavAction } from './model';

/** Calls `on` for the showroom keys pressed anywhere on the page (not into a field). */
export function useNavKeys(on: (a: NavAction) => void): void {
  const ref = useRef(on);
  ref.current = on;
  useEffect(() => {
    const handler = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const a = navKey(e);
      if (!a) return;
      e.preventDefault();
      ref.current(a);
    };
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, []);
}

/** Calls `on` for a horizontal swipe (touch or pen) on the element. */
export function useSwipe(el: RefObject<HTMLElement | null>, on: (a: 'prev' | 'next') => void): void {
  const ref = useRef(on);
  ref.current = on;
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    let start: { x: number; y: number; id: number } | null = null;
    const down = (e: PointerEvent) => {
      if (e.pointerType === 'mouse') return;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId };
    };
    const up = (e: PointerEvent) => {
      if (!start || e.pointerId !== start.id) return;
      const a = swipeAction(e.clientX - start.x, e.clientY - start.y);
      start = null;
      if (a) ref.current(a);
    };
    const cancel = () => {
      start = null;
    };
    node.addEventListener('pointerdown', down);
    node.addEventListener('pointerup', up);
    node.addEventListener('pointercancel', cancel);
    return () => {
      node.removeEventListener('pointerdown', down);
      node.removeEventListener('pointerup', up);
      node.removeEventListener('pointercancel', cancel);
    };
  }, [el]);
}
