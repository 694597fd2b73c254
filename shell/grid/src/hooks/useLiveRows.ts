/**
 * Live rows: a grid follows its topic's stream (GET /api/live/{topic}, Server-Sent Events) and
 * shows what others save as they save it. An event names rows and fields, never values: the
 * changed rows are read again through `read` (the grid's own, policy-checked query) and laid in
 * by the controller (applyLiveRows), which keeps the user's unsaved edits. A reload event (a
 * change whose rows cannot be named) reads the whole grid again, keeping those edits too. The browser's
 * EventSource reconnects by itself and sends the last event id, so the server sends what was
 * missed; a stream the server closed is opened again with that id after a pause.
 */
import { useEffect, useRef, useState } from 'react';
import { api, constants, tabId } from '@its/kit';
import type { DataGridHandle } from '../props';
import { streamRows } from '../stream';
import type { GridEndpoints, GridQuery, GridRow } from '../types';
import type { LiveListener, PresenceEntry } from './usePresence';

/** The stream's state: live, connecting (at first or after a drop) or off (no topic). */
export type LiveState = 'off' | 'connecting' | 'live';

/** A rows event: the ids added, updated and deleted and the fields written. */
export interface LiveRowsEvent {
  grid: string;
  added: string[];
  updated: string[];
  deleted: string[];
  fields: string[];
  self: boolean;
}

/** A reload event: the topic's grid is to be read again (no row named). */
export interface LiveReloadEvent {
  grid: string;
  self: boolean;
}

/** How long a tab stays in the background before its stream is let go (opened again when shown). */
export const HIDDEN_CLOSE_MS = 60_000;

/** How long a stream the server closed waits before it is opened again (doubling, at most the last). */
const RETRY_MS = [1000, 2000, 5000, 15000, 60000];

/**
 * The stream of topic for this tab (so that it tells this tab's own changes as self): from event
 * `since` when set, else also telling the topic's events of the last `recent` seconds (when set).
 */
export function liveUrl(topic: string, since: string, tab: string = tabId, recent = 0): string {
  const params = new URLSearchParams({ tab });
  if (since) params.set('since', since);
  else if (recent > 0) params.set('recent', String(Math.min(constants.live.maxRecent, Math.ceil(recent))));
  return `/api/live/${encodeURIComponent(topic)}?${params.toString()}`;
}

/** The stream's token of an open or reset event (presence announces with it). */
function streamToken(data: unknown): string {
  try {
    const v = JSON.parse(String(data)) as { stream?: unknown };
    return typeof v.stream === 'string' ? v.stream : '';
  } catch {
    return '';
  }
}

/** The most ids one read by id asks for (the query call's page). */
const READ_CHUNK = 100;

/**
 * A `read` for useLiveRows over a grid protocol's endpoints: the rows of `ids` through the
 * query call (or the stream when there is none) with the page's own `filters` (a row outside
 * them is not answered, so it leaves the view).
 */
export function readByIds(endpoints: Partial<Pick<GridEndpoints, 'query' | 'stream'>>, filters?: GridQuery['filters']) {
  return async (ids: string[], signal: AbortSignal): Promise<GridRow[]> => {
    const out: GridRow[] = [];
    for (let i = 0; i < ids.length; i += READ_CHUNK) {
      const chunk = ids.slice(i, i + READ_CHUNK);
      const body: GridQuery = { ids: chunk, limit: chunk.length, ...(filters ? { filters } : {}) };
      if (endpoints.query) {
        out.push(...(await api.post<{ rows: GridRow[] }>(endpoints.query, body, { signal, silent: true })).rows);
      } else if (endpoints.stream) {
        await streamRows(endpoints.stream, body, { signal, onRows: (rows) => out.push(...rows) });
      }
    }
    return out;
  };
}

/**
 * Follows topic (null: none) for the grid `grid()` answers; `read` reads rows by id; `listener`
 * (usePresence's) is told the stream's token and who else is here. Answers the stream's state
 * for an indicator.
 */
