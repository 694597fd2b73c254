import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, request as pwRequest, type APIRequestContext, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, databaseUrl, demoEmail, repoRoot, startServer } from '../server.mjs';
import { actions } from '../../shell/kit/src/generated/actions';

/** A server global setup started: its address and its company identity providers. */
export interface SuiteServer {
  url: string;
  idp: Record<string, string>;
}

/** The server of this worker (global setup starts one per worker, each on its own database). */
export function suiteServer(): SuiteServer {
  const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as SuiteServer[];
  const server = servers[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % Math.max(1, servers.length)];
  if (!server) throw new Error('E2E_SERVERS is not set (global setup starts the servers)');
  return server;
}

export const baseUrl = () => suiteServer().url;

/** Saves a screenshot under e2e/screenshots/ for a person to look at. */
export async function shot(page: Page, name: string) {
  const dir = join(repoRoot, 'e2e', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/**
 * Waits until no animation with an end (a drawer sliding in, a menu fading in) is still running,
 * so a screenshot shows where it ends; endless ones (a spinner) do not count.
 */
export async function animationsDone(page: Page, timeout?: number) {
  const running = () =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length);
  await expect.poll(running, timeout === undefined ? {} : { timeout }).toBe(0);
}

/**
 * Logs the page's browser in as role on the server at url and opens the dashboard: the session
 * call goes through the page's request context, whose cookies are the browser's (the session
 * cookie and the readable CSRF cookie the shell's writes send back), and the shell's first ping
 * picks the session up as on any reload. Filling the form took a second or more per login on a
 * busy machine; the specs of the form itself log in with loginWithForm.
 */
/**
 * Signs page's browser context in as role through the API (the session and CSRF cookies land in
 * the context's jar) without opening a page: for a test whose next step opens the page it needs,
 * so the dashboard is not drawn for nothing. The shell reads the CSRF token on its first load.
 */
export async function signIn(page: Page, role: string, url = baseUrl()) {
  const res = await page.request.post(`${url}/api/users/session`, { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok(), `log in as ${role}: ${res.status()}`).toBeTruthy();
}

/** Signs in as role (signIn) and opens the dashboard. */
export async function login(page: Page, role: string, url = baseUrl()) {
  await signIn(page, role, url);
  await page.goto(`${url}/`);
  await expect(page.getByTestId('quick-links')).toBeVisible();
}

/** Logs in as role through the login form, as a person does (the specs of the form itself). */
export async function loginWithForm(page: Page, role: string, url = baseUrl()) {
  await page.goto(`${url}/`);
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await form.locator('input[name=email]').fill(demoEmail(role));
  await form.locator('input[name=password]').fill(DEMO_PASSWORD);
  await form.getByTestId('login-submit').click();
  await expect(page.getByTestId('quick-links')).toBeVisible();
}

interface NavItem {
  id: string;
  action?: string;
  resource?: Record<string, unknown>;
}
interface Module {
  id: string;
  nav?: NavItem[];
}

/** What the API gives a role: its modules, options, and the decisions for every nav action. */
export async function apiView(role: string, url = baseUrl()) {
  const ctx = await pwRequest.newContext({ baseURL: url });
  try {
    const session = await ctx.post('/api/users/session', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
    expect(session.ok()).toBeTruthy();
    const { csrfToken } = (await session.json()).data as { csrfToken: string };
    const modules = (await (await ctx.get('/api/modules')).json()).data as Module[];
    const options = (await (await ctx.get('/api/options/data/loggedIn')).json()).data as { tools?: { id: string }[]; helpEnabled?: boolean };
    const nav = modules.flatMap((m) => (m.nav ?? []).map((n) => ({ ...n, moduleId: m.id })));
    const checks = nav.map((n) => (n.resource ? { action: n.action ?? actions.dashboardView.id, resource: n.resource } : { action: n.action ?? actions.dashboardView.id }));
    const res = await ctx.post('/api/authz/decisions', { data: { checks }, headers: { 'X-CSRF-Token': csrfToken } });
    expect(res.ok()).toBeTruthy();
    const { decisions } = (await res.json()) as { decisions: boolean[] };
    return {
      modules,
      options,
      navIds: nav.filter((n, i) => !n.action || decisions[i]).map((n) => n.id).sort(),
    };
  } finally {
    await ctx.dispose();
  }
}

/** The nav entries the app bar shows, opening each module's menu to read its items. */
export async function shownNavIds(page: Page): Promise<string[]> {
  const bar = page.getByTestId('app-bar');
  const ids = new Set<string>(await bar.locator('nav [data-nav-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-nav-id') ?? '')));
  const groups = bar.locator('[data-testid^="nav-group-"]');
  for (let i = 0; i < (await groups.count()); i++) {
    await groups.nth(i).click();
    for (const id of await page.locator('[role=menu] [data-nav-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-nav-id') ?? ''))) ids.add(id);
    await page.keyboard.press('Escape');
  }
  return [...ids].filter(Boolean).sort();
}

