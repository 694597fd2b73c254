/**
 * The cell rules of spec §5.1, run exactly as the server runs them (docs/grid.md §6): strings
 * are trimmed, the column's validators run in order, the column type coerces the value, then
 * the empty checks. A refused value names its rule and the message key of schema.messages.
 */
import { parseDecimal, roundHalfUp } from './decimal';
import type { CellValue, GridColumn } from './types';

export interface CellContext {
  /** A row being added (newRows fields are writable, required fields must be there). */
  isNew?: boolean;
  /** A pending (manage) view: non-clearable cells may be cleared. */
  pending?: boolean;
}

export type RuleResult =
  | { ok: true; value: CellValue }
  | {
      ok: false;
      /** The rule broken: a validator name, `type`, `required` or `notEditable`. */
      rule: string;
      /** The key of the message in schema.messages (and in the kit's catalogs as grid.rule.<key>). */
      messageKey: string;
      /** The value as typed, for {value}. */
      input: string;
      /** True when the grid clears the cell instead of keeping the old value (discount). */
      clear?: boolean;
    };

type Step = { value: unknown } | { fail: string };

const VALIDATOR_NAMES = new Set([
  'discount',
  'promoCode',
  'alphanumeric',
  'alphanumericNoBlank',
  'numeric',
  'noSpaces',
  'nonClearable',
  'list',
  'multiSelect',
  'date',
]);

export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A JSON scalar as text; undefined for arrays and objects. */
export function scalarText(v: unknown): string | undefined {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

/** A letter, or a digit of another script than 0–9. */
const NOT_A_DIGIT = /\p{L}|[^\P{N}0-9]/u;

const keepAlnum = (s: string) => s.replace(/[^A-Za-z0-9]/g, '');

function matchOption(col: GridColumn, s: string): string | undefined {
  const lower = s.toLowerCase();
  return col.options?.find((o) => o.toLowerCase() === lower);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function realDate(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** MM/DD/YYYY, M/D/YYYY or YYYY-MM-DD, a real calendar date → YYYY-MM-DD. */
export function parseDate(s: string): string | undefined {
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return realDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  return undefined;
}

/** YYYY-MM-DD → MM/DD/YYYY (the grid shows dates so); other text is left as it is. */
export function formatDate(v: unknown): string {
  if (typeof v !== 'string') return v == null ? '' : String(v);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : v;
}

const validators: Record<string, (v: unknown, col: GridColumn) => Step> = {
  discount(v) {
    if (isEmptyValue(v)) return { value: null };
    let n: number | undefined;
    if (typeof v === 'number') n = v;
    else if (typeof v === 'string') n = parseDecimal(v.trim().replace(/%$/, ''));
    if (n === undefined || Number.isNaN(n) || n < 0 || n > 100) return { fail: 'discount' };
    return { value: roundHalfUp(n, 2) };
  },
  promoCode(v) {
    const s = scalarText(v);
    if (s === undefined) return { fail: 'promoCode' };
    const out = keepAlnum(s).toUpperCase();
    if (out.length > 3) return { fail: 'promoCode' };
    return { value: out || null };
  },
  alphanumeric(v) {
    const s = scalarText(v);
    if (s === undefined) return { fail: 'type.text' };
    return { value: keepAlnum(s) || null };
  },
  alphanumericNoBlank(v, col) {
    const r = validators.alphanumeric!(v, col);
    if ('value' in r && r.value === null) return { fail: 'alphanumericNoBlank' };
    return r;
  },
  numeric(v) {
    if (v === null || v === undefined) return { value: null };
    if (typeof v === 'number') return v < 0 ? { fail: 'negative' } : { value: v };
    if (typeof v !== 'string') return { fail: 'numeric' };
    // A letter means another notation (1e999, 0x10, NaN, 12abc): stripping it would keep a
    // different number than the one written, so it is refused instead.
    if (NOT_A_DIGIT.test(v)) return { fail: 'numeric' };
    if (v.includes('-')) return { fail: 'negative' };
    const s = v.replace(/[^0-9.]/g, '');
    if (s === '') return { value: null };
    if ((s.match(/\./g)?.length ?? 0) > 1 || s === '.') return { fail: 'numeric' };
    const n = parseDecimal(s);
    return n === undefined ? { fail: 'numeric' } : { value: n };
  },
  noSpaces(v) {
    if (typeof v === 'string' && /\s/.test(v)) return { fail: 'noSpaces' };
    return { value: v };
  },
  nonClearable(v) {
    return { value: v };
  },
  list(v, col) {
    const s = scalarText(v);
    if (s === undefined) return { fail: 'list' };
    if (s === '') return { value: null };
    const o = matchOption(col, s);
    return o === undefined ? { fail: 'list' } : { value: o };
  },
  multiSelect(v, col) {
    let parts: string[];
    if (v === null || v === undefined) return { value: null };
    if (Array.isArray(v)) {
      parts = [];
      for (const p of v) {
        const s = scalarText(p);
        if (s === undefined) return { fail: 'type.multiSelect' };
        parts.push(...s.split(','));
      }
    } else {
      const s = scalarText(v);
      if (s === undefined) return { fail: 'type.multiSelect' };
      parts = s.split(',');
    }
    const out: string[] = [];
    const seen = new Set<string>();
    for (let p of parts) {
      p = p.trim();
      if (!p || seen.has(p.toLowerCase())) continue;
      if (col.options && col.options.length > 0) {
        const o = matchOption(col, p);
        if (o === undefined) return { fail: 'multiSelect' };
        p = o;
      }
      seen.add(p.toLowerCase());
      out.push(p);
    }
    return { value: out.length ? out : null };
  },
  date(v) {
    if (v === null || v === undefined) return { value: null };
    if (typeof v !== 'string') return { fail: 'date' };
    if (v === '') return { value: null };
    const iso = parseDate(v);
    return iso === undefined ? { fail: 'date' } : { value: iso };
  },
};

/** Step 3 of the server: the column's type. */
function coerce(col: GridColumn, v: unknown): Step {
  if (isEmptyValue(v)) return { value: null };
  const bad = { fail: `type.${col.type}` };
  switch (col.type) {
    case 'text': {
      const s = scalarText(v);
      return s === undefined ? bad : { value: s };
    }
    case 'list':
      return validators.list!(v, col);
    case 'multiSelect':
      return validators.multiSelect!(v, col);
    case 'integer': {
      let n: number | undefined;
      if (typeof v === 'number') n = v;
      else if (typeof v === 'string') n = parseDecimal(v);
      if (n === undefined || !Number.isInteger(n) || Math.abs(n) > 2 ** 53) return bad;
      return { value: n };
    }
    case 'number': {
      if (typeof v === 'number') return Number.isFinite(v) ? { value: v } : bad;
      if (typeof v === 'string') {
        const n = parseDecimal(v);
        return n === undefined ? bad : { value: n };
      }
      return bad;
    }
    case 'boolean': {
      if (typeof v === 'boolean') return { value: v };
      if (typeof v === 'string') {
        const t = v.trim();
        if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(t)) return { value: true };
        if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(t)) return { value: false };
      }
      return bad;
    }
    case 'date': {
      if (typeof v !== 'string') return bad;
      const iso = parseDate(v);
      return iso === undefined ? bad : { value: iso };
    }
    case 'datetime': {
      if (typeof v !== 'string' || Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}T/.test(v)) return bad;
      return { value: new Date(v).toISOString().replace('.000Z', 'Z') };
    }
  }
  return bad;
}

