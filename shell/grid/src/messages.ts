/** The grid kit's texts (its own catalogs, loaded with the first grid) and the rule messages. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { CatalogLoader } from '@its/kit';
import { fillMessage, type RuleResult } from './rules';
import type { FilterOp, GridColumn, GridSchema } from './types';

export const loadGridMessages: CatalogLoader = (locale) => import(/* webpackChunkName: "grid-i18n-[request]" */ `./i18n/${locale}.json`);

const unwrap = (m: Awaited<ReturnType<CatalogLoader>>): Record<string, string> => ('default' in m && typeof m.default === 'object' ? (m.default as Record<string, string>) : (m as Record<string, string>));

/**
 * A remote's catalog loader with the grid kit's catalog under it, so that what the remote words
 * with the kit's features (the history and comments menu entries, their panels' titles) reads in
 * the user's language too.
 */
export function withGridMessages(own: CatalogLoader): CatalogLoader {
  return async (locale) => {
    const [grid, mine] = await Promise.all([loadGridMessages(locale), own(locale)]);
    return { ...unwrap(grid), ...unwrap(mine) };
  };
}

const gridMessages = defineMessages({
  saving: { id: 'grid.save.saving', defaultMessage: 'Saving...' },
  saved: { id: 'grid.save.saved', defaultMessage: 'All changes saved.' },
  saveError: { id: 'grid.save.error', defaultMessage: 'An error has occurred while saving' },
  liveOn: { id: 'grid.live.on', defaultMessage: 'Live' },
  liveOnTitle: { id: 'grid.live.onTitle', defaultMessage: 'Changes others save appear here as they happen' },
  liveOff: { id: 'grid.live.off', defaultMessage: 'Reconnecting…' },
  liveNewRows: { id: 'grid.live.newRows', defaultMessage: '{n, plural, one {# new row} other {# new rows}}: show' },
  presenceOthers: { id: 'grid.presence.others', defaultMessage: '{n, plural, one {# other person has this open} other {# other people have this open}}' },
  presenceAt: { id: 'grid.presence.at', defaultMessage: '{name}, in {column}' },
  presenceMore: { id: 'grid.presence.more', defaultMessage: '{n, plural, one {# more person} other {# more people}}' },
  announceCell: { id: 'grid.announce.cell', defaultMessage: '{column}, row {row}: {value}' },
  announceCellEmpty: { id: 'grid.announce.cellEmpty', defaultMessage: '{column}, row {row}: empty' },
  announceCells: { id: 'grid.announce.cells', defaultMessage: '{n, plural, one {# cell changed} other {# cells changed}}' },
  rowsSelected: { id: 'grid.selection.rows', defaultMessage: '{n, plural, one {# row selected} other {# rows selected}}' },
  foldersSelected: { id: 'grid.selection.folders', defaultMessage: '{n, plural, one {# folder selected} other {# folders selected}}' },
  cellsSelected: { id: 'grid.selection.cells', defaultMessage: '{n, plural, one {# editable cell selected} other {# editable cells selected}}' },
  clearSelection: { id: 'grid.selection.clear', defaultMessage: 'Clear selection' },
  rowCount: { id: 'grid.footer.rows', defaultMessage: '{n, plural, one {# row} other {# rows}}' },
  loadingRows: { id: 'grid.footer.loading', defaultMessage: 'Loading {loaded, number} of {total, number} rows…' },
  undo: { id: 'grid.action.undo', defaultMessage: 'Undo' },
  redo: { id: 'grid.action.redo', defaultMessage: 'Redo' },
  copy: { id: 'grid.action.copy', defaultMessage: 'Copy' },
  paste: { id: 'grid.action.paste', defaultMessage: 'Paste' },
  clearCells: { id: 'grid.action.clearCells', defaultMessage: 'Clear cells' },
  deleteItem: { id: 'grid.action.deleteItem', defaultMessage: 'Delete item' },
  expandAll: { id: 'grid.action.expandAll', defaultMessage: 'Expand all' },
  contractAll: { id: 'grid.action.contractAll', defaultMessage: 'Contract all' },
  newFolder: { id: 'grid.action.newFolder', defaultMessage: 'New Folder' },
  saveNew: { id: 'grid.action.saveNew', defaultMessage: 'Save new {n, plural, one {row} other {rows ({n, number})}}' },
  exportExcel: { id: 'grid.action.export', defaultMessage: 'Export to Excel' },
  exporting: { id: 'grid.export.running', defaultMessage: 'Preparing the Excel file…' },
  exportFailed: { id: 'grid.export.failed', defaultMessage: 'The Excel file could not be created.' },
  exportCsv: { id: 'grid.action.exportCsv', defaultMessage: 'Export to CSV' },
  exportingCsv: { id: 'grid.export.runningCsv', defaultMessage: 'Preparing the CSV file…' },
  exportCsvFailed: { id: 'grid.export.csvFailed', defaultMessage: 'The CSV file could not be created.' },
  groupBy: { id: 'grid.group.label', defaultMessage: 'Group by' },
  groupNone: { id: 'grid.group.none', defaultMessage: 'None' },
  groupHeader: { id: 'grid.group.header', defaultMessage: '{header}: {value} ({count, number})' },
  blanks: { id: 'grid.group.blanks', defaultMessage: '(Blanks)' },
  expandGroup: { id: 'grid.group.expand', defaultMessage: 'Expand group' },
  collapseGroup: { id: 'grid.group.collapse', defaultMessage: 'Collapse group' },
  siteUpdating: { id: 'grid.siteUpdating', defaultMessage: 'Site is updating. Please wait.' },
  userLock: {
    id: 'grid.userLock',
    defaultMessage: 'Your changes were not saved. The underlying data might be different than how you see it. Click here to reload the page.',
  },
  reload: { id: 'grid.reload', defaultMessage: 'Reload' },
  rejectedTitle: { id: 'grid.rejected.title', defaultMessage: '{n, plural, one {# cell was not changed} other {# cells were not changed}}' },
  rejectedRow: { id: 'grid.rejected.row', defaultMessage: 'Row' },
  rejectedColumn: { id: 'grid.rejected.column', defaultMessage: 'Column' },
  rejectedValue: { id: 'grid.rejected.value', defaultMessage: 'Value' },
  rejectedReason: { id: 'grid.rejected.reason', defaultMessage: 'Reason' },
  rejectedMore: { id: 'grid.rejected.more', defaultMessage: '…and {n, number} more' },
  rejectedToast: {
    id: 'grid.rejected.toast',
    defaultMessage: '{changed, plural, one {# cell changed} other {# cells changed}}, {rejected, plural, one {# cell refused} other {# cells refused}}. See the list below the grid.',
  },
  refusedToast: { id: 'grid.rejected.only', defaultMessage: '{rejected, plural, one {# cell was refused} other {# cells were refused}}. See the list below the grid.' },
  close: { id: 'grid.close', defaultMessage: 'Close' },
  pasteOutside: { id: 'grid.paste.outside', defaultMessage: 'Outside the grid' },
  pasteRowsOutside: {
    id: 'grid.paste.rowsOutside',
    defaultMessage: '{n, plural, one {# pasted row fell} other {# pasted rows fell}} below the last row and {n, plural, one {was} other {were}} not pasted.',
  },
  pasteShortcut: { id: 'grid.paste.shortcut', defaultMessage: 'Press Ctrl+V (⌘V on a Mac) to paste into the grid.' },
  noRows: { id: 'grid.empty.default', defaultMessage: 'No rows to show.' },
  newRow: { id: 'grid.row.new', defaultMessage: 'New' },
  deleted: { id: 'grid.deleted', defaultMessage: '{n, number} Item(s) Deleted' },
  saveFailedToast: { id: 'grid.save.failedToast', defaultMessage: 'An error has occurred while saving: {message}' },
  notFound: { id: 'grid.save.notFound', defaultMessage: 'Some rows no longer exist and were removed from the grid.' },
  loadFailed: { id: 'grid.load.failed', defaultMessage: 'The rows could not be loaded.' },
  readTooMany: {
    id: 'grid.read.tooMany',
    defaultMessage: 'Copy, paste and Edit Cells work on up to {n, number} rows at a time. Use Export for the whole view.',
  },
  retry: { id: 'grid.load.retry', defaultMessage: 'Try again' },
  cancel: { id: 'grid.cancel', defaultMessage: 'Cancel' },
  columnMenu: { id: 'grid.column.menu', defaultMessage: 'Column menu: {header}' },
  colSortAsc: { id: 'grid.column.sortAsc', defaultMessage: 'Sort ascending' },
  colSortDesc: { id: 'grid.column.sortDesc', defaultMessage: 'Sort descending' },
  colSortNone: { id: 'grid.column.sortNone', defaultMessage: 'Clear sort' },
  colFilter: { id: 'grid.column.filter', defaultMessage: 'Filter by this column…' },
  colClearFilter: { id: 'grid.column.clearFilter', defaultMessage: 'Remove this column’s filter' },
  colGroup: { id: 'grid.column.group', defaultMessage: 'Group by this column' },
  colUngroup: { id: 'grid.column.ungroup', defaultMessage: 'Stop grouping' },
  colPinLeft: { id: 'grid.column.pinLeft', defaultMessage: 'Pin left' },
  colPinRight: { id: 'grid.column.pinRight', defaultMessage: 'Pin right' },
  colUnpin: { id: 'grid.column.unpin', defaultMessage: 'Unpin' },
  colAutosize: { id: 'grid.column.autosize', defaultMessage: 'Autosize this column' },
  colAutosizeAll: { id: 'grid.column.autosizeAll', defaultMessage: 'Autosize all columns' },
  colHide: { id: 'grid.column.hide', defaultMessage: 'Hide column' },
  colShowAll: { id: 'grid.column.showAll', defaultMessage: 'Show all columns ({n, number} hidden)' },
  filtered: { id: 'grid.filter.active', defaultMessage: 'Column filters' },
  filterTitle: { id: 'grid.filter.title', defaultMessage: 'Filter {header}' },
  filterOperator: { id: 'grid.filter.operator', defaultMessage: 'Condition' },
  filterValue: { id: 'grid.filter.value', defaultMessage: 'Value' },
  filterValues: { id: 'grid.filter.values', defaultMessage: 'Values' },
  filterValuesHint: { id: 'grid.filter.valuesHint', defaultMessage: 'Separate values with commas ({n, plural, one {# value} other {# values}}).' },
  filterEmpty: { id: 'grid.filter.empty', defaultMessage: 'Enter a value to filter by.' },
  filterApply: { id: 'grid.filter.apply', defaultMessage: 'Apply' },
  filterRemove: { id: 'grid.filter.remove', defaultMessage: 'Remove filter' },
  filterRemoveNamed: { id: 'grid.filter.removeNamed', defaultMessage: 'Remove filter: {filter}' },
  filterClearAll: { id: 'grid.filter.clearAll', defaultMessage: 'Clear all filters' },
  editCells: { id: 'grid.edit.menu', defaultMessage: 'Edit cells…' },
  editCellsTitle: { id: 'grid.edit.title', defaultMessage: 'Edit Cells' },
  editIntro: {
    id: 'grid.edit.intro',
    defaultMessage: 'Tick the fields to change. Each ticked value is written into {rows, plural, one {the # selected row} other {all # selected rows}}.',
  },
  editHint: { id: 'grid.edit.hint', defaultMessage: 'Read-only cells are left as they are. A ticked field left empty clears its cells.' },
  editChange: { id: 'grid.edit.change', defaultMessage: 'Change {header}' },
  editApply: { id: 'grid.edit.apply', defaultMessage: 'Apply' },
  editBlank: { id: 'grid.edit.blank', defaultMessage: '(Empty)' },
  editYes: { id: 'grid.edit.yes', defaultMessage: 'Yes' },
  editNo: { id: 'grid.edit.no', defaultMessage: 'No' },
  editNothing: { id: 'grid.edit.nothing', defaultMessage: 'None of the selected cells can be edited.' },
  filterChip: { id: 'grid.filter.chip', defaultMessage: '{header} {op} {values}' },
});

