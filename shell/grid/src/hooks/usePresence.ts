/**
 * Presence: who else has the same topic open and which cell each has selected, as spreadsheets
 * show. The topic's live stream (useLiveRows) gives this browser a token when it opens and tells
 * it who else is there (`presence` events); this hook announces the focused cell with that token
 * (PUT /api/live/{topic}/presence), shortly after it changes and every ANNOUNCE_MS so the entry
 * does not expire, and says leave when the page goes. The stream's ending takes the entry off too.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CSRF_HEADER, api, csrfToken } from '@its/kit';
import type { LiveReloadEvent, LiveRowsEvent } from './useLiveRows';

/** Another browser on the topic: who, their colour (0-7, stable per user) and selected cell. */
export interface PresenceEntry {
  userId: string;
  name: string;
  colour: number;
  /** The selected cell; empty when none (or a field this user is not served). */
  row: string;
  field: string;
}

/** What useLiveRows tells of its stream besides rows: its token and the presence events. */
export interface LiveListener {
  onStream?: (token: string) => void;
  onPresence?: (others: PresenceEntry[]) => void;
  /** Each rows event, once its rows are laid in (the Comments column reads its counts again). */
  onRows?: (ev: LiveRowsEvent) => void;
  /**
   * A reload event of another tab or user, before the grid reads its rows again (the page reads
   * what it shows beside them). Answering true (or a promise of it) says the page reads the rows
   * itself for this change (new filters of the grid): the grid does not read them a second time.
   */
  onReload?: (ev: LiveReloadEvent) => boolean | void | Promise<boolean | void>;
}

export interface PresenceState {
  others: PresenceEntry[];
  /** Pass to useLiveRows. */
  listener: LiveListener;
  /** The focused cell changed (DataGrid onFocusCell). */
  focus: (row: string | null, field: string | null) => void;
}

/** How often the browser announces itself while the topic is open (the server drops it after 45 s). */
export const ANNOUNCE_MS = 20_000;
/** How long the focus rests before it is announced (arrow keys held down announce once). */
export const FOCUS_DEBOUNCE_MS = 250;

export function presenceUrl(topic: string): string {
  return `/api/live/${encodeURIComponent(topic)}/presence`;
}

/** Follows topic's presence (null: none). */
export function usePresence(topic: string | null): PresenceState {
  const [others, setOthers] = useState<PresenceEntry[]>([]);
  const token = useRef('');
  const cell = useRef({ row: '', field: '' });
  const announceRef = useRef<() => void>(() => undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setOthers([]);
    token.current = '';
    if (!topic) return;
    const url = presenceUrl(topic);
    const announce = () => {
      if (!token.current) return;
      api.put(url, { stream: token.current, ...cell.current }, { silent: true }).catch(() => undefined);
    };
    // On the page's way out the call must outlive it: a plain fetch kept alive.
    const leave = () => {
      if (!token.current || typeof fetch === 'undefined') return;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() };
      void fetch(url, { method: 'PUT', credentials: 'include', keepalive: true, headers, body: JSON.stringify({ stream: token.current, leave: true }) }).catch(() => undefined);
    };
    announceRef.current = announce;
    const every = setInterval(announce, ANNOUNCE_MS);
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(every);
      clearTimeout(timer.current);
      window.removeEventListener('pagehide', leave);
      leave();
      announceRef.current = () => undefined;
      token.current = '';
    };
  }, [topic]);

  const listener = useMemo<LiveListener>(
    () => ({
      onStream: (t) => {
        if (t === token.current) return;
        token.current = t;
        announceRef.current();
      },
      onPresence: (list) => setOthers(list),
    }),
    [],
  );

  const focus = useCallback((row: string | null, field: string | null) => {
    const next = { row: row ?? '', field: row ? (field ?? '') : '' };
    if (next.row === cell.current.row && next.field === cell.current.field) return;
    cell.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => announceRef.current(), FOCUS_DEBOUNCE_MS);
  }, []);

  return useMemo(() => ({ others, listener, focus }), [others, listener, focus]);
}
