/**
 * The search box of ITS: a search icon, the text, a spinner while the search runs and a clear
 * button. What starts a search is the caller's: every keystroke (`onChange`), the text once
 * typing pauses (`debounceMs` + `onDebouncedChange`) or Enter (`onSubmit`). Escape clears the
 * text as a spreadsheet's cell does; with nothing to clear it goes on to close a dialog or panel.
 */
import { useCallback, useContext, useEffect, useRef, type CSSProperties, type InputHTMLAttributes, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { IntlContext } from 'react-intl';
import { Icon } from './Icon';
import { Spinner } from './ui';

export type SearchInputSize = 'sm' | 'md' | 'lg';

export interface SearchInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onSubmit' | 'size' | 'type' | 'children' | 'className' | 'style'> {
  value: string;
  /** Every change of the text: typing, Escape and the clear button (with ''). */
  onChange: (text: string) => void;
  /** Enter: the text as it is, at once (a pending debounced change is dropped). */
  onSubmit?: (text: string) => void;
  /** The pause after typing before `onDebouncedChange`; 0 calls it with every change. */
  debounceMs?: number;
  /** The text once typing paused; clearing (Escape, clear button) calls it at once. */
  onDebouncedChange?: (text: string) => void;
  /** Shows the kit's spinner: a search is running. */
  busy?: boolean;
  /** The leading icon (a name of the kit's icon set). */
  icon?: string;
  /** sm 34px (filter bars), md 38px (toolbars, the default), lg 40px (forms, beside .its-input). */
  size?: SearchInputSize;
  /** On the box, for layout (width, flex). */
  className?: string;
  style?: CSSProperties;
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export function SearchInput({
  value,
  onChange,
  onSubmit,
  debounceMs = 0,
  onDebouncedChange,
  busy = false,
  icon = 'search',
  size = 'md',
  className,
  style,
  ref,
  placeholder,
  disabled,
  onKeyDown,
  'aria-label': ariaLabel,
  'aria-labelledby': labelledBy,
  ...input
}: SearchInputProps) {
  // Read softly, like the Spinner: tests and the splash may render without an IntlProvider.
  const intl = useContext(IntlContext);
  const own = useRef<HTMLInputElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const emitted = useRef(value);
  const latest = useRef({ onChange, onDebouncedChange, onSubmit, debounceMs });
  latest.current = { onChange, onDebouncedChange, onSubmit, debounceMs };

  const cancel = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => cancel, []);
  // A text set from outside (the address changed, a chip was removed, a pick emptied the box)
  // drops a pending debounced change of what was typed before.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    cancel();
  }, [value]);

  const change = (text: string, now: boolean) => {
    const { onChange, onDebouncedChange, debounceMs } = latest.current;
    emitted.current = text;
    onChange(text);
    if (!onDebouncedChange) return;
    cancel();
    if (now || debounceMs <= 0) {
      onDebouncedChange(text);
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current.onDebouncedChange?.(text);
    }, debounceMs);
  };

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' && latest.current.onSubmit) {
      e.preventDefault();
      cancel();
      latest.current.onSubmit(e.currentTarget.value);
    } else if (e.key === 'Escape' && e.currentTarget.value !== '') {
      // Handled here: a dialog or side panel around the box stays open.
      e.preventDefault();
      e.stopPropagation();
      change('', true);
    }
  };

  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      assign(ref, el);
    },
    [ref],
  );

  const clear = () => {
    change('', true);
    own.current?.focus();
  };

  // A click on the frame, the icon or the spinner puts the caret in the text.
  const focusText = (e: MouseEvent) => {
    if (disabled || e.target === own.current || (e.target as Element).closest?.('button')) return;
    e.preventDefault();
    own.current?.focus();
  };

  const clearLabel = intl?.formatMessage({ id: 'kit.search.clear', defaultMessage: 'Clear search' }) ?? 'Clear search';
  const classes = ['its-search', `its-search--${size}`, disabled ? 'is-disabled' : '', className ?? ''].filter(Boolean).join(' ');

  return (
    <span className={classes} style={style} onMouseDown={focusText}>
      <Icon name={icon} size={size === 'sm' ? 15 : 16} className="its-search__icon" />
      <input
        {...input}
        ref={setRef}
        type="search"
        className="its-search__input"
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        aria-label={ariaLabel ?? (labelledBy ? undefined : placeholder)}
        aria-labelledby={labelledBy}
        onChange={(e) => change(e.target.value, false)}
        onKeyDown={keyDown}
      />
      {busy && <Spinner size={14} />}
      {value !== '' && !disabled && (
        <button
          type="button"
          className="its-search__clear"
          // Escape does the same from the keyboard; the box stays one tab stop.
          tabIndex={-1}
          aria-label={clearLabel}
          title={clearLabel}
          onMouseDown={(e) => e.preventDefault()}
          onClick={clear}
          data-testid={input['data-testid'] ? `${input['data-testid']}-clear` : undefined}
        >
          <Icon name="close" size={14} strokeWidth={2} />
        </button>
      )}
    </span>
  );
}
