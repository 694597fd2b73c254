/**
 * The user's saved collection of one library (spec §2.6): items and view settings, kept as a
 * user setting on the server. Changes show at once and are flushed after 1,000 ms of quiet
 * (the spec's collection flush); the server answers the size and whether it is too large.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getCollection, saveCollection } from '../api/assets';
import type { Collection, CollectionSettings } from '../api/types';

export const COLLECTION_FLUSH_MS = 1000;
/** 20 GB: a collection this large cannot be downloaded (the server says so too). */
export const COLLECTION_LIMIT = 21_474_836_480;

export const collectionKey = (ct: string) => ['libraries', 'collection', ct] as const;

const empty = (ct: string): Collection => ({
  collectionType: ct,
  items: [],
  includeWorkingFiles: false,
  showWorkingFilesOnly: false,
  viewType: 'grid',
  showNewStylesOnly: false,
  totalSize: 0,
  tooLarge: false,
  sizeLimit: COLLECTION_LIMIT,
});

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function useCollection(collectionType: string | undefined) {
  const client = useQueryClient();
  const ct = collectionType ?? '';
  const query = useQuery({
    queryKey: collectionKey(ct),
    queryFn: () => getCollection(ct),
    enabled: !!collectionType,
    staleTime: 60_000,
  });
  const saving = useRef(false);

  const flush = useCallback(async () => {
    timers.delete(ct);
    const cur = client.getQueryData<Collection>(collectionKey(ct));
    if (!cur) return;
    saving.current = true;
    try {
      const saved = await saveCollection(ct, {
        items: cur.items,
        includeWorkingFiles: cur.includeWorkingFiles,
        showWorkingFilesOnly: cur.showWorkingFilesOnly,
        viewType: cur.viewType,
        showNewStylesOnly: cur.showNewStylesOnly,
      });
      // Keep edits made while the request ran; take the server's size figures.
      const now = client.getQueryData<Collection>(collectionKey(ct));
      if (!timers.has(ct) && now) client.setQueryData(collectionKey(ct), { ...now, totalSize: saved.totalSize, tooLarge: saved.tooLarge, sizeLimit: saved.sizeLimit, items: saved.items });
      else if (now) client.setQueryData(collectionKey(ct), { ...now, totalSize: saved.totalSize, tooLarge: saved.tooLarge });
    } catch {
      void client.invalidateQueries({ queryKey: collectionKey(ct) });
    } finally {
      saving.current = false;
    }
  }, [client, ct]);

  const change = useCallback(
    (mutate: (c: Collection) => Collection) => {
      const cur = client.getQueryData<Collection>(collectionKey(ct)) ?? empty(ct);
      client.setQueryData(collectionKey(ct), mutate(cur));
      const old = timers.get(ct);
      if (old) clearTimeout(old);
      timers.set(
        ct,
        setTimeout(() => void flush(), COLLECTION_FLUSH_MS),
      );
    },
    [client, ct, flush],
  );

  // A pending change is saved when the page goes away, rather than lost.
  useEffect(
    () => () => {
      if (timers.has(ct)) {
        clearTimeout(timers.get(ct));
        void flush();
      }
    },
    [ct, flush],
  );

  const data = query.data ?? (collectionType ? undefined : empty(ct));
  const items = data?.items ?? [];
  return {
    collection: data,
    loading: query.isPending && !!collectionType,
    has: (id: string) => items.includes(id),
    toggle: (id: string) => change((c) => ({ ...c, items: c.items.includes(id) ? c.items.filter((x) => x !== id) : [...c.items, id] })),
    add: (ids: string[]) => change((c) => ({ ...c, items: [...new Set([...c.items, ...ids])] })),
    remove: (id: string) => change((c) => ({ ...c, items: c.items.filter((x) => x !== id) })),
    clear: () => change((c) => ({ ...c, items: [] })),
    setSettings: (s: Partial<CollectionSettings>) => change((c) => ({ ...c, ...s })),
    /** Saves now (before a zip is asked for). */
    flushNow: async () => {
      const t = timers.get(ct);
      if (t) {
        clearTimeout(t);
        await flush();
      }
    },
  };
}
