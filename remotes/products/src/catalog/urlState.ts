/**
 * Filters kept in the address (?f=…): browser back and forward bring the previous search back
 * (spec §2.6: library paths refresh the filter query on history navigation).
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
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

export function useUrlFilters(param = 'f'): [FilterState, (next: FilterState | ((prev: FilterState) => FilterState)) => void] {
  const [params, setParams] = useSearchParams();
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
        (p) => {
          const out = new URLSearchParams(p);
          if (enc) out.set(param, enc);
          else out.delete(param);
          return out;
        },
        { replace: false },
      );
    },
    [param, setParams],
  );
  return [value, set];
}

/** A filter tree's text, to tell two trees apart ('' when nothing filters). */
export function encodeWhere(tree: FilterState['where']): string {
  const n = normalizeWhere(tree);
  return n ? JSON.stringify(n) : '';
}
