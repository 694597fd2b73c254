/**
 * The import's state (spec §4.4) and the label of its one button (§2.6): Validate Items,
 * Critical Issues Fixed - Resubmit, Ignore Warnings & Import / & Download, Import to Assortment /
 * Download Items, Revalidate Items.
 */
import { enums } from '@its/kit';

export type Validation = (typeof enums.imports.validations)[number];
export type Subtype = (typeof enums.imports.subtypes)[number];
export type Target = 'assortment' | 'sampleInventory';

export type ButtonAction = 'validate' | 'import' | 'download';

export interface ButtonState {
  /** The message id of the label. */
  label: string;
  action: ButtonAction;
  /** Warnings are ignored by the import or download this button starts. */
  ignoreWarnings: boolean;
}

/** The button for a validation result; a sample import says so instead of "to Assortment". */
export function buttonFor(status: Validation, subtype: Subtype, target: Target = 'assortment'): ButtonState {
  const download = subtype === 'bulkDownloader';
  switch (status) {
    case 'critical':
      return { label: 'imports.button.resubmit', action: 'validate', ignoreWarnings: false };
    case 'warning':
      return download
        ? { label: 'imports.button.ignoreWarningsDownload', action: 'download', ignoreWarnings: true }
        : { label: 'imports.button.ignoreWarningsImport', action: 'import', ignoreWarnings: true };
    case 'passed':
      if (download) return { label: 'imports.button.download', action: 'download', ignoreWarnings: false };
      return { label: target === 'assortment' ? 'imports.button.importToAssortment' : 'imports.button.importToSamples', action: 'import', ignoreWarnings: false };
    case 'reset':
      return { label: 'imports.button.revalidate', action: 'validate', ignoreWarnings: false };
    default:
      return { label: 'imports.button.validate', action: 'validate', ignoreWarnings: false };
  }
}

/**
 * The state after a cell edit: changing a style or colour after validation resets it
 * (Revalidate Items); other edits keep it, but a passed or warning result is validated again
 * before anything is imported.
 */
export function afterEdit(status: Validation, field: string): Validation {
  if (status === 'start') return status;
  if (field === 'style' || field === 'color') return 'reset';
  if (status === 'passed' || status === 'warning') return 'reset';
  return status;
}

interface Reviewed {
  index: number;
  error: Array<{ errorSeverity: string }>;
}

/**
 * Delete item in the review: the rows left (a deleted row is not imported), the rows deleted,
 * and the counts and state the rest give. Deleting rows only takes issues away, so the last
 * warning gone makes the rest pass; the last critical gone asks for a validation again
 * (Revalidate Items), as a duplicate's first row may have been the one deleted.
 */
export function afterDelete<R extends Reviewed>(
  rows: R[],
  ids: string[],
  status: Validation,
): { rows: R[]; deleted: R[]; criticalCount: number; warningCount: number; status: Validation } {
  const drop = new Set(ids);
  const kept: R[] = [];
  const deleted: R[] = [];
  let criticalCount = 0;
  let warningCount = 0;
  for (const r of rows) {
    if (drop.has(String(r.index))) {
      deleted.push(r);
      continue;
    }
    kept.push(r);
    if (r.error.some((e) => e.errorSeverity === 'critical')) criticalCount++;
    else if (r.error.length) warningCount++;
  }
  let next = status;
  if (status === 'critical' && criticalCount === 0) next = 'reset';
  if (status === 'warning' && warningCount === 0) next = 'passed';
  return { rows: kept, deleted, criticalCount, warningCount, status: next };
}

/**
 * The review as the page sends it back to validate, import or download: the file (kept on the
 * server) and its mapping, the values of the rows the user edited and the lines deleted, never
 * every row (100,000 rows would be 40 MB, over the server's request limit).
 */
export interface Review {
  importId: string;
  mapping: Record<string, number>;
  edited: { index: number; values: Record<string, string> }[];
  deleted: number[];
}

/** The review of rows, of which the lines in edited were changed and those in deleted dropped. */
export function reviewOf(importId: string, mapping: Record<string, number>, rows: { index: number; values: Record<string, string> }[], edited: Set<number>, deleted: Set<number>): Review {
  const out: Review = { importId, mapping, edited: [], deleted: [...deleted].sort((a, b) => a - b) };
  for (const r of rows) if (edited.has(r.index) && !deleted.has(r.index)) out.edited.push({ index: r.index, values: r.values });
  return out;
}
