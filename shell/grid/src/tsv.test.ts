import { describe, expect, it } from 'vitest';
import { parseTsv, toTsv } from './tsv';

describe('TSV', () => {
  it('writes rows as Excel does (CRLF, quotes where needed)', () => {
    expect(toTsv([['a', 'b'], ['c', 'd']])).toBe('a\tb\r\nc\td\r\n');
    expect(toTsv([['tab\there', 'line\nbreak', 'say "hi"']])).toBe('"tab\there"\t"line\nbreak"\t"say ""hi"""\r\n');
    expect(toTsv([])).toBe('');
  });
  it('reads Excel and Google Sheets blocks', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseTsv('a\tb\nc\td')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseTsv('one')).toEqual([['one']]);
    expect(parseTsv('')).toEqual([]);
  });
  it('keeps empty cells and trailing empty cells', () => {
    expect(parseTsv('a\t\tc\r\n\t\t\r\n')).toEqual([['a', '', 'c'], ['', '', '']]);
  });
  it('reads quoted cells with tabs, line breaks and doubled quotes', () => {
    expect(parseTsv('"x\ty"\t"line1\nline2"\t"say ""hi"""\r\nz\t\t\r\n')).toEqual([['x\ty', 'line1\nline2', 'say "hi"'], ['z', '', '']]);
  });
  it('a quote inside an unquoted cell is an ordinary character', () => {
    expect(parseTsv('5" heel\tx')).toEqual([['5" heel', 'x']]);
    expect(parseTsv('"open\tx')).toEqual([['"open', 'x']]);
  });
  it('round-trips', () => {
    const rows = [['a', '"q"', 'm\nn'], ['', 't\tt', 'z']];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
});
