/** The grid's menus: the context menu of a cell and the column menu of a header (columnMenuModel). */
import type { IntlShape } from 'react-intl';
import type { GridController, GridUi } from './controller';
import type { MenuItem } from './ContextMenu';
import { columnMenuModel, type ColumnMenuId } from './columnMenu';
import { opsOf } from './ColumnHeader';
import type { GroupOption } from './props';
import { m } from './messages';
import type { GridEndpoints, GridRow, GridSchema } from './types';

export interface ContextMenuOptions {
  intl: IntlShape;
  ctrl: GridController;
  ui: GridUi;
  schema: GridSchema;
  endpoints?: Partial<GridEndpoints>;
  canEdit?: boolean;
  copy: () => void;
  paste: () => void;
  onNewFolder?: () => void;
  /** The page's entries, for the row and the column of the cell right-clicked. */
  menuItems?: (row: GridRow | null, field: string | null) => MenuItem[];
}

/** The context menu of a cell: clipboard, Edit Cells, undo, delete, groups, the page's entries, export. */
export function contextMenuItems(o: ContextMenuOptions): MenuItem[] {
  const { intl, ctrl, ui } = o;
  const menu = ui.menu;
  const row = menu?.rowId ? (ctrl.rows.get(menu.rowId) ?? null) : null;
  const items: MenuItem[] = [
    { id: 'copy', label: intl.formatMessage(m.copy), icon: 'copy', shortcut: 'Ctrl+C', onSelect: () => o.copy() },
    { id: 'paste', label: intl.formatMessage(m.paste), icon: 'paste', shortcut: 'Ctrl+V', disabled: !o.canEdit, onSelect: () => o.paste() },
    { id: 'clear', label: intl.formatMessage(m.clearCells), icon: 'eraser', shortcut: 'Del', disabled: !o.canEdit, onSelect: () => ctrl.clearRange() },
    { id: 'editCells', label: intl.formatMessage(m.editCells), icon: 'editCells', shortcut: 'Ctrl+Shift+E', disabled: !o.canEdit, onSelect: () => void ctrl.openEditCells() },
    { id: 'sep1', separator: true },
    { id: 'undo', label: intl.formatMessage(m.undo), icon: 'undo', shortcut: 'Ctrl+Z', disabled: !ui.canUndo || !o.canEdit, onSelect: () => ctrl.undo() },
    { id: 'redo', label: intl.formatMessage(m.redo), icon: 'redo', shortcut: 'Ctrl+Y', disabled: !ui.canRedo || !o.canEdit, onSelect: () => ctrl.redo() },
  ];
  if (o.canEdit) {
    items.push({ id: 'sep2', separator: true });
    if (o.schema.folderField && o.onNewFolder) items.push({ id: 'newFolder', label: intl.formatMessage(m.newFolder), icon: 'folder', onSelect: o.onNewFolder });
    items.push({ id: 'delete', label: intl.formatMessage(m.deleteItem), icon: 'trash', danger: true, disabled: !row, onSelect: () => void ctrl.deleteRows(ctrl.targetRowIds(row?.id)) });
  }
  if (ui.groupBy) {
    items.push({ id: 'sep3', separator: true });
    items.push({ id: 'expandAll', label: intl.formatMessage(m.expandAll), icon: 'expand', onSelect: () => ctrl.expandAll() });
    items.push({ id: 'contractAll', label: intl.formatMessage(m.contractAll), icon: 'collapse', onSelect: () => ctrl.collapseAll() });
  }
  const extra = o.menuItems?.(row, menu?.field ?? null) ?? [];
  if (extra.length) items.push({ id: 'sep4', separator: true }, ...extra);
  if (o.endpoints?.export || o.endpoints?.exportCsv) items.push({ id: 'sep5', separator: true });
  if (o.endpoints?.export) items.push({ id: 'export', label: intl.formatMessage(m.exportExcel), icon: 'excel', onSelect: () => void ctrl.exportXlsx() });
  if (o.endpoints?.exportCsv) items.push({ id: 'exportCsv', label: intl.formatMessage(m.exportCsv), icon: 'excel', onSelect: () => void ctrl.exportCsv() });
  return items;
}

