/** What the manage pages share: the library being managed, its header with the library switch. */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { LibraryType } from '../api/types';
import { isLibraryType, libraryTitles } from '../libraries';
import { areaOf, isRedirect, routeType, useLibraryRoute, useLibraryRoutes, type LibraryRoute } from '../route';
import { PageHeader, Tabs, useLibrariesEyebrow, useSubHeader, type Tab } from '../ui/page';
import { ManageNav } from './ManageNav';

/** The library type a manage page works on (global retail: assets or resources, by ?type=). */
export function useManagedType(): { route: LibraryRoute; libraryType: LibraryType } {
  const route = useLibraryRoute();
  const { search } = useLocation();
  const t = new URLSearchParams(search).get('type');
  const libraryType = isLibraryType(t) && route.libraryTypes.includes(t) ? t : route.manageType;
  return { route, libraryType };
}

/** Tabs between the libraries managed in the same area (advertising assets and logos, global retail types). */
function useLibrarySwitch(route: LibraryRoute, upload: boolean): Tab[] {
  const intl = useIntl();
  const routes = useLibraryRoutes();
  const { pathname } = useLocation();
  if (route.libraryTypes.length > 1) {
    return route.libraryTypes.map((lt) => ({ to: `${pathname}?type=${lt}`, label: intl.formatMessage(libraryTitles[lt]), testId: `library-tab-${lt}` }));
  }
  const area = areaOf(route.path);
  const types = [...new Set(routes.filter((r) => !isRedirect(r) && r.expose === './ManageList' && areaOf(r.path) === area).map(routeType))].filter(isLibraryType);
  return types.map((lt) => {
    const same = routes.find((r) => !isRedirect(r) && routeType(r) === lt && (upload ? r.expose === './Upload' : r.expose === './ManageList' && r.meta?.status === route.status));
    const pending = routes.find((r) => !isRedirect(r) && routeType(r) === lt && r.expose === './ManageList' && r.meta?.status === 'Pending');
    return { to: (same ?? pending)?.path ?? route.path, label: intl.formatMessage(libraryTitles[lt]), testId: `library-tab-${lt}` };
  }).filter((t) => t.to) as Tab[];
}

export function ManageHeader({ title, lead, actions, upload = false }: { title: string; lead?: string; actions?: ReactNode; upload?: boolean }) {
  const intl = useIntl();
  const eyebrow = useLibrariesEyebrow(true);
  const { route, libraryType } = useManagedType();
  const tabs = useLibrarySwitch(route, upload);
  useSubHeader(<ManageNav manageType={route.manageType} countType={libraryType} />, `${route.manageType}|${libraryType}`);
  return (
    <PageHeader eyebrow={eyebrow} title={title} lead={lead} actions={actions}>
      {route.libraryTypes.length > 1 ? (
        <nav className="lib-tabs" aria-label={intl.formatMessage({ id: 'libraries.tabs.libraries', defaultMessage: 'Libraries' })}>
          {tabs.map((t, i) => (
            <Link key={t.to} to={t.to} className={`lib-tab${route.libraryTypes[i] === libraryType ? ' is-active' : ''}`} data-testid={t.testId}>
              {t.label}
            </Link>
          ))}
        </nav>
      ) : (
        <Tabs tabs={tabs} label={intl.formatMessage({ id: 'libraries.tabs.libraries', defaultMessage: 'Libraries' })} />
      )}
    </PageHeader>
  );
}
