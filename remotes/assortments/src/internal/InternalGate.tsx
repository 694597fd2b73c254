/**
 * The gate of an internal assortment's pages (internal/{id}/manage, sort, export, showroom;
 * platform spec §2): the address carries the assortment's season, year, locations code and
 * title. Missing ones are filled in from the assortment (the page's own values kept); a season or year that is not its own
 * sends the user to the seasons screen of the assortment's channel. The page itself shows its
 * own errors (a missing assortment, a 403).
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@its/kit';
import { getAssortment } from '../api';
import { assortmentGate } from './gate';

export const INTERNAL_ORG = 'internalAssortments' as const;

export function InternalGate({ id, children }: { id: string; children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const a = useQuery({
    queryKey: [INTERNAL_ORG, 'assortment', id],
    queryFn: ({ signal }) => getAssortment(id, signal, INTERNAL_ORG),
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  const verdict = a.data ? assortmentGate(params, a.data) : null;
  const fill = verdict && 'search' in verdict ? verdict.search : null;
  useEffect(() => {
    if (fill !== null) setParams(new URLSearchParams(fill), { replace: true });
  }, [fill, setParams]);
  if (verdict && 'redirect' in verdict) return <Navigate to={verdict.redirect} replace />;
  return <>{children}</>;
}
