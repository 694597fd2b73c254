/**
 * The product filter bar (spec §2.6 "filter bars": products, assortment manager): a search with
 * style and colour suggestions (at most 10 each), division, channel, region and product type,
 * and the applied filters as chips. It is controlled: every change names what was added or
 * removed (a dynamic assortment saves each one).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon, SearchInput } from '@its/kit';
import { addFilter, AUTOCOMPLETE_LIMIT, autocompleteColors, autocompleteStyles, fieldName, FILTER_KEYS, FILTER_OPTIONS, filterCount, PRODUCT_FILTERS, removeFilter, type ColorSuggestion, type StyleSuggestion, type ConditionKey, type FilterChange, type FilterState } from '../api';
import { addShortcut, removeShortcut, shortcutValues } from '@its/grid';
import type { WhereNode } from '@its/grid';

/** Style search and colours: 500 ms (spec platform §9). */
export const STYLE_SEARCH_MS = 500;

export interface FilterBarProps {
  value: FilterState;
  onChange: (next: FilterState, change: FilterChange) => void;
  onClear?: () => void;
  disabled?: boolean;
  /** Shown at the end of the bar (e.g. the location). */
  extra?: React.ReactNode;
  testId?: string;
  /**
   * The grid's filter tree: the bar's fields and its style and colour picks add and remove
   * conditions of it (the grid shows them as its chips, the builder edits them); only the free
   * text stays in `value`. Without it the bar keeps its own conditions and chips. onChange takes
   * an edit of the latest tree (not of `tree` as last rendered), so quick picks build on each other.
   */
  where?: { tree: WhereNode | null; onChange: (edit: (tree: WhereNode | null) => WhereNode | null) => void };
}

type Suggestion = { kind: 'style'; s: StyleSuggestion } | { kind: 'color'; s: ColorSuggestion };

function useSuggestions(text: string, open: boolean) {
  const [list, setList] = useState<Suggestion[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const t = text.trim();
    if (!open || t.length < 2) {
      setList([]);
      setBusy(false);
      return;
    }
    const abort = new AbortController();
    setBusy(true);
    const timer = setTimeout(() => {
      Promise.all([autocompleteStyles(t, abort.signal).catch(() => []), autocompleteColors(t, abort.signal).catch(() => [])]).then(([styles, colors]) => {
        if (abort.signal.aborted) return;
        setList([
          ...styles.slice(0, AUTOCOMPLETE_LIMIT).map((s) => ({ kind: 'style' as const, s })),
          ...colors.slice(0, AUTOCOMPLETE_LIMIT).map((s) => ({ kind: 'color' as const, s })),
        ]);
        setBusy(false);
      });
    }, STYLE_SEARCH_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, open]);
  return { list, busy };
}

