/**
 * The promo order lists' filter bar (product spec §2.6): status among the view's, requester and
 * coordinator searches (sent after a short pause, or at once on Enter), division and the created
 * dates through the kit's date picker (a range). The grid filters are promoFilters(value).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DatePicker, SearchInput } from '@its/kit';
import { enumLabel, orderStatusLabels, productTypeLabels } from '../enums';
import { fieldLabel } from '../messages';
import { PROMO_PRODUCT_TYPES, emptyPromoFilters, promoFilterCount, promoStatuses, type PromoFilterState } from './promoFilters';

/** The requester and coordinator searches: 500 ms (platform spec §9's search pause). */
export const PROMO_SEARCH_MS = 500;

function TextFilter({ field, value, onChange }: { field: 'requester' | 'coordinator'; value: string; onChange: (v: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const label = fieldLabel(intl, field === 'requester' ? 'requesterName' : 'coordinatorCode');
  return (
    <label className="or-filter">
      <span className="or-filter__label">{label}</span>
      <SearchInput
        size="sm"
        value={text}
        onChange={setText}
        debounceMs={PROMO_SEARCH_MS}
        onDebouncedChange={(t) => t !== value && onChange(t)}
        onSubmit={onChange}
        aria-label={label}
        data-testid={`promo-filter-${field}`}
      />
    </label>
  );
}

export function PromoFilterBar({ view, value, onChange }: { view: string; value: PromoFilterState; onChange: (next: PromoFilterState) => void }) {
  const intl = useIntl();
  const set = <K extends keyof PromoFilterState>(k: K) => (v: PromoFilterState[K]) => onChange({ ...value, [k]: v });
  const any = intl.formatMessage({ id: 'orders.filter.any', defaultMessage: 'Any' });
  return (
    <section className="or-filters" aria-label={intl.formatMessage({ id: 'orders.filter.bar', defaultMessage: 'Filter orders' })} data-testid="promo-filter-bar">
      <label className="or-filter">
        <span className="or-filter__label">{fieldLabel(intl, 'status')}</span>
        <select className="its-input" value={value.status} onChange={(e) => set('status')(e.target.value)} data-testid="promo-filter-status">
          <option value="">{any}</option>
          {promoStatuses(view).map((s) => (
            <option key={s} value={s}>
              {enumLabel(intl, orderStatusLabels, s)}
            </option>
          ))}
        </select>
      </label>
      <TextFilter field="requester" value={value.requester} onChange={set('requester')} />
      <TextFilter field="coordinator" value={value.coordinator} onChange={set('coordinator')} />
      <label className="or-filter">
        <span className="or-filter__label">{fieldLabel(intl, 'productType')}</span>
        <select className="its-input" value={value.productType} onChange={(e) => set('productType')(e.target.value)} data-testid="promo-filter-productType">
          <option value="">{any}</option>
          {PROMO_PRODUCT_TYPES.map((p) => (
            <option key={p} value={p}>
              {enumLabel(intl, productTypeLabels, p)}
            </option>
          ))}
        </select>
      </label>
      <div className="or-filter">
        <span className="or-filter__label">{fieldLabel(intl, 'createdDate')}</span>
        <DatePicker mode="range" label={fieldLabel(intl, 'createdDate')} value={value.created} onChange={set('created')} testId="promo-filter-created" />
      </div>
      {promoFilterCount(value) > 0 && (
        <button type="button" className="its-btn--link or-filters__clear" onClick={() => onChange(emptyPromoFilters)} data-testid="promo-filter-clear">
          <FormattedMessage id="orders.filter.clear" defaultMessage="Clear filters" />
        </button>
      )}
    </section>
  );
}
