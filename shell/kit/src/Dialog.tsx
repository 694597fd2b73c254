import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { Icon } from './Icon';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Escape, the close button and the backdrop call this; without it the dialog cannot be dismissed. */
  onClose?: () => void;
  /** Enter (outside text areas and buttons) calls this. */
  onEnter?: () => void;
  tone?: 'default' | 'danger' | 'warning' | 'info' | 'success';
  icon?: string;
  width?: number;
  className?: string;
  testId?: string;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** A modal dialog: focus moves in and stays in, Escape closes, the page behind is inert to clicks. */
export function Dialog({ open, title, children, actions, onClose, onEnter, tone = 'default', icon, width = 480, className, testId }: DialogProps) {
  const intl = useIntl();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onClose, onEnter });
  handlers.current = { onClose, onEnter };

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && handlers.current.onClose) {
      e.stopPropagation();
      handlers.current.onClose();
    } else if (e.key === 'Enter' && handlers.current.onEnter) {
      const tag = (e.target as HTMLElement).tagName;
      if (tag !== 'TEXTAREA' && tag !== 'BUTTON' && tag !== 'A') {
        e.preventDefault();
        handlers.current.onEnter();
      }
    } else if (e.key === 'Tab' && ref.current) {
      const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return createPortal(
    <div className="its-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={ref}
        role={tone === 'danger' || tone === 'warning' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`its-dialog its-dialog--${tone}${className ? ` ${className}` : ''}`}
        style={{ width }}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className="its-dialog__header">
          {icon && (
            <span className={`its-dialog__icon its-dialog__icon--${tone}`}>
              <Icon name={icon} size={22} />
            </span>
          )}
          <h2 id={titleId} className="its-dialog__title">
            {title}
          </h2>
          {onClose && (
            <button
              type="button"
              className="its-icon-btn its-dialog__close"
              onClick={onClose}
              aria-label={intl.formatMessage({ id: 'kit.dialog.close', defaultMessage: 'Close' })}
            >
              <Icon name="close" size={18} />
            </button>
          )}
        </div>
        {children !== undefined && <div className="its-dialog__body">{children}</div>}
        {actions && <div className="its-dialog__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
