/**
 * Multi-field edit ("Edit Cells", spec §2.6): one value per column written into every row of the
 * selected range. The dialog offers the range's columns that have an editable cell; only the
 * fields the user ticked are written, and only into cells that may be edited (read-only rows and
 * columns are left alone, as a clear of the range leaves them). The entries then go through the
 * same path as a paste (`setCells`): the column rules, one undo step, one server batch.
 */
import type { CellValue, ColumnType, GridColumn, GridRow } from './types';

/** One field of the dialog: ticked or not, and the value typed or chosen (raw, as a paste gives it). */
export interface EditField {
  change: boolean;
  value: string | string[];
}

export type EditValues = Record<string, EditField>;

export interface EditEntry {
  rowId: string;
  field: string;
  raw: unknown;
  rowLabel?: string;
}

/** The input a column gets in the dialog. */
export type EditInput = 'text' | 'number' | 'choice' | 'multi' | 'date' | 'boolean';

export function inputFor(type: ColumnType): EditInput {
  switch (type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'list':
      return 'choice';
    case 'multiSelect':
      return 'multi';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

/** The dialog's starting value of a column: the value every row shares, else blank. */
export function commonValue(col: GridColumn, rows: GridRow[]): string | string[] {
  const multi = col.type === 'multiSelect';
  const text = (v: unknown): string | string[] => {
    if (v === null || v === undefined) return multi ? [] : '';
    if (multi) return Array.isArray(v) ? v.map(String) : String(v).split(',').map((s) => s.trim()).filter(Boolean);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    return String(v);
  };
  if (rows.length === 0) return text(null);
  const first = JSON.stringify(text(rows[0]![col.field]));
  return rows.every((r) => JSON.stringify(text(r[col.field])) === first) ? text(rows[0]![col.field]) : text(null);
}

/**
 * The cells an apply writes: every ticked field in every row where `canEdit` allows it, row by
 * row in the range's order. Unticked fields and read-only cells give nothing.
 */
export function buildEditEntries(
  rows: Array<{ row: GridRow; label: string }>,
  columns: GridColumn[],
  values: EditValues,
  canEdit: (row: GridRow, col: GridColumn) => boolean,
): EditEntry[] {
  const ticked = columns.filter((c) => values[c.field]?.change);
  const out: EditEntry[] = [];
  for (const { row, label } of rows) {
    for (const col of ticked) {
      if (!canEdit(row, col)) continue;
      const v = values[col.field]!.value;
      const raw: CellValue = Array.isArray(v) ? (v.length ? v : null) : v;
      out.push({ rowId: row.id, field: col.field, raw, rowLabel: label });
    }
  }
  return out;
}
