import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteContext, usePageChrome, useShell, type RouteInfo } from '@its/kit';
import { routeMatches, type ResolvedRoute } from '../registry/registry';
import { AppBar } from './AppBar';
import { Banner, SidePanel, SubHeaderDrawer } from './Chrome';
import { NotificationDrawer } from './notifications';

/** Main, headless and conference layouts: the app bar stays mounted across routes. */
export function AppShell({ routes, children }: { routes: ResolvedRoute[]; children: ReactNode }) {
  const { pathname } = useLocation();
  const { appBar, notificationsOpen, sidePanel } = usePageChrome();
  const { modules } = useShell();
  const route = useMemo(() => routes.find((r) => routeMatches(r, pathname)), [routes, pathname]);
  const layout = route?.layout ?? 'main';
  const info: RouteInfo | null = route
    ? { moduleId: route.moduleId, name: route.name, path: route.path, layout, meta: route.meta ?? {} }
    : null;
  useEffect(() => {
    document.body.dataset.layout = layout;
  }, [layout]);
  const drawerOpen = notificationsOpen || !!sidePanel;
  return (
    <RouteContext.Provider value={info}>
      <div className={`shell-app shell-app--${layout}`} data-route={route?.name} data-modules={modules.length}>
        {appBar && <AppBar />}
        <SubHeaderDrawer />
        <Banner />
        <main className={`shell-content shell-content--${layout}${drawerOpen ? ' has-drawer' : ''}`} id="content">
          {children}
        </main>
        <NotificationDrawer open={notificationsOpen} />
        <SidePanel />
      </div>
    </RouteContext.Provider>
  );
}
