import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, Spinner, toast, useModules } from '@its/kit';
import type { ResolvedRoute } from './registry';
import { forgetRemote, loadExposed } from './remotes';

export const CHUNK_TOAST_KEY = 'chunk-load';

/** The spec's code-chunk load failure toast. */
export function useChunkToast() {
  const intl = useIntl();
  return () =>
    toast.warning(
      intl.formatMessage({
        id: 'error.chunkLoad',
        defaultMessage: 'Warning: Please disable ad blockers or whitelist the product to use this site',
      }),
      { key: CHUNK_TOAST_KEY },
    );
}

class RouteErrorBoundary extends Component<{ children: ReactNode; fallback: (retry: () => void) => ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    console.error('Route failed', error);
  }
  override render() {
    if (this.state.error) return this.props.fallback(() => this.setState({ error: null }));
    return this.props.children;
  }
}

export function RouteLoading() {
  return (
    <div className="shell-route-loading" data-testid="route-loading">
      <Spinner size={28} />
    </div>
  );
}

function Unavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="shell-route-error" data-testid="remote-unavailable">
      <EmptyState icon="warning" title={<FormattedMessage id="route.unavailable.title" defaultMessage="This area could not be loaded" />}>
        <p>
          <FormattedMessage
            id="route.unavailable.body"
            defaultMessage="Something between your browser and ITS blocked part of the page. The rest of ITS keeps working."
          />
        </p>
        <button type="button" className="its-btn its-btn--secondary" onClick={onRetry}>
          <FormattedMessage id="route.unavailable.retry" defaultMessage="Try again" />
        </button>
      </EmptyState>
    </div>
  );
}

/** Loads the route's exposed component from its module's remote and renders it. */
export function RemoteOutlet({ route }: { route: ResolvedRoute }) {
  const modules = useModules();
  const chunkToast = useChunkToast();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; comp?: ComponentType; failed?: boolean } | null>(null);
  const remote = route.remote?.name ?? '';
  const key = `${remote}/${route.expose}#${attempt}`;

  useEffect(() => {
    let alive = true;
    if (!remote) {
      setState({ key, failed: true });
      return;
    }
    loadExposed(remote, route.expose).then(
      (comp) => alive && setState({ key, comp }),
      (e: unknown) => {
        console.error(e);
        if (!alive) return;
        chunkToast();
        setState({ key, failed: true });
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const retry = () => {
    forgetRemote(remote, modules);
    setAttempt((a) => a + 1);
  };

  if (!state || state.key !== key) return <RouteLoading />;
  if (state.failed || !state.comp) return <Unavailable onRetry={retry} />;
  const Comp = state.comp;
  return (
    <RouteErrorBoundary fallback={(reset) => <Unavailable onRetry={() => (reset(), retry())} />}>
      <Suspense fallback={<RouteLoading />}>
        <Comp />
      </Suspense>
    </RouteErrorBoundary>
  );
}