export function useLiveRows(topic: string | null, grid: () => DataGridHandle | null, read: (ids: string[], signal: AbortSignal) => Promise<GridRow[]>, listener?: LiveListener): LiveState {
  const [state, setState] = useState<LiveState>(topic ? 'connecting' : 'off');
  const latest = useRef({ grid, read, listener });
  latest.current = { grid, read, listener };
  useEffect(() => {
    if (!topic || typeof EventSource === 'undefined') {
      setState('off');
      return;
    }
    const abort = new AbortController();
    let source: EventSource | null = null;
    let lastId = '';
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Events are handled one after the other, in the order the stream sent them.
    let chain: Promise<unknown> = Promise.resolve();
    const run = (fn: () => Promise<unknown> | unknown) => {
      chain = chain.then(fn).catch((e: unknown) => {
        if (!abort.signal.aborted) console.error('Live rows', e);
      });
    };
    // The grid's first read began as the page mounted, before its stream opened: a first stream
    // asks for the topic's events since then (and a second more), so a change saved between the
    // read and the stream is not missed. From its first event on, the stream's last id says where.
    const mounted = Date.now();
    const connect = () => {
      setState('connecting');
      const recent = lastId ? 0 : (Date.now() - mounted) / 1000 + 1;
      // Rows events before open are that catch-up (on a first stream) or what a reconnect missed.
      let catchUp = recent > 0;
      const es = new EventSource(liveUrl(topic, lastId, tabId, recent), { withCredentials: true });
      source = es;
      const seen = (e: MessageEvent) => {
        if (e.lastEventId) lastId = e.lastEventId;
      };
      const stream = (e: MessageEvent) => {
        const token = streamToken(e.data);
        if (token) latest.current.listener?.onStream?.(token);
      };
      es.addEventListener('open', (e) => {
        // The server's open event (the browser's own 'open', a plain Event, comes first).
        if (e instanceof MessageEvent) {
          catchUp = false;
          seen(e);
          stream(e);
        }
        retry = 0;
        setState('live');
      });
      es.addEventListener('presence', (e) => {
        const others = (JSON.parse(e.data as string) as { others?: PresenceEntry[] }).others;
        latest.current.listener?.onPresence?.(others ?? []);
      });
      es.addEventListener('rows', (e) => {
        seen(e);
        const ev = JSON.parse(e.data as string) as LiveRowsEvent;
        const early = catchUp;
        run(async () => {
          const ids = [...ev.added, ...ev.updated];
          const rows = ids.length ? await latest.current.read(ids, abort.signal) : [];
          // A row told of that the read did not answer has left the view (or the user's reach);
          // but a change made in this tab leaves the view as the page shows it (a row just moved
          // to Published stays on Pending, saying so, until the user moves on). The same user's
          // change in another tab is not self: there the row leaves as for anyone's change.
          const found = new Set(rows.map((r) => r.id));
          const left = ev.self ? [] : ids.filter((id) => !found.has(id));
          if (abort.signal.aborted) return;
          latest.current.grid()?.controller.applyLiveRows(rows, ev.deleted, left, { catchUp: early, ...(ev.added.length ? { added: ev.added } : {}) });
          latest.current.listener?.onRows?.(ev);
        });
      });
      // A change no list of rows could name (a dynamic assortment's filters, a catalog load): the
      // grid reads its rows again, keeping the user's unsaved edits as after a reset, unless the
      // listener says the page reads them; the tab that made the change has read them already.
      es.addEventListener('reload', (e) => {
        seen(e);
        const ev = JSON.parse(e.data as string) as LiveReloadEvent;
        if (ev.self) return;
        run(async () => {
          // The page may read them itself (its filters changed): then once, by the page.
          if ((await latest.current.listener?.onReload?.(ev)) === true) return;
          return latest.current.grid()?.reload();
        });
      });
      es.addEventListener('reset', (e) => {
        seen(e);
        stream(e);
        run(() => latest.current.grid()?.reload());
      });
      es.onerror = () => {
        if (es.readyState !== EventSource.CLOSED) {
          setState('connecting');
          return;
        }
        // Closed by an answer that was not a stream (a server restarting, a 404): try again later.
        es.close();
        setState('connecting');
        timer = setTimeout(connect, RETRY_MS[Math.min(retry++, RETRY_MS.length - 1)]);
      };
    };
    // A tab left in the background lets its stream go after a while (a browser keeps six
    // connections to a host over HTTP/1.1, and every open grid holds one); back in front, it
    // opens again from its last event id, so what it missed arrives as if it had stayed.
    let hidden: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      clearTimeout(hidden);
      if (document.visibilityState === 'hidden') {
        hidden = setTimeout(() => {
          clearTimeout(timer);
          source?.close();
          source = null;
        }, HIDDEN_CLOSE_MS);
      } else if (!source) {
        connect();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
      clearTimeout(hidden);
      document.removeEventListener('visibilitychange', onVisibility);
      source?.close();
    };
  }, [topic]);
  return state;
}
