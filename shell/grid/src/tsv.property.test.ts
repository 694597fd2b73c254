import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTsv, toTsv } from './tsv';

// The paste parser's fuzz target: clipboard text is whatever another program wrote, so the
// parser must read any string without throwing, and what the grid copies it must read back.

/** Cell texts rich in the characters TSV gives a meaning to. */
const cell = fc.string({ unit: fc.oneof(fc.constantFrom('\t', '\r', '\n', '"', '\r\n', ' '), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })), maxLength: 12 });
const block = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });
const clipboard = fc.string({ unit: fc.oneof(fc.constantFrom('\t', '\r', '\n', '"', '""', '\r\n'), fc.string({ minLength: 1, maxLength: 1, unit: 'binary' })), maxLength: 200 });

describe('TSV under random input', () => {
  it('reads back every block it writes', () => {
    fc.assert(fc.property(block, (rows) => {
      expect(parseTsv(toTsv(rows))).toEqual(rows);
    }), { numRuns: 2000 });
  });

  it('reads any clipboard text without throwing, keeping no more text than it was given', () => {
    fc.assert(fc.property(clipboard, (text) => {
      const rows = parseTsv(text);
      const kept = rows.reduce((n, r) => n + r.reduce((m, c) => m + c.length, 0), 0);
      expect(kept).toBeLessThanOrEqual(text.length);
      expect(rows.every((r) => r.length > 0)).toBe(true);
    }), { numRuns: 2000 });
  });

  it('what it reads, written and read again, is the same block', () => {
    fc.assert(fc.property(clipboard, (text) => {
      const rows = parseTsv(text);
      expect(parseTsv(toTsv(rows))).toEqual(rows);
    }), { numRuns: 2000 });
  });
});