/** Whether the cell may be written at all (docs/grid.md §6, editability). */
export function isCellEditable(col: GridColumn, ctx: CellContext & { folder?: boolean } = {}): boolean {
  if (ctx.folder || !col.editable) return false;
  switch (col.editableWhen) {
    case 'always':
      return true;
    case 'newRows':
      return !!ctx.isNew;
    case 'pending':
      return !!ctx.pending;
    default:
      return false;
  }
}

/** Runs the column's rules on a value as typed or pasted. */
export function applyRules(col: GridColumn, raw: unknown, ctx: CellContext = {}): RuleResult {
  let v: unknown = typeof raw === 'string' ? raw.trim() : raw;
  const input = Array.isArray(raw) ? raw.join(', ') : (scalarText(raw) ?? '');
  const refuse = (messageKey: string, rule = messageKey): RuleResult => ({
    ok: false,
    rule,
    messageKey,
    input,
    clear: messageKey === 'discount',
  });
  for (const name of col.validators) {
    const fn = validators[name];
    if (!fn) continue;
    const r = fn(v, col);
    if ('fail' in r) return refuse(r.fail, name);
    v = r.value;
  }
  const c = coerce(col, v);
  if ('fail' in c) return refuse(c.fail, VALIDATOR_NAMES.has(c.fail) ? c.fail : 'type');
  if (isEmptyValue(c.value)) {
    if (col.validators.includes('nonClearable') && !ctx.pending) return refuse('nonClearable');
    if (col.required && ctx.isNew && !ctx.pending) return refuse('required');
    return { ok: true, value: null };
  }
  return { ok: true, value: c.value as CellValue };
}

/** Fills {header} and {value} (and any other {name}) in a rule message. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? values[name]! : all));
}

/** Does this column filter keys like the spec's numeric cells? */
export const isNumericColumn = (col: GridColumn) => col.validators.includes('numeric');

const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'F2',
]);

/**
 * Numeric cells take digits, dot and comma, control keys and shortcuts (Ctrl/Cmd+C, V, X, Z, A…);
 * every other key is blocked.
 */
export function isNumericKeyAllowed(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): boolean {
  if (e.ctrlKey || e.metaKey) return true;
  if (CONTROL_KEYS.has(e.key)) return true;
  if (e.key.length > 1) return true; // Shift, Control, F-keys and the like type nothing
  return /^[0-9.,]$/.test(e.key);
}

/** The text of a stored value as the grid shows it and copies it (dates MM/DD/YYYY, lists joined). */
export function displayText(col: Pick<GridColumn, 'type'> | undefined, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join(', ');
  if (col?.type === 'date') return formatDate(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

/** Equality of stored cell values (arrays by items). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}
