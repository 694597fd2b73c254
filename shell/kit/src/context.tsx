/**
 * What the shell tells every route: the user, the options, the module registry, the language,
 * the route's own meta. Remotes read it through these hooks (the kit is one shared instance).
 */
import { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import type { Locale } from './locales';
import type { DeclaredAction } from './generated/actions';
import type { AuthzCheck, Layout, LoggedInOptions, ModuleEntry, RouteMeta, User } from './types';

export interface ShellValue {
  user: User | null;
  options: LoggedInOptions;
  modules: ModuleEntry[];
  locale: Locale;
  setLocale: (locale: Locale) => void;
  logout: () => void;
  /** The path of the logged-in default route (dashboard--its). */
  defaultPath: string;
}

const noop = () => {};

export const ShellContext = createContext<ShellValue>({
  user: null,
  options: {},
  modules: [],
  locale: 'en-US',
  setLocale: noop,
  logout: noop,
  defaultPath: '/dashboard',
});

export const useShell = () => useContext(ShellContext);
export const useCurrentUser = () => useContext(ShellContext).user;
export const useOptions = () => useContext(ShellContext).options;
export const useModules = () => useContext(ShellContext).modules;
export function useLocale(): [Locale, (l: Locale) => void] {
  const { locale, setLocale } = useContext(ShellContext);
  return [locale, setLocale];
}

export interface RouteInfo {
  moduleId: string;
  name: string;
  path: string;
  layout: Layout;
  meta: RouteMeta;
}

export const RouteContext = createContext<RouteInfo | null>(null);

/** The registry route being shown, with its spec meta (manageType, orderType, ...). */
export const useRouteMeta = () => useContext(RouteContext);

export interface Decisions {
  loading: boolean;
  /** One answer per check, in order; false while loading. */
  allowed: boolean[];
  can: (action: string) => boolean;
}

/**
 * A permission question about a generated action; the resource may only name the attributes the
 * action's policy reads (its manifest's resource list), so a misspelt key fails to compile.
 */
export function authzCheck<A extends DeclaredAction>(
  action: A,
  ...resource: A['resource'] extends readonly [] ? [] : [{ [K in A['resource'][number]]?: unknown }?]
): AuthzCheck {
  return resource[0] === undefined ? { action: action.id } : { action: action.id, resource: resource[0] };
}

export const decisionsKey = (checks: AuthzCheck[]) => ['authz', 'decisions', checks] as const;

export async function fetchDecisions(checks: AuthzCheck[]): Promise<boolean[]> {
  if (checks.length === 0) return [];
  const res = await api.post<{ decisions: boolean[] }>('/authz/decisions', { checks });
  return checks.map((_, i) => res?.decisions?.[i] === true);
}

/** Asks the server's policies (the ones it enforces) what the user may do. */
export function useDecisions(checks: AuthzCheck[], enabled = true): Decisions {
  const user = useCurrentUser();
  const q = useQuery({
    queryKey: [...decisionsKey(checks), user?.id],
    queryFn: () => fetchDecisions(checks),
    enabled: enabled && !!user && checks.length > 0,
    staleTime: 60_000,
  });
  return useMemo(() => {
    const allowed = checks.map((_, i) => q.data?.[i] === true);
    return {
      loading: q.isPending && checks.length > 0,
      allowed,
      can: (action: string) => checks.some((c, i) => c.action === action && allowed[i]),
    };
  }, [checks, q.data, q.isPending]);
}