const opMessages = defineMessages({
  contains: { id: 'grid.filter.op.contains', defaultMessage: 'contains' },
  startsWith: { id: 'grid.filter.op.startsWith', defaultMessage: 'starts with' },
  in: { id: 'grid.filter.op.in', defaultMessage: 'is any of' },
  blank: { id: 'grid.filter.op.blank', defaultMessage: 'is empty' },
  eq: { id: 'grid.filter.op.eq', defaultMessage: '=' },
  gt: { id: 'grid.filter.op.gt', defaultMessage: '>' },
  gte: { id: 'grid.filter.op.gte', defaultMessage: '≥' },
  lt: { id: 'grid.filter.op.lt', defaultMessage: '<' },
  lte: { id: 'grid.filter.op.lte', defaultMessage: '≤' },
});

/** The operator names of a column type (numbers and dates read `in` as "="). */
export function opLabels(type: GridColumn['type']): Record<FilterOp, MessageDescriptor> {
  const numeric = type === 'integer' || type === 'number' || type === 'date' || type === 'datetime';
  return { ...opMessages, in: numeric ? opMessages.eq : opMessages.in };
}

/** The kit's messages, typed loosely: values are checked by the formatter at run time. */
export const m: Record<keyof typeof gridMessages, MessageDescriptor> = gridMessages;

