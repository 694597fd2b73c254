import { type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, demoEmail, itsBin, repoRoot, startServer } from '../server.mjs';
import { expect, login, shot, test, signIn } from './helpers';

/**
 * The global conference microsites, installed as the conference plugin into a running ITS: a
 * user with a conference group flag goes through load, landing (intro, display mode) and the
 * dashboard to the category detail viewer; a user without a flag gets 403 from every call of a
 * gated event and is sent to / from its dashboard URL; spring23 opens for every logged-in user;
 * an editor manages the content in the grid.
 */
const bundle = join(repoRoot, 'plugins', 'conference', 'conference.tar.gz');
const gated = ['spring26', 'fall25', 'spring25', 'fall24', 'spring24', 'fall23'];

async function apiAs(request: APIRequestContext, url: string, role: string) {
  const res = await request.post(`${url}/api/users/session`, { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data as { csrfToken: string }).csrfToken;
}

test.describe.configure({ mode: 'serial' });

let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  expect(existsSync(bundle), 'build the plugin first (make build)').toBe(true);
  server = await startServer();
  const env = { ...process.env, ITS_DATA_DIR: server.dataDir, ITS_ADDR: `127.0.0.1:${server.port}` };
  expect(execFileSync(itsBin(), ['plugins', 'install', bundle], { cwd: repoRoot, env, encoding: 'utf8' })).toContain('installed conference');
});

test.afterAll(async () => {
  await server?.stop();
});

