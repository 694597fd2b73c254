import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { History, mergeChanges, type HistoryStep } from './history';

const ch = (rowId: string, field: string, before: string | null, after: string | null) => ({ rowId, field, before, after });

describe('undo/redo history', () => {
  let flushed: Array<{ step: HistoryStep; undoable: boolean }>;
  let h: History;
  beforeEach(() => {
    vi.useFakeTimers();
    flushed = [];
    h = new History({ onFlush: (step, undoable) => flushed.push({ step, undoable }) });
  });
  afterEach(() => vi.useRealTimers());

  it('gathers edits for 100 ms into one step, sent as one batch', () => {
    h.record([ch('r1', 'bin', 'A', 'B')]);
    vi.advanceTimersByTime(60);
    h.record([ch('r2', 'bin', 'C', 'D')]);
    expect(flushed).toHaveLength(0);
    vi.advanceTimersByTime(40);
    expect(flushed).toHaveLength(1);
    expect(flushed[0]!.step.changes).toHaveLength(2);
    h.record([ch('r3', 'bin', 'E', 'F')]);
    vi.advanceTimersByTime(100);
    expect(flushed).toHaveLength(2);
    expect(h.undoDepth).toBe(2);
  });

  it('undo gives the inverse of the last step, redo gives it back', () => {
    h.record([ch('r1', 'bin', 'A', 'B'), ch('r1', 'qty', '1', '2')]);
    vi.advanceTimersByTime(100);
    const u = h.undo()!;
    expect(u.changes).toEqual([ch('r1', 'bin', 'B', 'A'), ch('r1', 'qty', '2', '1')]);
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(true);
    expect(h.redo()!.changes).toEqual([ch('r1', 'bin', 'A', 'B'), ch('r1', 'qty', '1', '2')]);
    expect(h.canRedo).toBe(false);
  });

  it('undo closes the gathering window first', () => {
    h.record([ch('r1', 'bin', 'A', 'B')]);
    expect(h.undo()!.changes).toEqual([ch('r1', 'bin', 'B', 'A')]);
    expect(flushed).toHaveLength(1);
  });

  it('a paste is one step of its own, however many cells', () => {
    h.record([ch('r0', 'bin', 'x', 'y')]);
    const cells = Array.from({ length: 1000 }, (_, i) => ch(`r${i + 1}`, 'bin', 'old', `new${i}`));
    h.commit(cells, 'paste');
    expect(flushed.map((f) => f.step.kind)).toEqual(['edit', 'paste']);
    expect(h.undo()!.changes).toHaveLength(1000);
    expect(h.undo()!.changes).toEqual([ch('r0', 'bin', 'y', 'x')]);
  });

  it('a new step clears what could be redone', () => {
    h.commit([ch('r1', 'bin', 'A', 'B')], 'paste');
    h.undo();
    h.commit([ch('r1', 'bin', 'A', 'C')], 'paste');
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBeNull();
  });

  it('column, settings, delete, add, list-sort and rename changes stay out of it', () => {
    for (const kind of ['column', 'settings', 'delete', 'add', 'listSort', 'rename'] as const) h.commit([ch('r1', kind, 'a', 'b')], kind);
    expect(flushed).toHaveLength(6);
    expect(flushed.every((f) => !f.undoable)).toBe(true);
    expect(h.canUndo).toBe(false);
  });

  it('steps name rows by id, so they survive sorting and filtering', () => {
    h.commit([ch('id-42', 'bin', 'A', 'B')], 'paste');
    expect(h.undo()!.changes[0]!.rowId).toBe('id-42');
  });

  it('a failed step can be dropped', () => {
    const s = h.commit([ch('r1', 'bin', 'A', 'B')], 'paste')!;
    h.drop(s.id);
    expect(h.canUndo).toBe(false);
  });

  it('merges edits of one cell and drops cells that end unchanged', () => {
    expect(mergeChanges([ch('r', 'f', 'A', 'B'), ch('r', 'f', 'B', 'C')])).toEqual([ch('r', 'f', 'A', 'C')]);
    expect(mergeChanges([ch('r', 'f', 'A', 'B'), ch('r', 'f', 'B', 'A')])).toEqual([]);
    h.record([ch('r', 'f', 'A', 'B')]);
    h.record([ch('r', 'f', 'B', 'A')]);
    vi.advanceTimersByTime(100);
    expect(flushed).toHaveLength(0);
  });
});
