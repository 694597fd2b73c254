import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const ITEMS = '[role^=menuitem]:not([disabled])';

/**
 * A button that opens a popover menu; closes on outside click, Escape, Tab or choosing an item.
 * From the keyboard as menus are used: Enter, Space or ↓ open it on the first item (↑ on the
 * last), ↑ ↓ Home End move between items, Escape closes it and gives the focus back to the button.
 */
export function Menu({
  button,
  label,
  children,
  align = 'left',
  className,
  buttonClassName = 'shell-appbar__btn',
  testId,
}: {
  button: ReactNode;
  label: string;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
  buttonClassName?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  /** Which item takes the focus when the menu opens from the keyboard (null: none, a click opened it). */
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const inside = ref.current?.contains(document.activeElement);
      setOpen(false);
      if (inside) buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const items = popRef.current?.querySelectorAll<HTMLElement>(ITEMS);
    if (items && items.length > 0) (focusOnOpen === 'first' ? items[0]! : items[items.length - 1]!).focus();
  }, [open, focusOnOpen]);
  const close = () => setOpen(false);
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || ((e.key === 'Enter' || e.key === ' ') && !open)) {
      e.preventDefault();
      setFocusOnOpen(e.key === 'ArrowUp' ? 'last' : 'first');
      setOpen(true);
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const items = [...(popRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    items[(to + items.length) % items.length]!.focus();
  };
  return (
    <div className={`shell-menu${className ? ` ${className}` : ''}`} ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className={`${buttonClassName}${open ? ' is-open' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        title={label}
        onClick={() => {
          setFocusOnOpen(null);
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
        data-testid={testId}
      >
        {button}
      </button>
      {open && (
        <div id={id} ref={popRef} role="menu" aria-label={label} className={`shell-menu__pop shell-menu__pop--${align}`} onKeyDown={onMenuKey}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