export interface ColumnMenuOptions {
  intl: IntlShape;
  ctrl: GridController;
  ui: GridUi;
  schema: GridSchema;
  groupOptions: GroupOption[];
  /** The user chose a sort (the page hears it; a source sorting on the server reads again). */
  userSorted: () => void;
}

/** The column menu of a header: sort, filter, group, pin, autosize, hide (columnMenuModel). */
export function columnMenuItems(o: ColumnMenuOptions, field: string): MenuItem[] {
  const { intl, ctrl, ui } = o;
  const api = ctrl.api;
  const col = ctrl.column(field);
  if (!api || !col) return [];
  const state = api.getColumnState();
  const own = state.find((s) => s.colId === field);
  const schemaCols = new Set(o.schema.columns.map((c) => c.field));
  const hiddenByUser = state.filter((s) => s.hide && schemaCols.has(s.colId) && !ctrl.column(s.colId)?.hide);
  const visible = state.filter((s) => !s.hide && schemaCols.has(s.colId)).length;
  const current = ui.columnFilters.find((f) => f.field === field);
  const groupable = o.groupOptions.some((g) => g.field === field);
  const sortTo = (dir: 'asc' | 'desc' | null) => {
    api.applyColumnState({ state: [{ colId: field, sort: dir }], defaultState: { sort: null } });
    o.userSorted();
  };
  const menuRect = ui.columnMenu;
  const act: Record<ColumnMenuId, { label: string; icon: string; run: () => void }> = {
    sortAsc: { label: intl.formatMessage(m.colSortAsc), icon: 'sortAsc', run: () => sortTo('asc') },
    sortDesc: { label: intl.formatMessage(m.colSortDesc), icon: 'sortDesc', run: () => sortTo('desc') },
    sortNone: { label: intl.formatMessage(m.colSortNone), icon: 'sortNone', run: () => sortTo(null) },
    filter: { label: intl.formatMessage(m.colFilter), icon: 'filter', run: () => ctrl.openFilterEditor(field, menuRect?.x ?? 0, menuRect?.y ?? 0) },
    clearFilter: { label: intl.formatMessage(m.colClearFilter), icon: 'filterOff', run: () => ctrl.setColumnCondition(field, null) },
    group: { label: intl.formatMessage(m.colGroup), icon: 'group', run: () => ctrl.chooseGroupBy(field) },
    ungroup: { label: intl.formatMessage(m.colUngroup), icon: 'group', run: () => ctrl.chooseGroupBy(null) },
    pinLeft: { label: intl.formatMessage(m.colPinLeft), icon: 'pinLeft', run: () => api.setColumnsPinned([field], 'left') },
    pinRight: { label: intl.formatMessage(m.colPinRight), icon: 'pinRight', run: () => api.setColumnsPinned([field], 'right') },
    unpin: { label: intl.formatMessage(m.colUnpin), icon: 'unpin', run: () => api.setColumnsPinned([field], null) },
    autosize: { label: intl.formatMessage(m.colAutosize), icon: 'autosize', run: () => api.autoSizeColumns([field]) },
    autosizeAll: { label: intl.formatMessage(m.colAutosizeAll), icon: 'autosize', run: () => api.autoSizeAllColumns() },
    hide: { label: intl.formatMessage(m.colHide), icon: 'eyeOff', run: () => api.setColumnsVisible([field], false) },
    showAll: { label: intl.formatMessage(m.colShowAll, { n: hiddenByUser.length }), icon: 'eye', run: () => api.setColumnsVisible(hiddenByUser.map((s) => s.colId), true) },
  };
  const model = columnMenuModel({
    sortable: col.sortable !== false,
    sort: (own?.sort as 'asc' | 'desc' | undefined) ?? null,
    filterable: opsOf(ctrl, col).length > 0,
    filtered: !!current,
    groupable,
    grouped: ui.groupBy === field,
    pinned: (own?.pinned as 'left' | 'right' | undefined) ?? null,
    hidden: hiddenByUser.length,
    visible,
  });
  return model.map((e) => {
    if (e.separator) return { id: e.id, separator: true };
    const a = act[e.id as ColumnMenuId];
    return { id: e.id, label: a.label, icon: a.icon, disabled: e.disabled, onSelect: a.run };
  });
}
