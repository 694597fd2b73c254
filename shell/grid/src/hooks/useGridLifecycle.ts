/** What the grid does as the page changes and leaves: the page's grouping, a new load per filter set, queued edits sent. */
import { useEffect, useRef, type RefObject } from 'react';
import type { GridController } from '../controller';
import type { Filters } from '../types';

/**
 * Applies the grouping the page asks for (again only when it changes) and loads the rows again
 * when the filters change (the history stays: it names rows by id). Answers the key of the
 * filters loaded, which the grid's first load sets.
 */
export function useGridLifecycle(ctrl: GridController, groupBy: string[] | undefined, filters: Filters): { filterKey: string; loadedKey: RefObject<string | null> } {
  const grouped = groupBy !== undefined;
  const groupKey = (groupBy ?? []).join('\u0000');
  useEffect(() => {
    if (!grouped) return;
    ctrl.setGroupBy(groupKey === '' ? null : groupKey.split('\u0000')[0]!);
  }, [ctrl, grouped, groupKey]);

  const filterKey = JSON.stringify(filters);
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!ctrl.api) return;
    if (loadedKey.current === filterKey) return;
    loadedKey.current = filterKey;
    void ctrl.load();
  }, [ctrl, filterKey]);

  useEffect(() => () => ctrl.detach(), [ctrl]);

  // Flush queued edits when the page goes away.
  useEffect(() => {
    const onLeave = () => {
      ctrl.history.flush();
      void ctrl.writer.flush();
    };
    window.addEventListener('pagehide', onLeave);
    return () => window.removeEventListener('pagehide', onLeave);
  }, [ctrl]);

  return { filterKey, loadedKey };
}
