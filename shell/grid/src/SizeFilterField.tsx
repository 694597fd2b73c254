/**
 * The size filter of a grid's footer (product spec §5.3): optional, upper-cased as typed, at most
 * five characters, with a placeholder by product type (9H for footwear, M for apparel). The page
 * turns its value into the grid's `size` filter (sizeFilter), run where the grid's filters run.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';

/** The most characters a size filter takes. */
export const SIZE_FILTER_MAX = 5;

/** What the field keeps of a text: trimmed, upper-cased, at most five characters. */
export function sizeFilterText(raw: string): string {
  return raw.trim().toUpperCase().slice(0, SIZE_FILTER_MAX);
}

/** The placeholder by product type: 9H for footwear, M for apparel, none otherwise. */
export function sizePlaceholder(productType: string | null | undefined): string {
  switch ((productType ?? '').toLowerCase()) {
    case 'footwear':
      return '9H';
    case 'apparel':
      return 'M';
    default:
      return '';
  }
}

/** The grid filter of a size: none when empty (the field is optional), else that size. */
export function sizeFilter(size: string): string[] | undefined {
  const s = sizeFilterText(size);
  return s ? [s] : undefined;
}

/** The size a grid's filters ask for (sizeFilter's value, read back by a page's load), or none. */
export function filteredSize(value: unknown): string | undefined {
  const s = Array.isArray(value) ? value[0] : value;
  return typeof s === 'string' && s ? s : undefined;
}

export interface SizeFilterFieldProps {
  productType?: string | null;
  value: string;
  onChange: (size: string) => void;
  testId?: string;
}

export function SizeFilterField({ productType, value, onChange, testId = 'size-filter' }: SizeFilterFieldProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <label className="its-grid-size" htmlFor={id}>
      <span>{intl.formatMessage({ id: 'grid.sizeFilter.label', defaultMessage: 'Size' })}</span>
      <input
        id={id}
        className="its-input its-input--sm its-grid-size__input"
        value={value}
        maxLength={SIZE_FILTER_MAX}
        placeholder={sizePlaceholder(productType)}
        autoComplete="off"
        spellCheck={false}
        title={intl.formatMessage({ id: 'grid.sizeFilter.hint', defaultMessage: 'Show only this size (up to 5 characters)' })}
        onChange={(e) => onChange(sizeFilterText(e.target.value))}
        data-testid={testId}
      />
    </label>
  );
}
