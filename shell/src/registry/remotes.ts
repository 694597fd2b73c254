/**
 * Loads module remotes at run time from the registry: each module's remote is registered with
 * the module federation runtime from its manifest URL, then its exposed routes are loaded on
 * demand. Nothing about a module is known at build time.
 */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { setRemoteLoader, type ModuleEntry } from '@its/kit';

const registered = new Map<string, string>();
const loaded = new Map<string, Promise<ComponentType>>();

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    cause: unknown,
  ) {
    super(`Cannot load remote ${remote}`);
    this.name = 'RemoteLoadError';
    this.cause = cause;
  }
}

/**
 * Registers (or re-points) the remotes of these modules, each remote once even when several
 * modules serve their pages from it; answers the ones registered. A remote re-pointed (its
 * entry changed, or forgotten after a failed load) is removed from the runtime first, so the
 * runtime never overrides one it holds (it warns "already registered" when it does).
 */
export function registerModuleRemotes(modules: ModuleEntry[]): string[] {
  const fresh = new Map<string, { name: string; entry: string }>();
  for (const m of modules) {
    if (!m.remote?.name || !m.remote.entry) continue;
    if (registered.get(m.remote.name) === m.remote.entry || fresh.has(m.remote.name)) continue;
    fresh.set(m.remote.name, { name: m.remote.name, entry: m.remote.entry });
  }
  const host = getInstance();
  if (fresh.size && host) {
    // What registerRemotes' force does, without its warning: drop the held remote, its loaded
    // container and its manifest, so the next load fetches them again.
    const held = host.options.remotes.filter((r) => fresh.has(r.name));
    const handler = host.remoteHandler as unknown as { removeRemote(r: (typeof held)[number]): void };
    for (const r of held) handler.removeRemote(r);
    // The runtime makes each entry it is given absolute in place: it gets copies, and the
    // entries kept are the registry's, which the next registration compares.
    registerRemotes([...fresh.values()].map((r) => ({ ...r })));
    for (const r of fresh.values()) registered.set(r.name, r.entry);
  }
  return [...fresh.keys()];
}

const exposeKey = (remote: string, expose: string) => `${remote}/${expose.replace(/^\.\//, '')}`;

/** The component a remote exposes (its default export, or the export named like the expose). */
export function loadExposed(remote: string, expose: string): Promise<ComponentType> {
  const key = exposeKey(remote, expose);
  let p = loaded.get(key);
  if (!p) {
    p = loadRemote<Record<string, unknown>>(key)
      .then((mod) => {
        const name = expose.replace(/^\.\//, '');
        const comp = (mod?.default ?? mod?.[name]) as ComponentType | undefined;
        if (!comp) throw new Error(`${key} exports no component`);
        return comp;
      })
      .catch((e: unknown) => {
        loaded.delete(key);
        // Let a retry fetch the manifest again.
        registered.delete(remote);
        throw new RemoteLoadError(remote, e);
      });
    loaded.set(key, p);
  }
  return p;
}

// Remotes render each other's exposed components through the kit (remoteComponent).
setRemoteLoader(loadExposed);

export function forgetRemote(remote: string, modules: ModuleEntry[]) {
  registered.delete(remote);
  for (const k of [...loaded.keys()]) if (k.startsWith(`${remote}/`)) loaded.delete(k);
  registerModuleRemotes(modules.filter((m) => m.remote?.name === remote));
}
