import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditBatcher, groupEdits, type BatchCall, type SaveState } from './editBatcher';

describe('edit batcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('groups items that get the same changes into one call; the last edit of a cell wins', () => {
    const groups = groupEdits([
      { id: 'a', field: 'category', value: 'Running', oldValue: '' },
      { id: 'b', field: 'category', value: 'Running', oldValue: 'Trail' },
      { id: 'c', field: 'category', value: 'Trail', oldValue: '' },
      { id: 'c', field: 'category', value: 'Running', oldValue: 'Trail' },
      { id: 'a', field: 'gender', value: 'Mens', oldValue: '' },
    ]);
    expect(groups.map((g) => g.call)).toEqual([
      { ids: ['a'], set: { category: 'Running', gender: 'Mens' } },
      { ids: ['b', 'c'], set: { category: 'Running' } },
    ]);
    // c's old value is what the server had before both edits.
    expect(groups[1]!.edits.find((e) => e.id === 'c')!.oldValue).toBe('');
  });

  it('sends after 1,500 ms of quiet, and reports saving then saved', async () => {
    const calls: BatchCall[] = [];
    const states: SaveState[] = [];
    const b = new EditBatcher({ send: async (c) => void calls.push(c), onState: (s) => states.push(s) });
    b.add({ id: 'a', field: 'name', value: 'X', oldValue: 'Y' });
    await vi.advanceTimersByTimeAsync(1000);
    b.add({ id: 'a', field: 'tag', value: 'Hero', oldValue: '' });
    await vi.advanceTimersByTimeAsync(1499);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ ids: ['a'], set: { name: 'X', tag: 'Hero' } }]);
    expect(states.at(-1)).toBe('saved');
    expect(states).toContain('saving');
  });

  it('hands failed edits back with the old values', async () => {
    const failed: string[] = [];
    const b = new EditBatcher({
      send: async () => {
        throw new Error('name cannot be cleared');
      },
      onFailed: (_, edits) => failed.push(...edits.map((e) => `${e.id}.${e.field}=${e.oldValue}`)),
    });
    b.add({ id: 'a', field: 'name', value: '', oldValue: 'Old' });
    await b.flush();
    expect(failed).toEqual(['a.name=Old']);
    expect(b.current).toBe('error');
  });
});
