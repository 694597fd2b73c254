import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actions, configureApi, type ModuleEntry } from '@its/kit';
import { fakeFetch, json } from '../kit/src/test/render';
import { App } from './App';
import { closeGlobalError } from './errors/errorStore';

const remoteState = vi.hoisted(() => ({ fail: new Set<string>() }));

vi.mock('./registry/remotes', () => ({
  registerModuleRemotes: () => [],
  forgetRemote: () => {},
  loadExposed: async (remote: string, expose: string) => {
    if (remoteState.fail.has(remote)) throw new Error(`manifest of ${remote} blocked`);
    return function Exposed() {
      return <div data-testid={`remote-${remote}`}>{`${remote} ${expose}`}</div>;
    };
  },
}));

const editor = { id: 'u-ed', name: 'Eddie', lastName: 'Editor', fullName: 'Eddie Editor', email: 'editor@example.com' };

const modules: ModuleEntry[] = [
  {
    id: 'dashboard',
    title: 'module.dashboard',
    remote: { name: 'dashboard', entry: '/remotes/dashboard/mf-manifest.json' },
    nav: [{ id: 'dashboard', title: 'nav.dashboard', path: '/dashboard', action: actions.dashboardView.id, order: 0, icon: 'home' }],
    routes: [{ path: '/dashboard', name: 'dashboard--its', expose: './Dashboard', action: actions.dashboardView.id, layout: 'headless' }],
  },
  {
    id: 'orders',
    title: 'module.orders',
    remote: { name: 'orders', entry: '/remotes/orders/mf-manifest.json' },
    nav: [
      { id: 'samples', title: 'nav.sampleOrders', path: '/orders/samples', action: 'orders.samples.view', order: 40 },
      { id: 'wholesale', title: 'nav.wholesaleOrders', path: '/orders/wholesale', action: actions.ordersWholesaleView.id, order: 41 },
    ],
    routes: [
      { path: '/orders', name: 'orders', expose: './Samples', action: 'orders.samples.view', meta: { redirect: '/orders/samples' } },
      { path: '/orders/samples', name: 'orders--samples-list', expose: './Samples', action: 'orders.samples.view', meta: { orderType: 'sample' } },
      { path: '/orders/samples/order/{orderId}', name: 'orders--samples', expose: './Samples', action: 'orders.samples.view', meta: { orderType: 'sample' } },
      { path: '/orders/samples/o/{orderId}', name: 'orders--samples--short', expose: './Samples', action: 'orders.samples.view', meta: { redirect: '/orders/samples/order/{orderId}' } },
      { path: '/orders/wholesale', name: 'orders--wholesale', expose: './Wholesale', action: actions.ordersWholesaleView.id },
    ],
  },
];

function server({ loggedIn = false, modulesStatus = 200, modulesBody = { data: modules } as unknown, providers = [] as unknown[] } = {}) {
  let session = loggedIn;
  return fakeFetch({
    'GET /api/users/sso/providers': () => json(200, { data: providers }),
    'GET /api/users/ping': () => (session ? json(200, { data: { user: editor, csrfToken: 'c' } }) : json(401, { message: 'no session', messageCode: 'ITS_ERR_UNAUTHENTICATED' })),
    'POST /api/users/session': (init) => {
      const body = JSON.parse(String(init.body)) as { email: string; password: string };
      if (body.email.endsWith('@corp.example'))
        return json(403, { message: 'Addresses of this domain sign in with Corp Login.', messageCode: 'ITS_ERR_SSO_REQUIRED', details: { provider: 'corp', name: 'Corp Login' } });
      if (body.password !== 'its-demo') return json(401, { message: 'Wrong e-mail or password.', messageCode: 'ITS_ERR_LOGIN_INVALID' });
      session = true;
      return json(200, { data: { user: editor, csrfToken: 'c' } });
    },
    'POST /api/users/logout': () => ((session = false), json(200, { data: { loggedOut: true } })),
    'GET /api/options/data/public': () => json(200, { data: { version: '1.2.3' } }),
    'GET /api/options/data/loggedIn': () => json(200, { data: { tools: [{ id: 'upcLookup', url: 'https://upc.example.com' }], helpEnabled: true } }),
    'GET /api/modules': () => json(modulesStatus, modulesBody),
    // Wholesale is in the registry but the policy says no.
    'POST /api/authz/decisions': (init) => {
      const { checks } = JSON.parse(String(init.body)) as { checks: { action: string }[] };
      return json(200, { decisions: checks.map((c) => c.action !== actions.ordersWholesaleView.id) });
    },
    'POST /api/notifications/all/query': () =>
      json(200, { data: { items: Array.from({ length: 12 }, (_, i) => ({ id: `n${i}`, type: 'SystemNotification', title: `Note ${i}`, state: 'New' })), total: 12, newCount: 12 } }),
  });
}

function start(path: string, f: ReturnType<typeof fakeFetch>) {
  window.history.replaceState({}, '', path);
  configureApi({ fetch: f });
  return render(<App />);
}

