import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Brand } from '../layout/Brand';
import { LanguagePicker } from './LanguagePicker';

/** The unauthenticated shell: a brand bar and a centred card. */
export function PublicLayout({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="shell-public" data-testid={testId}>
      <header className="shell-public__bar">
        <Link to="/" className="shell-public__brand">
          <Brand />
        </Link>
        <LanguagePicker />
      </header>
      <div className="shell-public__main">{children}</div>
      <footer className="shell-public__footer">
        <FormattedMessage id="public.footer" defaultMessage="Internal tool · For authorised users only" />
      </footer>
    </div>
  );
}

export function PublicCard({ icon, title, children }: { icon?: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <section className="shell-public__card">
      {icon && <div className="shell-public__icon">{icon}</div>}
      <h1 className="shell-public__title">{title}</h1>
      {children}
    </section>
  );
}
