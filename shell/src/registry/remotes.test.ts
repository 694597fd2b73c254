import { afterEach, describe, expect, it, vi } from 'vitest';
import { getInstance, init } from '@module-federation/enhanced/runtime';
import type { ModuleEntry } from '@its/kit';
import { forgetRemote, registerModuleRemotes } from './remotes';

// Several modules serve their pages from one remote (seasons and internal assortments live in
// the assortment manager's): the runtime is told of each remote once, so it never warns that a
// remote "is already registered" (18 such warnings filled a walk's console).
const modules: ModuleEntry[] = [
  { id: 'assortments', title: 'module.assortments', remote: { name: 'assortments', entry: '/remotes/assortments/mf-manifest.json' } },
  { id: 'internalassortments', title: 'module.internalassortments', remote: { name: 'assortments', entry: '/remotes/assortments/mf-manifest.json' } },
  { id: 'seasons', title: 'module.seasons', remote: { name: 'assortments', entry: '/remotes/assortments/mf-manifest.json' } },
  { id: 'dashboard', title: 'module.dashboard', remote: { name: 'dashboard', entry: '/remotes/dashboard/mf-manifest.json' } },
];

const alreadyRegistered = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((c) => c.map(String).join(' ')).filter((m) => m.includes('already registered'));

describe('module remotes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('registers a remote shared by several modules once, and again only when forgotten, without a warning', () => {
    init({ name: 'its_shell_test', remotes: [] });
    const warn = vi.spyOn(console, 'warn');
    expect(registerModuleRemotes(modules)).toEqual(['assortments', 'dashboard']);
    expect(registerModuleRemotes(modules)).toEqual([]);
    forgetRemote('assortments', modules);
    expect(alreadyRegistered(warn)).toEqual([]);
    const names = getInstance()!.options.remotes.map((r) => r.name);
    expect(names.sort()).toEqual(['assortments', 'dashboard']);
  });
});
