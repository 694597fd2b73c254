/**
 * Filters kept in the address (?f=…): browser back and forward bring the previous search back
 * (spec §2.6: library paths refresh the filter query on history navigation).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { emptyFilterState, type FilterState } from './query';

export function encodeFilters(s: FilterState): string {
  if (!s.text && Object.keys(s.conditions).length === 0) return '';
  return JSON.stringify(s.text ? s : { conditions: s.conditions });
}

export function decodeFilters(raw: string | null): FilterState {
  if (!raw) return emptyFilterState;
  try {
    const v = JSON.parse(raw) as Partial<FilterState>;
    const conditions: FilterState['conditions'] = {};
    for (const [k, vs] of Object.entries(v.conditions ?? {})) if (Array.isArray(vs) && vs.length) conditions[k as keyof FilterState['conditions']] = vs.map(String);
    return { text: typeof v.text === 'string' ? v.text : '', conditions };
  } catch {
    return emptyFilterState;
  }
}

export function useUrlFilters(param = 'f'): [FilterState, (next: FilterState) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const value = useMemo(() => decodeFilters(raw), [raw]);
  const set = useCallback(
    (next: FilterState) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          const enc = encodeFilters(next);
          if (enc) out.set(param, enc);
          else out.delete(param);
          return out;
        },
        { replace: false },
      ),
    [param, setParams],
  );
  return [value, set];
}
