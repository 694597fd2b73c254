/** The policy pages' own tabs, under the admin header: grants, Rego, simulator, history. */
import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router';
import { Icon } from '@its/kit';

const cls = ({ isActive }: { isActive: boolean }) => `pol-nav__tab${isActive ? ' is-active' : ''}`;

export function PolicyNav() {
  return (
    <nav className="pol-nav" data-testid="policy-nav">
      <NavLink to="/admin/policies" end className={cls} data-testid="policy-nav-grants">
        <Icon name="users" size={15} />
        <FormattedMessage id="admin.policies.nav.grants" defaultMessage="Grants" />
      </NavLink>
      <NavLink to="/admin/policies/rego" className={cls} data-testid="policy-nav-rego">
        <Icon name="edit" size={15} />
        <FormattedMessage id="admin.policies.nav.rego" defaultMessage="Rego rules and tests" />
      </NavLink>
      <NavLink to="/admin/policies/simulator" className={cls} data-testid="policy-nav-simulator">
        <Icon name="sparkle" size={15} />
        <FormattedMessage id="admin.policies.nav.simulator" defaultMessage="Simulator" />
      </NavLink>
      <NavLink to="/admin/policies/history" className={cls} data-testid="policy-nav-history">
        <Icon name="clock" size={15} />
        <FormattedMessage id="admin.policies.nav.history" defaultMessage="History" />
      </NavLink>
    </nav>
  );
}
