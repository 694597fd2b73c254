import { useId, type InputHTMLAttributes } from 'react';

export function Field({ label, error, ...input }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="its-field">
      <label className="its-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="its-input" aria-invalid={!!error || undefined} {...input} />
      {error && <span className="its-field__error">{error}</span>}
    </div>
  );
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
