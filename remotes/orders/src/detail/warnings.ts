/**
 * The wholesale warnings of product spec §5.2 before a write: each line's written dates and pack
 * code go through the shared rules (./wholesaleRules, the twin of the server's, both held
 * to testdata/vectors/wholesale.json). A warned pack code is cleared (written empty); a warned date
 * is not written (a stored line keeps its date, a new one gets the server's default window), as
 * the server does (both held to the clearing cases of the same vectors); the rest of the batch goes on. The server answers the same warnings for
 * whatever reaches it, so both lists are shown in one warning toast.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { GridRow } from '@its/grid';
import * as wholesaleRules from './wholesaleRules';
import type { OrderBatch, PackCodeDef } from '../api';
import { sizesOf } from './lines';

/** A cell the rules cleared: its line (id, or tempId of a new one), field, rule, the server's text and the value it names. */
export interface LineWarning {
  id?: string;
  tempId?: string;
  field: string;
  rule: string;
  message: string;
  value?: string;
}

/** A date as the rules read it: a written value ('' when cleared) or the stored one (undefined: none). */
function dateOf(changes: Record<string, unknown>, stored: GridRow | undefined, field: 'startDate' | 'endDate'): string | undefined {
  if (field in changes) return changes[field] == null ? '' : String(changes[field]);
  const v = stored?.[field];
  return v == null || v === '' ? undefined : String(v);
}

/**
 * Clears the warned cells of one line's written values in place and answers its warnings.
 * stored is the line as confirmed by the server (undefined for a new line).
 */
function checkLine(values: Record<string, unknown>, stored: GridRow | undefined, known: Map<string, wholesaleRules.PackCode>, today: string): Array<Omit<LineWarning, 'id' | 'tempId'>> {
  const out: Array<Omit<LineWarning, 'id' | 'tempId'>> = [];
  if ('startDate' in values || 'endDate' in values) {
    for (const b of wholesaleRules.checkLineDates(dateOf(values, stored, 'startDate'), dateOf(values, stored, 'endDate'), today)) {
      // An end before a start written alone clears the start.
      const field = b.field in values ? b.field : 'startDate';
      out.push({ field, rule: b.rule, message: b.message });
      if (stored) values[field] = stored[field] ?? null;
      else delete values[field];
    }
  }
  if ('packCode' in values || 'sizes' in values) {
    const written = values.packCode;
    const code = 'packCode' in values ? (typeof written === 'string' ? wholesaleRules.normalPackCode(written) : '') : String(stored?.packCode ?? '');
    if (typeof written === 'string') values.packCode = code;
    const sizes = 'sizes' in values ? sizesOf(values.sizes) : sizesOf(stored?.sizes);
    const b = wholesaleRules.checkPackCode(code, sizes, known.get(code));
    if (b) {
      out.push({ field: 'packCode', rule: b.rule, message: b.message, value: code });
      values.packCode = null;
    }
  }
  return out;
}

/**
 * Runs §5.2 over a wholesale order batch before it is sent: warned cells are cleared in the batch
 * (which is changed in place) and answered. today is the server's day, YYYY-MM-DD (UTC).
 */
export function clearWarnedCells(batch: OrderBatch, confirmedRow: (id: string) => GridRow | undefined, packCodes: PackCodeDef[], today: string): LineWarning[] {
  const known = new Map(packCodes.map((p) => [p.code, { packSize: p.packSize, perSize: p.perSize }]));
  const out: LineWarning[] = [];
  for (const u of batch.updateProducts ?? []) {
    for (const w of checkLine(u.changes, confirmedRow(u.id), known, today)) out.push({ id: u.id, ...w });
  }
  for (const a of batch.addProducts ?? []) {
    const values = (a.values ??= {});
    for (const w of checkLine(values, undefined, known, today)) out.push({ tempId: a.tempId, ...w });
  }
  return out;
}

/** Today as the server reads it: the UTC day, YYYY-MM-DD. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The warnings' texts in the catalogs, by field and rule. */
const warningMessages: Record<string, MessageDescriptor> = defineMessages({
  'startDate.date': { id: 'orders.warning.startDate.date', defaultMessage: 'Invalid Start Date' },
  'endDate.date': { id: 'orders.warning.endDate.date', defaultMessage: 'Invalid End Date' },
  'startDate.past': { id: 'orders.warning.startDate.past', defaultMessage: 'Start date cannot be more than 1 week in the past' },
  'endDate.past': { id: 'orders.warning.endDate.past', defaultMessage: 'End date cannot be more than 1 week in the past' },
  'startDate.future': { id: 'orders.warning.startDate.future', defaultMessage: 'Start date cannot be more than 1 year in future' },
  'endDate.future': { id: 'orders.warning.endDate.future', defaultMessage: 'End date cannot be more than 1 year in future' },
  'endDate.order': { id: 'orders.warning.endDate.order', defaultMessage: 'End date cannot be before start date' },
  'packCode.packCodeLetter': { id: 'orders.warning.packCode.packCodeLetter', defaultMessage: 'Pack code {code} does not start with a letter' },
  'packCode.packCodeUnknown': { id: 'orders.warning.packCode.packCodeUnknown', defaultMessage: 'Unknown pack code {code}' },
  'packCode.packCodeAL': { id: 'orders.warning.packCode.packCodeAL', defaultMessage: 'Pack code {code}: A-L codes cannot be ordered' },
  'packCode.packCodeQuantity': { id: 'orders.warning.packCode.packCodeQuantity', defaultMessage: 'Pack code {code} requires a sizes quantity' },
  'packCode.packCodeQuantities': { id: 'orders.warning.packCode.packCodeQuantities', defaultMessage: 'Incorrect quantities for pack code {code}' },
});

export const warningTitle = defineMessages({ title: { id: 'orders.warning.title', defaultMessage: 'Warning' } }).title;

/** A warning in the user's language: its catalog text naming the warning's value, else the server's words. */
export function warningText(intl: IntlShape, w: LineWarning): string {
  // An end before a start written alone clears the start: the text is the same.
  const d = warningMessages[`${w.rule === 'order' ? 'endDate' : w.field}.${w.rule}`];
  if (!d) return w.message;
  return intl.formatMessage(d, { code: w.value ?? '' });
}
