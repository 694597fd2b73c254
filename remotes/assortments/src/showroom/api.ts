/**
 * The showroom's data: the assortment, its group sort and its rows, each through the routes the
 * manager already has (GET /api/{orgType}/{id}, GET /api/{orgType}/groupsort/{id}, POST
 * /api/{orgType}/products/query), cached per assortment so the dividers and the product detail
 * viewer open without loading again.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@its/kit';
import { type GridRow } from '@its/grid';
import { QUERY_LIMIT, streamProducts } from '@its/remote-products/api';
import type { Assortment } from '../api';
import type { GroupSortState } from '../sort/model';
import { buildShowroom, type OrgType, type ShowroomGroup, type ShowroomRow } from './model';

const path = (id: string) => encodeURIComponent(id);

export const fetchShowroomAssortment = (org: OrgType, id: string, signal?: AbortSignal) =>
  api.get<Assortment>(`/${org}/${path(id)}`, { signal, query: { _options: JSON.stringify({ products: false }) } });

/** Saves the assortment's uiSettings (the showroom settings inside them) on the version shown. */
export const patchShowroomAssortment = (org: OrgType, id: string, body: { version: number; uiSettings: Record<string, unknown> }) =>
  api.patch<Assortment>(`/${org}/${path(id)}`, body, { silent: true });

export const fetchShowroomGroups = (org: OrgType, id: string, signal?: AbortSignal) => api.get<GroupSortState>(`/${org}/groupsort/${path(id)}`, { signal });

/** Every row (a dynamic assortment: the first page of its query, as its grid shows). */
export async function fetchShowroomRows(org: OrgType, id: string, dynamic: boolean, signal: AbortSignal): Promise<ShowroomRow[]> {
  const out: GridRow[] = [];
  let skip = 0;
  for (;;) {
    let total = 0;
    let got = 0;
    await streamProducts(`/${org}/products/query`, { assortmentId: id, skip, limit: QUERY_LIMIT }, signal, {
      total: (n) => {
        total = n;
      },
      rows: (rows) => {
        got += rows.length;
        out.push(...rows);
      },
    });
    skip += got;
    if (dynamic || got < QUERY_LIMIT || skip >= total) break;
  }
  return out as unknown as ShowroomRow[];
}

export interface ShowroomData {
  assortment: Assortment;
  groups: ShowroomGroup[];
}

/** The statistics event of opening an assortment's digital showroom (platform spec §9). */
export const SHOWROOM_STAT = 'openDigitalShowroom';
export const recordShowroomOpened = (id: string) =>
  api.post('/stats', { action: SHOWROOM_STAT, modelType: 'Assortment', modelId: id, assortment: id }, { silent: true }).catch(() => undefined);

const STALE_MS = 60_000;

/** The assortment and its showroom groups (null until both are loaded). */
export function useShowroom(org: OrgType, id: string) {
  const a = useQuery({ queryKey: ['showroom', org, id, 'assortment'], queryFn: ({ signal }) => fetchShowroomAssortment(org, id, signal), staleTime: STALE_MS });
  const g = useQuery({ queryKey: ['showroom', org, id, 'groups'], queryFn: ({ signal }) => fetchShowroomGroups(org, id, signal), staleTime: STALE_MS });
  const dynamic = a.data?.method === 'dynamic';
  const r = useQuery({
    queryKey: ['showroom', org, id, 'rows'],
    queryFn: ({ signal }) => fetchShowroomRows(org, id, dynamic, signal),
    enabled: !!a.data,
    staleTime: STALE_MS,
  });
  const groups = useMemo(() => (g.data && r.data ? buildShowroom(g.data.groups, r.data) : null), [g.data, r.data]);
  const data: ShowroomData | null = useMemo(() => (a.data && groups ? { assortment: a.data, groups } : null), [a.data, groups]);
  return { data, error: a.error ?? g.error ?? r.error ?? null, pending: !data && !(a.error || g.error || r.error) };
}
