/**
 * The manage pages' navigation sub-header: Pending, Published, Unpublished, Deleted (with their
 * counts) and Upload, for the library being managed.
 */
import { useQueries } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '@its/kit';
import { listAssets } from '../api/assets';
import type { AssetStatus, LibraryType } from '../api/types';
import { STATUS_ORDER, statusTitles } from '../libraries';
import { isRedirect, routeType, useLibraryRoutes } from '../route';

export const countKey = (lt: LibraryType, status: AssetStatus) => ['libraries', 'manage', lt, status, 'count'] as const;

export function useManageTabs(manageType: LibraryType) {
  const routes = useLibraryRoutes();
  const mine = routes.filter((r) => !isRedirect(r) && routeType(r) === manageType && (r.expose === './ManageList' || r.expose === './Upload'));
  const byStatus = STATUS_ORDER.map((s) => ({ status: s, route: mine.find((r) => r.expose === './ManageList' && r.meta?.status === s) })).filter((x) => x.route);
  const upload = mine.find((r) => r.expose === './Upload');
  return { byStatus, upload };
}

export function ManageNav({ manageType, countType }: { manageType: LibraryType; countType: LibraryType }) {
  const intl = useIntl();
  const { search } = useLocation();
  const { byStatus, upload } = useManageTabs(manageType);
  const counts = useQueries({
    queries: byStatus.map(({ status }) => ({
      queryKey: countKey(countType, status),
      queryFn: ({ signal }: { signal: AbortSignal }) => listAssets({ libraryType: countType, status, limit: 1 }, { signal }).then((p) => p.totalCount),
      staleTime: 15_000,
    })),
  });
  // The global retail type choice travels with the tabs.
  const type = new URLSearchParams(search).get('type');
  const suffix = type ? `?type=${encodeURIComponent(type)}` : '';
  return (
    <nav className="lib-statusnav" aria-label={intl.formatMessage({ id: 'libraries.manage.nav', defaultMessage: 'Item status' })} data-testid="manage-nav">
      {byStatus.map(({ status, route }, i) => (
        <NavLink key={status} to={`${route!.path}${suffix}`} className={({ isActive }) => `lib-statusnav__tab${isActive ? ' is-active' : ''}`} data-testid={`manage-tab-${status}`}>
          <span className={`lib-dot lib-dot--${status}`} aria-hidden />
          {intl.formatMessage(statusTitles[status])}
          {counts[i]?.data !== undefined && <span className="lib-tab__count">{counts[i]!.data}</span>}
        </NavLink>
      ))}
      {upload && (
        <NavLink to={`${upload.path}${suffix}`} className={({ isActive }) => `lib-statusnav__tab lib-statusnav__tab--upload${isActive ? ' is-active' : ''}`} data-testid="manage-tab-upload">
          <Icon name="download" size={16} className="lib-flip-v" />
          {intl.formatMessage({ id: 'libraries.manage.upload', defaultMessage: 'Upload' })}
        </NavLink>
      )}
    </nav>
  );
}
