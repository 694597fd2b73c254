import { describe, expect, it } from 'vitest';
import { RowBatcher, splitLines } from './stream';

describe('stream batching', () => {
  it('hands on the first 20 rows, then groups of 20, then the rest at the end', () => {
    const b = new RowBatcher<number>();
    const seq = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    expect(b.push(seq(0, 19))).toEqual([]);
    expect(b.push([19])).toHaveLength(20);
    expect(b.push(seq(20, 15))).toEqual([]);
    expect(b.push(seq(35, 30))).toHaveLength(40);
    expect(b.end()).toEqual(seq(60, 5));
  });
  it('splits NDJSON on line breaks, keeping the unfinished line', () => {
    expect(splitLines('', '{"a":1}\n{"b"')).toEqual({ lines: ['{"a":1}'], rest: '{"b"' });
    expect(splitLines('{"b"', ':2}\n\n')).toEqual({ lines: ['{"b":2}'], rest: '' });
  });
});
