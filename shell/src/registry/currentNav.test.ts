/**
 * Which app bar entry a page belongs to, checked against the registry the modules really declare
 * (their module.yaml nav and ui routes), so a new library or assortment route is covered too.
 */
import { describe, expect, it } from 'vitest';
import type { ModuleEntry, ModuleRoute, NavItem } from '@its/kit';
import admin from '../../../modules/admin/module.yaml?raw';
import assortments from '../../../modules/assortments/module.yaml?raw';
import dashboard from '../../../modules/dashboard/module.yaml?raw';
import libraries from '../../../modules/libraries/module.yaml?raw';
import products from '../../../modules/products/module.yaml?raw';
import sampleinventory from '../../../modules/sampleinventory/module.yaml?raw';
import { collectNav, collectRoutes, currentNav, navGroups } from './registry';

const manifests: Record<string, string> = { dashboard, libraries, sampleinventory, products, assortments, admin };

/** The nav items and ui route paths of a module.yaml (flow-style nav lines, `path:` route keys). */
function manifest(id: string): ModuleEntry {
  const text = manifests[id]!;
  const [head, ui = ''] = text.split(/^ui:\s*$/m);
  const nav: NavItem[] = [];
  for (const line of head!.split('\n')) {
    const m = /^\s*-\s*\{id:\s*([\w-]+),.*?\bpath:\s*"?([^",}]+)"?/.exec(line);
    if (!m) continue;
    const group = /\bgroup:\s*([\w-]+)/.exec(line)?.[1];
    const order = Number(/\border:\s*(\d+)/.exec(line)?.[1] ?? 0);
    nav.push({ id: m[1]!, title: `nav.${m[1]}`, path: m[2]!.trim(), order, ...(group ? { group } : {}) });
  }
  const routes: ModuleRoute[] = [...ui.matchAll(/^\s*-\s*\{?\s*path:\s*"?([^",}\n]+)"?/gm)].map((m, i) => ({ path: m[1]!.trim(), name: `${id}-${i}`, expose: './X' }));
  return { id, title: `module.${id}`, nav, routes };
}

const modules = ['dashboard', 'libraries', 'sampleinventory', 'products', 'assortments', 'admin'].map(manifest);
const nav = collectNav(modules);
const routes = collectRoutes(modules);
const groupOf = (navId: string | undefined) => navGroups(nav).find((g) => g.items.some((n) => n.id === navId))?.id;
const current = (path: string) => currentNav(nav, routes, path)?.id;
/** A concrete page of a route: its parameters filled in. */
const page = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');
const routesOf = (id: string) => modules.find((m) => m.id === id)!.routes!.map((r) => page(r.path));

describe('the current app bar entry', () => {
  it('reads the manifests', () => {
    expect(nav.find((n) => n.id === 'globalRetailManage')).toMatchObject({ path: '/global-retail/libraries/manage/pending', group: 'manageLibraries' });
    expect(routesOf('libraries')).toContain('/global-retail/libraries/manage/published');
    expect(routesOf('assortments').length).toBeGreaterThan(3);
  });

  it('puts every library manage route under Manage libraries, on its own library', () => {
    const manage = routesOf('libraries').filter((p) => p.includes('/manage'));
    expect(manage.length).toBeGreaterThan(10);
    const owner: Record<string, string> = { advertising: 'advertisingManage', 'global-retail': 'globalRetailManage', product: 'productDocumentsManage', sales: 'stepManage' };
    for (const p of manage) {
      expect([p, current(p)]).toEqual([p, owner[p.split('/')[1]!]]);
      expect([p, groupOf(current(p))]).toEqual([p, 'manageLibraries']);
    }
  });

  it('puts every library browse route under Libraries, on the library it shows', () => {
    const browse = routesOf('libraries').filter((p) => !p.includes('/manage') && !p.startsWith('/prototypes'));
    expect(browse.length).toBeGreaterThan(8);
    const owner = (p: string) => {
      if (p.startsWith('/advertising/libraries/logos')) return 'advertisingLogos';
      if (p.startsWith('/advertising/')) return 'advertising';
      if (p.startsWith('/global-retail/libraries/resources')) return 'globalRetailResources';
      if (p.startsWith('/global-retail/')) return 'globalRetail';
      if (p.startsWith('/product/libraries/documents')) return 'productDocuments';
      return 'step';
    };
    for (const p of browse) {
      expect([p, current(p)]).toEqual([p, owner(p)]);
      expect([p, groupOf(current(p))]).toEqual([p, 'libraries']);
    }
    expect(current('/advertising/libraries/previewer')).toBe('advertising');
    // The prototype playgrounds the libraries module also holds are their own entry.
    for (const p of routesOf('libraries').filter((r) => r.startsWith('/prototypes'))) expect([p, groupOf(current(p))]).toEqual([p, 'prototypes']);
    expect(current('/advertising/libraries/logos')).toBe('advertisingLogos');
  });

  it('keeps sample inventory, products and the assortment manager on their own entries', () => {
    for (const p of routesOf('sampleinventory')) expect([p, current(p)]).toEqual([p, 'sampleInventory']);
    expect(current('/product/libraries/products')).toBe('products');
    const assortments = routesOf('assortments');
    // Reporting has its own entry in the Assortments menu; every other page is the manager's.
    for (const p of assortments) expect([p, current(p)]).toEqual([p, p === '/product/assortments/reporting' ? 'assortmentReporting' : 'assortments']);
    expect(current('/product/assortments/assortment/42/manage')).toBe('assortments');
  });

  it('marks a section by its module when the nav points at another page of it, and nothing elsewhere', () => {
    expect(current('/admin/mail')).toBe('admin');
    expect(current('/dashboard')).toBe('dashboard');
    expect(current('/global/conference/spring26')).toBeUndefined();
    expect(current('/product/unknown')).toBeUndefined();
  });
});
