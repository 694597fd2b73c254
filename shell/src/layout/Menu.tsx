import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** A button that opens a popover menu; closes on outside click, Escape or choosing an item. */
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
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className={`shell-menu${className ? ` ${className}` : ''}`} ref={ref}>
      <button
        type="button"
        className={`${buttonClassName}${open ? ' is-open' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        title={label}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        {button}
      </button>
      {open && (
        <div id={id} role="menu" className={`shell-menu__pop shell-menu__pop--${align}`}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
