/**
 * Toasts (spec product §4.7, platform §9): they close after their timeout (4,000 ms unless
 * told otherwise) unless persistent; persistent ones are cleared separately. They stack
 * 50 px from the bottom plus 10 px per toast, 500 px wide.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from './Icon';
import { createStore, useStore } from './store';

export const TOAST_DELAY_MS = 4000;
export const TOAST_WIDTH = 500;
export const TOAST_BOTTOM = 50;
export const TOAST_STEP = 10;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type?: ToastType;
  title?: string;
  message: ReactNode;
  /** Milliseconds before it closes by itself; ignored when persistent. */
  timeout?: number;
  persistent?: boolean;
  action?: ToastAction;
  /** A toast with the same key replaces the previous one instead of stacking. */
  key?: string;
}

export interface Toast extends Required<Pick<ToastOptions, 'type' | 'timeout' | 'persistent'>> {
  id: number;
  title?: string;
  message: ReactNode;
  action?: ToastAction;
  key?: string;
}

let nextId = 1;
const store = createStore<Toast[]>([]);
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function schedule(t: Toast) {
  if (t.persistent) return;
  timers.set(
    t.id,
    setTimeout(() => dismissToast(t.id), t.timeout),
  );
}

export function showToast(opts: ToastOptions): number {
  const t: Toast = {
    id: nextId++,
    type: opts.type ?? 'info',
    title: opts.title,
    message: opts.message,
    timeout: opts.timeout ?? TOAST_DELAY_MS,
    persistent: opts.persistent ?? false,
    action: opts.action,
    key: opts.key,
  };
  store.set((list) => {
    const kept = t.key ? list.filter((x) => x.key !== t.key) : list;
    for (const x of list) if (!kept.includes(x)) clearTimer(x.id);
    return [...kept, t];
  });
  schedule(t);
  return t.id;
}

function clearTimer(id: number) {
  const h = timers.get(id);
  if (h) clearTimeout(h);
  timers.delete(id);
}

export function dismissToast(id: number): void {
  clearTimer(id);
  store.set((list) => list.filter((t) => t.id !== id));
}

/** Clears the persistent toasts only; timed ones run out by themselves. */
export function clearPersistentToasts(): void {
  store.set((list) => list.filter((t) => !t.persistent));
}

export function clearToasts(): void {
  for (const id of timers.keys()) clearTimer(id);
  store.set([]);
}

export function getToasts(): Toast[] {
  return store.get();
}

type Shortcut = (message: ReactNode, opts?: Omit<ToastOptions, 'message' | 'type'>) => number;
const shortcut =
  (type: ToastType): Shortcut =>
  (message, opts) =>
    showToast({ ...opts, message, type });

/**
 * Shows message as an error toast (under key, so it shows once) while failed is true: the fixed
 * texts of platform spec §8 for a failed fetch ('Users fetch failed!', 'Dynamic options fetch
 * failed!').
 */
export function useFailureToast(failed: boolean, message: string, key: string): void {
  useEffect(() => {
    if (failed) showToast({ type: 'error', message, key });
  }, [failed, message, key]);
}

export const toast = {
  show: showToast,
  success: shortcut('success'),
  error: shortcut('error'),
  warning: shortcut('warning'),
  info: shortcut('info'),
  dismiss: dismissToast,
  clearPersistent: clearPersistentToasts,
  clear: clearToasts,
};

/** Bottom offset of the toast `index` places from the newest one, in the collapsed stack. */
export const toastOffset = (index: number) => TOAST_BOTTOM + TOAST_STEP * index;

const ICONS: Record<ToastType, string> = { success: 'checkCircle', error: 'error', warning: 'warning', info: 'info' };

/** Renders the stack; the shell mounts one. Hovering or focusing it spreads the stack out. */
export function ToastViewport() {
  const toasts = useStore(store);
  const intl = useIntl();
  const [expanded, setExpanded] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (toasts.length < 2) setExpanded(false);
  }, [toasts.length]);
  if (toasts.length === 0) return null;
  const newestFirst = [...toasts].reverse();
  return (
    <section
      ref={ref}
      className={`its-toasts${expanded ? ' its-toasts--expanded' : ''}`}
      style={{ width: TOAST_WIDTH, bottom: TOAST_BOTTOM }}
      aria-label={intl.formatMessage({ id: 'kit.toast.region', defaultMessage: 'Notifications' })}
      onMouseEnter={() => setExpanded(true)}
      onMouseLeave={() => setExpanded(false)}
      onFocus={() => setExpanded(true)}
      onBlur={(e) => !ref.current?.contains(e.relatedTarget as Node) && setExpanded(false)}
    >
      {newestFirst.map((t, i) => (
        <div
          key={t.id}
          className={`its-toast its-toast--${t.type}`}
          role={t.type === 'error' || t.type === 'warning' ? 'alert' : 'status'}
          data-toast-type={t.type}
          data-persistent={t.persistent || undefined}
          style={
            expanded
              ? undefined
              : {
                  bottom: toastOffset(i) - TOAST_BOTTOM,
                  zIndex: 100 - i,
                  transform: `scale(${1 - Math.min(i, 4) * 0.03})`,
                  opacity: i > 3 ? 0 : 1,
                }
          }
          // Stacked under the newest, a toast is out of reach (focus and screen readers) until the stack opens.
          inert={!expanded && i > 0 ? true : undefined}
        >
          <span className="its-toast__icon">
            <Icon name={ICONS[t.type]} size={20} />
          </span>
          <div className="its-toast__text">
            {t.title && <strong className="its-toast__title">{t.title}</strong>}
            <div className="its-toast__message">{t.message}</div>
          </div>
          {t.action && (
            <button
              type="button"
              className="its-toast__action"
              onClick={() => {
                t.action?.onClick();
                dismissToast(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            className="its-icon-btn its-toast__close"
            onClick={() => dismissToast(t.id)}
            aria-label={intl.formatMessage({ id: 'kit.toast.dismiss', defaultMessage: 'Dismiss' })}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
