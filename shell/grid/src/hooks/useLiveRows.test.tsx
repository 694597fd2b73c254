import { renderHook, act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tabId } from '@its/kit';
import type { DataGridHandle } from '../props';
import { HIDDEN_CLOSE_MS, useLiveRows } from './useLiveRows';

/** A stand-in for the browser's EventSource (jsdom has none): records each stream opened. */
class FakeSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
  /** The server's open event as of event id `id`. */
  opened(id: string) {
    this.readyState = FakeSource.OPEN;
    this.dispatchEvent(new MessageEvent('open', { data: JSON.stringify({ id: Number(id) }), lastEventId: id }));
  }
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useLiveRows', () => {
  beforeEach(() => {
    FakeSource.made = [];
    vi.stubGlobal('EventSource', FakeSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lets a background tab’s stream go after a while and opens it again from its last event id when shown', () => {
    const { result, unmount } = renderHook(() => useLiveRows('assortment:a1', () => null, async () => []));
    expect(FakeSource.made).toHaveLength(1);
    // The first stream also asks for what was saved since the page began reading (and a second).
    expect(FakeSource.made[0]!.url).toBe(`/api/live/assortment%3Aa1?tab=${tabId}&recent=1`);
    act(() => FakeSource.made[0]!.opened('41'));
    expect(result.current).toBe('live');

    // Hidden briefly: the stream stays.
    act(() => setVisibility('hidden'));
    act(() => void vi.advanceTimersByTime(HIDDEN_CLOSE_MS / 2));
    act(() => setVisibility('visible'));
    act(() => void vi.advanceTimersByTime(HIDDEN_CLOSE_MS));
    expect(FakeSource.made[0]!.readyState).toBe(FakeSource.OPEN);
    expect(FakeSource.made).toHaveLength(1);

    // Hidden for longer: the stream is closed, and shown again it reopens where it was.
    act(() => setVisibility('hidden'));
    act(() => void vi.advanceTimersByTime(HIDDEN_CLOSE_MS));
    expect(FakeSource.made[0]!.readyState).toBe(FakeSource.CLOSED);
    expect(FakeSource.made).toHaveLength(1);
    act(() => setVisibility('visible'));
    expect(FakeSource.made).toHaveLength(2);
    expect(FakeSource.made[1]!.url).toBe(`/api/live/assortment%3Aa1?tab=${tabId}&since=41`);
    act(() => FakeSource.made[1]!.opened('43'));
    expect(result.current).toBe('live');

    unmount();
    expect(FakeSource.made[1]!.readyState).toBe(FakeSource.CLOSED);
    // Unmounted, a change of visibility opens nothing.
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    expect(FakeSource.made).toHaveLength(2);
  });

  it('a first stream refused before it opened asks again for everything since the page began reading', () => {
    const { unmount } = renderHook(() => useLiveRows('assortment:a1', () => null, async () => []));
    const first = FakeSource.made[0]!;
    act(() => {
      first.readyState = FakeSource.CLOSED;
      first.onerror?.();
    });
    act(() => void vi.advanceTimersByTime(1000));
    expect(FakeSource.made).toHaveLength(2);
    expect(FakeSource.made[1]!.url).toBe(`/api/live/assortment%3Aa1?tab=${tabId}&recent=2`);
    unmount();
  });

  it('takes out rows a colleague’s change moved out of the view, but not those of the user’s own change', async () => {
    const apply = vi.fn();
    const grid = { controller: { applyLiveRows: apply } } as unknown as DataGridHandle;
    renderHook(() => useLiveRows('library:asset', () => grid, async () => []));
    const es = FakeSource.made[0]!;
    const told = (self: boolean, id: string) =>
      es.dispatchEvent(new MessageEvent('rows', { data: JSON.stringify({ grid: 'g', added: [], updated: [id], deleted: [], fields: ['status'], self }), lastEventId: id }));
    // Told before the server's open: the catch-up of the first stream (what was saved as the page read).
    await act(async () => {
      es.dispatchEvent(new Event('open'));
      told(false, 'r0');
      es.opened('1');
      told(false, 'r1');
      told(true, 'r2');
      await vi.runAllTimersAsync();
    });
    expect(apply.mock.calls).toEqual([
      [[], [], ['r0'], { catchUp: true }],
      [[], [], ['r1'], { catchUp: false }],
      [[], [], [], { catchUp: false }],
    ]);
  });

  it('tells the listener of each rows event once its rows are laid in', async () => {
    const order: string[] = [];
    const grid = { controller: { applyLiveRows: () => order.push('apply') } } as unknown as DataGridHandle;
    const onRows = vi.fn((ev: { fields: string[] }) => order.push(`told ${ev.fields.join()}`));
    renderHook(() => useLiveRows('library:asset', () => grid, async (ids) => ids.map((id) => ({ id, version: 1 })), { onRows }));
    const es = FakeSource.made[0]!;
    act(() => es.opened('1'));
    await act(async () => {
      es.dispatchEvent(new MessageEvent('rows', { data: JSON.stringify({ grid: 'g', added: [], updated: ['r1'], deleted: [], fields: ['comments'], self: false }), lastEventId: '2' }));
      await vi.runAllTimersAsync();
    });
    expect(order).toEqual(['apply', 'told comments']);
    expect(onRows.mock.calls[0]![0]).toMatchObject({ updated: ['r1'], fields: ['comments'] });
  });

  it('tells the listener of a reload event of another tab or user, not of its own tab, and reads the grid again', async () => {
    const order: string[] = [];
    const grid = { reload: vi.fn(async () => void order.push('reload')) } as unknown as DataGridHandle;
    const onReload = vi.fn(() => void order.push('told'));
    renderHook(() => useLiveRows('assortment:d1', () => grid, async () => [], { onReload }));
    const es = FakeSource.made[0]!;
    act(() => es.opened('1'));
    await act(async () => {
      es.dispatchEvent(new MessageEvent('reload', { data: JSON.stringify({ id: 2, grid: 'g', self: true }), lastEventId: '2' }));
      es.dispatchEvent(new MessageEvent('reload', { data: JSON.stringify({ id: 3, grid: 'g', self: false }), lastEventId: '3' }));
      await vi.runAllTimersAsync();
    });
    expect(order).toEqual(['told', 'reload']);
    // A stream opened again goes on from the last reload's id.
    act(() => {
      es.readyState = FakeSource.CLOSED;
      es.onerror?.();
    });
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(FakeSource.made[1]!.url).toBe(`/api/live/assortment%3Ad1?tab=${tabId}&since=3`);
  });

  it('leaves the read of a reload event to the page when its listener says the page reads the rows (once, not twice)', async () => {
    const grid = { reload: vi.fn(async () => undefined) } as unknown as DataGridHandle;
    // The page reads the rows itself after the first change (its filters changed), not after the second.
    const answers = [true, false];
    const onReload = vi.fn(async () => answers.shift() ?? false);
    renderHook(() => useLiveRows('assortment:d2', () => grid, async () => [], { onReload }));
    const es = FakeSource.made[0]!;
    act(() => es.opened('1'));
    await act(async () => {
      es.dispatchEvent(new MessageEvent('reload', { data: JSON.stringify({ id: 2, grid: 'g', self: false }), lastEventId: '2' }));
      await vi.runAllTimersAsync();
    });
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(grid.reload).not.toHaveBeenCalled();
    await act(async () => {
      es.dispatchEvent(new MessageEvent('reload', { data: JSON.stringify({ id: 3, grid: 'g', self: false }), lastEventId: '3' }));
      await vi.runAllTimersAsync();
    });
    expect(onReload).toHaveBeenCalledTimes(2);
    expect(grid.reload).toHaveBeenCalledTimes(1);
  });
});
