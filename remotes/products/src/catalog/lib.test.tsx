import { fireEvent, render, screen } from '@testing-library/react';
import type { WhereNode } from '@its/grid';
import { describe, expect, it, vi } from 'vitest';
import { IntlProvider, createIntl } from 'react-intl';
import { CATALOG_WHERE, catalogColumns, liftLocation } from './columns';
import { FilterBar, chipText } from './FilterBar';
import { addFilter, emptyFilterState, filterCount, filterDiff, formatDay, formatMoney, formatPercent, fromQuery, removeFilter, rowCurrency, toQuery, toQuerySort } from '../api';
import { decodeFilters, encodeFilters } from './urlState';

const intl = createIntl({ locale: 'en-US' });

describe('the product filters (spec §5.3)', () => {
  it('OR within a filter, duplicates ignored, empty values dropped, removal', () => {
    let s = addFilter(emptyFilterState, 'division', 'Kids')!;
    s = addFilter(s, 'division', "Men's Sport")!;
    expect(addFilter(s, 'division', 'kids')).toBeNull();
    expect(addFilter(s, 'region', '  ')).toBeNull();
    s = addFilter(s, 'text', ' trail runner ')!;
    expect(toQuery(s, { locationId: 'EU' })).toEqual({ locationId: 'EU', text: 'trail runner', conditions: { division: ['Kids', "Men's Sport"] } });
    expect(filterCount(s)).toBe(3);
    s = removeFilter(s, 'division', 'Kids')!;
    s = removeFilter(s, 'division', "Men's Sport")!;
    expect(s.conditions).toEqual({});
    expect(removeFilter(s, 'channel', 'Retail')).toBeNull();
    expect(toQuery(emptyFilterState)).toEqual({});
  });

  it('reads a saved query (a dynamic assortment) and counts changes as the server does', () => {
    const saved = fromQuery({ text: 'boot', conditions: { year: [2025], vegan: [true], division: [] } });
    expect(saved).toEqual({ text: 'boot', conditions: { year: ['2025'], vegan: ['true'] } });
    expect(filterDiff(saved, addFilter(saved, 'division', 'Work')!)).toEqual({ added: 1, removed: 0 });
    expect(filterDiff(saved, { ...saved, text: 'sandal' })).toEqual({ added: 1, removed: 1 });
    expect(filterDiff(saved, removeFilter(saved, 'year', '2025')!)).toEqual({ added: 0, removed: 1 });
  });

  it('maps the grid sort to the catalog sort: style → styleNumeric, cost → locations.wholesalePrice', () => {
    expect(
      toQuerySort([
        { field: 'style', dir: 'asc' },
        { field: 'cost', dir: 'desc' },
        { field: 'suggestedRetail', dir: 'asc' },
        { field: 'thumbnail', dir: 'asc' },
      ]),
    ).toEqual({ styleNumeric: 1, 'locations.wholesalePrice': -1, 'locations.suggestedRetail': 1 });
    expect(toQuerySort([])).toBeUndefined();
  });

  it('keeps the filters in the address for back and forward', () => {
    const s = addFilter(addFilter(emptyFilterState, 'style', '100513')!, 'text', 'blue')!;
    expect(decodeFilters(encodeFilters(s))).toEqual(s);
    expect(encodeFilters(emptyFilterState)).toBe('');
    expect(decodeFilters('{bad')).toEqual(emptyFilterState);
  });
});

