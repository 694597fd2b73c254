/**
 * Reading a grid's NDJSON stream (docs/grid.md §4): line 1 is the total count, then one row per
 * line, then `{"done":true}`; an `{"error":…}` line, or no done line, means the load failed.
 * Rows are handed on in groups of 20 after the first 20 (spec platform §9).
 */
import { ApiError, CancelledError, NetworkError, apiUrl, csrfToken, CSRF_HEADER, isCancelled } from '@its/kit';
import type { GridQuery, GridRow } from './types';

export const STREAM_FIRST = 20;
export const STREAM_STEP = 20;

/** Decides when buffered rows are handed on: the first `first` rows, then whole groups of `step`. */
export class RowBatcher<T> {
  private buffer: T[] = [];
  private delivered = 0;
  constructor(
    private readonly first = STREAM_FIRST,
    private readonly step = STREAM_STEP,
  ) {}

  /** Adds rows; answers the rows to hand on now (possibly none). */
  push(rows: T[]): T[] {
    this.buffer.push(...rows);
    const need = this.delivered === 0 ? this.first : this.step;
    if (this.buffer.length < need) return [];
    const n = this.delivered === 0 ? this.buffer.length - ((this.buffer.length - this.first) % this.step) : this.buffer.length - (this.buffer.length % this.step);
    return this.take(n);
  }

  /** The end of the stream: everything left. */
  end(): T[] {
    return this.take(this.buffer.length);
  }

  private take(n: number): T[] {
    const out = this.buffer.slice(0, n);
    this.buffer = this.buffer.slice(n);
    this.delivered += out.length;
    return out;
  }
}

export interface StreamHandlers {
  /** The total first; `estimated` when the server capped its count (`totalCountCapped`). */
  onTotal?: (total: number, estimated?: boolean) => void;
  onRows: (rows: GridRow[]) => void;
  signal?: AbortSignal;
}

/** Splits NDJSON text into complete lines, keeping the unfinished tail. */
export function splitLines(carry: string, chunk: string): { lines: string[]; rest: string } {
  const text = carry + chunk;
  const parts = text.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.filter((l) => l.trim() !== ''), rest };
}

/** POSTs the query to a stream endpoint and hands rows on as they come. Resolves with the count. */
export async function streamRows(path: string, query: GridQuery, h: StreamHandlers): Promise<number> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/x-ndjson', 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() },
      body: JSON.stringify(query),
      signal: h.signal,
    });
  } catch (e) {
    if (h.signal?.aborted || isCancelled(e)) throw new CancelledError();
    throw new NetworkError(e);
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || !type.includes('ndjson') || !res.body) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(res.status, body as never);
  }
  const batcher = new RowBatcher<GridRow>();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let carry = '';
  let done = false;
  let count = 0;
  const handle = (line: string) => {
    const obj = JSON.parse(line) as Record<string, unknown>;
    if ('totalCount' in obj && !('id' in obj)) {
      h.onTotal?.(Number(obj.totalCount), obj.totalCountCapped === true);
      return;
    }
    if (obj.error) throw new ApiError(500, obj.error as never);
    if (obj.done) {
      done = true;
      return;
    }
    count++;
    const out = batcher.push([obj as GridRow]);
    if (out.length) h.onRows(out);
  };
  try {
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      const { lines, rest } = splitLines(carry, value);
      carry = rest;
      for (const l of lines) handle(l);
    }
    if (carry.trim()) handle(carry);
  } catch (e) {
    if (h.signal?.aborted || isCancelled(e)) throw new CancelledError();
    throw e;
  }
  const tail = batcher.end();
  if (tail.length) h.onRows(tail);
  if (!done) throw new ApiError(500, { message: 'The list was cut off', messageCode: 'ITS_ERR_INTERNAL' });
  return count;
}
