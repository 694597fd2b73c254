import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { SizeFilterField, filteredSize, sizeFilterText, sizePlaceholder, sizeFilter } from './SizeFilterField';

describe('size filter footer field (product spec §5.3)', () => {
  it('upper-cases what is typed and keeps at most 5 characters', () => {
    expect(sizeFilterText('9h')).toBe('9H');
    expect(sizeFilterText('xxl')).toBe('XXL');
    expect(sizeFilterText('10.5wide')).toBe('10.5W');
    expect(sizeFilterText(' m ')).toBe('M');
    expect(sizeFilterText('')).toBe('');
  });

  it('shows 9H for footwear and M for apparel as its placeholder', () => {
    expect(sizePlaceholder('Footwear')).toBe('9H');
    expect(sizePlaceholder('footwear')).toBe('9H');
    expect(sizePlaceholder('Apparel')).toBe('M');
    expect(sizePlaceholder('POP')).toBe('');
    expect(sizePlaceholder(undefined)).toBe('');
  });

  it('is optional: an empty size filters nothing, a size filters that size', () => {
    expect(sizeFilter('')).toBeUndefined();
    expect(sizeFilter('9H')).toEqual(['9H']);
    // Read back from the grid's filters by a page's load.
    expect(filteredSize(sizeFilter('9H'))).toBe('9H');
    expect(filteredSize(sizeFilter(''))).toBeUndefined();
    expect(filteredSize([])).toBeUndefined();
  });

  it('upper-cases and cuts the text as it is typed', () => {
    const onChange = vi.fn();
    render(
      <IntlProvider locale="en-US" onError={() => {}}>
        <SizeFilterField productType="Apparel" value="" onChange={onChange} />
      </IntlProvider>,
    );
    const input = screen.getByTestId('size-filter') as HTMLInputElement;
    expect(input.placeholder).toBe('M');
    expect(input.maxLength).toBe(5);
    expect(input.required).toBe(false);
    fireEvent.change(input, { target: { value: 'xlarge' } });
    expect(onChange).toHaveBeenLastCalledWith('XLARG');
  });
});