describe('prices and dates', () => {
  it("shows a location's currency symbol and decimals", () => {
    expect(formatMoney(intl, 1234.5, { symbol: '$', decimals: 2 })).toBe('$1,234.50');
    expect(formatMoney(intl, 5154.4, { symbol: '¥', decimals: 0 })).toBe('¥5,154');
    expect(formatMoney(intl, null)).toBe('');
    expect(formatPercent(intl, 60.31)).toBe('60.31%');
    expect(formatDay('2025-03-07')).toBe('03/07/2025');
    expect(rowCurrency({ locations: [{ currencySymbol: '€', decimalPlaces: 2 }] })).toEqual({ symbol: '€', decimals: 2 });
    expect(rowCurrency({ locations: [] })).toEqual({ symbol: '$', decimals: 2 });
  });

  it("lifts the query location's prices onto the row", () => {
    const row = liftLocation({ id: 'a_b', version: 0, locations: [{ code: 'EU', wholesalePrice: 31.4, suggestedRetail: 79.11, markupPercent: 60.31, lineStatus: 'A', totalInventory: 12 }] } as never);
    expect(row).toMatchObject({ wholesalePrice: 31.4, suggestedRetail: 79.11, lineStatus: 'A', totalInventory: 12 });
  });
});

describe('the filter bar', () => {
  it('shows the applied filters as chips, adds from the lists and removes a chip', () => {
    const onChange = vi.fn();
    const value = addFilter(addFilter(emptyFilterState, 'division', 'Kids')!, 'id', '100513_BLU')!;
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <FilterBar value={value} onChange={onChange} onClear={() => {}} />
      </IntlProvider>,
    );
    expect(screen.getAllByTestId('filter-chip').map((c) => [c.getAttribute('data-key'), c.textContent])).toEqual([
      ['division', 'DivisionKids'],
      ['id', 'Style/Color100513 BLU'],
    ]);
    fireEvent.change(screen.getByTestId('filter-region'), { target: { value: 'Europe' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...value, conditions: { ...value.conditions, region: ['Europe'] } }, { kind: 'add', key: 'region', value: 'Europe' });
    fireEvent.click(screen.getByLabelText('Remove filter Kids'));
    expect(onChange).toHaveBeenLastCalledWith({ text: '', conditions: { id: ['100513_BLU'] } }, { kind: 'remove', key: 'division', value: 'Kids' });
    expect(chipText('text', 'sneaker')).toBe('“sneaker”');
  });

  it('with the grid tree: its fields edit the latest tree (several values, duplicates ignored) and show no chips of their own', () => {
    const tree = { field: 'division', op: 'in' as const, values: ['Kids'] };
    // The page keeps the tree; the bar is not rendered again between picks, as when two come quickly.
    let latest: WhereNode | null = tree;
    const onWhere = vi.fn((edit: (t: WhereNode | null) => WhereNode | null) => {
      latest = edit(latest);
    });
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <FilterBar value={{ text: '', conditions: {} }} onChange={() => {}} where={{ tree, onChange: onWhere }} />
      </IntlProvider>,
    );
    expect(screen.queryAllByTestId('filter-chip')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('filter-division'), { target: { value: 'Work' } });
    expect(latest).toEqual({ field: 'division', op: 'in', values: ['Kids', 'Work'] });
    fireEvent.change(screen.getByTestId('filter-division'), { target: { value: 'Performance' } });
    expect(latest).toEqual({ field: 'division', op: 'in', values: ['Kids', 'Work', 'Performance'] });
    fireEvent.change(screen.getByTestId('filter-channel'), { target: { value: 'Retail' } });
    expect(latest).toEqual({ and: [{ field: 'division', op: 'in', values: ['Kids', 'Work', 'Performance'] }, { field: 'channel', op: 'in', values: ['Retail'] }] });
    const before = latest;
    fireEvent.change(screen.getByTestId('filter-division'), { target: { value: 'Kids' } });
    expect(latest).toBe(before);
  });
});

describe('catalog columns of the filter (the product query takes them as where)', () => {
  it('offers every where field of the product query, with the filter bar values as list options', () => {
    const cols = catalogColumns();
    expect(cols.filter((c) => c.filterable).map((c) => c.field).sort()).toEqual([...CATALOG_WHERE].sort());
    expect(cols.find((c) => c.field === 'division')?.options).toContain('Work');
    expect(cols.find((c) => c.field === 'thumbnail')?.filterable).toBe(false);
    expect(cols.find((c) => c.field === 'wholesalePrice')).toMatchObject({ type: 'number', filterable: true });
  });
});
