import { expect, request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, demoEmail, repoRoot } from '../server.mjs';
import { actions } from '../../shell/kit/src/generated/actions';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup starts the server)');
  return url;
};

/** Saves a screenshot under e2e/screenshots/ for a person to look at. */
export async function shot(page: Page, name: string) {
  const dir = join(repoRoot, 'e2e', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

export async function login(page: Page, role: string, url = baseUrl()) {
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

/** A role's API session: its request context and the CSRF token its writes send. */
export interface Api {
  ctx: APIRequestContext;
  csrf: string;
}

export async function apiSession(role: string): Promise<Api> {
  const ctx = await pwRequest.newContext({ baseURL: baseUrl() });
  const res = await ctx.post('/api/users/session', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { ctx, csrf: ((await res.json()).data as { csrfToken: string }).csrfToken };
}

/** A paste as the browser delivers it: a paste event carrying the clipboard's text. */
export async function pasteText(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The entries of a zip (unzip -Z1). */
export function zipEntries(zip: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'its-zip-'));
  writeFileSync(join(dir, 'p.zip'), zip);
  return execFileSync('unzip', ['-Z1', join(dir, 'p.zip')], { encoding: 'utf8' }).split('\n').filter(Boolean);
}
