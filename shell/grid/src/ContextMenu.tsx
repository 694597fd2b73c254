/** The grid's context menu (ag-grid Community has none): a small popup at the pointer. */
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFloating } from './floating';
import { GridIcon } from './icons';

export interface MenuItem {
  id: string;
  label?: string;
  icon?: string;
  shortcut?: string;
  disabled?: boolean;
  danger?: boolean;
  separator?: boolean;
  onSelect?: () => void;
}

export function ContextMenu({ x, y, items, onClose, testId = 'grid-context-menu', label }: { x: number; y: number; items: MenuItem[]; onClose: () => void; testId?: string; label?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const pos = useFloating(ref, x, y, 'button:not([disabled])', onClose);

  const move = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? (i + 1) % buttons.length : (i - 1 + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  return createPortal(
    <div ref={ref} className="its-grid-menu" role="menu" aria-label={label} style={pos} data-testid={testId} onKeyDown={move} onContextMenu={(e) => e.preventDefault()}>
      {items.map((it) =>
        it.separator ? (
          <div key={it.id} className="its-grid-menu__sep" role="separator" />
        ) : (
          <button
            key={it.id}
            type="button"
            role="menuitem"
            className={`its-grid-menu__item${it.danger ? ' is-danger' : ''}`}
            disabled={it.disabled}
            data-menu-id={it.id}
            onClick={() => {
              onClose();
              it.onSelect?.();
            }}
          >
            <span className="its-grid-menu__icon">{it.icon && <GridIcon name={it.icon} size={16} />}</span>
            <span className="its-grid-menu__label">{it.label}</span>
            {it.shortcut && <kbd className="its-grid-menu__kbd">{it.shortcut}</kbd>}
          </button>
        ),
      )}
    </div>,
    document.body,
  );
}
