/** The admin area's page header: what the area is, and tabs between its pages. */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router';
import { Icon, actions, authzCheck, useDecisions } from '@its/kit';

const checks = [authzCheck(actions.adminAudit), authzCheck(actions.adminPolicies), authzCheck(actions.adminPlugins), authzCheck(actions.assortmentsCrmOutbox)];

export function AdminHeader({ actions: buttons }: { actions?: ReactNode }) {
  const allowed = useDecisions(checks).allowed;
  return (
    <header className="adm-header">
      <div className="adm-header__top">
        <span className="adm-header__icon">
          <Icon name="shield" size={22} />
        </span>
        <div className="adm-header__text">
          <h1 className="adm-header__title">
            <FormattedMessage id="admin.header.title" defaultMessage="Administration" />
          </h1>
          <p className="adm-header__sub">
            <FormattedMessage id="admin.header.sub" defaultMessage="Who may use ITS and what they may do." />
          </p>
        </div>
        {buttons && <div className="adm-header__actions">{buttons}</div>}
      </div>
      <nav className="adm-tabs" data-testid="admin-tabs">
        <NavLink to="/admin/users" className={({ isActive }) => `adm-tab${isActive ? ' is-active' : ''}`} data-testid="admin-tab-users">
          <Icon name="users" size={16} />
          <FormattedMessage id="admin.tab.users" defaultMessage="Users and access" />
        </NavLink>
        <NavLink to="/admin/mail" className={({ isActive }) => `adm-tab${isActive ? ' is-active' : ''}`} data-testid="admin-tab-mail">
          <Icon name="mail" size={16} />
          <FormattedMessage id="admin.tab.mail" defaultMessage="Mail outbox" />
        </NavLink>
        {allowed[1] && (
          <NavLink to="/admin/policies" className={({ isActive }) => `adm-tab${isActive ? ' is-active' : ''}`} data-testid="admin-tab-policies">
            <Icon name="lock" size={16} />
            <FormattedMessage id="admin.tab.policies" defaultMessage="Policies" />
          </NavLink>
        )}
        {allowed[0] && (
          <NavLink to="/admin/audit" className={({ isActive }) => `adm-tab${isActive ? ' is-active' : ''}`} data-testid="admin-tab-audit">
            <Icon name="clock" size={16} />
            <FormattedMessage id="admin.tab.audit" defaultMessage="Audit log" />
          </NavLink>
        )}
        {allowed[2] && (
          <NavLink to="/admin/plugins" className={({ isActive }) => `adm-tab${isActive ? ' is-active' : ''}`} data-testid="admin-tab-plugins">
            <Icon name="download" size={16} />
            <FormattedMessage id="admin.tab.plugins" defaultMessage="Plugins" />
          </NavLink>
        )}
        {allowed[3] && (
          <NavLink to="/admin/crm" className={({ isActive }) => `adm-tab${isActive ? ' is-active' : ''}`} data-testid="admin-tab-crm">
            <Icon name="refresh" size={16} />
            <FormattedMessage id="admin.tab.crm" defaultMessage="CRM outbox" />
          </NavLink>
        )}
      </nav>
    </header>
  );
}
