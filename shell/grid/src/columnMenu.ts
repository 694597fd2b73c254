/**
 * The column menu's entries (ag-grid Community has no column menu: the kit draws its own from a
 * custom header). Pure: what a column offers from its state; DataGrid gives the labels and acts.
 */
export type ColumnMenuId =
  | 'sortAsc'
  | 'sortDesc'
  | 'sortNone'
  | 'filter'
  | 'clearFilter'
  | 'group'
  | 'ungroup'
  | 'pinLeft'
  | 'pinRight'
  | 'unpin'
  | 'autosize'
  | 'autosizeAll'
  | 'hide'
  | 'showAll';

export interface ColumnMenuState {
  sortable: boolean;
  sort: 'asc' | 'desc' | null;
  /** The column can be filtered (it has operators). */
  filterable: boolean;
  filtered: boolean;
  /** The grid allows grouping by this column. */
  groupable: boolean;
  grouped: boolean;
  pinned: 'left' | 'right' | null;
  /** Columns the user hid. */
  hidden: number;
  /** Columns shown now (the last one cannot be hidden). */
  visible: number;
}

export interface ColumnMenuEntry {
  id: ColumnMenuId | `sep${number}`;
  separator?: boolean;
  disabled?: boolean;
}

/** The entries of one column's menu, in order, with separators between the sections. */
export function columnMenuModel(s: ColumnMenuState): ColumnMenuEntry[] {
  const sections: ColumnMenuEntry[][] = [];
  if (s.sortable) {
    sections.push([
      { id: 'sortAsc', disabled: s.sort === 'asc' },
      { id: 'sortDesc', disabled: s.sort === 'desc' },
      { id: 'sortNone', disabled: s.sort === null },
    ]);
  }
  const filterGroup: ColumnMenuEntry[] = [];
  if (s.filterable) filterGroup.push({ id: 'filter' });
  if (s.filtered) filterGroup.push({ id: 'clearFilter' });
  if (s.groupable) filterGroup.push({ id: s.grouped ? 'ungroup' : 'group' });
  if (filterGroup.length) sections.push(filterGroup);
  sections.push([
    { id: 'pinLeft', disabled: s.pinned === 'left' },
    { id: 'pinRight', disabled: s.pinned === 'right' },
    ...(s.pinned ? [{ id: 'unpin' as const }] : []),
  ]);
  sections.push([{ id: 'autosize' }, { id: 'autosizeAll' }]);
  sections.push([{ id: 'hide', disabled: s.visible <= 1 }, ...(s.hidden > 0 ? [{ id: 'showAll' as const }] : [])]);
  const out: ColumnMenuEntry[] = [];
  sections.forEach((sec, i) => {
    if (i > 0) out.push({ id: `sep${i}`, separator: true });
    out.push(...sec);
  });
  return out;
}

/** Keys that open the column menu from a focused header: the menu key, Shift+F10, Alt+↓. */
export function opensColumnMenu(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey'>): boolean {
  return e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10') || (e.altKey && e.key === 'ArrowDown');
}
