import { describe, expect, it } from 'vitest';
import { BlockCache, type BlockPage } from './blockCache';

/** A server of `n` rows (numbers), answering an estimate of `est` when given. */
function server(n: number, est?: number) {
  const calls: Array<{ skip: number; signal: AbortSignal; resolve: () => void }> = [];
  const fetch = (skip: number, limit: number, signal: AbortSignal) =>
    new Promise<BlockPage<number>>((resolve, reject) => {
      const rows = Array.from({ length: Math.max(0, Math.min(limit, n - skip)) }, (_, i) => skip + i);
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      calls.push({ skip, signal, resolve: () => resolve({ rows, total: est ?? n, estimated: est !== undefined }) });
    });
  return { calls, fetch };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function cache(n: number, est?: number, size = 100) {
  const srv = server(n, est);
  const blocks: Array<[number, number[]]> = [];
  const totals: Array<[number, boolean]> = [];
  const c = new BlockCache<number>({
    blockSize: size,
    fetch: srv.fetch,
    onBlock: (skip, rows) => blocks.push([skip, rows]),
    onTotal: (t, e) => totals.push([t, e]),
  });
  return { c, srv, blocks, totals };
}

async function answer(srv: ReturnType<typeof server>, skip: number) {
  const call = srv.calls.find((x) => x.skip === skip && !x.signal.aborted);
  if (!call) throw new Error(`no open request for ${skip}`);
  call.resolve();
  await tick();
}

describe('BlockCache', () => {
  it('reads the first block with the total, then only the blocks in view', async () => {
    const { c, srv, blocks, totals } = cache(50_000);
    const started = c.start();
    await answer(srv, 0);
    await started;
    expect(totals).toEqual([[50_000, false]]);
    expect(blocks.map((b) => b[0])).toEqual([0]);
    // Jump to the end: only the last block is asked for.
    c.ensure(49_970, 49_999);
    expect(srv.calls.map((x) => x.skip)).toEqual([0, 49_900]);
    await answer(srv, 49_900);
    expect(blocks[1]![0]).toBe(49_900);
    expect(blocks[1]![1]).toHaveLength(100);
    expect(blocks[1]![1][99]).toBe(49_999);
    // Loaded blocks are not read again.
    c.ensure(49_950, 49_999);
    c.ensure(0, 30);
    expect(srv.calls).toHaveLength(2);
  });

  it('cancels blocks scrolled past before they came and drops queued ones', async () => {
    const { c, srv, blocks } = cache(50_000, undefined, 100);
    const started = c.start();
    await answer(srv, 0);
    await started;
    c.ensure(1_000, 1_250); // blocks 10, 11, 12: two read at once, one queued
    expect(srv.calls.map((x) => x.skip)).toEqual([0, 1_000, 1_100]);
    c.ensure(30_000, 30_030); // scrolled on: 10 and 11 cancelled, 12 dropped
    expect(srv.calls[1]!.signal.aborted).toBe(true);
    expect(srv.calls[2]!.signal.aborted).toBe(true);
    expect(srv.calls.map((x) => x.skip)).toEqual([0, 1_000, 1_100, 30_000]);
    await answer(srv, 30_000);
    expect(blocks.map((b) => b[0])).toEqual([0, 30_000]);
    expect(c.pending()).toEqual([]);
    // Coming back asks for the cancelled block again.
    c.ensure(1_010, 1_020);
    expect(srv.calls.at(-1)!.skip).toBe(1_000);
  });

  it('corrects an estimated total at the end', async () => {
    // 1,234 rows, the server estimates 1,500.
    const { c, srv, totals } = cache(1_234, 1_500);
    const started = c.start();
    await answer(srv, 0);
    await started;
    expect(totals).toEqual([[1_500, true]]);
    c.ensure(1_450, 1_499);
    await answer(srv, 1_400); // past the end: no rows, so the end is at most 1,400
    expect(totals.at(-1)).toEqual([1_400, false]);
    c.ensure(1_380, 1_399);
    await answer(srv, 1_300); // no rows either: at most 1,300
    expect(totals.at(-1)).toEqual([1_300, false]);
    c.ensure(1_210, 1_240);
    await answer(srv, 1_200); // 1,200 .. 1,233 is short: the exact end
    expect(totals.at(-1)).toEqual([1_234, false]);
    // A later full block does not take the exact total back to an estimate.
    c.ensure(500, 510);
    await answer(srv, 500);
    expect(c.total).toBe(1_234);
    expect(c.estimated).toBe(false);
  });

  it('takes an exact total counted elsewhere in place of its estimate, and keeps it', async () => {
    // 2,866 rows, the server estimates 7,308 (as the planner did for a combined filter).
    const { c, srv, totals } = cache(2_866, 7_308);
    const started = c.start();
    await answer(srv, 0);
    await started;
    expect(totals).toEqual([[7_308, true]]);
    c.setExact(2_866);
    expect(totals.at(-1)).toEqual([2_866, false]);
    expect([c.total, c.estimated]).toEqual([2_866, false]);
    // A later block's estimate does not take it back; a second exact figure is not taken either.
    c.ensure(2_800, 2_865);
    await answer(srv, 2_800);
    expect([c.total, c.estimated]).toEqual([2_866, false]);
    c.setExact(9);
    expect([c.total, c.estimated]).toEqual([2_866, false]);
  });

  it('grows an estimate that was too low', async () => {
    const { c, srv, totals } = cache(450, 250);
    const started = c.start();
    await answer(srv, 0);
    await started;
    c.ensure(200, 400);
    await answer(srv, 200); // a full block reaching the estimate: there is more
    expect(totals.at(-1)).toEqual([301, true]);
    // The rows in view reach further now: the next block is read without a new ensure.
    await answer(srv, 300);
    expect(totals.at(-1)).toEqual([401, true]);
    await answer(srv, 400);
    expect(totals.at(-1)).toEqual([450, false]);
  });

  it('close cancels everything and takes nothing late', async () => {
    const { c, srv, blocks } = cache(50_000);
    const started = c.start();
    await answer(srv, 0);
    await started;
    c.ensure(5_000, 5_050);
    c.close();
    expect(srv.calls[1]!.signal.aborted).toBe(true);
    c.ensure(7_000, 7_010);
    expect(srv.calls).toHaveLength(2);
    expect(blocks).toHaveLength(1);
  });

  it('load() reads every missing block of a range, shares a block already on its way, and scrolling away does not cancel them', async () => {
    const { c, srv, blocks } = cache(1_000);
    const start = c.start();
    await answer(srv, 0);
    await start;
    c.ensure(150, 160);
    await tick();
    expect(srv.calls.map((x) => x.skip)).toEqual([0, 100]);
    let done = false;
    const loading = c.load(50, 420).then(() => (done = true));
    await tick();
    // Block 1 is shared (one request), blocks 2 to 4 are asked for now.
    expect(srv.calls.filter((x) => x.skip === 100)).toHaveLength(1);
    expect(srv.calls.map((x) => x.skip).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400]);
    // The user scrolls far away: the pinned blocks stay on their way.
    c.ensure(900, 920);
    await tick();
    for (const skip of [100, 200, 300, 400]) expect(srv.calls.find((x) => x.skip === skip)!.signal.aborted).toBe(false);
    for (const skip of [100, 200, 300]) await answer(srv, skip);
    expect(done).toBe(false);
    await answer(srv, 400);
    await loading;
    expect(done).toBe(true);
    expect(blocks.map(([skip]) => skip).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400]);
    // Nothing left to read: resolves at once without a request.
    const before = srv.calls.length;
    await c.load(0, 499);
    expect(srv.calls.length).toBe(before + 0);
  });
});