/** Slows the page's uploads to bytesPerSecond (progress can be watched, a server killed mid-upload); the answer undoes it. */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 5, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

/** A server startServer started. */
export type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * Two ITS servers sharing one database for the file's tests (run in order): started before
 * them, stopped after; read a and b inside the tests.
 */
export function twoServers(): { a: Server; b: Server } {
  const servers = {} as { a: Server; b: Server };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    servers.a = await startServer();
    servers.b = await startServer({ env: { ITS_DATABASE_URL: databaseUrl(servers.a.dataDir) } });
  });
  test.afterAll(async () => {
    await servers.b?.stop();
    await servers.a?.stop();
  });
  return servers;
}

/** A role's API session (on the server at url): its request context and the CSRF token its writes send. */
export interface Api {
  ctx: APIRequestContext;
  csrf: string;
}

export async function apiSession(role: string, url = baseUrl()): Promise<Api> {
  const ctx = await pwRequest.newContext({ baseURL: url });
  const res = await ctx.post('/api/users/session', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { ctx, csrf: ((await res.json()).data as { csrfToken: string }).csrfToken };
}

/**
 * The editor's API session on the server at url (its writes send headers) and a new assortment
 * of the first n catalog products titled title: for the tests of several browsers on one.
 */
export async function editorAssortment(url: string, title: string, n = 3): Promise<{ api: APIRequestContext; headers: Record<string, string>; id: string }> {
  const api = await pwRequest.newContext({ baseURL: url });
  const session = await api.post('/api/users/session', { data: { email: demoEmail('editor'), password: DEMO_PASSWORD } });
  const headers = { 'X-CSRF-Token': ((await session.json()).data as { csrfToken: string }).csrfToken };
  const products = await api.post('/api/products/query', { data: { limit: n }, headers });
  const pairs = (await products.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { style?: string; color?: string })
    .filter((p) => p.style && p.color)
    .slice(0, n)
    .map((p) => ({ style: p.style, color: p.color }));
  expect(pairs).toHaveLength(n);
  const created = await api.post('/api/assortments', { data: { title, products: pairs }, headers });
  expect(created.ok()).toBeTruthy();
  return { api, headers, id: ((await created.json()).data as { _id: string })._id };
}

/**
 * An assortment's rows as the detail grid reads them (POST /api/{org}/products/query, NDJSON):
 * org is assortments or internalAssortments.
 */
export async function assortmentRows<T>(api: Api, id: string, org: 'assortments' | 'internalAssortments' = 'assortments'): Promise<T[]> {
  const res = await api.ctx.post(`/api/${org}/products/query`, { data: { assortmentId: id, limit: 1000 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBeTruthy();
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => typeof l.id === 'string') as unknown as T[];
}

/** A paste as the browser delivers it: a paste event carrying the clipboard's text. */
export async function pasteText(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

// ---- accessibility: axe-core on every page the suite visits -----------------------------------

/** The WCAG 2.1 AA rule tags every scan runs. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Elements the scans leave out: only third-party content ITS cannot change, each with the reason.
 * (None today: every element on ITS's pages is ours to fix.)
 */
const A11Y_EXCLUDE: string[] = [];

/** One serious or critical violation: the rule, and each element with axe's summary of the fix. */
export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** Runs axe-core on the page as it is now; answers its serious and critical violations. */
export async function a11yViolations(page: Page, only: string[] = []): Promise<A11yViolation[]> {
  // label-content-name-mismatch (WCAG 2.5.3, a control's name contains its visible text) is
  // experimental in axe-core and off unless named; ITS holds itself to it. Only violations are
  // gathered (resultTypes): every rule still runs on every element, but axe builds a unique
  // selector only for the elements of violations, not for each element of every pass, which
  // took two thirds of a scan on a grid page (the product library: 11-12 s against 3.5-5 s on a
  // busy machine).
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(A11Y_TAGS)
    .setLegacyMode(true);
  for (const selector of only) builder.include(selector);
  for (const selector of A11Y_EXCLUDE) builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' >> '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
    }));
}

/** The readable list a failing scan prints: where, then rule, target and summary per element. */
export function formatA11y(where: string, violations: A11yViolation[]): string {
  const lines = [`${violations.length} serious or critical accessibility violation(s) (axe-core, WCAG 2.1 AA) on ${where}:`];
  for (const v of violations) {
    lines.push(`  ${v.rule} (${v.impact}): ${v.help}`);
    for (const n of v.nodes) lines.push(`    ${n.target}\n      ${n.summary}`);
  }
  return lines.join('\n');
}

/** Scans the page now and fails on any serious or critical violation (for named points in a spec). */
export async function expectAccessible(page: Page, where = page.url()) {
  const violations = await a11yViolations(page);
  if (violations.length > 0) throw new Error(formatA11y(where, violations));
}

/**
 * The automatic scans. Before each action a spec takes (a click, a fill, a key press, a goto,
 * closing the page) and when the test ends, the page is scanned once its view is new to this run:
 * a view is the path (ids folded) with the dialogs, menus and list boxes open on it. So every
 * page, dialog and menu the suite shows is scanned as it stood when the spec was done looking at
 * it, once per run, without the spec doing anything. Violations fail the test at its end.
 */
const scannedViews = new Set<string>();
let problems: string[] = [];
let scanning = false;
const inflight = new WeakMap<Page, { count: number; last: number }>();
const devices = new WeakMap<object, Page>();
const pages = new Set<Page>();

function track(page: Page) {
  pages.add(page);
  if (inflight.has(page)) return;
  const state = { count: 0, last: Date.now() };
  inflight.set(page, state);
  devices.set(page.keyboard, page);
  devices.set(page.mouse, page);
  // A live grid's stream (Server-Sent Events) stays open as long as the page: it is never "in
  // flight" work to wait for, or every scan of a live page would wait out settle's timeout.
  const counted = (r: Request) => r.resourceType() !== 'eventsource';
  const done = (r: Request) => {
    if (!counted(r)) return;
    state.count = Math.max(0, state.count - 1);
    state.last = Date.now();
  };
  page.on('request', (r) => {
    if (!counted(r)) return;
    state.count++;
    state.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** An overlay open on a page (a dialog, a menu, a list box): its key and the selector that scans it. */
interface Overlay {
  key: string;
  selector: string;
}

/** Origins of other parties' pages a test passes through (a company sign-in provider's login form): not ITS's, not scanned. */
const otherParties = new Set<string>();

/** Marks an origin as another party's: its pages are not ITS's to scan. */
export function notOurs(origin: string) {
  otherParties.add(new URL(origin).origin);
}

/** The view the page shows: its path with ids folded, and the overlays open on it. */
async function viewKey(page: Page): Promise<{ path: string; overlays: Overlay[] } | null> {
  const url = page.url();
  if (!/^https?:/.test(url) || otherParties.has(new URL(url).origin)) return null;
  const overlays = await page.evaluate((roles) => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    return Array.from(document.querySelectorAll(roles.map((r) => `[role=${r}]`).join(', ')))
      .filter(shown)
      .map((el) => {
        const role = el.getAttribute('role') ?? '';
        const labelledBy = el.getAttribute('aria-labelledby');
        const name = el.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ?? el.getAttribute('data-testid') ?? '';
        const testId = el.getAttribute('data-testid');
        return { key: `${role}:${name.trim()}`, selector: testId ? `[role=${role}][data-testid="${testId}"]` : `[role=${role}]` };
      });
  }, OVERLAY_ROLES);
  const path = new URL(url).pathname.replace(/\/(?:\d+|[0-9a-f]{8}-[0-9a-f-]{27,}|[A-Za-z0-9_-]{20,})(?=\/|$)/g, '/:id');
  return { path, overlays: overlays.map((o) => ({ ...o, key: o.key.replace(/\d+/g, '#') })) };
}

const OVERLAY_ROLES = ['dialog', 'alertdialog', 'menu', 'listbox'];

/** Waits (briefly) until the page has no request in flight and no animation running. */
async function settle(page: Page) {
  const state = inflight.get(page);
  if (state) {
    const quiet = () => state.count === 0 && Date.now() - state.last >= 150;
    await expect.poll(quiet, { timeout: 2000, intervals: [50] }).toBe(true).catch(() => {});
  }
  await animationsDone(page, 1000).catch(() => {});
}

/** What of the view is new to this run: the whole page (a new path) or only its new overlays. */
function unscanned(view: { path: string; overlays: Overlay[] }): { key: string; only: string[] } | null {
  if (!scannedViews.has(view.path)) return { key: [view.path, ...view.overlays.map((o) => o.key)].join(' | '), only: [] };
  const fresh = view.overlays.filter((o) => !scannedViews.has(o.key));
  if (fresh.length === 0) return null;
  return { key: `${view.path} | ${fresh.map((o) => o.key).join(' | ')}`, only: [...new Set(fresh.map((o) => o.selector))] };
}

/**
 * Scans the page if its view is new to this run: a new path whole, else only the dialogs and
 * menus not seen before (an app bar menu is the same on every page). A violation is kept for
 * the test's end; the time a scan takes is added to the test's timeout.
 */
async function scanIfNew(page: Page | undefined) {
  if (!page || scanning || page.isClosed()) return;
  scanning = true;
  const info = currentTest();
  const timeout = info?.timeout ?? 0;
  const started = Date.now();
  try {
    track(page);
    let view = await viewKey(page);
    if (view === null || unscanned(view) === null) return;
    if (info && timeout > 0) info.setTimeout(timeout + 120_000);
    await settle(page);
    view = await viewKey(page);
    const todo = view && unscanned(view);
    if (!view || !todo) return;
    scannedViews.add(view.path);
    for (const o of view.overlays) scannedViews.add(o.key);
    const violations = await a11yViolations(page, todo.only);
    if (violations.length > 0) problems.push(formatA11y(todo.key, violations));
    if (process.env.E2E_A11Y_LOG) console.log(`a11y: ${todo.key}${todo.only.length ? ' (overlays)' : ''} scanned in ${Date.now() - started} ms`);
  } catch {
    // The page went away under the scan (navigated, closed): its next view is scanned instead.
  } finally {
    scanning = false;
    // The scan's time is not the spec's: its test gets that much longer.
    if (info && timeout > 0) info.setTimeout(timeout + (Date.now() - started));
  }
}

function currentTest() {
  try {
    return base.info();
  } catch {
    return null; // outside a test (a worker fixture, a hook's page)
  }
}

type Method = (...args: unknown[]) => Promise<unknown>;

/** Wraps the named methods of a Playwright class so that the pages it acts on are scanned before each call. */
function scanBefore(proto: object, names: string[], pagesOf: (self: object) => (Page | undefined)[]) {
  const target = proto as Record<string, Method & { scansFirst?: boolean }>;
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function' || original.scansFirst) continue;
    const wrapped = async function (this: object, ...args: unknown[]) {
      for (const page of pagesOf(this)) await scanIfNew(page);
      return original.apply(this, args);
    } as Method & { scansFirst?: boolean };
    wrapped.scansFirst = true;
    target[name] = wrapped;
  }
}

/** Puts the scans in front of the actions of Playwright's Locator, Page, Keyboard, Mouse and BrowserContext. */
function installScans(page: Page) {
  const locator = page.locator('body');
  scanBefore(Object.getPrototypeOf(locator), ['click', 'dblclick', 'fill', 'clear', 'press', 'pressSequentially', 'type', 'check', 'uncheck', 'setChecked', 'selectOption', 'setInputFiles', 'hover', 'tap', 'focus', 'dragTo'], (self) => [(self as typeof locator).page()]);
  scanBefore(Object.getPrototypeOf(page), ['goto', 'reload', 'goBack', 'goForward', 'close', 'click', 'dblclick', 'fill', 'press', 'type', 'check', 'selectOption', 'setInputFiles', 'hover', 'dragAndDrop'], (self) => [self as Page]);
  scanBefore(Object.getPrototypeOf(page.keyboard), ['press', 'type', 'insertText', 'down'], (self) => [devices.get(self)]);
  scanBefore(Object.getPrototypeOf(page.mouse), ['click', 'dblclick', 'down', 'wheel'], (self) => [devices.get(self)]);
  scanBefore(Object.getPrototypeOf(page.context()), ['close'], (self) => (self as BrowserContext).pages());
}

/** `test` with the automatic accessibility scans: every spec imports `test` (and `expect`) from here. */
export const test = base.extend<{ a11y: void }, { a11yInstalled: void }>({
  a11yInstalled: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      installScans(page);
      await page.context().close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  a11y: [
    async ({}, use) => {
      problems = [];
      await use();
      for (const page of pages) if (!page.isClosed()) await scanIfNew(page);
      pages.clear();
      const found = problems;
      problems = [];
      if (found.length > 0) throw new Error(found.join('\n\n'));
    },
    { auto: true },
  ],
});

export { expect };

/** The entries of a zip (unzip -Z1). */
export function zipEntries(zip: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'its-zip-'));
  writeFileSync(join(dir, 'p.zip'), zip);
  return execFileSync('unzip', ['-Z1', join(dir, 'p.zip')], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** Drags a range with the mouse from one cell to another. */
export async function dragRange(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a!.x + 10, a!.y + 10);
  await page.mouse.down();
  await page.mouse.move(b!.x + 10, b!.y + 10, { steps: 8 });
  await page.mouse.up();
}

/** A draft sample order of api's user for coordinator CRD001, with one line of the catalog's first style/colour. */
export async function draftSampleOrder(api: Api, purpose: string): Promise<{ _id: string; orderNumber: number; version: number }> {
  const products = await api.ctx.post('/api/products/query', { data: { limit: 20 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(products.ok()).toBeTruthy();
  const pair = (await products.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { style?: string; color?: string })
    .find((r) => !!r.style && !!r.color);
  const created = await api.ctx.post('/api/orders/samples/active-orders', {
    data: { coordinatorCode: 'CRD001', purpose, products: [{ tempId: 't1', style: pair!.style, color: pair!.color }] },
    headers: { 'X-CSRF-Token': api.csrf },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data as { _id: string; orderNumber: number; version: number };
}
