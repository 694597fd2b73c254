import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { actions, api, configureApi, type SessionAnswer } from '@its/kit';
import { showNetworkError, showServerError } from '../errors/errorStore';
import { SessionController, type SessionSnapshot } from './controller';
import { ACTIVITY_EVENTS } from './machine';

export const sessionApi = {
  ping: () => api.get<SessionAnswer>('/users/ping', { silent: true, kind: actions.sessionPing.id }),
  /** Ends the session; a session from a company provider then ends at the provider too. */
  logout: async () => {
    const answer = await api.post<{ loggedOut: boolean; redirect?: string }>('/users/logout', undefined, { silent: true });
    if (answer?.redirect) window.location.assign(answer.redirect);
    return answer;
  },
  login: (email: string, password: string) =>
    api.post<SessionAnswer>('/users/session', { email, password }, { silent: true, kind: actions.sessionLogin.id }),
};

interface SessionContextValue {
  controller: SessionController;
  snapshot: SessionSnapshot;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}

export function createSessionController() {
  return new SessionController({ ping: sessionApi.ping, logout: sessionApi.logout });
}

/** Owns the one session controller: wires the API client's 401, timers and activity events. */
export function SessionProvider({ controller, children }: { controller: SessionController; children: ReactNode }) {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);

  useEffect(() => {
    configureApi({
      onUnauthorized: () => controller.unauthorized(),
      onServerError: showServerError,
      onNetworkError: showNetworkError,
    });
    void controller.restore();
    controller.start();
    const onActivity = () => controller.activity();
    for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true, capture: true });
    const onVisibility = () => void controller.visibilityCheck();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.stop();
      for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [controller]);

  // Nothing cached for one user may be shown to the next.
  useEffect(() => {
    if (snapshot.state === 'loggedOut') queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
  }, [snapshot.state, queryClient]);

  const value = useMemo(() => ({ controller, snapshot }), [controller, snapshot]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
