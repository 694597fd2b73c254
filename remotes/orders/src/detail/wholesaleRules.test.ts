/**
 * The wholesale rules against the shared vectors (testdata/vectors/wholesale.json), which the
 * server's modules/orders tests read too.
 */
import { describe, expect, it } from 'vitest';
import wholesale from '../../../../testdata/vectors/wholesale.json';
import { checkLineDates, checkPackCode, normalPackCode, parseDay, type RuleBreak } from './wholesaleRules';

interface DateCase {
  note: string;
  start?: string;
  end?: string;
  want: RuleBreak[];
}

describe('wholesale dates (§5.2)', () => {
  const cases = wholesale.dates as DateCase[];
  it('has cases', () => expect(cases.length).toBeGreaterThan(10));
  for (const c of cases) {
    it(c.note, () => expect(checkLineDates(c.start, c.end, wholesale.today)).toEqual(c.want));
  }
  it(wholesale.leapToday.note, () => {
    const l = wholesale.leapToday;
    expect(checkLineDates(l.start, l.end, l.today)).toEqual(l.want);
    expect(checkLineDates(l.late, l.late, l.today)).toEqual(l.lateWant);
  });
  it('reads only real days', () => {
    expect(parseDay('2/29/2028')).not.toBeNull();
    expect(parseDay(20260315)).toBeNull();
  });
});

describe('wholesale pack codes (§5.2)', () => {
  const known: Record<string, number[]> = wholesale.packCodes.known;
  for (const c of wholesale.packCodes.cases) {
    it(c.note, () => {
      const code = normalPackCode(c.input);
      expect(code).toBe(c.code);
      const k = known[code];
      const got = checkPackCode(code, c.sizes as Record<string, number>, k ? { packSize: k[0] ?? 0, perSize: k[1] ?? 0 } : undefined);
      const rule = (c as { rule?: string }).rule;
      if (rule) expect(got).toEqual({ field: 'packCode', rule, message: (c as { message?: string }).message });
      else expect(got).toBeNull();
    });
  }
});
