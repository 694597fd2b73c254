/** A thin progress bar; indeterminate while the value is unknown. */
export function ProgressBar({ value, tone = 'primary', label, indeterminate = false }: { value: number; tone?: 'primary' | 'success' | 'danger' | 'muted'; label?: string; indeterminate?: boolean }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <div
      className={`lib-progress lib-progress--${tone}${indeterminate ? ' lib-progress--indeterminate' : ''}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : Math.round(v)}
      aria-label={label}
    >
      <span className="lib-progress__bar" style={indeterminate ? undefined : { width: `${v}%` }} />
    </div>
  );
}
