import { describe, expect, it, vi } from 'vitest';
import { Writer, type WriteFailure } from './writer';
import type { BatchInfo, BatchRequest, BatchResult, GridRow } from './types';

function server(rows: GridRow[]) {
  const db = new Map(rows.map((r) => [r.id, { ...r }]));
  const requests: BatchRequest[] = [];
  const send = vi.fn(async (req: BatchRequest, _info?: BatchInfo): Promise<BatchResult> => {
    requests.push(JSON.parse(JSON.stringify(req)) as BatchRequest);
    const updated: GridRow[] = [];
    for (const u of req.update ?? []) {
      const r = db.get(u.id)!;
      if (r.version !== u.version) throw { kind: 'conflict', rows: [{ id: u.id }] } satisfies WriteFailure;
      const next = { ...r, ...u.changes, version: r.version + 1 };
      db.set(u.id, next);
      updated.push(next);
    }
    const deleted = (req.delete ?? []).map((d) => {
      const next = { ...db.get(d.id)!, status: 'Deleted', version: d.version + 1 };
      db.set(d.id, next);
      return next;
    });
    const added = (req.add ?? []).map((a, i) => ({ tempId: a.tempId, row: { id: `srv-${i}`, version: 1, ...a.values } as GridRow }));
    return { updated, added, deleted };
  });
  return { db, requests, send };
}

const rows = (n: number): GridRow[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, version: 1, bin: `B${i}` }));

describe('the write queue', () => {
  it('says a batch of pasted cells is a paste, and a batch mixing a paste with an edit is not', async () => {
    const s = server(rows(2));
    const w = new Writer({ send: s.send, classify: (e) => e as WriteFailure });
    w.track(rows(2));
    w.update([{ rowId: 'r0', field: 'bin', value: 'P', kind: 'paste' }], true);
    await w.idle();
    w.update([{ rowId: 'r0', field: 'bin', value: 'Q', kind: 'paste' }, { rowId: 'r1', field: 'bin', value: 'E', kind: 'edit' }], true);
    await w.idle();
    expect(s.send.mock.calls.map((c) => c[1])).toEqual([{ via: 'paste' }, undefined]);
  });

  it('sends changed cells with the confirmed version and takes the answer', async () => {
    const s = server(rows(2));
    const onRows = vi.fn();
    const w = new Writer({ send: s.send, classify: (e) => e as WriteFailure, onRows });
    w.track(rows(2));
    w.update([{ rowId: 'r0', field: 'bin', value: 'X' }]);
    await w.idle();
    expect(s.requests).toEqual([{ update: [{ id: 'r0', version: 1, changes: { bin: 'X' } }] }]);
    expect(w.confirmedRow('r0')).toMatchObject({ version: 2, bin: 'X' });
    expect(onRows).toHaveBeenCalledWith([expect.objectContaining({ id: 'r0', version: 2 })], 'update');
  });

  it('waits for the save delay and gathers what came meanwhile; the next write uses the new version', async () => {
    vi.useFakeTimers();
    const s = server(rows(2));
    const w = new Writer({ send: s.send, classify: (e) => e as WriteFailure, delayMs: 1500 });
    w.track(rows(2));
    w.update([{ rowId: 'r0', field: 'bin', value: 'X' }]);
    vi.advanceTimersByTime(1000);
    w.update([{ rowId: 'r1', field: 'bin', value: 'Y' }]);
    vi.advanceTimersByTime(1000);
    expect(s.send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    vi.useRealTimers();
    await w.idle();
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.update).toHaveLength(2);
    w.update([{ rowId: 'r0', field: 'bin', value: 'Z' }], true);
    await w.idle();
    expect(s.requests[1]!.update).toEqual([{ id: 'r0', version: 2, changes: { bin: 'Z' } }]);
  });

  it('splits large writes into batches', async () => {
    const s = server(rows(1000));
    const w = new Writer({ send: s.send, classify: (e) => e as WriteFailure, batchRows: 250 });
    w.track(rows(1000));
    w.update(
      rows(1000).map((r) => ({ rowId: r.id, field: 'bin', value: `N${r.id}` })),
      true,
    );
    await w.idle();
    expect(s.requests.map((r) => r.update!.length)).toEqual([250, 250, 250, 250]);
  });

  it('skips changes that equal the confirmed value', async () => {
    const s = server(rows(1));
    const w = new Writer({ send: s.send, classify: (e) => e as WriteFailure });
    w.track(rows(1));
    w.update([{ rowId: 'r0', field: 'bin', value: 'B0' }]);
    await w.idle();
    expect(s.send).not.toHaveBeenCalled();
  });

  it('reports a refused batch with its changes and the failure', async () => {
    const s = server(rows(1));
    const onRejected = vi.fn();
    const states: string[] = [];
    const w = new Writer({ send: s.send, classify: (e) => e as WriteFailure, onRejected, onState: (st) => states.push(st) });
    w.track([{ id: 'r0', version: 0, bin: 'B0' }]); // stale: the server has version 1
    w.update([{ rowId: 'r0', field: 'bin', value: 'Q', stepId: 7 }]);
    await w.idle();
    await Promise.resolve();
    expect(onRejected).toHaveBeenCalledWith([expect.objectContaining({ rowId: 'r0', stepId: 7 })], { kind: 'conflict', rows: [{ id: 'r0' }] });
    expect(states.at(-1)).toBe('error');
  });

  it('deletes and adds queue behind updates', async () => {
    const s = server(rows(2));
    const w = new Writer({ send: s.send, classify: (e) => e as WriteFailure });
    w.track(rows(2));
    w.update([{ rowId: 'r0', field: 'bin', value: 'X' }]);
    const deleted = await w.delete(['r0']);
    expect(deleted[0]).toMatchObject({ id: 'r0', status: 'Deleted', version: 3 });
    expect(s.requests[1]).toEqual({ delete: [{ id: 'r0', version: 2 }] });
    const added = await w.add([{ tempId: 'new-1', values: { bin: 'N' } }]);
    expect(added[0]).toMatchObject({ tempId: 'new-1', row: { bin: 'N' } });
  });
});
