/**
 * A library's filter bar (spec §2.6): a name search, one dropdown per filter the library
 * supports (its options and counts come from the server), the active choices as chips, and a
 * share action copying the link of this view.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon, SavedSearches, SearchInput, toast } from '@its/kit';
import type { AssetField, LibraryType } from '../api/types';
import { FILTER_FIELDS, fieldTitles } from '../libraries';
import { MultiSelect } from '../ui/MultiSelect';
import { useFilterOptions, useFilterState } from './hooks';

export const SEARCH_DEBOUNCE_MS = 300;

/** Copies text to the clipboard, with the old-fashioned fallback for locked-down browsers. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand?.('copy') ?? false;
    ta.remove();
    return ok;
  }
}

export function ShareButton({ url, testId = 'share-link', compact = false }: { url?: string; testId?: string; compact?: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'libraries.share', defaultMessage: 'Share' });
  const onClick = async () => {
    const ok = await copyText(url ?? window.location.href);
    if (ok) toast.success(intl.formatMessage({ id: 'libraries.share.copied', defaultMessage: 'Link copied. Anyone with access to this library can open it.' }), { key: 'share' });
    else toast.error(intl.formatMessage({ id: 'libraries.share.failed', defaultMessage: 'The link could not be copied.' }), { key: 'share' });
  };
  return (
    <button type="button" className={compact ? 'its-icon-btn' : 'its-btn its-btn--secondary lib-btn-sm'} onClick={() => void onClick()} data-testid={testId} aria-label={compact ? label : undefined} title={compact ? label : undefined}>
      <Icon name="external" size={16} />
      {!compact && label}
    </button>
  );
}

/** The value of a filter when exactly one is picked. */
const onePicked = (values: string[] | undefined) => (values?.length === 1 ? values[0] : undefined);

export function FilterBar({ libraryType, defaults = {}, fields }: { libraryType: LibraryType; defaults?: Partial<Record<AssetField, string>>; fields?: AssetField[] }) {
  const intl = useIntl();
  const state = useFilterState(libraryType, defaults);
  // One region or division picked: the other filters offer that region's or division's data set (spec §2.6).
  const { options } = useFilterOptions(libraryType, { region: onePicked(state.filters.region), division: onePicked(state.filters.divisionId) });
  const [text, setText] = useState(state.q);
  const typing = useRef(false);
  const shownFields = fields ?? FILTER_FIELDS[libraryType];

  // Back and forward change the URL: the box follows it unless the user is typing.
  useEffect(() => {
    if (!typing.current) setText(state.q);
  }, [state.q]);

  const chips = Object.entries(state.filters).flatMap(([field, values]) => values.map((v) => ({ field: field as AssetField, value: v })));

  return (
    <div className="lib-filterbar" data-testid="filter-bar">
      <div className="lib-filterbar__row">
        <SearchInput
          className="lib-search"
          size="sm"
          value={text}
          onChange={(t) => {
            typing.current = true;
            setText(t);
          }}
          debounceMs={SEARCH_DEBOUNCE_MS}
          onDebouncedChange={(t) => {
            typing.current = false;
            if (t.trim() !== state.q) state.setQuery(t);
          }}
          onSubmit={(t) => {
            typing.current = false;
            state.setQuery(t);
          }}
          placeholder={intl.formatMessage({ id: 'libraries.filter.search', defaultMessage: 'Search by name' })}
          data-testid="filter-search"
        />
        <div className="lib-filterbar__fields">
          {shownFields.map((f) => (
            <MultiSelect
              key={f}
              label={intl.formatMessage(fieldTitles[f])}
              options={options[f] ?? []}
              selected={state.filters[f] ?? []}
              onChange={(values) => state.setFilter(f, values)}
              testId={`filter-${f}`}
            />
          ))}
        </div>
        <div className="lib-filterbar__end">
          <SavedSearches query={{ q: state.q, filters: state.filters }} />
          <ShareButton />
        </div>
      </div>
      {(chips.length > 0 || state.q) && (
        <div className="lib-filterbar__chips" data-testid="filter-chips">
          {state.q && (
            <span className="lib-chip">
              <FormattedMessage id="libraries.filter.searchChip" defaultMessage="Name contains “{text}”" values={{ text: state.q }} />
              <button type="button" aria-label={intl.formatMessage({ id: 'libraries.filter.removeChip', defaultMessage: 'Remove' })} onClick={() => state.setQuery('')}>
                <Icon name="close" size={12} />
              </button>
            </span>
          )}
          {chips.map((c) => (
            <span className="lib-chip" key={`${c.field}=${c.value}`}>
              <span className="lib-chip__field">{intl.formatMessage(fieldTitles[c.field])}:</span> {c.value}
              <button
                type="button"
                aria-label={intl.formatMessage({ id: 'libraries.filter.removeChip', defaultMessage: 'Remove' })}
                onClick={() => state.setFilter(c.field, (state.filters[c.field] ?? []).filter((v) => v !== c.value))}
              >
                <Icon name="close" size={12} />
              </button>
            </span>
          ))}
          <button type="button" className="its-btn its-btn--link lib-chip-clear" onClick={state.clear} data-testid="filter-clear">
            <FormattedMessage id="libraries.filter.clearAll" defaultMessage="Clear all" />
          </button>
        </div>
      )}
    </div>
  );
}
