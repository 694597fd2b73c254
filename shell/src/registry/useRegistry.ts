import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, fetchDecisions, type LoggedInOptions, type ModuleEntry } from '@its/kit';
import { LOGGED_IN_DEFAULT, allowedFrom, collectRoutes, defaultPath, gatingChecks, type Allowed } from './registry';
import { loadExposed, registerModuleRemotes } from './remotes';

export interface Registry {
  ready: boolean;
  failed: boolean;
  modules: ModuleEntry[];
  options: LoggedInOptions;
  allowed: Allowed;
  defaultPath: string;
}

/** After login: the modules the user may see, the logged-in options and the gating decisions. */
export function useRegistry(userId: string | undefined): Registry {
  const enabled = !!userId;
  const modulesQ = useQuery({
    queryKey: ['registry', 'modules', userId],
    queryFn: () => api.get<ModuleEntry[]>('/modules'),
    enabled,
    staleTime: 5 * 60_000,
  });
  const optionsQ = useQuery({
    queryKey: ['registry', 'options', userId],
    queryFn: () => api.get<LoggedInOptions>('/options/data/loggedIn'),
    enabled,
    staleTime: 5 * 60_000,
  });
  const modules = useMemo(() => (Array.isArray(modulesQ.data) ? modulesQ.data : []), [modulesQ.data]);
  const checks = useMemo(() => gatingChecks(modules), [modules]);
  const decisionsQ = useQuery({
    queryKey: ['authz', 'decisions', checks, userId],
    queryFn: () => fetchDecisions(checks),
    enabled: enabled && modulesQ.isSuccess,
    staleTime: 60_000,
  });

  useEffect(() => {
    registerModuleRemotes(modules);
    // Fetch the logged-in default's remote while the decisions are being asked; a failure
    // here is reported when the route itself loads it.
    const home = collectRoutes(modules).find((r) => r.name === LOGGED_IN_DEFAULT);
    if (home?.remote) loadExposed(home.remote.name, home.expose).catch(() => {});
  }, [modules]);

  return useMemo(() => {
    const allowed = allowedFrom(checks, decisionsQ.data);
    const failed = modulesQ.isError || decisionsQ.isError;
    // What the policies deny is neither routed nor shown (the server filters too; one source of truth).
    const visible = modules.map((m) => ({
      ...m,
      nav: (m.nav ?? []).filter((n) => allowed(n.action, n.resource)),
      routes: (m.routes ?? []).filter((r) => allowed(r.action, r.resource)),
    }));
    return {
      ready: (modulesQ.isSuccess && decisionsQ.isSuccess && !optionsQ.isPending) || failed,
      failed,
      modules: visible,
      options: optionsQ.data ?? {},
      allowed,
      defaultPath: defaultPath(modules, allowed),
    };
  }, [checks, decisionsQ.data, decisionsQ.isSuccess, decisionsQ.isError, modules, modulesQ.isSuccess, modulesQ.isError, optionsQ.data, optionsQ.isPending]);
}
