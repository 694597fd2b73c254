import { useId } from 'react';

/** The ITS mark: a rounded tile with three rising stripes. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="shell-brand-mark">
      <defs>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff7a3d" />
          <stop offset="1" stopColor="#f2384f" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="10" fill={`url(#${id}g)`} />
      <path d="M9 28l7-16M17 28l7-16M25 28l7-16" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity=".95" />
    </svg>
  );
}

export function Brand({ subtitle, size = 30 }: { subtitle?: string; size?: number }) {
  return (
    <span className="shell-brand">
      <BrandMark size={size} />
      <span className="shell-brand__text">
        <span className="shell-brand__name">ITS</span>
        {subtitle && <span className="shell-brand__sub">{subtitle}</span>}
      </span>
    </span>
  );
}
