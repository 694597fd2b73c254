/** Keeps a grid's layout on the server: restores it once the grid is ready, saves what the user changes. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { api, toast } from '@its/kit';
import type { GridController } from '../controller';
import { ROW_HEIGHTS, layoutFromState, stateFromLayout, type GridLayout, type RowHeight } from './layout';
import { lm } from './messages';

const SAVE_DELAY_MS = 400;
const path = (key: string) => `/gridLayouts/${encodeURIComponent(key)}`;

/** The user's saved layout of a grid (null: the default), shared by whoever waits for it. */
export const layoutQuery = (key: string) => ({
  queryKey: ['gridLayout', key],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<GridLayout | null>(path(key), { signal, silent: true }),
  staleTime: Infinity,
});

export interface GridLayoutState {
  rowHeight: RowHeight;
  setRowHeight: (h: RowHeight) => void;
  /** Saves the grid's current columns (after a change the chooser made through the api). */
  changed: () => void;
  reset: () => Promise<void>;
}

export function useGridLayout(ctrl: GridController, key: string, gridApi: GridApi | null): GridLayoutState {
  const intl = useIntl();
  const qc = useQueryClient();
  const [rowHeight, setRowHeightState] = useState<RowHeight>('normal');
  const rowHeightRef = useRef(rowHeight);
  rowHeightRef.current = rowHeight;
  const applying = useRef(false);
  const restored = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const saved = useQuery(layoutQuery(key));
  const save = useMutation({
    mutationFn: (layout: GridLayout) => api.put<GridLayout>(path(key), layout, { silent: true }),
    onSuccess: (layout) => qc.setQueryData(['gridLayout', key], layout),
    onError: () => toast.error(intl.formatMessage(lm.saveFailed), { key: 'grid-layout' }),
  });

  const applyRowHeight = useCallback(
    (h: RowHeight) => {
      setRowHeightState(h);
      const a = ctrl.api;
      if (!a) return;
      a.setGridOption('rowHeight', ROW_HEIGHTS[h]);
      a.resetRowHeights();
    },
    [ctrl],
  );

  const changed = useCallback(() => {
    if (applying.current || !restored.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const a = ctrl.api;
      if (a) save.mutate(layoutFromState(a.getColumnState(), rowHeightRef.current));
    }, SAVE_DELAY_MS);
  }, [ctrl, save]);

  // Restore once: the saved layout over the grid's columns, then listen for the user's changes.
  useEffect(() => {
    if (!gridApi || restored.current || saved.isPending) return;
    const layout = saved.data;
    if (layout) {
      applying.current = true;
      try {
        gridApi.applyColumnState({ state: stateFromLayout(layout, gridApi.getColumnState()), applyOrder: true });
        applyRowHeight(layout.rowHeight ?? 'normal');
      } finally {
        applying.current = false;
      }
    }
    restored.current = true;
  }, [gridApi, saved.isPending, saved.data, applyRowHeight]);

  useEffect(() => {
    if (!gridApi) return;
    const onMoved = (e: { finished?: boolean }) => {
      if (e.finished !== false) changed();
    };
    const onResized = (e: { finished?: boolean; source?: string }) => {
      if (e.finished && e.source !== 'flex') changed();
    };
    gridApi.addEventListener('columnMoved', onMoved);
    gridApi.addEventListener('columnVisible', changed);
    gridApi.addEventListener('columnPinned', changed);
    gridApi.addEventListener('columnResized', onResized);
    return () => {
      if (gridApi.isDestroyed()) return;
      gridApi.removeEventListener('columnMoved', onMoved);
      gridApi.removeEventListener('columnVisible', changed);
      gridApi.removeEventListener('columnPinned', changed);
      gridApi.removeEventListener('columnResized', onResized);
    };
  }, [gridApi, changed]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const setRowHeight = useCallback(
    (h: RowHeight) => {
      applyRowHeight(h);
      rowHeightRef.current = h;
      changed();
    },
    [applyRowHeight, changed],
  );

  const reset = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    // The grid reports the reset's moves and shows a moment later: none of them is a change to keep.
    applying.current = true;
    ctrl.api?.resetColumnState();
    applyRowHeight('normal');
    setTimeout(() => {
      if (timer.current) clearTimeout(timer.current);
      applying.current = false;
    }, SAVE_DELAY_MS);
    try {
      await api.delete(path(key), { silent: true });
      qc.setQueryData(['gridLayout', key], null);
    } catch {
      toast.error(intl.formatMessage(lm.saveFailed), { key: 'grid-layout' });
    }
  }, [ctrl, key, qc, intl, applyRowHeight]);

  return { rowHeight, setRowHeight, changed, reset };
}
