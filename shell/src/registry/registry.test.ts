import { describe, expect, it } from 'vitest';
import { actions, type ModuleEntry } from '@its/kit';
import { allowedFrom, collectNav, collectRoutes, defaultPath, gatingChecks, navGroups, pathWithin, routeMatches, toRouterPath } from './registry';

const modules: ModuleEntry[] = [
  {
    id: 'orders',
    title: 'module.orders',
    remote: { name: 'orders', entry: '/remotes/orders/mf-manifest.json' },
    nav: [
      { id: 'samples', title: 'nav.orders.samples', path: '/orders/samples', action: 'orders.samples.view', order: 30 },
      { id: 'wholesale', title: 'nav.orders.wholesale', path: '/orders/wholesale', action: actions.ordersWholesaleView.id, order: 31 },
    ],
    routes: [
      { path: '/orders/samples', name: 'orders--samples', expose: './Samples', action: 'orders.samples.view', meta: { orderType: 'sample', allowCoordinatorChange: true } },
      { path: '/orders/wholesale', name: 'orders--wholesale', expose: './Wholesale', action: actions.ordersWholesaleView.id },
    ],
  },
  {
    id: 'dashboard',
    title: 'module.dashboard',
    remote: { name: 'dashboard', entry: '/remotes/dashboard/mf-manifest.json' },
    nav: [{ id: 'dashboard', title: 'nav.dashboard', path: '/dashboard', action: actions.dashboardView.id, order: 0 }],
    routes: [{ path: '/dashboard', name: 'dashboard--its', expose: './Dashboard', action: actions.dashboardView.id, layout: 'headless' }],
  },
];

describe('registry', () => {
  it('collects routes with their module and meta, longest path first', () => {
    const routes = collectRoutes(modules);
    expect(routes.map((r) => r.path)).toEqual(['/orders/wholesale', '/orders/samples', '/dashboard']);
    expect(routes[1]).toMatchObject({ moduleId: 'orders', meta: { orderType: 'sample', allowCoordinatorChange: true } });
  });

  it('orders navigation and groups it by module', () => {
    const nav = collectNav(modules);
    expect(nav.map((n) => n.id)).toEqual(['dashboard', 'samples', 'wholesale']);
    expect(navGroups(nav).map((g) => [g.id, g.items.length])).toEqual([
      ['dashboard', 1],
      ['orders', 2],
    ]);
  });

  it('groups by the nav group when items name one, across modules', () => {
    const nav = collectNav([
      { id: 'libraries', title: 'module.libraries', nav: [{ id: 'ads', title: 'nav.advertisingLibrary', path: '/a', group: 'libraries', order: 20 }] },
      { id: 'sampleinventory', title: 'module.sampleInventory', nav: [{ id: 'si', title: 'nav.sampleInventory', path: '/s', group: 'libraries', order: 26 }] },
    ]);
    expect(navGroups(nav)).toEqual([expect.objectContaining({ id: 'libraries', title: 'nav.group.libraries', items: [expect.objectContaining({ id: 'ads' }), expect.objectContaining({ id: 'si' })] })]);
  });

  it('asks about the resource with the action', () => {
    const mods: ModuleEntry[] = [
      {
        id: 'libraries',
        title: 'module.libraries',
        nav: [
          { id: 'ads', title: 't', path: '/a', action: actions.librariesView.id, resource: { libraryType: 'AdvertisingAsset' } },
          { id: 'step', title: 't', path: '/s', action: actions.librariesView.id, resource: { libraryType: 'StepAsset' } },
        ],
      },
    ];
    const checks = gatingChecks(mods);
    expect(checks).toEqual([
      { action: actions.librariesView.id, resource: { libraryType: 'AdvertisingAsset' } },
      { action: actions.librariesView.id, resource: { libraryType: 'StepAsset' } },
    ]);
    const allowed = allowedFrom(checks, [true, false]);
    expect(allowed(actions.librariesView.id, { libraryType: 'AdvertisingAsset' })).toBe(true);
    expect(allowed(actions.librariesView.id, { libraryType: 'StepAsset' })).toBe(false);
    expect(allowed(actions.librariesView.id)).toBe(false);
  });

  it('asks one decision per action and gates on the answers', () => {
    const checks = gatingChecks(modules);
    expect(checks).toEqual([{ action: actions.dashboardView.id }, { action: 'orders.samples.view' }, { action: actions.ordersWholesaleView.id }]);
    const allowed = allowedFrom(checks, [true, true, false]);
    expect(allowed('orders.samples.view')).toBe(true);
    expect(allowed(actions.ordersWholesaleView.id)).toBe(false);
    expect(allowed('never.asked')).toBe(false);
    expect(allowed(undefined)).toBe(true);
    expect(defaultPath(modules, allowed)).toBe('/dashboard');
  });

  it('matches a route exactly, with its parameters', () => {
    expect(routeMatches({ path: '/orders/samples' }, '/orders/samples')).toBe(true);
    expect(routeMatches({ path: '/orders/samples' }, '/orders/samples/order/42')).toBe(false);
    expect(routeMatches({ path: '/orders/samples/order/{orderId}' }, '/orders/samples/order/42')).toBe(true);
    expect(toRouterPath('/set-password/{userId}/{code}/{isNew?}')).toBe('/set-password/:userId/:code/:isNew?');
    expect(pathWithin('/advertising/libraries', '/advertising/libraries/assets')).toBe(true);
    expect(pathWithin('/advertising/libraries', '/advertising/libraries-x')).toBe(false);
  });
});
