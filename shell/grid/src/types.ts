/** Shapes of the grid protocol (docs/grid.md): the column schema, rows, queries and batch writes. */
import type { WhereNode } from './filter/where';

export type ColumnType = 'text' | 'list' | 'multiSelect' | 'integer' | 'number' | 'date' | 'datetime' | 'boolean';

export type ValidatorName =
  | 'discount'
  | 'promoCode'
  | 'alphanumeric'
  | 'alphanumericNoBlank'
  | 'numeric'
  | 'noSpaces'
  | 'nonClearable'
  | 'list'
  | 'multiSelect'
  | 'date';

export type EditableWhen = 'always' | 'newRows' | 'pending';

export type FilterOp = 'in' | 'contains' | 'startsWith' | 'gte' | 'lte' | 'gt' | 'lt' | 'blank';

export interface GridColumn {
  field: string;
  headerName: string;
  type: ColumnType;
  editable: boolean;
  editableWhen?: EditableWhen;
  validators: string[];
  options?: string[];
  required?: boolean;
  filterable?: boolean;
  filterOps?: FilterOp[];
  sortable?: boolean;
  encoded?: boolean;
  width?: number;
  hide?: boolean;
  /** The footer's first figure of this column when not its type's (a year is a number, not an amount: 'unique'). */
  footerFigure?: 'count' | 'empty' | 'filled' | 'unique' | 'sum' | 'avg' | 'min' | 'max';
}

export interface SortKey {
  field: string;
  dir?: 'asc' | 'desc';
}

export interface GridSchema {
  grid: string;
  idField: string;
  versionField: string;
  pageSize: number;
  maxLimit: number;
  maxBatch: number;
  defaultSort?: SortKey[];
  softDelete?: { field: string; value: string };
  folderField?: string;
  columns: GridColumn[];
  messages: Record<string, string>;
  validatorDocs?: Record<string, string>;
  [extra: string]: unknown;
}

export type CellValue = string | number | boolean | string[] | null;

/** A row as the server answers it: id and version first, then the fields. */
export interface GridRow {
  id: string;
  version: number;
  [field: string]: unknown;
}

export type FilterValue = string | number | boolean | Array<string | number> | Partial<Record<FilterOp, unknown>>;
export type Filters = Record<string, FilterValue | null | undefined>;

export interface GridQuery {
  filters?: Filters;
  /** The filter builder's tree (docs/grid.md §3.7), AND-ed with the filters. */
  where?: WhereNode;
  sort?: SortKey[];
  limit?: number;
  cursor?: string;
  fields?: string[];
  /** Only these rows (what a live stream named, read again). */
  ids?: string[];
}

export interface BatchUpdate {
  id: string;
  version: number;
  changes: Record<string, CellValue>;
}
export interface BatchAdd {
  tempId: string;
  values: Record<string, CellValue>;
}
export interface BatchDelete {
  id: string;
  version: number;
}
export interface BatchRequest {
  update?: BatchUpdate[];
  add?: BatchAdd[];
  delete?: BatchDelete[];
}
/** What a batch's sender knows beside the request: how its changes were made (all by a paste). */
export interface BatchInfo {
  via?: 'paste';
}
export interface BatchResult {
  updated: GridRow[];
  added: Array<{ tempId: string; row: GridRow }>;
  deleted: GridRow[];
}

/** One refused cell of a batch (400 ITS_ERR_VALIDATION details). */
export interface CellErrorDetail {
  op?: 'update' | 'add' | 'delete' | 'transfer';
  index?: number;
  id?: string;
  tempId?: string;
  field?: string;
  rule?: string;
  message?: string;
}

/** Where the grid talks to the server: every path is relative to /api. */
export interface GridEndpoints {
  stream: string;
  batch: string;
  /**
   * The query call (docs/grid.md §3.8): given, the grid reads its view in blocks as the user
   * scrolls, sorted and filtered on the server (the stream only while it is grouped).
   */
  query?: string;
  /** The server-side Excel export (docs/grid.md §7). */
  export?: string;
  /** The same view as a csv file. */
  exportCsv?: string;
  /** The summary call (docs/grid.md §7.1): shows the footer row of the whole filtered set. */
  summary?: string;
  /**
   * The groups call (docs/grid.md §3.9): with the query call, a grouped view stays read in blocks,
   * its groups counted on the server.
   */
  groups?: string;
}

/** How the grid shows a number column, given to the Excel export so its cells keep the format. */
export type ExportNumberFormat = { kind: 'money'; symbol: string; decimals: number } | { kind: 'percent'; decimals: number };

/** A column's ag-grid `context`: extras the kit reads (the export's number format). */
export interface ColumnContext {
  /** The number format of the column, for a row of the grid (money is in the row's currency). */
  exportFormat?: (row: GridRow | undefined) => ExportNumberFormat | undefined;
}