test('a user with a conference flag goes from load and landing to the dashboard and the category viewer', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'user', server.url);
  await expect(async () => {
    await page.goto(`${server.url}/global/conference`);
    await expect(page.getByTestId('conference-index')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('conference-event-spring26')).toBeVisible();
  await expect(page.getByTestId('conference-manage-link')).toHaveCount(0);
  await shot(page, 'conference-index');

  // The plugin's titles come from its manifest through /api/modules: the shell's catalogs hold none.
  const modules = await page.request.get(`${server.url}/api/modules`);
  expect(await modules.text()).toContain('"titles":{"de-DE":"Globale Konferenz"');
  await page.goto(`${server.url}/dashboard`);
  await expect(page.locator('[data-testid="quick-link"][data-nav-id="conference"]')).toContainText('Global conference');
  await expect(page.locator('.dash-group[data-group="conference"] .dash-group__title')).toHaveText('Global conference');

  // landing redirects to load until the event data (the demo content, generated on first use) is loaded.
  await page.goto(`${server.url}/global/conference/spring26/landing`);
  await expect(page).toHaveURL(/\/spring26\/load$/);
  await expect(page.getByTestId('conference-load')).toBeVisible();
  await shot(page, 'conference-load');
  await expect(page).toHaveURL(/\/spring26\/landing$/, { timeout: 120_000 });
  await expect(page.getByTestId('conference-intro')).toBeVisible();
  await expect(page.getByTestId('conference-intro').getByTestId('conference-video')).toBeVisible();
  await page.getByTestId('conference-skip-intro').click();
  await expect(page.getByTestId('conference-intro')).toHaveCount(0);
  const landing = page.getByTestId('conference-landing');
  await expect(landing).toContainText("Spring '26");
  await expect(landing).toContainText('Current');
  await expect(page.getByTestId('conference-display-mode').getByRole('button', { name: 'Video' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('conference-replay-intro')).toBeVisible();
  await shot(page, 'conference-landing');

  await page.getByTestId('conference-enter').click();
  await expect(page.getByTestId('conference-dashboard')).toBeVisible();
  for (const p of ['categories', 'ads', 'sessions', 'marketing', 'catalogs', 'retail']) await expect(page.getByTestId(`conference-tile-${p}`)).toBeVisible();
  await shot(page, 'conference-dashboard');

  await page.getByTestId('conference-tile-categories').click();
  await page.getByTestId('conference-category-Womens').click();
  const viewer = page.getByTestId('conference-category-viewer');
  await expect(viewer).toHaveAttribute('data-mode', 'video');
  await expect(viewer.getByTestId('conference-video').first()).toBeVisible();
  await shot(page, 'conference-category-video');
  await page.getByTestId('conference-next').click();
  await expect(page).toHaveURL(/\/categories\/Mens$/);
  await page.getByTestId('conference-prev').click();
  await page.getByTestId('conference-prev').click();
  await expect(page).toHaveURL(/\/categories\/Unisex$/);
  await page.getByTestId('conference-mode-catalog').click();
  await expect(viewer).toHaveAttribute('data-mode', 'catalog');
  await expect(viewer.getByTestId('conference-item')).toHaveCount(2);
  await shot(page, 'conference-category-catalog');
  // The display mode is the user's, kept by the server.
  await page.reload();
  await expect(page.getByTestId('conference-category-viewer')).toHaveAttribute('data-mode', 'catalog');

  await page.getByTestId('conference-nav-ads').click();
  await expect(page).toHaveURL(/\/ads\/Marketing$/);
  for (const t of ['Marketing', 'Womens', 'Mens', 'Kids', 'Unisex', 'Work', 'BTS', 'International']) await expect(page.getByTestId(`conference-tab-${t}`)).toBeVisible();
  await page.getByTestId('conference-tab-BTS').click();
  await expect(page.getByTestId('conference-item').first()).toBeVisible();
  await shot(page, 'conference-ads');
  await page.getByTestId('conference-nav-sessions').click();
  await expect(page.getByTestId('conference-page-sessions')).toContainText('General Sessions');
  await expect(page.getByTestId('conference-session')).toHaveCount(2);
  await shot(page, 'conference-sessions');
  await page.getByTestId('conference-nav-catalogs').click();
  await expect(page.getByTestId('conference-page-catalogs')).toContainText('DTC Catalogs');

  // The landing theme's state (intro played, display mode) is the user's.
  const res = await page.request.get(`${server.url}/api/conference/events/spring26`);
  expect(res.status()).toBe(200);
  const data = (await res.json()).data as { theme: { state: { introPlayed: boolean; displayMode: string }; config: { background: string } } };
  expect(data.theme.state).toEqual({ introPlayed: true, displayMode: 'catalog' });
});

test('without a conference flag every gated call is refused and a dashboard URL sends the user to /', async ({ page, request }) => {
  test.setTimeout(120_000);
  // editor@ holds the conference permission (as an editor of its content) but no group flag.
  const csrf = await apiAs(request, server.url, 'editor');
  for (const e of gated) {
    expect((await request.get(`${server.url}/api/conference/events/${e}`)).status(), e).toBe(403);
    const put = await request.put(`${server.url}/api/conference/events/${e}/state`, { data: { introPlayed: true }, headers: { 'X-CSRF-Token': csrf } });
    expect(put.status(), e).toBe(403);
    expect((await put.json()).messageCode).toBeTruthy();
  }
  expect((await request.get(`${server.url}/api/conference/events/spring23`)).status()).toBe(200);

  await signIn(page, 'editor', server.url);
  await page.goto(`${server.url}/global/conference/fall25/dashboard`);
  await expect(page).toHaveURL(new RegExp(`^${server.url}/dashboard$`));
  await expect(page.getByTestId('quick-links')).toBeVisible();
  await page.goto(`${server.url}/global/conference/spring26/categories/Womens`);
  await expect(page).toHaveURL(new RegExp(`^${server.url}/dashboard$`));
});

test('spring23 opens for every logged-in user', async ({ page }) => {
  // approver@ holds no conference permission and no flag.
  await signIn(page, 'approver', server.url);
  await page.goto(`${server.url}/global/conference/spring23`);
  await expect(page).toHaveURL(/\/spring23\/welcome$/);
  await expect(page.getByTestId('conference-page-welcome')).toBeVisible({ timeout: 60_000 });
  for (const p of ['welcome', 'advertising', 'categories', 'retail', 'marketing', 'dtc-catalog']) await expect(page.getByTestId(`conference-nav-${p}`)).toBeVisible();
  await page.getByTestId('conference-nav-advertising').click();
  await expect(page).toHaveURL(/\/advertising\/Marketing$/);
  await page.getByTestId('conference-nav-dtc-catalog').click();
  await expect(page.getByTestId('conference-page-dtc-catalog')).toContainText('DTC Catalog');
  await shot(page, 'conference-spring23');
});

test('an editor manages event content in the grid', async ({ page }) => {
  await signIn(page, 'editor', server.url);
  await page.goto(`${server.url}/global/conference`);
  await page.getByTestId('conference-manage-link').click();
  await expect(page.getByTestId('conference-manage')).toBeVisible();
  await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
  const upload = page.getByTestId('conference-upload');
  await upload.getByTestId('conference-upload-event').selectOption('fall24');
  await upload.getByTestId('conference-upload-section').selectOption('ads');
  await upload.getByTestId('conference-upload-tab').selectOption('Social');
  await upload.getByTestId('conference-upload-title').fill('Social teaser');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await upload.getByTestId('conference-upload-file').setInputFiles({ name: 'teaser.pdf', mimeType: 'application/pdf', buffer: pdf });
  await upload.getByTestId('conference-upload-submit').click();
  await expect(page.getByText('Social teaser was uploaded')).toBeVisible();
  await shot(page, 'conference-manage');
  // A file that is no video, image or PDF is refused with the reason.
  const csrf = await page.evaluate(() => document.cookie.match(/its_csrf=([^;]+)/)?.[1] ?? '');
  const bad = await page.request.post(`${server.url}/api/conference/items?event=fall24&section=ads&tab=Social&title=x`, { data: 'plain text', headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'text/plain' } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toContain('text/plain');
  const wrongTab = await page.request.post(`${server.url}/api/conference/items?event=fall24&section=ads&tab=Radio&title=x`, { data: pdf, headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/pdf' } });
  expect(wrongTab.status()).toBe(400);
});

test('an admin disables, enables and refuses plugins on the plugins page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', server.url);
  await page.goto(`${server.url}/admin/plugins`);
  const row = page.getByTestId('plugin-row-conference');
  await expect(row).toContainText('1.0.0');
  await expect(row).toContainText('Enabled');
  await shot(page, 'admin-plugins');

  await page.getByTestId('plugin-toggle-conference').click();
  await expect(row).toContainText('Disabled');
  await expect(async () => expect((await page.request.get(`${server.url}/api/conference/events/spring23`)).status()).toBe(404)).toPass({ timeout: 30_000 });
  await page.getByTestId('plugin-toggle-conference').click();
  await expect(row).toContainText('Enabled');
  await expect(async () => expect((await page.request.get(`${server.url}/api/conference/events/spring23`)).status()).toBe(200)).toPass({ timeout: 30_000 });

  // A file that is no bundle is refused with the reason, and nothing changes.
  await page.getByTestId('plugin-file').setInputFiles({ name: 'broken.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('not a bundle') });
  await page.getByTestId('plugin-install').click();
  await expect(page.getByTestId('plugin-refused')).toContainText('not a tar.gz');
  await expect(page.getByTestId('plugin-table').locator('tbody tr')).toHaveCount(1);
});
