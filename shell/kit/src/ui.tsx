/** Small building blocks shared by the shell and remotes; their look is in kit.css. */
import { useContext, type ReactNode } from 'react';
import { IntlContext } from 'react-intl';
import { Icon } from './Icon';

/** Counts above 9 show as 9+ (spec platform §9, notification filter icon). */
export const badgeCount = (n: number): string => (n > 9 ? '9+' : String(n));

export function CountBadge({ count, label }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <span className="its-badge" aria-label={label} data-count={count}>
      {badgeCount(count)}
    </span>
  );
}

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  // The splash shows a spinner before any catalog is loaded, outside the IntlProvider.
  const intl = useContext(IntlContext);
  return (
    <span
      className="its-spinner"
      style={{ width: size, height: size }}
      role="progressbar"
      aria-label={label ?? intl?.formatMessage({ id: 'kit.loading', defaultMessage: 'Loading' })}
    />
  );
}

export function EmptyState({ icon = 'info', title, children }: { icon?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="its-empty">
      <span className="its-empty__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="its-empty__title">{title}</p>
      {children && <div className="its-empty__text">{children}</div>}
    </div>
  );
}

export function Skeleton({ width, height = 14, radius = 6 }: { width?: number | string; height?: number; radius?: number }) {
  return <span className="its-skeleton" style={{ width, height, borderRadius: radius }} aria-hidden />;
}
