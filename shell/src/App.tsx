import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { BrowserRouter, Navigate, Outlet, Route, Routes, generatePath, useLocation, useNavigate, useParams } from 'react-router';
import {
  ApiError,
  ConfirmHost,
  EmptyState,
  ShellContext,
  Spinner,
  ToastViewport,
  isCancelled,
  matchLocale,
  setPreference,
  toast,
  type Locale,
  type ShellValue,
} from '@its/kit';
import { ErrorDialogs } from './errors/ErrorDialogs';
import { OrientationAlert } from './errors/OrientationAlert';
import { IntlRoot, LANGUAGE_PREFERENCE } from './i18n/IntlRoot';
import { AppBarSkeleton } from './layout/AppBarSkeleton';
import { BrandMark } from './layout/Brand';
import { AppShell } from './layout/AppShell';
import { ChromeReset } from './layout/Chrome';
import { AdRegisterPage, ConfirmEmailPage, FilePage, LoggedOutPage, NotApprovedPage, SetPasswordPage } from './public/pages';
import { LoginPage } from './public/Login';
import { RemoteOutlet } from './registry/RemoteOutlet';
import { collectRoutes, toRouterPath, type ResolvedRoute } from './registry/registry';
import { useRegistry } from './registry/useRegistry';
import { RegistryTitles } from './registry/RegistryTitles';
import { InactivityWarningDialog, StateErrorDialog } from './session/SessionDialogs';
import { SessionProvider, createSessionController, useSession } from './session/SessionProvider';
import type { SessionController } from './session/controller';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // GET answers are cached for an hour (spec platform §9); views refetch when they mount.
        gcTime: 60 * 60_000,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count: number, error: unknown) => !isCancelled(error) && !(error instanceof ApiError && error.status < 500) && count < 1,
      },
    },
  });
}

export function Splash() {
  return (
    <div className="shell-splash" data-testid="splash">
      <BrandMark size={48} />
      <Spinner size={22} />
    </div>
  );
}

/** Public pages that only make sense logged out: a logged-in user goes to the default route. */
function LoggedOutOnly({ children, to }: { children: ReactNode; to: string }) {
  const { snapshot } = useSession();
  const loggedIn = snapshot.state === 'loggedIn' || snapshot.state === 'inactivityWarning';
  return loggedIn ? <Navigate to={to} replace /> : <>{children}</>;
}

/**
 * Unknown paths and gated routes without permission go to the logged-in default, saying which
 * address could not be opened (a link from an announcement or a mail may name a page of another
 * role); the bare address opens the default without a word.
 */
function ToDefault({ to }: { to: string }) {
  const { pathname } = useLocation();
  const intl = useIntl();
  const refused = pathname !== to && pathname !== '/';
  useEffect(() => {
    if (!refused) return;
    toast.warning(
      intl.formatMessage(
        { id: 'route.refused', defaultMessage: 'You cannot open {path}: it does not exist or your role has no access to it. You are on your start page instead.' },
        { path: pathname },
      ),
      { key: 'route-refused', persistent: true },
    );
  }, [refused, pathname, intl]);
  if (pathname === to) {
    return (
      <EmptyState icon="lock" title={<FormattedMessage id="route.noAccess" defaultMessage="There is nothing here you have access to." />} />
    );
  }
  return <Navigate to={to} replace />;
}

/** A registry route: its remote's exposed component, or the redirect its meta names. */
function RouteElement({ route }: { route: ResolvedRoute }) {
  const redirect = route.meta?.redirect;
  if (typeof redirect === 'string' && redirect) return <RedirectTo path={redirect} />;
  return <RemoteOutlet route={route} />;
}

/** A redirect keeps the route's parameters ({assortment_id} in the target) and the query. */
function RedirectTo({ path }: { path: string }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`${generatePath(toRouterPath(path), params)}${search}`} replace />;
}

function AppLoading() {
  return (
    <div className="shell-app">
      <AppBarSkeleton />
      <div className="shell-route-loading">
        <Spinner size={28} />
      </div>
    </div>
  );
}

