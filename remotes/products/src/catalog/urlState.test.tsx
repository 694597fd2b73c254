import { act, renderHook } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { decodeFilters, encodeFilters, useUrlFilters } from './urlState';
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
});
