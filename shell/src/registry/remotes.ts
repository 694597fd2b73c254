/**
 * Loads module remotes at run time from the registry: each module's remote is registered with
 * the module federation runtime from its manifest URL, then its exposed routes are loaded on
 * demand. Nothing about a module is known at build time.
 */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { ModuleEntry } from '@its/kit';

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

/** Registers (or re-points) the remotes of these modules; answers the ones registered. */
export function registerModuleRemotes(modules: ModuleEntry[]): string[] {
  const fresh = [];
  for (const m of modules) {
    if (!m.remote?.name || !m.remote.entry) continue;
    if (registered.get(m.remote.name) === m.remote.entry) continue;
    fresh.push({ name: m.remote.name, entry: m.remote.entry });
  }
  if (fresh.length && getInstance()) {
    registerRemotes(fresh, { force: true });
    for (const r of fresh) registered.set(r.name, r.entry);
  }
  return fresh.map((r) => r.name);
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

export function forgetRemote(remote: string, modules: ModuleEntry[]) {
  registered.delete(remote);
  for (const k of [...loaded.keys()]) if (k.startsWith(`${remote}/`)) loaded.delete(k);
  registerModuleRemotes(modules.filter((m) => m.remote?.name === remote));
}
