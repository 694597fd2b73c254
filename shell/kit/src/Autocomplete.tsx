/**
 * A text field with server suggestions (users to copy to, customers), picked with keys or mouse:
 * the fetch waits until typing pauses and a newer text cancels the call before it.
 */
import { useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { IntlContext } from 'react-intl';
import { Spinner } from './ui';

/** How long typing pauses before the suggestions are asked for. */
export const AUTOCOMPLETE_DELAY_MS = 250;

export interface AutocompleteProps<T> {
  value: string;
  onText: (text: string) => void;
  fetch: (text: string, signal: AbortSignal) => Promise<T[]>;
  onPick: (item: T) => void;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
  placeholder?: string;
  label: string;
  delayMs?: number;
  minChars?: number;
  testId?: string;
  autoFocus?: boolean;
}

export function Autocomplete<T>({ value, onText, fetch, onPick, render, keyOf, placeholder, label, delayMs = AUTOCOMPLETE_DELAY_MS, minChars = 1, testId, autoFocus }: AutocompleteProps<T>) {
  // Read softly, like the Spinner: tests may render without an IntlProvider.
  const intl = useContext(IntlContext);
  const listId = useId();
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const latest = useRef(fetch);
  latest.current = fetch;

  useEffect(() => {
    const t = value.trim();
    if (!open || t.length < minChars) {
      setItems([]);
      setBusy(false);
      return;
    }
    const abort = new AbortController();
    setBusy(true);
    const timer = setTimeout(() => {
      latest.current(t, abort.signal).then(
        (list) => {
          if (abort.signal.aborted) return;
          setItems(list);
          setActive(0);
          setBusy(false);
        },
        () => !abort.signal.aborted && setBusy(false),
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value, open, delayMs, minChars]);

  const pick = (item: T | undefined) => {
    if (!item) return;
    onPick(item);
    setOpen(false);
  };

  return (
    <div className="its-ac">
      <div className="its-ac__field">
        <input
          className="its-input"
          value={value}
          onChange={(e) => {
            onText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(items.length - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && open && items.length) {
              e.preventDefault();
              e.stopPropagation();
              pick(items[active]);
            } else if (e.key === 'Escape' && open) {
              e.stopPropagation();
              setOpen(false);
            }
          }}
          placeholder={placeholder}
          aria-label={label}
          role="combobox"
          aria-expanded={open && items.length > 0}
          aria-controls={listId}
          autoComplete="off"
          data-testid={testId}
          data-autofocus={autoFocus || undefined}
        />
        {busy && (
          <span className="its-ac__spin">
            <Spinner size={14} />
          </span>
        )}
      </div>
      {open && value.trim().length >= minChars && !busy && (
        <ul id={listId} role="listbox" className="its-ac__list" data-testid={testId ? `${testId}-options` : undefined}>
          {items.length === 0 ? (
            // An option that cannot be chosen: a listbox holds options only (axe: aria-required-children).
            <li className="its-ac__none" role="option" aria-disabled="true" aria-selected={false}>{intl?.formatMessage({ id: 'kit.autocomplete.none', defaultMessage: 'Nothing found' }) ?? 'Nothing found'}</li>
          ) : (
            items.map((it, i) => (
              <li
                key={keyOf(it)}
                role="option"
                aria-selected={i === active}
                className={`its-ac__item${i === active ? ' is-active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(it)}
                onMouseEnter={() => setActive(i)}
              >
                {render(it)}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
