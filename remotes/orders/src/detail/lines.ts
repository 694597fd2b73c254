/**
 * An order's lines in the grid kit: the columns of each type (product spec §3.6), the wholesale
 * colour × size matrix as one column per size, and the kit's batches as order batches (docs/api.md
 * "Orders": updateProducts, addProducts, dropProducts, status).
 */
import type { BatchRequest, BatchResult, CellValue, GridColumn, GridRow, GridSchema } from '@its/grid';
import type { AddProduct, Area, OrderBatch } from '../api';

export const SIZE_PREFIX = 'size_';
/** The size run every wholesale grid shows; sizes of stored lines outside it are added. */
export const SIZE_RUN = ['5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13', '14'];
export const SIZE_PREFERENCES = ['Preferred', 'Required'];
/** What an approver may set a promo line to (spec §4.3 advanced rights). */
export const APPROVER_STATUSES = ['APPROVED', 'DENIED'] as const;
/** An approver's decision on a promo line. */
export type Decision = (typeof APPROVER_STATUSES)[number];

export const sizeField = (size: string) => SIZE_PREFIX + size.replace(/\./g, '_');
export const sizeOf = (field: string) => field.slice(SIZE_PREFIX.length).replace(/_/g, '.');
export const isSizeField = (field: string) => field.startsWith(SIZE_PREFIX);

interface Col {
  field: string;
  type?: GridColumn['type'];
  width?: number;
  when?: 'always' | 'newRows';
  validators?: string[];
  options?: string[];
  required?: boolean;
}

const styleColor: Col[] = [
  { field: 'style', width: 110, when: 'newRows', validators: ['alphanumericNoBlank'], required: true },
  { field: 'color', width: 100, when: 'newRows', validators: ['noSpaces'], required: true },
];

const sampleCols: Col[] = [
  ...styleColor,
  { field: 'status', width: 120 },
  { field: 'productType', width: 110 },
  { field: 'size', width: 80, when: 'always', validators: ['noSpaces'] },
  { field: 'sizePreference', type: 'list', width: 140, when: 'always', validators: ['list'], options: SIZE_PREFERENCES },
  { field: 'side', width: 80, when: 'always' },
  { field: 'source', width: 110, when: 'always' },
  { field: 'quantity', type: 'integer', width: 96, when: 'always', validators: ['numeric'] },
  { field: 'shipper', width: 110, when: 'always' },
  { field: 'tracking', width: 150, when: 'always' },
  { field: 'returnType', width: 120, when: 'always' },
  { field: 'division', width: 110 },
  { field: 'gender', width: 100 },
];

const promoCols: Col[] = [
  ...styleColor,
  { field: 'status', type: 'list', width: 130, options: [...APPROVER_STATUSES], validators: ['list'] },
  { field: 'productType', width: 110 },
  { field: 'size', width: 80, when: 'always', validators: ['noSpaces'] },
  { field: 'sizePreference', type: 'list', width: 140, when: 'always', validators: ['list'], options: SIZE_PREFERENCES },
  { field: 'quantity', type: 'integer', width: 96, when: 'always', validators: ['numeric'] },
  { field: 'promoCode', width: 110, when: 'always', validators: ['promoCode'] },
  { field: 'term', width: 100, when: 'always' },
  { field: 'division', width: 110 },
  { field: 'gender', width: 100 },
];

function wholesaleCols(sizes: string[]): Col[] {
  return [
    ...styleColor,
    { field: 'packCode', width: 100, when: 'always' },
    ...sizes.map((s) => ({ field: sizeField(s), type: 'integer' as const, width: 62, when: 'always' as const, validators: ['numeric'] })),
    { field: 'totalUnits', type: 'integer', width: 80 },
    { field: 'unitPrice', type: 'number', width: 100, when: 'always', validators: ['numeric'] },
    { field: 'discount', type: 'number', width: 100, when: 'always', validators: ['discount'] },
    { field: 'term', width: 90, when: 'always' },
    { field: 'startDate', type: 'date', width: 120, when: 'always', validators: ['date'] },
    { field: 'endDate', type: 'date', width: 120, when: 'always', validators: ['date'] },
    { field: 'daysOut', type: 'integer', width: 90, when: 'always', validators: ['numeric'] },
    { field: 'stores', width: 120, when: 'always' },
  ];
}

/**
 * The sizes the matrix shows: the sizes of the lines' ranges as the server orders them (the shoe
 * run while no line has a range), then any other size a line holds, in order met.
 */
export function matrixSizes(rows: GridRow[], columns?: string[]): string[] {
  const out = columns?.length ? [...columns] : [...SIZE_RUN];
  for (const r of rows) for (const k of Object.keys(sizesOf(r.sizes))) if (!out.includes(k)) out.push(k);
  return out;
}

/**
 * The line grid's schema. `editStatus`: the user may set promo line statuses (an approver), so
 * the status column is edited through the batch's status list.
 */
