/**
 * The sample library's filter bar: style, colour and bin searches (typed values are sent after a
 * short pause) and division, status, side and region choices. Filters run on the server.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon, SearchInput } from '@its/kit';
import type { Filters, GridSchema } from '@its/grid';
import { fieldLabel } from './columns';

/** Style search and colours: 500 ms (spec platform §9). */
export const SEARCH_DEBOUNCE_MS = 500;

export interface FilterState {
  style: string;
  color: string;
  bin: string;
  division: string;
  status: string;
  side: string;
  region: string;
}

export const emptyFilters: FilterState = { style: '', color: '', bin: '', division: '', status: '', side: '', region: '' };

/** The grid query's filters (docs/grid.md §3.3): empty values are left out. */
export function toFilters(s: FilterState): Filters {
  const f: Filters = {};
  if (s.style.trim()) f.style = { startsWith: s.style.trim() };
  if (s.color.trim()) f.color = { contains: s.color.trim() };
  if (s.bin.trim()) f.bin = { startsWith: s.bin.trim() };
  if (s.division) f.division = s.division;
  if (s.status) f.status = s.status;
  if (s.side) f.side = s.side;
  if (s.region) f.region = s.region;
  return f;
}

export const activeCount = (s: FilterState) => Object.values(s).filter((v) => v.trim() !== '').length;

function TextFilter({ field, value, onChange, testId }: { field: string; value: string; onChange: (v: string) => void; testId: string }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const label = fieldLabel(intl, field);
  return (
    <label className="si-filter si-filter--text">
      <span className="si-filter__label">{label}</span>
      <SearchInput
        className="si-filter__search"
        size="sm"
        value={text}
        onChange={setText}
        debounceMs={SEARCH_DEBOUNCE_MS}
        onDebouncedChange={(t) => t !== value && onChange(t)}
        onSubmit={onChange}
        placeholder={intl.formatMessage({ id: 'sampleInventory.filter.search', defaultMessage: 'Search…' })}
        aria-label={label}
        data-testid={testId}
      />
    </label>
  );
}

function ChoiceFilter({ field, options, value, onChange, testId }: { field: string; options: string[]; value: string; onChange: (v: string) => void; testId: string }) {
  const intl = useIntl();
  return (
    <label className="si-filter">
      <span className="si-filter__label">{fieldLabel(intl, field)}</span>
      <select className="si-filter__select" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{intl.formatMessage({ id: 'sampleInventory.filter.all', defaultMessage: 'All' })}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterBar({ schema, value, onChange }: { schema: GridSchema; value: FilterState; onChange: (next: FilterState) => void }) {
  const opts = (field: string) => schema.columns.find((c) => c.field === field)?.options ?? [];
  const has = (field: string) => schema.columns.some((c) => c.field === field && c.filterable !== false);
  const set = (k: keyof FilterState) => (v: string) => onChange({ ...value, [k]: v });
  const count = activeCount(value);
  return (
    <div className="si-filters" data-testid="sample-filters">
      <span className="si-filters__icon">
        <Icon name="filter" size={18} />
      </span>
      <TextFilter field="style" value={value.style} onChange={set('style')} testId="filter-style" />
      <TextFilter field="color" value={value.color} onChange={set('color')} testId="filter-color" />
      <TextFilter field="bin" value={value.bin} onChange={set('bin')} testId="filter-bin" />
      {has('division') && <ChoiceFilter field="division" options={opts('division')} value={value.division} onChange={set('division')} testId="filter-division" />}
      {has('status') && <ChoiceFilter field="status" options={opts('status')} value={value.status} onChange={set('status')} testId="filter-status" />}
      {has('side') && <ChoiceFilter field="side" options={opts('side')} value={value.side} onChange={set('side')} testId="filter-side" />}
      {has('region') && <ChoiceFilter field="region" options={opts('region')} value={value.region} onChange={set('region')} testId="filter-region" />}
      {count > 0 && (
        <button type="button" className="its-btn its-btn--ghost si-filters__clear" onClick={() => onChange(emptyFilters)} data-testid="filter-clear">
          <Icon name="close" size={16} />
          <FormattedMessage id="sampleInventory.filter.clear" defaultMessage="Clear filters ({n, number})" values={{ n: count }} />
        </button>
      )}
    </div>
  );
}