function Root() {
  const { snapshot, controller } = useSession();
  const navigate = useNavigate();
  const loggedIn = snapshot.state === 'loggedIn' || snapshot.state === 'inactivityWarning';
  const registry = useRegistry(loggedIn ? snapshot.user?.id : undefined);
  const routes = useMemo(() => collectRoutes(registry.modules), [registry.modules]);
  const intl = useIntl();
  const locale: Locale = matchLocale(intl.locale) ?? 'en-US';

  useEffect(() => {
    controller.configure(registry.options);
  }, [controller, registry.options]);

  const value: ShellValue = useMemo(
    () => ({
      user: loggedIn ? snapshot.user : null,
      options: registry.options,
      modules: registry.modules,
      locale,
      setLocale: (l: Locale) => setPreference(LANGUAGE_PREFERENCE, l),
      logout: () => {
        void controller.logout('manual').then(() => navigate('/logged-out', { replace: true }));
      },
      defaultPath: registry.defaultPath,
    }),
    [loggedIn, snapshot.user, registry.options, registry.modules, registry.defaultPath, locale, controller, navigate],
  );

  if (!snapshot.checked) return <Splash />;

  const to = registry.defaultPath;
  const allowedRoutes = routes.filter((r) => registry.allowed(r.action, r.resource));
  const shellRoutes = allowedRoutes.filter((r) => r.layout !== 'public');
  const publicModuleRoutes = allowedRoutes.filter((r) => r.layout === 'public');

  return (
    <RegistryTitles modules={registry.modules}>
      <ShellContext.Provider value={value}>
        <ChromeReset />
        <Routes>
          <Route path="/ad-register/:pendingUser" element={<LoggedOutOnly to={to}><AdRegisterPage /></LoggedOutOnly>} />
          <Route path="/confirm-email/:messages" element={<ConfirmEmailPage />} />
          <Route path="/set-password/:userId/:code/:isNew?" element={<LoggedOutOnly to={to}><SetPasswordPage /></LoggedOutOnly>} />
          <Route path="/logged-out" element={<LoggedOutOnly to={to}><LoggedOutPage /></LoggedOutOnly>} />
          <Route path="/not-approved" element={<NotApprovedPage />} />
          <Route path="/file/shared/:fileType/document/:documentId/:accessCode/:filename" element={<FilePage kind="shared" />} />
          <Route path="/file/scheduled/:fileType/document/:documentId/:timeStamp/:filename" element={<FilePage kind="scheduled" />} />
          {!loggedIn && <Route path="*" element={<LoginPage />} />}
          {loggedIn && !registry.ready && <Route path="*" element={<AppLoading />} />}
          {loggedIn && registry.ready && (
            <>
              {publicModuleRoutes.map((r) => (
                <Route key={`${r.moduleId}:${r.name}`} path={toRouterPath(r.path)} element={<RouteElement route={r} />} />
              ))}
              <Route element={<AppShell routes={shellRoutes}><Outlet /></AppShell>}>
                {shellRoutes.map((r) => (
                  <Route key={`${r.moduleId}:${r.name}`} path={toRouterPath(r.path)} element={<RouteElement route={r} />} />
                ))}
                <Route path="*" element={<ToDefault to={to} />} />
              </Route>
            </>
          )}
        </Routes>
        <InactivityWarningDialog />
        <StateErrorDialog />
        <ErrorDialogs />
        <ConfirmHost />
        <ToastViewport />
        <OrientationAlert />
      </ShellContext.Provider>
    </RegistryTitles>
  );
}

function Localized({ children }: { children: ReactNode }) {
  const { snapshot } = useSession();
  return (
    <IntlRoot userLanguage={snapshot.user?.language} splash={<Splash />}>
      {children}
    </IntlRoot>
  );
}

export function App(props: { controller?: SessionController; queryClient?: QueryClient }) {
  const [controller] = useState(() => props.controller ?? createSessionController());
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider controller={controller}>
        <Localized>
          <BrowserRouter>
            <Root />
          </BrowserRouter>
        </Localized>
      </SessionProvider>
    </QueryClientProvider>
  );
}
