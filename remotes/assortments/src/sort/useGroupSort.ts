/**
 * The sort page's state: the group sort as the server last answered it, the moves shown at
 * once and sent together after GROUP_SORT_DEBOUNCE_MS (spec platform §9), each batch on the
 * version the previous one answered, and the undo/redo history (an undo sends the moves that
 * bring the earlier order back). A stale version (userLock) stops the page until it reloads.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrgBase } from '../api';
import { applyMoves, GROUP_SORT_DEBOUNCE_MS, patchGroupSort, restoreMoves, type Batch, type GroupSortState, type MoveBatch } from './model';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'stale' | 'failed';

interface Options {
  /** The organisation type's API (regular assortments by default). */
  org?: OrgBase;
  onUserLock: () => void;
  onFailed: (e: unknown) => void;
}

const isUserLock = (e: unknown) => {
  const err = e as { status?: number; details?: { errorType?: string } } | null;
  return !!err && err.status === 409 && err.details?.errorType === 'userLock';
};

export function useGroupSort(initial: GroupSortState, opts: Options) {
  const [state, setState] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const stateRef = useRef(state);
  stateRef.current = state;
  const version = useRef(initial.version);
  const pending = useRef<Batch[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const undo = useRef<GroupSortState[]>([]);
  const redo = useRef<GroupSortState[]>([]);
  const [, setTick] = useState(0);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const stale = status === 'stale';

  /** Sends what is queued (after what is in flight); a batch that regroups or sorts answers the whole state. */
  const flush = useCallback((): Promise<unknown> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const batches = pending.current;
    pending.current = [];
    if (batches.length === 0) return chain.current;
    const run = async () => {
      setStatus('saving');
      try {
        const res = await patchGroupSort(stateRef.current.assortmentId, version.current, batches, optsRef.current.org);
        version.current = res.version;
        if (res.groups) setState((s) => ({ ...s, groupBy: res.groupBy, version: res.version, groups: res.groups ?? s.groups }));
        else setState((s) => ({ ...s, version: res.version }));
        setStatus(pending.current.length ? 'pending' : 'idle');
      } catch (e) {
        pending.current = [];
        if (isUserLock(e)) {
          setStatus('stale');
          optsRef.current.onUserLock();
        } else {
          setStatus('failed');
          optsRef.current.onFailed(e);
        }
        throw e;
      }
    };
    const next = chain.current.then(run, run);
    chain.current = next.catch(() => undefined);
    return next;
  }, []);

  const queue = useCallback(
    (batches: Batch[]) => {
      pending.current.push(...batches);
      setStatus((s) => (s === 'saving' ? s : 'pending'));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush().catch(() => undefined), GROUP_SORT_DEBOUNCE_MS);
    },
    [flush],
  );

  /** Applies move batches at once, queues them and records the step for undo. */
  const move = useCallback(
    (batches: MoveBatch[], record = true) => {
      if (stale || batches.length === 0) return;
      const before = stateRef.current;
      let next: GroupSortState;
      try {
        next = batches.reduce(applyMoves, before);
      } catch {
        return; // not a move the server would take (a locked group, a drop on itself)
      }
      if (record) {
        undo.current.push(before);
        redo.current = [];
      }
      stateRef.current = next;
      setState(next);
      queue(batches);
    },
    [queue, stale],
  );

  const step = useCallback(
    (from: GroupSortState[], to: GroupSortState[]) => {
      const target = from.pop();
      if (!target || stale) return;
      const cur = stateRef.current;
      to.push(cur);
      move(restoreMoves(cur, target), false);
      setTick((n) => n + 1);
    },
    [move, stale],
  );

  /** Sends a batch that the server computes (group-by, auto-sort, group flags) right away. */
  const send = useCallback(
    async (batch: Batch, opts: { undoable?: boolean } = {}) => {
      if (stale) return;
      const before = stateRef.current;
      if (batch.type === 'updateDisplayGroup') {
        const { displayGroup, type: _t, ...change } = batch;
        const merge = (g: GroupSortState['groups'][number]) => {
          const m = { ...g, ...change };
          return m.alwaysOpen ? { ...m, openState: true } : m;
        };
        setState((s) => ({ ...s, groups: s.groups.map((g) => (g.id === displayGroup ? merge(g) : g)) }));
      }
      pending.current.push(batch);
      await flush();
      if (opts.undoable) {
        undo.current.push(before);
        redo.current = [];
      } else if (batch.type === 'groupBy') {
        undo.current = [];
        redo.current = [];
      }
      setTick((n) => n + 1);
    },
    [flush, stale],
  );

  useEffect(
    () => () => {
      // Leaving the page sends what is still waiting.
      if (pending.current.length) void flush().catch(() => undefined);
    },
    [flush],
  );

  return {
    state,
    status,
    move,
    send,
    flush,
    canUndo: undo.current.length > 0 && !stale,
    canRedo: redo.current.length > 0 && !stale,
    undo: () => step(undo.current, redo.current),
    redo: () => step(redo.current, undo.current),
  };
}
