/**
 * The assortment edit lock (spec §4.1): requested when the page opens, renewed while it stays
 * open, released when the user leaves. When another user holds it the page is read-only and
 * names them; "try again" asks once more. A failed request is silent (spec §8).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@its/kit';
import { LOCK_RENEW_MS, releaseLock, releaseLockOnExit, requestLock, type OrgBase, type Owner } from '../api';

export type LockState = { status: 'off' } | { status: 'pending' } | { status: 'mine' } | { status: 'locked'; by: Owner | null } | { status: 'failed' };

/** Who holds the lock, from a 409 answer ({errorType: userLock, reason: locked, lockedBy}). */
export function lockedBy(e: unknown): Owner | null | undefined {
  if (!(e instanceof ApiError) || e.status !== 409) return undefined;
  const d = (e.details ?? {}) as { errorType?: string; reason?: string; lockedBy?: Owner };
  if (d.errorType !== 'userLock' || d.reason !== 'locked') return undefined;
  return d.lockedBy ?? null;
}

export function useEditLock(id: string, wanted: boolean, org: OrgBase = 'assortments'): { state: LockState; retry: () => Promise<void>; mine: boolean } {
  const [state, setState] = useState<LockState>({ status: wanted ? 'pending' : 'off' });
  const held = useRef(false);

  const ask = useCallback(async () => {
    try {
      const res = await requestLock(id, org);
      held.current = res.locked && (res.lock?.mine ?? true);
      setState(held.current ? { status: 'mine' } : { status: 'locked', by: res.lock?.user ?? null });
    } catch (e) {
      held.current = false;
      const by = lockedBy(e);
      if (by !== undefined) setState({ status: 'locked', by });
      else {
        console.warn('Edit lock request failed', e);
        setState({ status: 'failed' });
      }
    }
  }, [id, org]);

  useEffect(() => {
    if (!wanted) {
      setState({ status: 'off' });
      return;
    }
    setState({ status: 'pending' });
    void ask();
    const onExit = () => held.current && releaseLockOnExit(id, org);
    window.addEventListener('pagehide', onExit);
    return () => {
      window.removeEventListener('pagehide', onExit);
      if (held.current) {
        held.current = false;
        releaseLock(id, org).catch(() => undefined);
      }
    };
  }, [id, wanted, ask, org]);

  // A lock lives five minutes: renew it while the page is open.
  useEffect(() => {
    if (state.status !== 'mine') return;
    const t = setInterval(() => void ask(), LOCK_RENEW_MS);
    return () => clearInterval(t);
  }, [state.status, ask]);

  return { state, retry: ask, mine: state.status === 'mine' };
}
