/** The assortment manager's frame: its title, the list views as tabs, the page's actions. */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { actions as authz, authzCheck, useDecisions } from '@its/kit';
import { VIEWS, viewPath, type View } from './api';
import { msg, viewTitles } from './messages';

const reportingCheck = [authzCheck(authz.assortmentsReporting)];

export function ManagerLayout({ view, actions, children }: { view: View; actions?: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  const reporting = useDecisions(reportingCheck).allowed[0] === true;
  return (
    <div className="am-page" data-testid={`assortments-${view}`}>
      <header className="am-head">
        <div className="am-head__text">
          <p className="am-head__eyebrow">
            <FormattedMessage id="assortments.eyebrow" defaultMessage="Assortments" />
          </p>
          <h1 className="am-head__title">{intl.formatMessage(msg.manager)}</h1>
        </div>
        <div className="am-head__actions">
          {reporting && (
            <Link className="its-btn its-btn--ghost" to="/product/assortments/reporting" data-testid="open-reporting">
              <FormattedMessage id="assortments.reporting.link" defaultMessage="Reporting" />
            </Link>
          )}
          {actions}
        </div>
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