/** The rule messages, by the server's message keys (schema.messages). */
export const ruleMessages: Record<string, MessageDescriptor> = defineMessages({
  discount: { id: 'grid.rule.discount', defaultMessage: 'Discount Percentage must be between 0-100' },
  promoCode: { id: 'grid.rule.promoCode', defaultMessage: '{header} must be at most 3 letters or digits' },
  alphanumericNoBlank: { id: 'grid.rule.alphanumericNoBlank', defaultMessage: '{header} cannot be blank' },
  numeric: { id: 'grid.rule.numeric', defaultMessage: '{header} must be a number' },
  negative: { id: 'grid.rule.negative', defaultMessage: '{header} cannot be negative' },
  noSpaces: { id: 'grid.rule.noSpaces', defaultMessage: '{header} cannot contain spaces' },
  nonClearable: { id: 'grid.rule.nonClearable', defaultMessage: '{header} cannot be cleared' },
  list: { id: 'grid.rule.list', defaultMessage: "''{value}'' is not a valid {header}" },
  multiSelect: { id: 'grid.rule.multiSelect', defaultMessage: "''{value}'' is not a valid {header}" },
  date: { id: 'grid.rule.date', defaultMessage: '{header} must be a date (MM/DD/YYYY)' },
  required: { id: 'grid.rule.required', defaultMessage: '{header} is required' },
  notEditable: { id: 'grid.rule.notEditable', defaultMessage: '{header} cannot be edited here' },
  folder: { id: 'grid.rule.folder', defaultMessage: 'Folders cannot be edited' },
  'type.text': { id: 'grid.rule.type.text', defaultMessage: '{header} must be text' },
  'type.integer': { id: 'grid.rule.type.integer', defaultMessage: '{header} must be a whole number' },
  'type.number': { id: 'grid.rule.type.number', defaultMessage: '{header} must be a number' },
  'type.boolean': { id: 'grid.rule.type.boolean', defaultMessage: '{header} must be true or false' },
  'type.date': { id: 'grid.rule.type.date', defaultMessage: '{header} must be a date (MM/DD/YYYY)' },
  'type.datetime': { id: 'grid.rule.type.datetime', defaultMessage: '{header} must be a date and time' },
  'type.list': { id: 'grid.rule.type.list', defaultMessage: "''{value}'' is not a valid {header}" },
  'type.multiSelect': { id: 'grid.rule.type.multiSelect', defaultMessage: '{header} must be a list of values' },
});

/**
 * The text of a refused cell in the user's language: the kit's translation of the message key,
 * else the schema's message (English, from the server), filled with the header and the value.
 */
export function ruleText(intl: IntlShape, schema: Pick<GridSchema, 'messages'> | undefined, messageKey: string, header: string, value: string): string {
  const d = ruleMessages[messageKey];
  if (d) return intl.formatMessage(d, { header, value });
  const template = schema?.messages?.[messageKey];
  return template ? fillMessage(template, { header, value }) : `${header}: ${value}`;
}

export function refusalText(intl: IntlShape, schema: Pick<GridSchema, 'messages'> | undefined, col: GridColumn, header: string, r: Extract<RuleResult, { ok: false }>) {
  return ruleText(intl, schema, r.messageKey, header || col.headerName, r.input);
}
