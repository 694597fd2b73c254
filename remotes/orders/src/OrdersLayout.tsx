/** The frame of an order area: its title, the list views as tabs, the page's actions. */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { VIEWS, viewPath, type Area } from './api';
import { areaTitles, msg, viewTitles } from './messages';

export function OrdersLayout({ area, view, views = VIEWS[area], actions, children }: { area: Area; view: string; views?: readonly string[]; actions?: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="or-page" data-testid={`orders-${area}-${view}`}>
      <header className="or-head">
        <div className="or-head__text">
          <p className="or-head__eyebrow">
            <FormattedMessage id="orders.eyebrow" defaultMessage="Orders" />
          </p>
          <h1 className="or-head__title">{intl.formatMessage(areaTitles[area])}</h1>
        </div>
        <div className="or-head__actions">{actions}</div>
      </header>
      <nav className="or-views" aria-label={intl.formatMessage({ id: 'orders.views', defaultMessage: 'Order lists' })}>
        {views.map((v) => (
          <NavLink key={v} to={viewPath(area, v)} className={({ isActive }) => `or-view${isActive ? ' is-active' : ''}`} data-testid={`view-${v}`}>
            {intl.formatMessage(viewTitles[v] ?? msg.orders)}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