beforeEach(() => {
  remoteState.fail.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => closeGlobalError());

describe('the shell', () => {
  it('shows the login page when logged out, and the dashboard after logging in', async () => {
    start('/', server());
    const form = await screen.findByTestId('login-form');
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'editor@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByTestId('login-submit'));
    expect(await screen.findByText('Wrong e-mail or password.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'its-demo' } });
    fireEvent.click(within(form).getByTestId('login-submit'));
    expect(await screen.findByText("You've successfully logged in")).toBeTruthy();
    expect(await screen.findByTestId('remote-dashboard')).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    const bar = screen.getByTestId('app-bar');
    expect(within(bar).getByText('Dashboard')).toBeTruthy();
    // The policy hides wholesale: only one orders entry, shown as a direct link.
    expect(within(bar).getByText('Sample orders')).toBeTruthy();
    expect(within(bar).queryByText('Wholesale orders')).toBeNull();
    expect(await within(bar).findByText('9+')).toBeTruthy();
  });

  it('offers a button per company sign-in provider, says why a company sign-in was refused, and names the provider of a provider-only address', async () => {
    start('/?ssoError=ITS_ERR_SSO_STATE', server({ providers: [{ id: 'corp', name: 'Corp Login', type: 'oidc' }] }));
    const button = await screen.findByTestId('sso-corp');
    expect(button.textContent).toBe('Sign in with Corp Login');
    expect(button.getAttribute('href')).toBe('/api/users/sso/corp/login');
    expect(screen.getByTestId('sso-error').textContent).toBe('This sign-in link was already used or has expired. Please sign in again.');
    const form = screen.getByTestId('login-form');
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'ada@corp.example' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(within(form).getByTestId('login-submit'));
    expect(await screen.findByText('Addresses of this domain sign in with Corp Login: use the button "Sign in with Corp Login".')).toBeTruthy();
  });

  it('sends a gated route without its permission, and unknown paths, to the default, saying why', async () => {
    start('/orders/wholesale', server({ loggedIn: true }));
    expect(await screen.findByTestId('remote-dashboard')).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    // A link the user may not follow (an announcement's to a page of another role) says so.
    expect(await screen.findByText('You cannot open /orders/wholesale: it does not exist or your role has no access to it. You are on your start page instead.')).toBeTruthy();
    act(() => window.history.pushState({}, '', '/no/such/page'));
    cleanupAndStart('/no/such/page');
    expect(await screen.findByTestId('remote-dashboard')).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    expect(await screen.findByText(/You cannot open \/no\/such\/page:/)).toBeTruthy();
  });

  it('says nothing when the bare address opens the start page', async () => {
    start('/', server({ loggedIn: true }));
    expect(await screen.findByTestId('remote-dashboard')).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.queryByText(/You cannot open/)).toBeNull();
  });

  it('opens an allowed route with its meta, and follows a redirect route', async () => {
    start('/orders', server({ loggedIn: true }));
    expect(await screen.findByTestId('remote-orders')).toBeTruthy();
    expect(window.location.pathname).toBe('/orders/samples');
    cleanupAndStart('/orders/samples/order/42');
    expect(await screen.findByTestId('remote-orders')).toBeTruthy();
    expect(document.querySelector('[data-route]')?.getAttribute('data-route')).toBe('orders--samples');
  });

  it('fills a redirect target with the route parameters and keeps the query', async () => {
    start('/orders/samples/o/42?tab=lines', server({ loggedIn: true }));
    expect(await screen.findByTestId('remote-orders')).toBeTruthy();
    expect(window.location.pathname).toBe('/orders/samples/order/42');
    expect(window.location.search).toBe('?tab=lines');
  });

  it('shows the chunk-load toast when a remote fails to load, and keeps working', async () => {
    remoteState.fail.add('dashboard');
    start('/dashboard', server({ loggedIn: true }));
    expect(await screen.findByText('Warning: Please disable ad blockers or whitelist the product to use this site')).toBeTruthy();
    expect(screen.getByTestId('remote-unavailable')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('app-bar')).getByText('Sample orders'));
    expect(await screen.findByTestId('remote-orders')).toBeTruthy();
  });

  it('opens the server error dialog for a 5xx answer', async () => {
    start('/dashboard', server({ loggedIn: true, modulesStatus: 500, modulesBody: { message: 'registry unavailable', details: { module: 'orders' } } }));
    const dialog = await screen.findByTestId('server-error-dialog');
    expect(within(dialog).getByText('Unexpected Server Error')).toBeTruthy();
    expect(within(dialog).getByTestId('server-error-details').textContent).toContain('registry unavailable');
    expect(within(dialog).getByTestId('server-error-details').textContent).toContain('"module": "orders"');
  });

  it('says when the server gave no details', async () => {
    start('/dashboard', server({ loggedIn: true, modulesStatus: 502, modulesBody: undefined }));
    const dialog = await screen.findByTestId('server-error-dialog');
    expect(within(dialog).getByText('- No additional information available -')).toBeTruthy();
  });

  it('serves the public pages without login', async () => {
    start('/not-approved', server());
    expect(await screen.findByTestId('not-approved-page')).toBeTruthy();
  });

  it('logs out from the user menu to the logged-out page', async () => {
    const f = server({ loggedIn: true });
    start('/dashboard', f);
    await screen.findByTestId('remote-dashboard');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(screen.getByTestId('logout'));
    expect(await screen.findByTestId('logged-out-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/logged-out');
    // A POST with the CSRF token: a cross-site page can send neither, so cannot log the user out.
    const logout = f.calls.find((c) => c.url.includes('/api/users/logout'));
    expect(logout?.init.method).toBe('POST');
    expect(new Headers(logout?.init.headers).get('X-CSRF-Token')).toBeTruthy();
  });
});

let lastFetch: ReturnType<typeof fakeFetch> | undefined;
function cleanupAndStart(path: string) {
  lastFetch = server({ loggedIn: true });
  document.body.innerHTML = '';
  start(path, lastFetch);
}
