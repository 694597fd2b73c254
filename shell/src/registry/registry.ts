/** The module registry as the shell uses it: routes to mount, navigation, gating decisions. */
import { matchPath } from 'react-router';
import type { AuthzCheck, ModuleEntry, ModuleRoute, NavItem } from '@its/kit';

export const LOGGED_IN_DEFAULT = 'dashboard--its';
export const LOGGED_OUT_DEFAULT = 'dashboard--default';
export const FALLBACK_DEFAULT_PATH = '/dashboard';

export interface ResolvedRoute extends ModuleRoute {
  moduleId: string;
  remote?: ModuleEntry['remote'];
}

export interface ResolvedNav extends NavItem {
  moduleId: string;
  moduleTitle: string;
}

export function collectRoutes(modules: ModuleEntry[]): ResolvedRoute[] {
  const out: ResolvedRoute[] = [];
  for (const m of modules) for (const r of m.routes ?? []) out.push({ ...r, moduleId: m.id, remote: m.remote });
  // Longer paths first, so the most specific route is found first.
  return out.sort((a, b) => b.path.length - a.path.length);
}

export function collectNav(modules: ModuleEntry[]): ResolvedNav[] {
  const out: ResolvedNav[] = [];
  for (const m of modules) for (const n of m.nav ?? []) out.push({ ...n, moduleId: m.id, moduleTitle: m.title });
  return out.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id));
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
    .join(',')}}`;
}

const checkKey = (action: string, resource?: Record<string, unknown>) => `${action}|${resource ? stable(resource) : ''}`;

/** One check per distinct action and resource of routes and nav, for POST /api/authz/decisions. */
export function gatingChecks(modules: ModuleEntry[]): AuthzCheck[] {
  const checks = new Map<string, AuthzCheck>();
  const add = (action?: string, resource?: Record<string, unknown>) => {
    if (action) checks.set(checkKey(action, resource), resource ? { action, resource } : { action });
  };
  for (const r of collectRoutes(modules)) add(r.action, r.resource);
  for (const n of collectNav(modules)) add(n.action, n.resource);
  return [...checks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, c]) => c);
}

export type Allowed = (action: string | undefined, resource?: Record<string, unknown>) => boolean;

export function allowedFrom(checks: AuthzCheck[], decisions: boolean[] | undefined): Allowed {
  const map = new Map<string, boolean>();
  checks.forEach((c, i) => map.set(checkKey(c.action, c.resource), decisions?.[i] === true));
  return (action, resource) => !action || map.get(checkKey(action, resource)) === true;
}

export function defaultPath(modules: ModuleEntry[], allowed: Allowed): string {
  const r = collectRoutes(modules).find((x) => x.name === LOGGED_IN_DEFAULT && allowed(x.action, x.resource));
  return r?.path ?? FALLBACK_DEFAULT_PATH;
}

/** Registry paths name parameters as {name} (or {name?}); the router writes :name. */
export const toRouterPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)(\?)?\}/g, (_, name: string, opt?: string) => `:${name}${opt ?? ''}`);

/**
 * A registry route matches exactly its own path (with its parameters): the registry lists every
 * route, so a path it does not list, or lists only for others, is not open to this user.
 */
export function routeMatches(route: Pick<ModuleRoute, 'path'>, pathname: string): boolean {
  return matchPath({ path: toRouterPath(route.path), end: true }, pathname) !== null;
}

/** A nav entry is current on its own path and on every path below it. */
export function pathWithin(base: string, pathname: string): boolean {
  const b = base.replace(/\/+$/, '');
  return pathname === b || pathname.startsWith(`${b}/`);
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** A landing page opens its section: `logos-landing` is the entry of `logos`. */
const sectionOf = (segment: string) => segment.replace(/-landing$/, '');

/** How many leading path segments two paths share (a landing segment counts as its section). */
function sharedSegments(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && sectionOf(a[n]!) === sectionOf(b[n]!)) n++;
  return n;
}

/**
 * The nav entry whose section owns the page. A nav entry points at one page of its section
 * (`/global-retail/libraries/manage/pending`), and a section's pages are its siblings and
 * children (`.../manage/published`, `.../manage/upload`), so the entry sharing the most leading
 * segments with the page wins, not the shortest path that happens to contain it
 * (`/global-retail/libraries`). Entries of the module that serves the page come first; among
 * equals, an entry whose whole path contains the page wins, then the first in nav order.
 */
export function currentNav<T extends ResolvedNav>(nav: T[], routes: Pick<ResolvedRoute, 'path' | 'moduleId'>[], pathname: string): T | undefined {
  const owner = routes.find((r) => routeMatches(r, pathname))?.moduleId;
  const own = owner ? nav.filter((n) => n.moduleId === owner) : [];
  const candidates = own.length > 0 ? own : nav;
  const page = segments(pathname);
  let best: T | undefined;
  let bestScore = 0;
  let bestWithin = false;
  for (const n of candidates) {
    const score = sharedSegments(segments(n.path), page);
    const within = pathWithin(n.path, pathname);
    // Without an owning module a shared first segment alone (`/product`) is no section.
    if (score === 0 || (!within && own.length === 0 && score < 2)) continue;
    if (score > bestScore || (score === bestScore && within && !bestWithin)) {
      best = n;
      bestScore = score;
      bestWithin = within;
    }
  }
  return best;
}

export interface NavGroup {
  /** The nav group when items name one, else the module id. */
  id: string;
  /** A message id: nav.group.<group>, or the module's title. */
  title: string;
  items: ResolvedNav[];
}

/** Groups nav items for the app bar: by their group when they name one, else by module. */
export function navGroups(nav: ResolvedNav[]): NavGroup[] {
  const groups = new Map<string, NavGroup>();
  for (const n of nav) {
    const id = n.group ?? n.moduleId;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { id, title: n.group ? `nav.group.${n.group}` : n.moduleTitle, items: [] }));
    g.items.push(n);
  }
  return [...groups.values()];
}
