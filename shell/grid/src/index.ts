/** @its/grid: the spreadsheet-style grid of ITS, shared by every remote as one singleton. */
export { DataGrid, gridTheme, withColumnExtras, type ColumnExtras, type DataGridHandle, type DataGridProps, type GroupOption } from './DataGrid';
export { Dec, decToNumber, parseDecimal, quotient, roundHalfUp } from './decimal';
export { ContextMenu, type MenuItem } from './ContextMenu';
export { GridController, classifyFailure, type GridLoadQuery, type GridSource, type GridUi, type ProposedChange, type RejectedCell, type RowSink } from './controller';
export { GridIcon } from './icons';
export { downloadExport, downloadFile, fileNameFrom } from './export';
export { sourceExport, type SourceExportOptions } from './export/sourceExport';
export { History, mergeChanges, invert, UNDOABLE, type CellChange, type ChangeKind, type HistoryStep } from './history';
export { buildGroups, groupKey, isGroupRow, orderGrouped, type GroupRow } from './grouping';
export { loadGridMessages, ruleMessages, ruleText } from './messages';
export * from './range';
export * from './rules';
export { RowBatcher, splitLines, streamRows } from './stream';
export { parseTsv, toTsv, quoteCell } from './tsv';
export * from './types';
export { Writer, type PendingChange, type SaveState, type WriteFailure } from './writer';
export * from './catalog';
export * as wholesaleRules from './orders/wholesaleRules';
