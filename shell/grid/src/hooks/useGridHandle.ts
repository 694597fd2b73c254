/** The handle a page holds of its grid (DataGridHandle): the controller's actions, kept stable. */
import { useMemo } from 'react';
import type { GridController } from '../controller';
import type { DataGridHandle } from '../props';
import { isGroupRow } from '../grouping';
import type { GridRow } from '../types';

export function useGridHandle(ctrl: GridController): DataGridHandle {
  // The actions read the latest props through the controller's settings.
  return useMemo(
    () => ({
      controller: ctrl,
      reload: () => ctrl.load(),
      loadMore: () => ctrl.loadMore(),
      addRow: (d) => ctrl.addRow(d),
      saveNewRows: () => ctrl.saveNewRows(),
      deleteSelected: () => ctrl.deleteRows(ctrl.targetRowIds()),
      undo: () => ctrl.undo(),
      redo: () => ctrl.redo(),
      exportXlsx: () => ctrl.exportXlsx(),
      exportCsv: () => ctrl.exportCsv(),
      expandAll: () => ctrl.expandAll(),
      collapseAll: () => ctrl.collapseAll(),
      flush: async () => {
        ctrl.history.flush();
        await ctrl.writer.flush();
        await ctrl.writer.idle();
      },
      deleteRows: (ids) => ctrl.deleteRows(ids),
      removeRows: async (ids, options) => {
        ctrl.dropRows(ids);
        if (options?.reload) await ctrl.load();
      },
      acceptRows: (rows) => ctrl.acceptRows(rows),
      showRows: (rows) => ctrl.showRows(rows),
      getRow: (id) => ctrl.rows.get(id),
      getConfirmedRow: (id) => ctrl.writer.confirmedRow(id),
      getPendingChanges: (id) => ctrl.writer.pendingChanges(id),
      focusedRow: () => ctrl.focusedRow(),
      selectedRows: () => (ctrl.api?.getSelectedRows() ?? []).filter((r): r is GridRow => !isGroupRow(r)),
      clearSelection: () => ctrl.api?.deselectAll(),
    }),
    [ctrl],
  );
}