export function lineSchema(area: Area, sizes: string[], editStatus: boolean): GridSchema {
  const cols = area === 'wholesale' ? wholesaleCols(sizes) : area === 'promos' ? promoCols : sampleCols;
  return {
    grid: `orders.lines.${area}`,
    idField: 'id',
    versionField: 'version',
    pageSize: 2000,
    maxLimit: 2000,
    maxBatch: 2000,
    columns: cols.map((c) => {
      const statusCol = c.field === 'status' && editStatus && area === 'promos';
      const editable = !!c.when || statusCol;
      return {
        field: c.field,
        headerName: isSizeField(c.field) ? sizeOf(c.field) : c.field,
        type: c.type ?? 'text',
        editable,
        editableWhen: statusCol ? 'always' : c.when,
        validators: editable ? (c.validators ?? []) : [],
        options: c.options,
        required: c.required,
        sortable: !isSizeField(c.field),
        width: c.width,
      };
    }),
    messages: {},
  };
}

/** A size matrix as the server answers it (an object, or its JSON text), as whole units. */
export function sizesOf(v: unknown): Record<string, number> {
  let o: unknown = v;
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v);
    } catch {
      return {};
    }
  }
  const out: Record<string, number> = {};
  if (o && typeof o === 'object' && !Array.isArray(o)) for (const [k, n] of Object.entries(o)) if (typeof n === 'number' && n > 0) out[k] = n;
  return out;
}

/** A server line as a grid row: the wholesale matrix spread over its size columns, with the total. */
export function toGridRow(line: GridRow): GridRow {
  if (line.sizes === undefined) return line;
  const sizes = sizesOf(line.sizes);
  const row: GridRow = { ...line, sizes };
  let total = 0;
  for (const [k, n] of Object.entries(sizes)) {
    row[sizeField(k)] = n;
    total += n;
  }
  row.totalUnits = total;
  return row;
}

/** The matrix of a row after changes to its size cells (empty and zero cells leave the matrix). */
export function mergeSizes(confirmed: GridRow | undefined, changes: Record<string, unknown>): Record<string, number> {
  const sizes = { ...sizesOf(confirmed?.sizes) };
  for (const [f, v] of Object.entries(changes)) {
    if (!isSizeField(f)) continue;
    const n = typeof v === 'number' ? v : Number(v);
    if (v === null || v === '' || !Number.isFinite(n) || n <= 0) delete sizes[sizeOf(f)];
    else sizes[sizeOf(f)] = Math.trunc(n);
  }
  return sizes;
}

/** Splits a row's changes into the line's own fields (the size cells as one matrix) and its status. */
function splitChanges(changes: Record<string, unknown>, confirmed: GridRow | undefined): { fields: Record<string, unknown>; status?: string } {
  const fields: Record<string, unknown> = {};
  let status: string | undefined;
  let sized = false;
  for (const [f, v] of Object.entries(changes)) {
    if (f === 'status') status = String(v ?? '');
    else if (isSizeField(f)) sized = true;
    else if (f !== 'totalUnits') fields[f] = v;
  }
  if (sized) fields.sizes = mergeSizes(confirmed, changes);
  return { fields, status };
}

/**
 * The field of a line's history a cell stands for: a size of the wholesale matrix is the line's
 * sizes, an editable cell itself; null for a cell the user cannot write (the server's prices and
 * totals, the status set by the review buttons, a style or colour fixed once added).
 */
export function historyField(schema: GridSchema, field: string): string | null {
  if (isSizeField(field)) return 'sizes';
  const c = schema.columns.find((x) => x.field === field);
  return c && c.editable && c.editableWhen !== 'newRows' && field !== 'status' ? field : null;
}

/** A kit batch as an order batch. */
export function toOrderBatch(req: BatchRequest, confirmedRow: (id: string) => GridRow | undefined): OrderBatch {
  const out: OrderBatch = {};
  for (const u of req.update ?? []) {
    const { fields, status } = splitChanges(u.changes, confirmedRow(u.id));
    if (Object.keys(fields).length) (out.updateProducts ??= []).push({ id: u.id, version: u.version, changes: fields });
    if (status) (out.status ??= []).push({ id: u.id, version: u.version, status });
  }
  if (req.add?.length) {
    out.addProducts = req.add.map((a): AddProduct => {
      const { style, color, ...rest } = a.values;
      const { fields } = splitChanges(rest, undefined);
      return { tempId: a.tempId, style: String(style ?? '').trim().toUpperCase(), color: String(color ?? '').trim().toUpperCase(), values: fields };
    });
  }
  if (req.delete?.length) out.dropProducts = req.delete.map((d) => ({ id: d.id, version: d.version }));
  return out;
}

/** The order's answer as the kit's: every row through toGridRow. */
export function fromOrderBatch(res: BatchResult): BatchResult {
  return {
    updated: res.updated.map(toGridRow),
    added: res.added.map((a) => ({ tempId: a.tempId, row: toGridRow(a.row) })),
    deleted: res.deleted,
  };
}

/** Lines pasted as text: style, colour and an optional quantity per line (tab, comma or space separated). */
/** One pasted line: a style, its colour and an optional quantity. */
export interface PastedStyle {
  style: string;
  color: string;
  quantity?: number;
}

export function parsePastedStyles(text: string): PastedStyle[] {
  const out: Array<{ style: string; color: string; quantity?: number }> = [];
  for (const raw of text.split(/\r?\n/)) {
    const parts = raw
      .split(/[\t,;]|\s+/)
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length < 2) continue;
    const [style = '', color = '', qty] = parts;
    const n = qty !== undefined ? Number(qty) : NaN;
    out.push({ style: style.toUpperCase(), color: color.toUpperCase(), ...(Number.isInteger(n) && n > 0 ? { quantity: n } : {}) });
  }
  return out;
}

export type { CellValue };
