/**
 * Browsing state: the filter query lives in the URL (so links can be shared, and browser back
 * and forward refresh it), the results are pages of GET /api/assets (Published only, newest
 * first), and the filter options are the values the library's published items use (answered by
 * the server, GET /api/assets/filters), as is the landing page (GET /api/assets/landing).
 */
import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { filterOptions, landingPage, listAssets, type DataSets } from '../api/assets';
import type { AssetField, LibraryType } from '../api/types';
import { FILTER_FIELDS } from '../libraries';

export const PAGE_SIZE = 60;

export interface FilterState {
  filters: Record<string, string[]>;
  q: string;
  /** The number of filter values chosen (search excluded). */
  count: number;
  setFilter: (field: AssetField, values: string[]) => void;
  setQuery: (q: string) => void;
  clear: () => void;
}

/** Splits a query value "a,b" (values never contain commas in the demo data). */
const split = (v: string | null) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);

export function readFilters(params: URLSearchParams, fields: AssetField[], defaults: Partial<Record<AssetField, string>> = {}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of fields) {
    const has = params.has(f);
    const values = has ? split(params.get(f)) : defaults[f] ? [defaults[f]!] : [];
    if (values.length) out[f] = values;
  }
  return out;
}

/** The library's filters, read from and written to the URL query (each change is a history entry). */
export function useFilterState(libraryType: LibraryType, defaults: Partial<Record<AssetField, string>> = {}): FilterState {
  const [params, setParams] = useSearchParams();
  const fields = FILTER_FIELDS[libraryType];
  const key = params.toString();
  const defaultsKey = JSON.stringify(defaults);
  const filters = useMemo(() => readFilters(new URLSearchParams(key), fields, JSON.parse(defaultsKey) as typeof defaults), [key, fields, defaultsKey]);
  const q = params.get('q') ?? '';

  const update = useCallback(
    (mutate: (p: URLSearchParams) => void) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        mutate(next);
        next.delete('asset');
        return next;
      });
    },
    [setParams],
  );

  return {
    filters,
    q,
    count: Object.values(filters).reduce((n, v) => n + v.length, 0),
    setFilter: (field, values) =>
      update((p) => {
        // A default (STEP's English) that is removed stays removed: an empty value says so.
        if (values.length) p.set(field, values.join(','));
        else if (defaults[field]) p.set(field, '');
        else p.delete(field);
      }),
    setQuery: (text) => update((p) => (text.trim() ? p.set('q', text.trim()) : p.delete('q'))),
    clear: () =>
      update((p) => {
        for (const f of fields) {
          if (defaults[f]) p.set(f, '');
          else p.delete(f);
        }
        p.delete('q');
      }),
  };
}

export const assetsKey = (libraryType: LibraryType, filters: Record<string, string[]>, q: string) => ['libraries', 'assets', libraryType, 'Published', filters, q] as const;

/** Pages of the library's published items matching the filters. */
export function useAssetPages(libraryType: LibraryType, filters: Record<string, string[]>, q: string, pageSize = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...assetsKey(libraryType, filters, q), pageSize],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => listAssets({ libraryType, filters, q, limit: pageSize, offset: pageParam }, { signal }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? loaded : undefined;
    },
    staleTime: 30_000,
  });
}

export const landingKey = (libraryType: LibraryType) => ['libraries', 'landing', libraryType] as const;

/** The library's landing page, computed by the server from all its published items. */
export function useLanding(libraryType: LibraryType) {
  return useQuery({
    queryKey: landingKey(libraryType),
    queryFn: ({ signal }) => landingPage(libraryType, signal),
    staleTime: 5 * 60_000,
  });
}

export const filterOptionsKey = (libraryType: LibraryType) => ['libraries', 'filters', libraryType] as const;

/**
 * The filter bar's options: per filter field, the values published items use, with counts; with a
 * region or a division, the data set of that region or division (spec §2.6).
 */
export function useFilterOptions(libraryType: LibraryType, sets: DataSets = {}) {
  const { region = '', division = '' } = sets;
  const q = useQuery({
    queryKey: [...filterOptionsKey(libraryType), region, division],
    queryFn: ({ signal }) => filterOptions(libraryType, signal, { region, division }),
    placeholderData: (previous) => previous,
    staleTime: 5 * 60_000,
  });
  return { options: q.data ?? {}, loading: q.isPending, error: q.error };
}
