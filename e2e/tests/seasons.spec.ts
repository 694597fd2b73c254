import { request as pwRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../server.mjs';
import { baseUrl, expect, shot, test, signIn } from './helpers';

/**
 * Manage Seasons against the real server: an admin editor creates a season with its season sets
 * and a cover (the preview appears), sets it Live, and finds it so after a reload; a plain user
 * is refused every change of a season by the server.
 */

interface Season {
  _id: string;
  season: string;
  year: number;
  channel: string;
  state: string;
  seasonSetId: string;
  seasonSets: Array<{ _id: string; shortName: string; region: string }>;
  previewJpg: string;
}

async function apiSession(role: string): Promise<{ ctx: APIRequestContext; csrf: string }> {
  const ctx = await pwRequest.newContext({ baseURL: baseUrl() });
  const res = await ctx.post('/api/users/session', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { ctx, csrf: ((await res.json()).data as { csrfToken: string }).csrfToken };
}

test('an admin editor creates a season with a cover and sets it Live', async ({ page }) => {
  // Creation, the upload, the preview job and two reloads: generous on a busy machine.
  test.setTimeout(240_000);
  await signIn(page, 'adminEditor');
  await page.goto(`${baseUrl()}/product/assortments/seasons/manage`);
  const grid = page.getByTestId('seasons-grid');
  // The grid loads slowly on a busy machine: wait for the first cover.
  await expect(grid.locator('[data-testid=season-cover-img]').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'seasons-manage');

  await page.getByTestId('new-season').click();
  const dialog = page.getByTestId('season-dialog');
  await dialog.getByTestId('season-code').selectOption('FA');
  await dialog.getByTestId('season-year').fill('2030');
  await dialog.getByTestId('season-channel').selectOption('Wholesale');
  await dialog.getByTestId('set-shortName').first().fill('FA30-DOM-FW');
  await dialog.getByTestId('set-productType').first().selectOption('Footwear');
  await dialog.getByTestId('set-add').click();
  await dialog.getByTestId('set-shortName').nth(1).fill('FA30-INT');
  await dialog.getByTestId('set-region').nth(1).selectOption('International');
  // A real JPEG, drawn by the browser.
  const jpeg = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1200;
    c.height = 600;
    const g = c.getContext('2d')!;
    const grad = g.createLinearGradient(0, 0, 1200, 600);
    grad.addColorStop(0, '#7a4a2a');
    grad.addColorStop(1, '#e0661a');
    g.fillStyle = grad;
    g.fillRect(0, 0, 1200, 600);
    g.fillStyle = '#fff';
    g.font = 'bold 120px sans-serif';
    g.fillText('FALL 2030', 80, 340);
    return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  await dialog.getByTestId('season-cover').setInputFiles({ name: 'fall 2030.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  await shot(page, 'seasons-new-dialog');
  await dialog.getByTestId('season-save').click();
  await expect(page.getByText('Season created succesfully')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);

  // The server has it, its cover and (after the job) its preview.
  const admin = await apiSession('adminEditor');
  let created: Season | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await admin.ctx.get('/api/assortmentSeasons/Wholesale/2030')).json()).data as Season[];
        created = list[0];
        return created?.previewJpg ?? '';
      },
      { timeout: 30_000 },
    )
    .toBe('seasons/2030/FA/Wholesale/preview.jpg');
  expect(created!.seasonSets.map((s) => `${s.shortName}:${s.region}`)).toEqual(['FA30-DOM-FW:Domestic', 'FA30-INT:International']);
  expect(created!.state).toBe('Preparation');

  // Live through the state cell of its row.
  const row = grid.locator('.ag-row', { hasText: 'FA30-DOM-FW' });
  await expect(row.locator('[data-testid=season-cover-img]')).toBeVisible({ timeout: 30_000 });
  await row.getByTestId('season-state').selectOption('Live');
  await expect(page.getByText('FA 2030 Wholesale is now Live')).toBeVisible({ timeout: 20_000 });
  const live = (await (await admin.ctx.get(`/api/assortmentSeasons/${created!._id}`)).json()).data as Season;
  expect(live.state).toBe('Live');
  expect(live.seasonSetId).toBe(created!.seasonSets[0]!._id);

  await page.reload();
  await expect(grid.locator('.ag-row', { hasText: 'FA30-DOM-FW' }).getByTestId('season-state')).toHaveValue('Live', { timeout: 30_000 });
  await shot(page, 'seasons-live');

  // A plain user (internal assortments, role user) may read seasons but change none of them.
  const user = await apiSession('user');
  expect((await user.ctx.get('/api/assortmentSeasons/Wholesale')).status()).toBe(200);
  const h = { 'X-CSRF-Token': user.csrf };
  expect((await user.ctx.post('/api/assortmentSeasons', { data: { season: 'SU', year: 2031, channel: 'Retail', seasonSets: [] }, headers: h })).status()).toBe(403);
  expect((await user.ctx.patch(`/api/assortmentSeasons/${created!._id}`, { data: { seasonSets: [] }, headers: h })).status()).toBe(403);
  expect((await user.ctx.patch(`/api/assortmentSeasons/${created!._id}/${created!.seasonSets[0]!._id}`, { data: { state: 'Archived' }, headers: h })).status()).toBe(403);
  expect((await user.ctx.delete(`/api/assortmentSeasons/${created!._id}`, { headers: h })).status()).toBe(403);
  // An editor without internal assortments may not even read them.
  const editor = await apiSession('editor');
  expect((await editor.ctx.get('/api/assortmentSeasons/Wholesale')).status()).toBe(403);
  const after = (await (await admin.ctx.get(`/api/assortmentSeasons/${created!._id}`)).json()).data as Season;
  expect(after.state).toBe('Live');
  expect(after.seasonSets).toHaveLength(2);

  // The plain user's browser does not offer the page.
  await page.context().clearCookies();
  await signIn(page, 'user');
  await page.goto(`${baseUrl()}/product/assortments/seasons/manage`);
  await expect(page.getByTestId('seasons-manage')).toHaveCount(0);
  for (const a of [admin, user, editor]) await a.ctx.dispose();
});
