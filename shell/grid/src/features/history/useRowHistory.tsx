/**
 * The cell history of a grid's rows: the context menu's "Show history" (of an editable cell)
 * and "Row history", the side panel that lists the changes, and "Revert to this value", which
 * writes the cell back through the owner's versioned batch (a row changed since meets the usual
 * userLock) and reads the history again.
 */
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { toast, useSidePanel } from '@its/kit';
import type { MenuItem } from '../../ContextMenu';
import type { DataGridHandle } from '../../props';
import type { GridRow } from '../../types';
import { rowHistoryPrefix, type HistoryEntry } from './api';
import { HistoryPanel, type HistoryTarget } from './HistoryPanel';
import { hm } from './messages';

export interface RowHistoryOptions {
  /** The history route of a row (under /api); null: the grid has no history. */
  url: ((rowId: string) => string) | null;
  grid: () => DataGridHandle | null;
  /** Whether the user may edit the rows now (the revert buttons). */
  canEdit: boolean;
  fieldLabel: (field: string) => string;
  /**
   * Writes field of the confirmed row back to value as a batch labelled revert (via: 'revert')
   * and lays the answer into the grid; a refusal throws as the batch call does.
   */
  revert: (row: GridRow, field: string, value: unknown) => Promise<void>;
  /** Whether a field's change may be reverted from the panel (all by default). */
  canRevert?: (field: string) => boolean;
  /** Tells a refused or failed revert. */
  onRevertError: (err: unknown) => void;
  /** The row's name in the panel's title (e.g. its style and colour). */
  rowLabel: (row: GridRow) => string;
  /** Runs before the panel opens (another side panel of the page closes). */
  beforeOpen?: () => void;
}

export interface RowHistory {
  /** Opens the panel on a row's history: one field's, or the row's (field null). */
  open: (target: HistoryTarget) => void;
  /** The context menu's entries for row: "Show history" when cell (an editable field) is given, and "Row history". */
  menuItems: (row: GridRow, cell: string | null) => MenuItem[];
}

export function useRowHistory({ url, grid, canEdit, fieldLabel, revert, onRevertError, rowLabel, beforeOpen, canRevert }: RowHistoryOptions): RowHistory {
  const intl = useIntl();
  const qc = useQueryClient();
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  const latest = useRef({ grid, revert, onRevertError, fieldLabel, url, canRevert });
  latest.current = { grid, revert, onRevertError, fieldLabel, url, canRevert };
  const rowUrl = target && url ? url(target.rowId) : '';
  const onRevert = (t: HistoryTarget, e: HistoryEntry) => {
    void (async () => {
      const { grid, revert, onRevertError, fieldLabel, url } = latest.current;
      const g = grid();
      if (!g || !url) return;
      await g.flush();
      const row = g.getConfirmedRow(t.rowId);
      if (!row) return;
      try {
        await revert(row, e.field, e.new);
        toast.success(intl.formatMessage(hm.reverted, { field: fieldLabel(e.field) }), { key: 'history-reverted' });
      } catch (err) {
        onRevertError(err);
      }
      void qc.invalidateQueries({ queryKey: rowHistoryPrefix(url(t.rowId)) });
    })();
  };
  const panel = useSidePanel(
    () =>
      target && rowUrl
        ? {
            title: intl.formatMessage(hm.title),
            content: (
              <HistoryPanel
                url={rowUrl}
                target={target}
                canEdit={canEdit}
                current={(f) => latest.current.grid()?.getRow(target.rowId)?.[f]}
                onRevert={(e) => onRevert(target, e)}
                fieldLabel={(f) => latest.current.fieldLabel(f)}
                canRevert={(f) => latest.current.canRevert?.(f) ?? true}
              />
            ),
          }
        : null,
    [target, rowUrl, canEdit, intl],
  );
  const show = useRef(panel.show);
  show.current = panel.show;
  const open = (t: HistoryTarget) => {
    beforeOpen?.();
    setTarget(t);
    show.current();
  };
  const onShow = (row: GridRow, field: string | null) => open({ rowId: row.id, field, label: rowLabel(row) });
  return {
    open,
    menuItems: (row, cell) => {
      if (!url) return [];
      const items: MenuItem[] = [];
      if (cell) items.push({ id: 'showHistory', label: intl.formatMessage(hm.show), icon: 'history', onSelect: () => onShow(row, cell) });
      items.push({ id: 'rowHistory', label: intl.formatMessage(hm.row), icon: 'history', onSelect: () => onShow(row, null) });
      return items;
    },
  };
}
