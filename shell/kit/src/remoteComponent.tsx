/**
 * A component another module's remote exposes, loaded through the shell's module federation
 * runtime when it first renders (the remote is registered from the module registry, so nothing
 * about it is known at build time), with a placeholder while it loads.
 */
import { Suspense, lazy, type ComponentType } from 'react';
import { Skeleton } from './ui';

/** Loads a remote's exposed component; the shell sets it (setRemoteLoader) when it starts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RemoteLoader = (remote: string, expose: string) => Promise<ComponentType<any>>;

let loader: RemoteLoader | null = null;

export function setRemoteLoader(l: RemoteLoader | null) {
  loader = l;
}

/** The component `expose` of the remote named `remote` (its registry remote.name). */
export function remoteComponent<P extends object>(remote: string, expose: string): ComponentType<P> {
  const Lazy = lazy(async () => {
    if (!loader) throw new Error(`Cannot load ${remote}/${expose}: no remote loader`);
    return { default: (await loader(remote, expose)) as ComponentType<P> };
  });
  function Remote(props: P) {
    return (
      <Suspense fallback={<Skeleton width="100%" height={32} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Remote.displayName = `Remote(${remote}/${expose})`;
  return Remote;
}
