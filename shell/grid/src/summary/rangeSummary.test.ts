import { describe, expect, it } from 'vitest';
import { summarize, type SummaryCell } from './rangeSummary';

const num = (value: SummaryCell['value']): SummaryCell => ({ value, numeric: true });
const text = (value: SummaryCell['value']): SummaryCell => ({ value, numeric: false });

describe('summarize', () => {
  it('counts empty, filled and different values; numbers only of number columns', () => {
    const s = summarize([num(10.1), num(20.2), num(null), num('30'), text('Work'), text('work '), text(''), text('Kids'), text('42')]);
    expect(s).toMatchObject({ count: 9, empty: 2, filled: 7, numbers: 3, min: 10.1, max: 30 });
    // "Work" and "work " are one value; 42 of a text column is text.
    expect(s.unique).toBe(6);
    expect(s.sum).toBe(60.3);
    expect(s.avg).toBeCloseTo(20.1);
  });

  it('a range without numbers has no sum', () => {
    const s = summarize([text('a'), text('b'), text(undefined), text([])]);
    expect(s).toEqual({ count: 4, empty: 2, filled: 2, unique: 2, numbers: 0, sum: null, avg: null, min: null, max: null });
  });

  it('adds cents without binary noise and reads negative numbers', () => {
    const s = summarize([num(0.1), num(0.2), num(-5)]);
    expect(s.sum).toBe(-4.7);
    expect(s.min).toBe(-5);
    expect(s.unique).toBe(3);
  });
});
