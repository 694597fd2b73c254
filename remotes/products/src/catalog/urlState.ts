/**
 * Filters kept in the address (?f=…): browser back and forward bring the previous search back
 * (spec §2.6: library paths refresh the filter query on history navigation). The grid's grouping
 * is kept there too (?groupBy=…), so that an address shared or opened again shows the same view.
 */
import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { UNSAFE_NavigationContext, useSearchParams } from 'react-router';
import { emptyFilterState, type FilterState } from '../api';
import { normalizeWhere } from '@its/grid';

export function encodeFilters(s: FilterState): string {
  const where = normalizeWhere(s.where);
  if (!s.text && Object.keys(s.conditions).length === 0 && !where) return '';
  return JSON.stringify({ ...(s.text ? { text: s.text } : {}), conditions: s.conditions, ...(where ? { where } : {}) });
}

export function decodeFilters(raw: string | null): FilterState {
  if (!raw) return emptyFilterState;
  try {
    const v = JSON.parse(raw) as Partial<FilterState>;
    const conditions: FilterState['conditions'] = {};
    for (const [k, vs] of Object.entries(v.conditions ?? {})) if (Array.isArray(vs) && vs.length) conditions[k as keyof FilterState['conditions']] = vs.map(String);
    const where = normalizeWhere(v.where);
    return { text: typeof v.text === 'string' ? v.text : '', conditions, ...(where ? { where } : {}) };
  } catch {
    return emptyFilterState;
  }
}

/**
 * The address's query as it is now. The params of a render lag a navigation made earlier in the
 * same event (a view shown writes its filters, its grouping and its tree one after another, and a
 * navigation renders as a transition): built on them, each write would drop the one before. The
 * router's history has the navigation at once; a router without one gives the render's params.
 */
function useSearchNow(params: URLSearchParams): () => URLSearchParams {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const rendered = useRef(params);
  rendered.current = params;
  return useCallback(() => {
    const search = (navigator as { location?: { search?: unknown } }).location?.search;
    return new URLSearchParams(typeof search === 'string' ? search : rendered.current);
  }, [navigator]);
}

export function useUrlFilters(param = 'f'): [FilterState, (next: FilterState | ((prev: FilterState) => FilterState)) => void] {
  const [params, setParams] = useSearchParams();
  const now = useSearchNow(params);
  const raw = params.get(param);
  const value = useMemo(() => decodeFilters(raw), [raw]);
  // Two changes in one event (a view's text, then its tree) each build on the one before: the
  // address is not read back until the navigation is done.
  // The address is adopted when it changes (the navigation done, or back and forward), not on a
  // render in between, which still shows the address from before the last change.
  // An address this hook wrote is not adopted while a later write is still on its way (two
  // quick navigations may render the first before the second): the later write stays the latest.
  const latest = useRef({ raw, value });
  const seen = useRef(raw);
  const sent = useRef<Array<string | null>>([]);
  if (seen.current !== raw) {
    seen.current = raw;
    const i = sent.current.indexOf(raw);
    sent.current = i >= 0 ? sent.current.slice(i + 1) : [];
    if (sent.current.length === 0) latest.current = { raw, value };
  }
  const set = useCallback(
    (next: FilterState | ((prev: FilterState) => FilterState)) => {
      const v = typeof next === 'function' ? next(latest.current.value) : next;
      const enc = encodeFilters(v);
      if ((enc || null) !== latest.current.raw) sent.current.push(enc || null);
      latest.current = { raw: enc || null, value: v };
      setParams(
        () => {
          const out = now();
          if (enc) out.set(param, enc);
          else out.delete(param);
          return out;
        },
        { replace: false },
      );
    },
    [param, setParams, now],
  );
  return [value, set];
}

/**
 * The grid's grouping kept in the address (?groupBy=<field>), both ways: an address with a field of
 * `fields` opens grouped by it, and the user's choice replaces the address's (no history step per
 * pick, as the other grid pages keep their state there). A field the page cannot group by is left
 * out of the view and of the address.
 */
export function useUrlGroupBy(fields: readonly string[], param = 'groupBy'): [string | null, (field: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const now = useSearchNow(params);
  const raw = params.get(param);
  const value = raw !== null && fields.includes(raw) ? raw : null;
  const write = useCallback(
    (field: string | null) => {
      const out = now();
      if ((out.get(param) ?? null) === field) return;
      if (field) out.set(param, field);
      else out.delete(param);
      setParams(out, { replace: true });
    },
    [param, setParams, now],
  );
  const unknown = raw !== null && value === null;
  useEffect(() => {
    if (unknown) write(null);
  }, [unknown, write]);
  const set = useCallback((field: string | null) => write(field && fields.includes(field) ? field : null), [fields, write]);
  return [value, set];
}

/** A filter tree's text, to tell two trees apart ('' when nothing filters). */
export function encodeWhere(tree: FilterState['where']): string {
  const n = normalizeWhere(tree);
  return n ? JSON.stringify(n) : '';
}