function SearchBox({ disabled, onPick }: { disabled?: boolean; onPick: (key: ConditionKey | 'text', value: string) => void }) {
  const intl = useIntl();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { list, busy } = useSuggestions(text, open);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => setActive(-1), [list]);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const pick = (s: Suggestion | null) => {
    if (s?.kind === 'style') onPick('style', s.s.style);
    else if (s?.kind === 'color') onPick('id', `${s.s.style}_${s.s.color}`);
    else if (text.trim()) onPick('text', text.trim());
    setText('');
    setOpen(false);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(list.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(-1, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(active >= 0 ? (list[active] ?? null) : null);
    } else if (e.key === 'Escape') setOpen(false);
  };

  const styles = list.filter((s) => s.kind === 'style');
  const colors = list.filter((s) => s.kind === 'color');
  const showList = open && text.trim().length >= 2 && (busy || list.length > 0);
  const option = (s: Suggestion, i: number) => {
    const key = s.kind === 'style' ? `s-${s.s.style}` : `c-${s.s.style}-${s.s.color}`;
    return (
      <li
        key={key}
        id={`${listId}-${i}`}
        role="option"
        aria-selected={i === active}
        className={`pr-ac__item${i === active ? ' is-active' : ''}`}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => pick(s)}
        onMouseEnter={() => setActive(i)}
        data-testid={s.kind === 'style' ? 'ac-style' : 'ac-color'}
      >
        <img src={s.s.thumbnail} alt="" width={36} height={27} loading="lazy" />
        {s.kind === 'style' ? (
          <span className="pr-ac__text">
            <strong>{s.s.style}</strong> {s.s.name}
            <small>
              <FormattedMessage id="products.filter.colors" defaultMessage="{n, plural, one {# color} other {# colors}}" values={{ n: s.s.colors }} /> · {s.s.productType}
            </small>
          </span>
        ) : (
          <span className="pr-ac__text">
            <strong>
              {s.s.style} {s.s.color}
            </strong>
            <small>{s.s.colorDescription}</small>
          </span>
        )}
      </li>
    );
  };

  return (
    <div className="pr-search" ref={box}>
      <SearchInput
        value={text}
        disabled={disabled}
        onChange={(t) => {
          setText(t);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        busy={busy}
        placeholder={intl.formatMessage({ id: 'products.filter.searchPlaceholder', defaultMessage: 'Search style, color or name…' })}
        aria-label={intl.formatMessage({ id: 'products.filter.searchLabel', defaultMessage: 'Search products' })}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        data-testid="filter-search"
      />
      {showList && (
        <div className="pr-ac" data-testid="filter-suggestions">
          <ul id={listId} role="listbox" className="pr-ac__list">
            {styles.length > 0 && (
              <li role="presentation" className="pr-ac__group">
                <FormattedMessage id="products.filter.styles" defaultMessage="Styles" />
              </li>
            )}
            {styles.map((s) => option(s, list.indexOf(s)))}
            {colors.length > 0 && (
              <li role="presentation" className="pr-ac__group">
                <FormattedMessage id="products.filter.styleColors" defaultMessage="Styles and colors" />
              </li>
            )}
            {colors.map((s) => option(s, list.indexOf(s)))}
            {!busy && list.length === 0 && (
              <li role="presentation" className="pr-ac__none">
                <FormattedMessage id="products.filter.noSuggestions" defaultMessage="No suggestions" />
              </li>
            )}
          </ul>
          <p className="pr-ac__hint">
            <FormattedMessage id="products.filter.enterHint" defaultMessage="Press Enter to search for the text" />
          </p>
        </div>
      )}
    </div>
  );
}

/** How a chip names its filter: division "Kids", style "100513", style/colour "100513 BLU", text “sneaker”. */
export function chipText(key: ConditionKey | 'text', value: string): string {
  if (key === 'id') return value.replace('_', ' ');
  if (key === 'text') return `“${value}”`;
  return value;
}

export function FilterBar({ value, onChange, onClear, disabled, extra, testId = 'filter-bar', where }: FilterBarProps) {
  const intl = useIntl();
  const apply = (kind: 'add' | 'remove', key: ConditionKey | 'text', v: string) => {
    if (where && key !== 'text') {
      where.onChange((tree) => (kind === 'add' ? addShortcut(tree, PRODUCT_FILTERS, key, v) : removeShortcut(tree, key, v))?.where ?? tree);
      return;
    }
    const next = kind === 'add' ? addFilter(value, key, v) : removeFilter(value, key, v);
    if (next) onChange(next, { kind, key, value: v });
  };
  const chosenOf = (key: ConditionKey) => (where ? shortcutValues(where.tree, key) : (value.conditions[key] ?? []));
  const chips: Array<{ key: ConditionKey | 'text'; value: string }> = [];
  if (value.text) chips.push({ key: 'text', value: value.text });
  if (!where) for (const [k, vs] of Object.entries(value.conditions)) for (const v of vs ?? []) chips.push({ key: k as ConditionKey, value: v });

  return (
    <section className="pr-filters" data-testid={testId} aria-label={intl.formatMessage({ id: 'products.filter.bar', defaultMessage: 'Filters' })}>
      <div className="pr-filters__row">
        <SearchBox disabled={disabled} onPick={(k, v) => apply('add', k, v)} />
        {FILTER_KEYS.map((key) => {
          const chosen = chosenOf(key);
          return (
            <label key={key} className={`pr-select${chosen.length ? ' is-set' : ''}`}>
              <span className="pr-select__label">{fieldName(intl, key)}</span>
              <select
                value=""
                disabled={disabled}
                onChange={(e) => {
                  apply('add', key, e.target.value);
                  e.target.value = '';
                }}
                data-testid={`filter-${key}`}
              >
                <option value="">{chosen.length ? intl.formatMessage({ id: 'products.filter.nChosen', defaultMessage: '{n} chosen' }, { n: chosen.length }) : intl.formatMessage({ id: 'products.filter.any', defaultMessage: 'Any' })}</option>
                {FILTER_OPTIONS[key].map((o) => (
                  <option key={o} value={o} disabled={chosen.some((c) => c.toLowerCase() === o.toLowerCase())}>
                    {o}
                  </option>
                ))}
              </select>
              <Icon name="chevronDown" size={14} />
            </label>
          );
        })}
        {extra}
      </div>
      {chips.length > 0 && (
        <div className="pr-chips" data-testid="filter-chips">
          {chips.map((c) => (
            <span key={`${c.key}=${c.value}`} className="pr-chip" data-testid="filter-chip" data-key={c.key} data-value={c.value}>
              <span className="pr-chip__key">{fieldName(intl, c.key)}</span>
              <span className="pr-chip__value">{chipText(c.key, c.value)}</span>
              {!disabled && (
                <button
                  type="button"
                  className="pr-chip__remove"
                  onClick={() => apply('remove', c.key, c.value)}
                  aria-label={intl.formatMessage({ id: 'products.filter.remove', defaultMessage: 'Remove filter {name}' }, { name: chipText(c.key, c.value) })}
                >
                  <Icon name="close" size={13} />
                </button>
              )}
            </span>
          ))}
          {!disabled && onClear && filterCount(value) > 1 && (
            <button type="button" className="its-btn--link pr-chips__clear" onClick={onClear} data-testid="filter-clear">
              <FormattedMessage id="products.filter.clearAll" defaultMessage="Clear all" />
            </button>
          )}
        </div>
      )}
    </section>
  );
}
