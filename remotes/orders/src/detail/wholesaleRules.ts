/**
 * The wholesale line rules of product spec §5.2 (start and end dates, pack codes), so an order
 * grid warns before the server answers. The server's twin is modules/orders/wholesale.go; both
 * pass testdata/vectors/wholesale.json. The messages are the server's (English) texts; a screen
 * words its warning from the rule through its catalog.
 */

/** A cell the rules refuse: its field, the rule and the server's message. */
export interface RuleBreak {
  field: 'startDate' | 'endDate' | 'packCode';
  rule: string;
  message: string;
}

/** A day as days since 1970-01-01 (UTC), or null. */
type Day = number;

const DAY_MS = 86_400_000;

function utcDay(y: number, m: number, d: number): Day | null {
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  // Date.UTC rolls 02/30 over to March: such a day does not exist.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return t / DAY_MS;
}

// The layouts the server reads: MM/DD/YYYY (one or two digits), YYYY-MM-DD and YYYY/MM/DD.
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_SLASH = /^(\d{4})\/(\d{2})\/(\d{2})$/;

/** Reads a typed date as the server does; null when it is not a date. */
export function parseDay(value: unknown): Day | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m = US.exec(s);
  if (m) return utcDay(Number(m[3]), Number(m[1]), Number(m[2]));
  m = ISO.exec(s) ?? ISO_SLASH.exec(s);
  if (m) return utcDay(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/** today plus years (as Go's AddDate: 02/29 plus a year is 03/01). */
function addYears(day: Day, years: number): Day {
  const d = new Date(day * DAY_MS);
  return Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()) / DAY_MS;
}

/**
 * Checks a line's start and end dates as typed (undefined: not known) on today (YYYY-MM-DD):
 * each empty or unparsable date is invalid; otherwise the first of a date more than a week in
 * the past, more than a year ahead, or an end before the start.
 */
export function checkLineDates(start: string | undefined, end: string | undefined, today: string): RuleBreak[] {
  const now = parseDay(today);
  if (now === null) throw new Error(`today is not a date: ${today}`);
  const bad: RuleBreak[] = [];
  const read = (v: string | undefined, name: 'Start' | 'End'): Day | null => {
    if (v === undefined) return null;
    const d = parseDay(v);
    if (d === null) bad.push({ field: name === 'Start' ? 'startDate' : 'endDate', rule: 'date', message: `Invalid ${name} Date` });
    return d;
  };
  const s = read(start, 'Start');
  const e = read(end, 'End');
  if (bad.length > 0) return bad;
  for (const [name, d] of [['Start', s], ['End', e]] as const) {
    if (d === null) continue;
    const field = name === 'Start' ? 'startDate' : 'endDate';
    if (d < now - 7) return [{ field, rule: 'past', message: `${name} date cannot be more than 1 week in the past` }];
    if (d > addYears(now, 1)) return [{ field, rule: 'future', message: `${name} date cannot be more than 1 year in future` }];
  }
  if (s !== null && e !== null && e < s) return [{ field: 'endDate', rule: 'order', message: 'End date cannot be before start date' }];
  return [];
}

/** A wholesale pack code's definition: units per pack and the step of each size's units. */
export interface PackCode {
  packSize: number;
  perSize: number;
}

/** A pack code as stored: trimmed and upper-cased. */
export function normalPackCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Checks a pack code (as normalPackCode stores it) against the line's size matrix; known is the
 * code's definition when it exists. Null when the code is allowed.
 */
export function checkPackCode(code: string, sizes: Record<string, number>, known: PackCode | undefined): RuleBreak | null {
  if (code === '') return null;
  const first = code.charCodeAt(0);
  const warn = (rule: string, message: string): RuleBreak => ({ field: 'packCode', rule, message });
  if (first < 65 || first > 90) return warn('packCodeLetter', `Pack code ${code} does not start with a letter`);
  if (!known) return warn('packCodeUnknown', `Unknown pack code ${code}`);
  if (first <= 76) return warn('packCodeAL', `Pack code ${code}: A-L codes cannot be ordered`);
  if (first >= 83) return null;
  const units = Object.values(sizes);
  const total = units.reduce((a, n) => a + n, 0);
  if (total === 0) return warn('packCodeQuantity', `Pack code ${code} requires a sizes quantity`);
  if (total % known.packSize !== 0 || units.some((n) => n % known.perSize !== 0)) {
    return warn('packCodeQuantities', `Incorrect quantities for pack code ${code}`);
  }
  return null;
}
