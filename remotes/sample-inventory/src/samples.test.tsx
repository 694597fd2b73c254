import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider, createIntl } from 'react-intl';
import type { GridSchema } from '@its/grid';
import { FilterBar, SEARCH_DEBOUNCE_MS, activeCount, emptyFilters, toFilters } from './FilterBar';
import { landingPath } from './Landing';
import { validationErrors } from './SampleLibrary';

describe('filters', () => {
  it('sends only the filters that have a value, with the operators of the fields', () => {
    expect(toFilters(emptyFilters)).toEqual({});
    expect(toFilters({ ...emptyFilters, style: ' 103 ', color: 'blk', bin: 'C-0', division: 'Apparel', status: 'Deleted' })).toEqual({
      style: { startsWith: '103' },
      color: { contains: 'blk' },
      bin: { startsWith: 'C-0' },
      division: 'Apparel',
      status: 'Deleted',
    });
    expect(activeCount({ ...emptyFilters, side: 'L', region: 'West' })).toBe(2);
  });

  it('the bar offers the schema options and clears every filter', () => {
    const schema = {
      columns: [
        { field: 'division', headerName: 'Division', type: 'list', editable: true, validators: [], options: ['Footwear', 'Apparel'], filterable: true },
        { field: 'status', headerName: 'Status', type: 'list', editable: true, validators: [], options: ['Available'], filterable: true },
      ],
    } as unknown as GridSchema;
    const onChange = vi.fn();
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <FilterBar schema={schema} value={{ ...emptyFilters, division: 'Apparel' }} onChange={onChange} />
      </IntlProvider>,
    );
    expect(screen.getByTestId('filter-division')).toHaveProperty('value', 'Apparel');
    expect(screen.queryByTestId('filter-region')).toBeNull();
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'Available' } });
    expect(onChange).toHaveBeenCalledWith({ ...emptyFilters, division: 'Apparel', status: 'Available' });
    fireEvent.click(screen.getByTestId('filter-clear'));
    expect(onChange).toHaveBeenLastCalledWith(emptyFilters);
  });

  it('the text filters apply once typing pauses, or at once on Enter', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      render(
        <IntlProvider locale="en-US" defaultLocale="en-US" onError={() => {}}>
          <FilterBar schema={{ columns: [] } as unknown as GridSchema} value={emptyFilters} onChange={onChange} />
        </IntlProvider>,
      );
      const style = screen.getByTestId('filter-style');
      expect(screen.getByRole('searchbox', { name: 'Style' })).toBe(style);
      fireEvent.change(style, { target: { value: '1' } });
      fireEvent.change(style, { target: { value: '103' } });
      act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(onChange).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(1));
      expect(onChange).toHaveBeenCalledExactlyOnceWith({ ...emptyFilters, style: '103' });

      fireEvent.change(screen.getByTestId('filter-bin'), { target: { value: 'C-0' } });
      fireEvent.keyDown(screen.getByTestId('filter-bin'), { key: 'Enter' });
      expect(onChange).toHaveBeenLastCalledWith({ ...emptyFilters, bin: 'C-0' });
      act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(onChange).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the default route', () => {
  it('goes to production if allowed, else sales, else the logged-in default', () => {
    expect(landingPath(true, true, '/dashboard')).toBe('/product/libraries/samples/production');
    expect(landingPath(false, true, '/dashboard')).toBe('/product/libraries/samples/sales');
    expect(landingPath(false, false, '/dashboard')).toBe('/dashboard');
  });
});

describe('checking new samples before saving', () => {
  it("names the cells: 'Sample Missing Value' and 'Duplicate Sample'; blank rows are ignored", () => {
    const intl = createIntl({ locale: 'en-US' });
    const rows = [{ tempId: 'new-1' }, { tempId: 'new-2' }, { tempId: 'new-3' }];
    const out = validationErrors(intl, rows, {
      rows: [
        { index: 0, ignored: false, errors: [{ field: 'bin', errorType: 'notblank', message: 'Sample Missing Value' }] },
        { index: 1, ignored: false, errors: [{ field: 'style', errorType: 'sampleExists', message: 'Duplicate Sample' }] },
        { index: 2, ignored: true, errors: [] },
      ],
    });
    expect(out).toEqual([
      { tempId: 'new-1', field: 'bin', message: 'Sample Missing Value' },
      { tempId: 'new-2', field: 'style', message: 'Duplicate Sample' },
    ]);
  });
});
