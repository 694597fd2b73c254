import { act, renderHook, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, Router, useLocation, useNavigationType, type Navigator } from 'react-router';
import { describe, expect, it } from 'vitest';
import { decodeFilters, encodeFilters, useUrlFilters, useUrlGroupBy } from './urlState';
import { emptyFilterState } from '../api';

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/product/libraries/products']}>{children}</MemoryRouter>;
}

describe('useUrlFilters', () => {
  it('round-trips a filter state through the address text', () => {
    const s = { text: 'boot', conditions: { division: ['Work', 'Kids'] } };
    expect(decodeFilters(encodeFilters(s))).toEqual(s);
    expect(encodeFilters(emptyFilterState)).toBe('');
    expect(decodeFilters('{not json')).toEqual(emptyFilterState);
  });

  it('a change made while the address still shows the state before the last change builds on the last change', () => {
    // A view applies its text; another state of the page changes in the same event, so the page
    // renders once with the old address before the navigation is done; an effect of that render
    // then adds a condition. Both must survive.
    const { result } = renderHook(
      () => {
        const [filters, setFilters] = useUrlFilters();
        const [step, setStep] = useState(0);
        useEffect(() => {
          if (step === 1) setFilters((prev) => ({ ...prev, conditions: { division: ['Work', 'Kids'] } }));
        }, [step, setFilters]);
        return { filters, setFilters, setStep };
      },
      { wrapper },
    );
    act(() => {
      result.current.setFilters((prev) => ({ ...prev, text: 'boot' }));
      result.current.setStep(1);
    });
    expect(result.current.filters).toEqual({ text: 'boot', conditions: { division: ['Work', 'Kids'] } });
  });

  it('an address it wrote, shown while a later write is still on its way, does not undo the later write', () => {
    // Two quick navigations (a pick, then another) may render the first address before the
    // second: a change made then builds on the second, not on the address shown.
    const pushed: string[] = [];
    const navigator = { push: (to: unknown) => pushed.push(String((to as { search?: string }).search ?? to)), createHref: () => '', replace: () => {}, go: () => {} } as unknown as Navigator;
    let search = '';
    const hook = renderHook(() => useUrlFilters(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <Router location={{ pathname: '/product/libraries/products', search }} navigator={navigator}>
          {children}
        </Router>
      ),
    });
    act(() => hook.result.current[1]((f) => ({ ...f, conditions: { division: ['Work'] } })));
    act(() => hook.result.current[1]((f) => ({ ...f, conditions: { division: ['Work', 'Kids'] } })));
    expect(pushed).toHaveLength(2);
    search = pushed[0]!;
    hook.rerender();
    expect(hook.result.current[0].conditions).toEqual({ division: ['Work'] });
    act(() => hook.result.current[1]((f) => ({ ...f, text: 'boot' })));
    expect(decodeFilters(new URLSearchParams(pushed[2]).get('f'))).toEqual({ text: 'boot', conditions: { division: ['Work', 'Kids'] } });
    // Back and forward (an address it did not write last) is taken as it is.
    search = `?f=${encodeURIComponent(encodeFilters({ text: '', conditions: { region: ['EU'] } }))}`;
    hook.rerender();
    act(() => hook.result.current[1]((f) => ({ ...f, text: 'boot' })));
    expect(decodeFilters(new URLSearchParams(pushed[3]).get('f'))).toEqual({ text: 'boot', conditions: { region: ['EU'] } });
  });
});

const FIELDS = ['division', 'gender', 'season'];

/** The hooks of the product library's address, with the address as it is and how it came. */
function mountAddress(search: string) {
  return renderHook(
    () => {
      const [filters, setFilters] = useUrlFilters();
      const [groupBy, setGroupBy] = useUrlGroupBy(FIELDS);
      const location = useLocation();
      return { filters, setFilters, groupBy, setGroupBy, search: location.search, how: useNavigationType() };
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[`/product/libraries/products${search}`]}>{children}</MemoryRouter>,
    },
  );
}

describe('useUrlGroupBy', () => {
  it('an address with a grouping opens grouped by it; a pick replaces the address (no history step) and keeps its filters', () => {
    const { result } = mountAddress('?groupBy=division&f=' + encodeURIComponent(encodeFilters({ text: 'boot', conditions: {} })));
    expect(result.current.groupBy).toBe('division');
    act(() => result.current.setGroupBy('season'));
    expect(result.current.groupBy).toBe('season');
    expect(result.current.how).toBe('REPLACE');
    const params = new URLSearchParams(result.current.search);
    expect(params.get('groupBy')).toBe('season');
    expect(decodeFilters(params.get('f')).text).toBe('boot');
    act(() => result.current.setGroupBy(null));
    expect(result.current.groupBy).toBeNull();
    expect(new URLSearchParams(result.current.search).has('groupBy')).toBe(false);
  });

  it('a field the page cannot group by is ignored and taken out of the address', async () => {
    const { result } = mountAddress('?groupBy=price&f=x');
    expect(result.current.groupBy).toBeNull();
    await waitFor(() => expect(new URLSearchParams(result.current.search).has('groupBy')).toBe(false));
    expect(new URLSearchParams(result.current.search).get('f')).toBe('x');
  });

  it('filters and a grouping written in one event (a view shown) both stay in the address', () => {
    const { result } = mountAddress('');
    act(() => {
      result.current.setFilters((f) => ({ ...f, text: 'boot' }));
      result.current.setGroupBy('gender');
      result.current.setFilters((f) => ({ ...f, conditions: { division: ['Work'] } }));
    });
    const params = new URLSearchParams(result.current.search);
    expect(params.get('groupBy')).toBe('gender');
    expect(decodeFilters(params.get('f'))).toEqual({ text: 'boot', conditions: { division: ['Work'] } });
    expect(result.current.groupBy).toBe('gender');
  });
});
