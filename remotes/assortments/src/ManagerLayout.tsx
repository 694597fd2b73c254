/** The assortment manager's frame: its title, the list views as tabs, the page's actions. */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { VIEWS, viewPath, type View } from './api';
import { msg, viewTitles } from './messages';

export function ManagerLayout({ view, actions, children }: { view: View; actions?: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="am-page" data-testid={`assortments-${view}`}>
      <header className="am-head">
        <div className="am-head__text">
          <p className="am-head__eyebrow">
            <FormattedMessage id="assortments.eyebrow" defaultMessage="Assortments" />
          </p>
          <h1 className="am-head__title">{intl.formatMessage(msg.manager)}</h1>
        </div>
        <div className="am-head__actions">{actions}</div>
      </header>
      <nav className="am-views" aria-label={intl.formatMessage({ id: 'assortments.views', defaultMessage: 'Assortment lists' })}>
        {VIEWS.map((v) => (
          <NavLink key={v} to={viewPath(v)} className={({ isActive }) => `am-view${isActive ? ' is-active' : ''}`} data-testid={`view-${v}`}>
            {intl.formatMessage(viewTitles[v])}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
